import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, createNonce, isPersonalPath } from './security-headers.server';

describe('isPersonalPath', () => {
  test.each([
    ['/cart/', true],
    ['/cart', true],
    ['/cart.data', true],
    ['/checkout/', true],
    ['/checkout/order-received/12/', true],
    ['/my-account/edit-address/billing/', true],
    ['/', false],
    ['/shop/', false],
    ['/product/cart/', false],
    ['/cartoon/', false],
    ['/_root.data', false],
  ])('%s: %s', (path, expected) => {
    expect(isPersonalPath(path)).toBe(expected);
  });
});

describe('contentSecurityPolicy', () => {
  test('scripts only from this origin or with the nonce; no framing by other sites', () => {
    const policy = contentSecurityPolicy('abc');
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  test('only development lets a WebSocket (Vite HMR) connect', () => {
    expect(contentSecurityPolicy('abc')).toContain("connect-src 'self';");
    expect(contentSecurityPolicy('abc', { development: true })).toContain(
      "connect-src 'self' ws:;",
    );
  });

  test('nonces are fresh, 128 bits', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    expect(Buffer.from([...nonces][0]!, 'base64')).toHaveLength(16);
  });
});
