import { describe, expect, test } from 'vitest';
import { sameOriginPath } from '../http/same-origin';
import { signCartToken, verifyCartToken } from './cart-token';
import { parseCookies, serializeCookie } from './cookies';
import { createNonce, nonceTick, verifyNonce, type NonceConfig } from './nonce';
import { hashPassword, verifyPassword } from './password';
import { cookieKeys, decodeSessionCookie, encodeSessionCookie } from './sessions';

const DAY = 86_400;
const config: NonceConfig = { secret: 'test-secret', lifetime: DAY };
const guest = { uid: 't_0123456789abcdef0123456789abcd', token: '' };
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('nonces', () => {
  test('are ten hex characters, like WordPress nonces', () => {
    expect(createNonce(config, T0, 'wp_rest', guest)).toMatch(/^[0-9a-f]{10}$/);
  });

  test('tick every half lifetime: 12 hours by default', () => {
    expect(nonceTick(T0 + 12 * 3600_000, DAY) - nonceTick(T0, DAY)).toBe(1);
  });

  test('are valid in the tick they were made (1) and the next one (2), then expire', () => {
    const tickStart = (nonceTick(T0, DAY) - 1) * (DAY / 2) * 1000 + 1000;
    const nonce = createNonce(config, tickStart, 'wp_rest', guest);
    expect(verifyNonce(config, tickStart + 11 * 3600_000, 'wp_rest', guest, nonce)).toBe(1);
    expect(verifyNonce(config, tickStart + 13 * 3600_000, 'wp_rest', guest, nonce)).toBe(2);
    expect(verifyNonce(config, tickStart + 24 * 3600_000, 'wp_rest', guest, nonce)).toBe(false);
  });

  test('a shorter lifetime expires them sooner', () => {
    const short = { ...config, lifetime: 60 };
    const nonce = createNonce(short, T0, 'wp_rest', guest);
    expect(verifyNonce(short, T0 + 29_000, 'wp_rest', guest, nonce)).not.toBe(false);
    expect(verifyNonce(short, T0 + 61_000, 'wp_rest', guest, nonce)).toBe(false);
  });

  test.each([
    ['another action', 'wc_store_api', guest, config],
    ['another guest', 'wp_rest', { uid: 't_ffffffffffffffffffffffffffffff', token: '' }, config],
    ['the same user in another login session', 'wp_rest', { uid: '1', token: 'other' }, config],
    ['another secret', 'wp_rest', guest, { ...config, secret: 'other-secret' }],
  ] as const)(
    'are bound to their subject: %s does not verify',
    (_title, action, subject, other) => {
      const nonce = createNonce(config, T0, 'wp_rest', guest);
      expect(verifyNonce(other, T0, action, subject, nonce)).toBe(false);
    },
  );

  test.each(['', 'zzzzzzzzzz', '0', 'A'.repeat(10), '1234567890abc'])(
    'reject the malformed %j',
    (nonce) => {
      expect(verifyNonce(config, T0, 'wp_rest', guest, nonce)).toBe(false);
    },
  );
});

describe('Cart-Tokens', () => {
  const now = Math.floor(T0 / 1000);

  test('are HS256 JWTs carrying user_id, exp and iss wc/store/v1, as WooCommerce signs them', () => {
    const token = signCartToken('s', 't_abc', now + 10);
    const [header, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({
      user_id: 't_abc',
      exp: now + 10,
      iss: 'wc/store/v1',
    });
    expect(verifyCartToken('s', token, now)).toBe('t_abc');
  });

  test('expire at exp', () => {
    const token = signCartToken('s', 't_abc', now + 10);
    expect(verifyCartToken('s', token, now + 10)).toBeUndefined();
  });

  test('are refused when tampered with, signed with another key, or unsigned', () => {
    const token = signCartToken('s', 't_abc', now + 10);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ user_id: 't_evil', exp: now + 10, iss: 'wc/store/v1' }),
    ).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyCartToken('s', `${header}.${forged}.${signature}`, now)).toBeUndefined();
    expect(verifyCartToken('other', token, now)).toBeUndefined();
    expect(verifyCartToken('s', `${none}.${forged}.`, now)).toBeUndefined();
    expect(verifyCartToken('s', 'not-a-token', now)).toBeUndefined();
    expect(verifyCartToken('s', `${token}.extra`, now)).toBeUndefined();
  });
});

describe('passwords', () => {
  test('are hashed with argon2id and a per-user salt, and verify only with the right password', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse'),
      hashPassword('correct horse'),
    ]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  test('a malformed stored hash never matches', async () => {
    expect(await verifyPassword('x', 'x')).toBe(false);
    expect(await verifyPassword('x', '$scrypt$N=16384,r=8,p=1$$')).toBe(false);
  });
});

describe('cookies', () => {
  test('are parsed from a Cookie header, percent-decoded, first value winning', () => {
    const cookies = parseCookies('a=1; b=x%7Cy; a=2; c="quoted"; bad=%E0%A4%A; =nameless');
    expect(Object.fromEntries(cookies)).toEqual({ a: '1', b: 'x|y', c: 'quoted', bad: '%E0%A4%A' });
  });

  test('are set on path / with HttpOnly and SameSite=Lax, Secure on https, and deleted with Max-Age=0', () => {
    expect(serializeCookie('n', 'a|b', { secure: false })).toBe(
      'n=a%7Cb; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(serializeCookie('n', 'v', { secure: true, expires: 1_800_000_000 })).toBe(
      'n=v; Path=/; Expires=Fri, 15 Jan 2027 08:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    );
    expect(serializeCookie('n', '', { secure: false, expires: 0 })).toContain('Max-Age=0');
  });

  test('the session cookie is signed: a changed customer id or expiry is refused', () => {
    const keys = cookieKeys('secret');
    const now = 1_800_000_000;
    const value = encodeSessionCookie(
      keys,
      't_0123456789abcdef0123456789abcd',
      now + 100,
      now + 50,
    );
    expect(decodeSessionCookie(keys, value, now)).toBe('t_0123456789abcdef0123456789abcd');
    expect(decodeSessionCookie(keys, value.replace('t_0', 't_1'), now)).toBeUndefined();
    expect(
      decodeSessionCookie(keys, value.replace(String(now + 100), String(now + 999)), now),
    ).toBeUndefined();
    expect(decodeSessionCookie(keys, value, now + 100)).toBeUndefined();
    expect(decodeSessionCookie(cookieKeys('other'), value, now)).toBeUndefined();
  });
});

describe('redirect_to after login', () => {
  const origin = 'http://shop.test';
  test.each([
    ['/my-account/', '/my-account/'],
    ['/shop/?orderby=price#top', '/shop/?orderby=price#top'],
    ['http://shop.test/cart/', '/cart/'],
    ['https://shop.test/cart/', undefined],
    ['https://evil.test/', undefined],
    ['//evil.test/x', undefined],
    ['/\\evil.test/x', undefined],
    ['\\\\evil.test', undefined],
    ['javascript:alert(1)', undefined],
    ['http://shop.test.evil.test/', undefined],
    ['', undefined],
  ])('%j → %j', (raw, expected) => {
    expect(sameOriginPath(raw, origin)).toBe(expected);
  });
});
