import { describe, expect, test } from 'vitest';
import { readCookie, setCookieValue } from './cookies';

describe('readCookie', () => {
  test.each<[string, string | null | undefined, string | undefined]>([
    ['no header', undefined, undefined],
    ['a null header', null, undefined],
    ['an empty header', '', undefined],
    ['the cookie among others', 'a=1; woocommerce_cart_hash=abc; b=2', 'abc'],
    ['without a space after `;`', 'a=1;woocommerce_cart_hash=abc', 'abc'],
    ['spaces around name and value', '  woocommerce_cart_hash = abc ', 'abc'],
    ['the first of two wins', 'woocommerce_cart_hash=one; woocommerce_cart_hash=two', 'one'],
    ['`=` inside the value is kept', 'woocommerce_cart_hash=YQ==', 'YQ=='],
    ['percent-decoded', 'woocommerce_cart_hash=a%2Fb', 'a/b'],
    ['a malformed escape is kept as written', 'woocommerce_cart_hash=%E0%A4%A', '%E0%A4%A'],
    ['an empty value', 'woocommerce_cart_hash=', ''],
    ['a longer name is another cookie', 'woocommerce_cart_hash2=x', undefined],
    ['a pair without `=`', 'woocommerce_cart_hash', undefined],
  ])('%s', (_name, header, expected) => {
    expect(readCookie(header, 'woocommerce_cart_hash')).toBe(expected);
  });
});

describe('setCookieValue', () => {
  test.each<[string, string | undefined]>([
    ['woocommerce_cart_hash=abc; Path=/; HttpOnly', 'abc'],
    ['woocommerce_cart_hash=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', ''],
    ['other=1; woocommerce_cart_hash=abc', undefined],
    ['woocommerce_cart_hash=%zz; Path=/', '%zz'],
  ])('%s → %s', (line, expected) => {
    expect(setCookieValue(line, 'woocommerce_cart_hash')).toBe(expected);
  });
});
