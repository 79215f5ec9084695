import { describe, expect, test } from 'vitest';
import { readCookie } from './cookie';

describe('readCookie', () => {
  test.each<[string, string | null | undefined, string | undefined]>([
    ['no header', undefined, undefined],
    ['a null header', null, undefined],
    ['the cookie among others', 'a=1; wp_consent_statistics=allow; b=2', 'allow'],
    ['without spaces', 'a=1;wp_consent_statistics=deny', 'deny'],
    ['spaces around', '  wp_consent_statistics = allow ', 'allow'],
    ['the first of two wins', 'wp_consent_statistics=deny; wp_consent_statistics=allow', 'deny'],
    ['`=` inside the value is kept', 'wp_consent_statistics=allow=x', 'allow=x'],
    ['percent-decoded', 'wp_consent_statistics=%61llow', 'allow'],
    ['a malformed escape is kept as written', 'wp_consent_statistics=%E0%A4%A', '%E0%A4%A'],
    ['a longer name is another cookie', 'wp_consent_statistics-anonymous=allow', undefined],
  ])('%s', (_name, header, expected) => {
    expect(readCookie(header, 'wp_consent_statistics')).toBe(expected);
  });
});
