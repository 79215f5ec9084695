import { describe, expect, test } from 'vitest';
import { readCookie } from './cookie';

describe('readCookie', () => {
  test.each<[string, string | null | undefined, string | undefined]>([
    ['no header', undefined, undefined],
    ['a null header', null, undefined],
    ['the cookie among others', 'a=1; store_notice0=hidden; b=2', 'hidden'],
    ['without a space after `;`', 'a=1;store_notice0=hidden', 'hidden'],
    ['spaces around', '  store_notice0 = hidden ', 'hidden'],
    ['the first of two wins', 'store_notice0=shown; store_notice0=hidden', 'shown'],
    ['`=` inside the value is kept', 'store_notice0=a=b', 'a=b'],
    ['percent-decoded', 'store_notice0=%68idden', 'hidden'],
    ['a malformed escape is kept as written', 'store_notice0=%E0%A4%A', '%E0%A4%A'],
    ['a longer name is another cookie', 'store_notice01=hidden', undefined],
  ])('%s', (_name, header, expected) => {
    expect(readCookie(header, 'store_notice0')).toBe(expected);
  });
});
