import { describe, expect, test } from 'vitest';
import {
  controllerCartOf,
  hasCartCookie,
  hasNoticesCookie,
  renderedCartHash,
  toNotices,
  warningMessage,
  type CartView,
} from './cart';

describe('hasCartCookie', () => {
  test.each([
    ['woocommerce_items_in_cart=1', true],
    ['a=b; woocommerce_items_in_cart=1; c=d', true],
    ['woocommerce_items_in_cart=', false],
    ['xwoocommerce_items_in_cart=1', false],
    [null, false],
  ])('%s → %s', (header, expected) => {
    expect(hasCartCookie(header)).toBe(expected);
  });
});

describe('renderedCartHash', () => {
  test.each([
    ['the request cookie, when the store set none', 'woocommerce_cart_hash=abc', [], 'abc'],
    [
      'the store’s newer cookie',
      'woocommerce_cart_hash=abc',
      ['woocommerce_cart_hash=def; Path=/'],
      'def',
    ],
    [
      'empty once the store expired it',
      'woocommerce_cart_hash=abc',
      ['woocommerce_cart_hash=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'],
      '',
    ],
    [
      'a malformed cookie from the store is kept as written, never a URIError',
      'woocommerce_cart_hash=abc',
      ['woocommerce_cart_hash=%E0%A4%A; Path=/'],
      '%E0%A4%A',
    ],
    ['other cookies the store set are not the hash', '', ['woocommerce_items_in_cart=1'], ''],
    ['empty without any', null, ['other=1; Path=/'], ''],
  ])('%s', (_title, header, setCookies, expected) => {
    expect(renderedCartHash(header, setCookies)).toBe(expected);
  });
});

describe('hasNoticesCookie', () => {
  test.each([
    ['cartwright_notices=1', true],
    ['a=b; cartwright_notices=1', true],
    ['cartwright_notices=', false],
    ['xcartwright_notices=1', false],
    ['a=b;cartwright_notices=1', true],
    [' cartwright_notices = 1 ', true],
    [null, false],
  ])('%s → %s', (header, expected) => {
    expect(hasNoticesCookie(header)).toBe(expected);
  });
});

describe('toNotices', () => {
  test('keeps well-formed notices and reduces their links to paths on this site', () => {
    expect(
      toNotices({
        notices: [
          {
            type: 'success',
            message: '“Mug” has been added to your cart.',
            link: { href: 'http://localhost:3000/cart/', label: 'View cart' },
          },
          {
            type: 'error',
            message: 'Out of stock.',
            link: { href: 'javascript:alert(1)', label: 'x' },
          },
          { type: 'shout', message: 'no' },
          { type: 'notice' },
          null,
        ],
      }),
    ).toEqual([
      {
        type: 'success',
        message: '“Mug” has been added to your cart.',
        link: { href: '/cart/', label: 'View cart' },
      },
      { type: 'error', message: 'Out of stock.', link: { href: '/cart/', label: 'x' } },
    ]);
  });

  test('anything else is no notices', () => {
    expect(toNotices(null)).toEqual([]);
    expect(toNotices({ notices: 'x' })).toEqual([]);
  });
});

describe('warningMessage', () => {
  const names = (key: string) => (key === 'k1' ? 'Mug' : undefined);
  test.each([
    [{ type: 'item_gone', key: 'k1' } as const, '“Mug” is no longer in your cart.'],
    [{ type: 'item_gone', key: 'zz' } as const, 'An item is no longer in your cart.'],
    [
      { type: 'quantity_clamped', key: 'k1', requested: 5, quantity: 2 } as const,
      'Your cart now holds 2 of “Mug”, not 5: that is all that is in stock.',
    ],
  ])('%j', (warning, expected) => {
    expect(warningMessage(warning, names)).toBe(expected);
  });
});

test('controllerCartOf gives the controller the lines and the count it counts from', () => {
  expect(controllerCartOf(null)).toEqual({ items: [], items_count: 0 });
  expect(
    controllerCartOf({
      lines: [{ key: 'k1', productId: 7, quantity: 3, name: 'Mug' }],
      count: 3,
    } as unknown as CartView),
  ).toEqual({ items: [{ key: 'k1', id: 7, quantity: 3, name: 'Mug' }], items_count: 3 });
});
