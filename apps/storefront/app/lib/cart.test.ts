import { describe, expect, test } from 'vitest';
import type { StoreCart } from '@cartwright/store-api-client';
import {
  hasCartCookie,
  hasNoticesCookie,
  renderedCartHash,
  toNotices,
  totalsLinesOf,
  warningMessage,
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
  test.each([
    [{ type: 'item_gone', key: 'k1', name: 'Mug' } as const, '“Mug” is no longer in your cart.'],
    [{ type: 'item_gone', key: 'zz' } as const, 'An item is no longer in your cart.'],
    [
      { type: 'quantity_clamped', key: 'k1', name: 'Mug', requested: 5, quantity: 2 } as const,
      'Your cart now holds 2 of “Mug”, not 5: that is all that is in stock.',
    ],
  ])('%j', (warning, expected) => {
    expect(warningMessage(warning)).toBe(expected);
  });
});

describe('totalsLinesOf', () => {
  const totals = {
    total_items: '1100',
    total_items_tax: '0',
    total_fees: '0',
    total_fees_tax: '0',
    total_discount: '0',
    total_discount_tax: '0',
    total_shipping: '500',
    total_shipping_tax: '0',
    total_price: '1600',
    total_tax: '0',
    tax_lines: [],
    currency_code: 'USD',
    currency_symbol: '$',
    currency_minor_unit: 2,
    currency_decimal_separator: '.',
    currency_thousand_separator: ',',
    currency_prefix: '$',
    currency_suffix: '',
  };
  const flatRate = [
    {
      package_id: 0,
      shipping_rates: [
        { rate_id: 'free_shipping:2', name: 'Free shipping', selected: false },
        { rate_id: 'flat_rate:1', name: 'Flat rate', selected: true },
      ],
    },
  ];

  test("a real WooCommerce's flat rate is a shipping line, so the lines add up to the total", () => {
    const lines = totalsLinesOf({
      totals,
      needs_shipping: true,
      // Only what the totals read of the packages.
      shipping_rates: flatRate as unknown as StoreCart['shipping_rates'],
      coupons: [],
    });
    expect(lines).toEqual([
      { kind: 'shipping', label: 'Shipping', detail: 'Flat rate', amount: '500' },
    ]);
    const sum = lines.reduce(
      (total, line) => total + Number(line.amount),
      Number(totals.total_items),
    );
    expect(sum).toBe(Number(totals.total_price));
  });

  test('discount, fees and tax lines; no shipping line when nothing ships', () => {
    expect(
      totalsLinesOf({
        totals: {
          ...totals,
          total_discount: '110',
          total_fees: '200',
          total_shipping: null,
          total_tax: '150',
          tax_lines: [{ name: 'VAT', price: '150', rate: '20%' }],
        },
        needs_shipping: false,
        shipping_rates: [],
        coupons: [{ code: 'lab10', discount_type: 'percent', totals: {} }],
      }),
    ).toEqual([
      { kind: 'discount', label: 'Discount', detail: 'lab10', amount: '-110' },
      { kind: 'fees', label: 'Fees', detail: '', amount: '200' },
      { kind: 'tax', label: 'VAT', detail: '', amount: '150' },
    ]);
  });
});
