import { describe, expect, test } from 'vitest';
import { isEmail } from './email';

describe('isEmail, the one email check', () => {
  test.each([
    ['ada@example.com', true],
    ['Ada.Lovelace+shop@mail.example.co.uk', true],
    ['a@b.co', true],
    ["o'brien@my-shop.example", true],
    ['', false],
    ['ada', false],
    ['@example.com', false],
    ['ada@', false],
    ['ada@example', false],
    ['ada@example.c', false],
    ['ada@@example.com', false],
    ['ada@exa@mple.com', false],
    ['a da@example.com', false],
    ['ada@-example.com', false],
    ['ada@example-.com', false],
    ['ada@example..com', false],
    ['ada@exam_ple.com', false],
    ['<ada>@example.com', false],
    ['ada@example.com,', false],
  ])('%j → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  test('at most 254 characters, or fewer when the caller stores fewer', () => {
    const long = `${'a'.repeat(242)}@example.com`;
    expect(long).toHaveLength(254);
    expect(isEmail(long)).toBe(true);
    expect(isEmail(`a${long}`)).toBe(false);
    expect(isEmail(long, 100)).toBe(false);
    expect(isEmail('ada@example.com', 100)).toBe(true);
  });
});
