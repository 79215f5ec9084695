import { describe, expect, test } from 'vitest';
import { readCookie } from './cookie';

describe('readCookie', () => {
  test.each<[string, string | null | undefined, string | undefined]>([
    ['no header', undefined, undefined],
    ['a null header', null, undefined],
    ['an empty header', '', undefined],
    ['the cookie alone', 'woocommerce_cart_hash=abc', 'abc'],
    ['among others, `; `', 'a=1; woocommerce_cart_hash=abc; b=2', 'abc'],
    ['among others, `;` without a space', 'a=1;woocommerce_cart_hash=abc;b=2', 'abc'],
    ['spaces around', ' woocommerce_cart_hash = abc ', 'abc'],
    ['the first of two wins', 'woocommerce_cart_hash=one; woocommerce_cart_hash=two', 'one'],
    ['`=` inside the value is kept', 'woocommerce_cart_hash=a=b==', 'a=b=='],
    ['percent-decoded', 'woocommerce_cart_hash=a%20b', 'a b'],
    ['a malformed escape is kept as written', 'woocommerce_cart_hash=%E0%A4%A', '%E0%A4%A'],
    ['a lone %', 'woocommerce_cart_hash=%', '%'],
    ['an empty value', 'woocommerce_cart_hash=', ''],
    ['a name that only starts the same', 'woocommerce_cart_hash_x=1', undefined],
    ['a pair without `=`', 'woocommerce_cart_hash', undefined],
  ])('%s', (_name, header, expected) => {
    expect(readCookie(header, 'woocommerce_cart_hash')).toBe(expected);
  });
});
