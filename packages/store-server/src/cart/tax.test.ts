import { describe, expect, test } from 'vitest';
import type { ProductRecord } from '../catalog/repository';
import { buildCart, type StoredCoupon } from './cart';
import { defaultCustomer, priceCart, taxDestination, type ShippingZone } from './shipping';
import {
  DEFAULT_TAX_SETTINGS,
  displayPrice,
  matchRates,
  parseRate,
  ratePercent,
  roundHalfUp,
  taxAmount,
  taxHooks,
  type TaxConfig,
  type TaxRate,
  type TaxSettings,
} from './tax';

let nextId = 1;
function rate(fields: Partial<TaxRate> & Pick<TaxRate, 'country' | 'rate' | 'name'>): TaxRate {
  return {
    id: nextId++,
    state: '',
    priority: 1,
    compound: false,
    shipping: true,
    order: 0,
    ...fields,
  };
}

const caState = rate({
  country: 'US',
  state: 'CA',
  rate: '7.2500',
  name: 'CA Tax',
  shipping: false,
});
const nyState = rate({
  country: 'US',
  state: 'NY',
  rate: '4.0000',
  name: 'NY Tax',
  shipping: false,
});
const usWide = rate({ country: 'US', rate: '2.0000', name: 'US Tax', shipping: false });
const canadaGst = rate({ country: 'CA', rate: '5.0000', name: 'GST' });
const australiaGst = rate({ country: 'AU', rate: '10.0000', name: 'GST' });
const quebecQst = rate({
  country: 'CA',
  state: 'QC',
  rate: '9.975',
  name: 'QST',
  priority: 2,
  compound: true,
});
const RATES = [caState, nyState, usWide, canadaGst, australiaGst, quebecQst];

const at = (country: string, state = '') => ({
  address_1: '',
  address_2: '',
  city: '',
  postcode: '',
  country,
  state,
});

function config(settings: Partial<TaxSettings> = {}, rates = RATES): TaxConfig {
  return { settings: { ...DEFAULT_TAX_SETTINGS, calcTaxes: true, ...settings }, rates };
}

function product(id: number, price: number, sale: number | null = null): ProductRecord {
  return {
    id,
    name: `Product ${id}`,
    price: sale ?? price,
    regularPrice: price,
    salePrice: sale,
    status: 'publish',
    stockStatus: 'instock',
    stockQuantity: null,
    virtual: false,
  } as unknown as ProductRecord;
}

function cartOf(lines: [ProductRecord, number][]) {
  const products = new Map(lines.map(([p]) => [p.id, p]));
  return buildCart(
    lines.map(([p, quantity]) => ({ itemKey: `k${p.id}`, productId: p.id, quantity })),
    products,
  ).cart;
}

const flatRate: ShippingZone = {
  id: 0,
  name: 'Everywhere',
  locations: [],
  methods: [
    {
      instanceId: 1,
      methodId: 'flat_rate',
      title: 'Flat rate',
      enabled: true,
      cost: 1500,
      minAmount: null,
    },
  ],
};

function price(lines: [ProductRecord, number][], where: ReturnType<typeof at>, tax: TaxConfig) {
  const base = defaultCustomer();
  return priceCart(cartOf(lines), {
    zones: [flatRate],
    customer: { billing: base.billing, shipping: { ...base.shipping, ...where } },
    chosenRates: {},
    session: {},
    hooks: taxHooks(tax),
  });
}

describe('rates', () => {
  test('percent strings are read exactly, to four decimals, and shown as WooCommerce does', () => {
    expect(parseRate('7.2500')).toBe(72_500);
    expect(parseRate('9.975')).toBe(99_750);
    expect(parseRate('10')).toBe(100_000);
    expect(parseRate('-1')).toBeNull();
    expect(parseRate('1.23456')).toBeNull();
    expect(parseRate('abc')).toBeNull();
    expect(ratePercent('7.2500')).toBe('7.25%');
    expect(ratePercent('10.0000')).toBe('10%');
  });

  test('a state rate wins over the country-wide one of the same priority; other priorities add up', () => {
    expect(matchRates(RATES, at('US', 'CA')).map((r) => r.name)).toEqual(['CA Tax']);
    expect(matchRates(RATES, at('US', 'ny')).map((r) => r.name)).toEqual(['NY Tax']);
    expect(matchRates(RATES, at('US', 'TX')).map((r) => r.name)).toEqual(['US Tax']);
    expect(matchRates(RATES, at('CA', 'QC')).map((r) => r.name)).toEqual(['GST', 'QST']);
    expect(matchRates(RATES, at('CA', 'ON')).map((r) => r.name)).toEqual(['GST']);
    expect(matchRates(RATES, at('GB'))).toEqual([]);
    const broken = rate({ country: 'GB', rate: 'twenty', name: 'VAT' });
    expect(matchRates([broken], at('GB'))).toEqual([]);
  });
});

describe('tax on an amount', () => {
  test('rounds each line half up to the cent', () => {
    expect(roundHalfUp(72.5)).toBe(73);
    expect(roundHalfUp(72.49999999999)).toBe(73); // float noise below a millionth of a cent
    expect(roundHalfUp(72.4999)).toBe(72);
    expect(taxAmount(1000, [caState], [caState], false).taxes.get(caState.id)).toBe(73);
    expect(taxAmount(690, [caState], [caState], false).taxes.get(caState.id)).toBe(50); // 50.025
  });

  test('a compound rate applies on the price plus the taxes before it', () => {
    const { taxes } = taxAmount(10_000, matchRates(RATES, at('CA', 'QC')), [caState], false);
    expect(taxes.get(canadaGst.id)).toBe(500);
    expect(taxes.get(quebecQst.id)).toBe(1047); // 10 500 × 9.975 % = 1047.375
  });

  test('prices entered with tax: the base tax comes out; elsewhere the destination’s goes on', () => {
    const base = [caState];
    expect(taxAmount(1075, base, base, true)).toEqual({
      net: 1002,
      taxes: new Map([[caState.id, 73]]),
    });
    const australia = taxAmount(1075, [australiaGst], base, true);
    expect(australia.net).toBe(1002);
    expect(australia.taxes.get(australiaGst.id)).toBe(100);
    expect(taxAmount(1075, [], base, true)).toEqual({ net: 1002, taxes: new Map() });
  });
});

describe('the cart totals with tax', () => {
  test('California: tax per line, none on shipping; tax lines and line totals', () => {
    const cart = price(
      [
        [product(1, 1000), 1],
        [product(2, 1000), 1],
      ],
      at('US', 'CA'),
      config(),
    );
    // Per line 72.5 → 73, twice: 146 (rounding the subtotal's 145 would lose a cent).
    expect(cart.totals).toMatchObject({
      totalItems: 2000,
      totalItemsTax: 146,
      totalShipping: 1500,
      totalShippingTax: 0,
      totalTax: 146,
      totalPrice: 2000 + 146 + 1500,
      taxLines: [{ name: 'CA Tax', price: 146, rate: '7.25%' }],
    });
    expect(cart.totals.lineTaxes?.k1).toMatchObject({
      subtotal: 1000,
      subtotalTax: 73,
      total: 1000,
      totalTax: 73,
    });
  });

  test('Australia: GST on the items and on shipping, in one tax line', () => {
    const cart = price([[product(1, 2499), 2]], at('AU', 'NSW'), config());
    expect(cart.totals).toMatchObject({
      totalItemsTax: 500, // 499.8
      totalShippingTax: 150,
      totalTax: 650,
      totalPrice: 4998 + 500 + 1500 + 150,
      taxLines: [{ name: 'GST', price: 650, rate: '10%' }],
    });
  });

  test('a coupon: the line total is taxed after the discount; the difference is the discount tax', () => {
    const products = new Map([[1, product(1, 2000)]]);
    const coupon = {
      code: 'five',
      coupon: {
        id: 1,
        code: 'five',
        discountType: 'fixed_cart',
        amount: 500,
        expiresAt: null,
        minimumAmount: null,
        maximumAmount: null,
        usageLimit: null,
        usageCount: 0,
        individualUse: false,
      },
    } as unknown as StoredCoupon;
    const { cart } = buildCart([{ itemKey: 'k1', productId: 1, quantity: 1 }], products, [coupon]);
    const base = defaultCustomer();
    const priced = priceCart(cart, {
      zones: [],
      customer: base,
      chosenRates: {},
      session: {},
      hooks: taxHooks(config()),
    });
    expect(priced.totals).toMatchObject({
      totalItems: 2000,
      totalItemsTax: 145,
      totalDiscount: 500,
      totalDiscountTax: 36,
      totalTax: 109, // 1500 × 7.25 % = 108.75
      totalPrice: 1500 + 109,
    });
  });

  test('prices entered with tax: net items, the tax inside; another country pays its own rate', () => {
    const settings = { pricesIncludeTax: true, displayCart: 'incl' as const };
    const home = price([[product(1, 1075), 1]], at('US', 'CA'), config(settings));
    expect(home.totals).toMatchObject({
      totalItems: 1002,
      totalItemsTax: 73,
      totalPrice: 1075 + 1500,
    });
    expect(home.totals.lineTaxes?.k1?.unitPrices?.price).toBe(1075);
    const away = price([[product(1, 1075), 1]], at('AU'), config(settings));
    expect(away.totals).toMatchObject({
      totalItems: 1002,
      totalItemsTax: 100,
      totalShippingTax: 150,
    });
    expect(away.totalPrice).toBe(1002 + 100 + 1500 + 150);
    expect(away.totals.lineTaxes?.k1?.unitPrices?.price).toBe(1102);
  });

  test('the cart shows unit prices with or without tax as `woocommerce_tax_display_cart` says', () => {
    const incl = price(
      [
        [product(1, 1000, 800), 1],
        [product(2, 690), 1],
      ],
      at('US', 'CA'),
      config({ displayCart: 'incl' }),
    );
    expect(incl.totals.lineTaxes?.k1?.unitPrices).toEqual({ price: 858, regular: 1073, sale: 858 });
    const excl = price([[product(1, 1000, 800), 1]], at('US', 'CA'), config());
    expect(excl.totals.lineTaxes?.k1?.unitPrices).toEqual({ price: 800, regular: 1000, sale: 800 });
  });

  test('state-specific: New York pays its rate, Texas the country-wide one, Britain none', () => {
    expect(price([[product(1, 1000), 1]], at('US', 'NY'), config()).totals.totalTax).toBe(40);
    expect(price([[product(1, 1000), 1]], at('US', 'TX'), config()).totals.totalTax).toBe(20);
    const britain = price([[product(1, 1000), 1]], at('GB'), config());
    expect(britain.totals.totalTax).toBe(0);
    expect(britain.totals.taxLines).toEqual([]);
  });

  test('a store that does not calculate tax adds none', () => {
    const cart = price([[product(1, 1000), 1]], at('US', 'CA'), config({ calcTaxes: false }));
    expect(cart.totals).toMatchObject({ totalTax: 0, taxLines: [], totalPrice: 2500 });
    expect(cart.totals.lineTaxes).toBeUndefined();
  });
});

describe('where tax is worked out for, and catalogue display', () => {
  test('the shipping address, else billing, else the store base', () => {
    const base = defaultCustomer();
    const none = { ...base.shipping, country: '', state: '' };
    expect(taxDestination({ ...base, shipping: { ...none } }).country).toBe('US');
    expect(
      taxDestination({
        billing: { ...base.billing, country: 'AU', state: 'NSW' },
        shipping: none,
      }).country,
    ).toBe('AU');
    expect(taxDestination({ billing: { ...base.billing, ...none }, shipping: none })).toMatchObject(
      { country: 'US', state: 'CA' },
    );
  });

  test('catalogue prices follow `woocommerce_tax_display_shop` at the store base', () => {
    expect(displayPrice(1000, config(), 'incl')).toBe(1073);
    expect(displayPrice(1000, config(), 'excl')).toBe(1000);
    expect(displayPrice(1075, config({ pricesIncludeTax: true }), 'excl')).toBe(1002);
    expect(displayPrice(1000, config({ calcTaxes: false }), 'incl')).toBe(1000);
  });
});
