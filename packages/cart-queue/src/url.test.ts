import { describe, expect, test } from 'vitest';
import { MAX_URL_LENGTH, toSameOriginUrl } from './url';

const ORIGIN = 'https://shop.example';

describe('toSameOriginUrl', () => {
  test.each<[string, unknown, string | null]>([
    ['undefined', undefined, null],
    ['null', null, null],
    ['a number', 7, null],
    ['the empty string', '', null],
    ['a protocol-relative URL', '//evil.example/x', null],
    ['a backslash host', '/\\evil.example', null],
    ['javascript:', 'javascript:alert(1)', null],
    ['javascript: with a tab in the scheme', 'java\tscript:alert(1)', null],
    ['javascript: with a newline in the scheme', 'java\nscript:alert(1)', null],
    ['data:', 'data:text/html,x', null],
    ['an off-origin absolute URL', 'https://evil.example/product/mug/', null],
    ['our host on another scheme', 'http://shop.example/cart/', null],
    ['an over-long URL', `/${'a'.repeat(MAX_URL_LENGTH)}`, null],
    ['not a URL', 'https://[', null],
    ['a root-relative path', '/cart/', `${ORIGIN}/cart/`],
    ['a relative path', 'cart/', `${ORIGIN}/cart/`],
    ['an absolute URL of this origin', `${ORIGIN}/product/mug/?a=1`, `${ORIGIN}/product/mug/?a=1`],
    // Encoded separators stay inside this origin's path: harmless for an absolute URL.
    ['an encoded //', '/%2F%2Fevil.example', `${ORIGIN}/%2F%2Fevil.example`],
    ['an encoded backslash', '/%5Cevil.example', `${ORIGIN}/%5Cevil.example`],
    ['a path that normalises to //', '/.//evil.example', `${ORIGIN}//evil.example`],
  ])('%s', (_name, raw, expected) => {
    expect(toSameOriginUrl(raw, ORIGIN)).toBe(expected);
  });
});
