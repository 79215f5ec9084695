import { describe, expect, test } from 'vitest';
import { readCheckoutExtras, termsRefusal, TERMS_MESSAGE } from './checkout-extras';
import { RESET_COOKIE, readResetKey, resetCookie, resetKeyFromCookie } from './password-reset';

describe('reset keys', () => {
  test.each([
    ['12', 'AbC_9-xyz', true],
    ['0', 'abc', false],
    ['012', 'abc', false],
    ['12345678901', 'abc', false],
    ['12', '', false],
    ['12', 'a'.repeat(101), false],
    ['12', 'abc;Path=/', false],
    ['12', 'abc def', false],
    ['12', '../abc', false],
    [' 12', 'abc', false],
  ])('id %j with key %j is read: %s', (id, key, ok) => {
    expect(readResetKey(id, key) !== null).toBe(ok);
  });

  test('the cookie holds id:key for the lost-password page only, HttpOnly, and reads back', () => {
    const line = resetCookie({ id: '7', key: 'k3Y_-z' }, true);
    expect(line).toBe(
      `${RESET_COOKIE}=7%3Ak3Y_-z; Path=/my-account/lost-password/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure`,
    );
    const value = line.split(';', 1)[0]!;
    expect(resetKeyFromCookie(`other=1; ${value}`)).toEqual({ id: '7', key: 'k3Y_-z' });
    expect(resetCookie(null, false)).toBe(
      `${RESET_COOKIE}=; Path=/my-account/lost-password/; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
  });

  test.each([
    [null],
    [''],
    [`${RESET_COOKIE}=7`],
    [`${RESET_COOKIE}=x%3Aabc`],
    [`${RESET_COOKIE}=7%3A${'a'.repeat(200)}`],
    [`${RESET_COOKIE}=7%3Aab%20c`],
  ])('a cookie header %j holds no usable key', (header) => {
    expect(resetKeyFromCookie(header)).toBeNull();
  });
});

describe('checkout extras', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  test('the note is trimmed and the box is read as ticked only when posted', () => {
    expect(readCheckoutExtras(form({ order_comments: '  Ring twice  ', terms: 'on' }))).toEqual({
      orderComments: 'Ring twice',
      terms: true,
    });
    expect(readCheckoutExtras(form({ 'terms-field': '1' }))).toEqual({
      orderComments: '',
      terms: false,
    });
  });

  test('an unticked box is refused only when the shop has a terms page', () => {
    expect(termsRefusal(null, { orderComments: '', terms: false })).toBeNull();
    expect(termsRefusal('/terms/', { orderComments: '', terms: true })).toBeNull();
    expect(termsRefusal('/terms/', { orderComments: '', terms: false })).toEqual({
      messages: [TERMS_MESSAGE],
      fields: { terms: TERMS_MESSAGE },
    });
  });
});
