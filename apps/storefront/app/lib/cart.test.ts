import { describe, expect, test } from 'vitest';
import type { StoreCart } from '@cartwright/store-api-client';
import {
  hasCartCookie,
  hasNoticesCookie,
  renderedCartHash,
  toNotices,
  toCartView,
  totalsLinesOf,
} from './cart';
import { miniCartOf } from './mini-cart';
import { orderLineAmount, orderTotals } from './order-totals';

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

  test('shown including tax: amounts carry their tax, with "(incl. tax)", and no tax lines', () => {
    const lines = totalsLinesOf({
      totals: {
        ...totals,
        total_discount: '100',
        total_discount_tax: '7',
        total_shipping_tax: '50',
        total_tax: '123',
        tax_lines: [{ name: 'GST', price: '123', rate: '10%' }],
      },
      needs_shipping: true,
      shipping_rates: flatRate as unknown as StoreCart['shipping_rates'],
      coupons: [{ code: 'ten', discount_type: 'fixed_cart', totals: {} }],
      extensions: { cartwright: { tax_display_cart: 'incl', prices_include_tax: false } },
    });
    expect(lines).toEqual([
      { kind: 'discount', label: 'Discount', detail: 'ten', amount: '-107' },
      {
        kind: 'shipping',
        label: 'Shipping',
        detail: 'Flat rate',
        amount: '550',
        suffix: '(incl. tax)',
      },
    ]);
  });
});

describe('toCartView with tax', () => {
  const item = {
    key: 'k1',
    id: 7,
    name: 'Mug',
    quantity: 2,
    permalink: 'http://shop.test/product/mug/',
    images: [],
    sku: '',
    variation: [],
    quantity_limits: { minimum: 1, maximum: 99, multiple_of: 1, editable: true },
    prices: { price: '1073' },
    totals: {
      line_subtotal: '2000',
      line_subtotal_tax: '146',
      line_total: '2000',
      line_total_tax: '146',
    },
    extensions: {},
  };
  const cart = (extensions: Record<string, unknown>) =>
    ({
      items: [item],
      items_count: 2,
      coupons: [],
      needs_shipping: false,
      shipping_rates: [],
      shipping_address: {},
      billing_address: {},
      extensions,
      totals: {
        total_items: '2000',
        total_items_tax: '146',
        total_discount: '0',
        total_discount_tax: '0',
        total_fees: '0',
        total_shipping: null,
        total_shipping_tax: null,
        total_tax: '146',
        total_price: '2146',
        tax_lines: [{ name: 'CA Tax', price: '146', rate: '7.25%' }],
        currency_code: 'USD',
        currency_symbol: '$',
        currency_minor_unit: 2,
        currency_decimal_separator: '.',
        currency_thousand_separator: ',',
        currency_prefix: '$',
        currency_suffix: '',
      },
    }) as unknown as StoreCart;

  test("excluding tax (WooCommerce's default, and a store without our extension): a tax line", () => {
    const view = toCartView(cart({}));
    expect(view.subtotal).toBe('2000');
    expect(view.subtotalTaxLabel).toBe('');
    expect(view.includedTax).toBeNull();
    expect(view.lines[0]).toMatchObject({ lineTotal: '2000', taxLabel: '' });
    expect(view.totalsLines).toEqual([{ kind: 'tax', label: 'CA Tax', detail: '', amount: '146' }]);
  });

  test('including tax: the subtotal and lines with tax, labelled, and the tax the total includes', () => {
    const view = toCartView(
      cart({ cartwright: { tax_display_cart: 'incl', prices_include_tax: false } }),
    );
    expect(view.subtotal).toBe('2146');
    expect(view.subtotalTaxLabel).toBe('(incl. tax)');
    expect(view.lines[0]).toMatchObject({ lineTotal: '2146', taxLabel: '(incl. tax)' });
    expect(view.totalsLines).toEqual([]);
    expect(view.includedTax).toBe('146');
    expect(view.total).toBe('2146');
  });

  test('prices entered with tax but shown without: "(ex. tax)"', () => {
    const view = toCartView(
      cart({ cartwright: { tax_display_cart: 'excl', prices_include_tax: true } }),
    );
    expect(view.subtotalTaxLabel).toBe('(ex. tax)');
    expect(view.lines[0]!.taxLabel).toBe('(ex. tax)');
  });

  test("the header mini-cart shows the cart page's lines and subtotal, with or without tax", () => {
    const excl = cart({});
    const incl = cart({ cartwright: { tax_display_cart: 'incl', prices_include_tax: false } });
    for (const whole of [excl, incl]) {
      const view = toCartView(whole);
      const mini = miniCartOf(whole);
      expect(mini.subtotal).toBe(view.subtotal);
      expect(mini.lines).toEqual(
        view.lines.map((line) => ({
          key: line.key,
          productId: line.productId,
          name: line.name,
          quantity: line.quantity,
          price: line.price,
          href: line.href,
          removeUrl: line.removeUrl,
          sku: line.sku,
          image: line.image ? { src: line.image.src, alt: '' } : undefined,
          variation: line.variation,
        })),
      );
      expect(mini.currency).toMatchObject(view.currency);
    }
    expect(miniCartOf(incl).subtotal).toBe('2146');
    expect(miniCartOf(excl).lines[0]).toMatchObject({ href: '/product/mug/', removeUrl: '/cart/' });
  });
});

describe('orderTotals', () => {
  const totals = {
    total_items: '2000',
    total_items_tax: '80',
    total_discount: '0',
    total_shipping: '800',
    total_shipping_tax: '0',
    total_tax: '80',
    tax_lines: [{ name: 'NY Tax', price: '80', rate: '4%' }],
    total_price: '2880',
  };

  test('excluding tax: a row per rate after shipping', () => {
    const shown = orderTotals(totals, { displayCart: 'excl', pricesIncludeTax: false });
    expect(shown.subtotal).toBe('2000');
    expect(shown.rows.map((row) => [row.label, row.amount])).toEqual([
      ['Shipping:', '800'],
      ['NY Tax', '80'],
    ]);
    expect(shown.includedTax).toBeNull();
  });

  test('including tax: the subtotal with its tax and label, the total says what it includes', () => {
    const shown = orderTotals(totals, { displayCart: 'incl', pricesIncludeTax: false });
    expect(shown).toMatchObject({
      subtotal: '2080',
      subtotalSuffix: '(incl. tax)',
      includedTax: '80',
      total: '2880',
    });
    expect(shown.rows.map((row) => row.kind)).toEqual(['shipping']);
    expect(
      orderLineAmount(
        { line_total: '2000', line_total_tax: '80' },
        { displayCart: 'incl', pricesIncludeTax: false },
      ),
    ).toBe('2080');
  });
});
