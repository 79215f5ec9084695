import { describe, expect, test } from 'vitest';
import { canonicalDecodedPath, canonicalPath, isPathUnder } from './canonical-path';
import { sameOriginPath } from './same-origin';

describe('canonicalPath', () => {
  test.each([
    ['/', '/'],
    ['/wp-json/wc/store/v1/cart', '/wp-json/wc/store/v1/cart'],
    ['/shop/', '/shop/'],
    ['/wp-json/wc/%73tore/v1/cart', '/wp-json/wc/store/v1/cart'],
    ['/wp-%6Ason/wp/v2/users/me', '/wp-json/wp/v2/users/me'],
    ['/%77%70%2D%6A%73%6F%6E/', '/wp-json/'],
    ['/wp-json//wc///store/v1/cart/', '/wp-json/wc/store/v1/cart/'],
    ['//evil.example/x', '/evil.example/x'],
    ['/WP-JSON/WC/Store', '/WP-JSON/WC/Store'],
    ['/wp-content/uploads/2026/11/caf%C3%A9.png', '/wp-content/uploads/2026/11/caf%C3%A9.png'],
    ['/wp-content/uploads/2026/11/café.png', '/wp-content/uploads/2026/11/caf%C3%A9.png'],
    ['/a%20b/c%25d', '/a%20b/c%25d'],
    ['/a:b@c/$&+,;=', '/a:b@c/$&+,;='],
    ['/wp-json/wc/store/v1/products/%2525', '/wp-json/wc/store/v1/products/%2525'],
    ['/wp-json/wc/store/v1/products/x%00y', '/wp-json/wc/store/v1/products/x%00y'],
    ['/wp-json/a%0Ab%7F', '/wp-json/a%0Ab%7F'],
  ])('%s is %s', (raw, expected) => {
    expect(canonicalPath(raw)).toEqual({ ok: true, path: expected });
  });

  test.each([
    ['/wp-json/wc%2Fstore/v1/cart', 'encoded_separator'],
    ['/wp-json/wc%2fstore/v1/cart', 'encoded_separator'],
    ['/wp-json%5Cwc/store', 'encoded_separator'],
    ['/wp-json\\wc/store', 'encoded_separator'],
    ['/%2F%2Fevil.example/', 'encoded_separator'],
    ['/wp-json/../wp-login.php', 'dot_segment'],
    ['/wp-json/./wc/store', 'dot_segment'],
    ['/wp-json/%2e%2e/x', 'dot_segment'],
    ['/wp-json/%2E/x', 'dot_segment'],
    ['/wp-json/%zz', 'invalid_encoding'],
    ['/wp-json/%', 'invalid_encoding'],
    ['/wp-json/%ED%A0%80', 'invalid_encoding'],
    ['/wp-json/%C3', 'invalid_encoding'],
    ['http://evil.example/wp-json/', 'not_origin_form'],
    ['*', 'not_origin_form'],
    ['', 'not_origin_form'],
  ])('%s is refused (%s)', (raw, problem) => {
    expect(canonicalPath(raw)).toEqual({ ok: false, problem });
  });

  test('a canonical path is its own canonical form (decoded once, never twice)', () => {
    for (const raw of ['/wp-json/wc/%2573tore', '/caf%C3%A9/%2525/x%20y', '/a/b/']) {
      const once = canonicalPath(raw);
      expect(once.ok).toBe(true);
      if (once.ok) expect(canonicalPath(once.path)).toEqual(once);
    }
    expect(canonicalPath('/wp-json/wc/%2573tore')).toEqual({
      ok: true,
      path: '/wp-json/wc/%2573tore',
    });
  });

  test('works in linear time on a long path', () => {
    const segment = `${'%41'.repeat(2000)}/`;
    const result = canonicalPath(`/${segment.repeat(20)}`);
    expect(result.ok).toBe(true);
  });
});

describe('canonicalDecodedPath (rest_route values)', () => {
  test.each([
    ['/wc/store/v1/cart', { ok: true, path: '/wc/store/v1/cart' }],
    ['/wc//store/v1/cart/', { ok: true, path: '/wc/store/v1/cart/' }],
    ['/', { ok: true, path: '/' }],
    ['/wc/%73tore', { ok: true, path: '/wc/%2573tore' }],
    ['/wc/../wp/v2/users', { ok: false, problem: 'dot_segment' }],
    ['/wc\\store', { ok: false, problem: 'encoded_separator' }],
    ['/wc/\u0000', { ok: true, path: '/wc/%00' }],
    ['wc/store', { ok: false, problem: 'not_origin_form' }],
  ])('%j', (decoded, expected) => {
    expect(canonicalDecodedPath(decoded)).toEqual(expected);
  });
});

describe('isPathUnder', () => {
  test.each([
    ['/wp-json', '/wp-json', true],
    ['/wp-json/', '/wp-json', true],
    ['/WP-JSON/wc', '/wp-json', true],
    ['/wp-json/WC/Store/v1/cart', '/wp-json/wc/store', true],
    ['/wp-jsonx', '/wp-json', false],
    ['/wp-js', '/wp-json', false],
    ['/shop/', '/wp-json', false],
  ])('%s under %s: %s', (path, prefix, expected) => {
    expect(isPathUnder(path, prefix)).toBe(expected);
  });
});

describe('sameOriginPath', () => {
  const origin = 'https://shop.example';
  test.each<[unknown, string | undefined]>([
    [undefined, undefined],
    [null, undefined],
    [42, undefined],
    ['', undefined],
    ['   ', undefined],
    ['//evil.example/x', undefined],
    ['/\\evil.example/x', undefined],
    ['\\\\evil.example', undefined],
    ['https://evil.example/cart/', undefined],
    ['http://shop.example/cart/', undefined],
    ['javascript:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    [`/${'a'.repeat(2001)}`, undefined],
    ['https://shop.example//evil.example/x', '/evil.example/x'],
    ['https://shop.example/cart/?a=1#top', '/cart/?a=1#top'],
    ['/cart/', '/cart/'],
    ['  /cart/  ', '/cart/'],
    ['cart/', '/cart/'],
    ['/%2F%2Fevil.example/', '/%2F%2Fevil.example/'],
    ['?added=1', '/?added=1'],
  ])('%j → %j', (raw, expected) => {
    expect(sameOriginPath(raw, origin)).toBe(expected);
  });

  test('every accepted answer stays on the origin when a browser resolves it', () => {
    for (const raw of ['https://shop.example///evil.example', '/./evil', '/../..//evil.example']) {
      const path = sameOriginPath(raw, origin);
      expect(path).toBeDefined();
      expect(new URL(path!, 'https://other.example').host).toBe('other.example');
      expect(path!.startsWith('//')).toBe(false);
    }
  });
});
