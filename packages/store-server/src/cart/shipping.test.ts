import { describe, expect, test } from 'vitest';
import type { ProductRecord } from '../catalog/repository';
import { buildCart } from './cart';
import {
  defaultCustomer,
  postcodeMatches,
  priceCart,
  ratesFor,
  zoneFor,
  type CustomerAddresses,
  type PricingContext,
  type ShippingZone,
} from './shipping';

const californiaZone: ShippingZone = {
  id: 1,
  name: 'California',
  locations: [{ type: 'state', code: 'US:CA' }],
  methods: [
    {
      instanceId: 1,
      methodId: 'flat_rate',
      title: 'Flat rate',
      enabled: true,
      cost: 500,
      minAmount: null,
    },
    {
      instanceId: 2,
      methodId: 'free_shipping',
      title: 'Free shipping',
      enabled: true,
      cost: 0,
      minAmount: 5000,
    },
    {
      instanceId: 3,
      methodId: 'local_pickup',
      title: 'Local pickup',
      enabled: true,
      cost: 0,
      minAmount: null,
    },
    {
      instanceId: 9,
      methodId: 'flat_rate',
      title: 'Off',
      enabled: false,
      cost: 100,
      minAmount: null,
    },
  ],
};
const bayZone: ShippingZone = {
  id: 2,
  name: 'Bay courier',
  locations: [
    { type: 'country', code: 'US' },
    { type: 'postcode', code: '941*' },
    { type: 'postcode', code: '94000...94099' },
  ],
  methods: [
    {
      instanceId: 4,
      methodId: 'flat_rate',
      title: 'Courier',
      enabled: true,
      cost: 200,
      minAmount: null,
    },
  ],
};
const rest: ShippingZone = {
  id: 0,
  name: 'Elsewhere',
  locations: [],
  methods: [
    {
      instanceId: 5,
      methodId: 'flat_rate',
      title: 'International',
      enabled: true,
      cost: 2500,
      minAmount: null,
    },
  ],
};
const zones = [bayZone, californiaZone, rest];

const destination = (country: string, state = '', postcode = '') => ({
  address_1: '',
  address_2: '',
  city: '',
  country,
  state,
  postcode,
});

function product(id: number, price: number, virtual = false): ProductRecord {
  return {
    id,
    name: `Product ${id}`,
    price,
    regularPrice: price,
    salePrice: null,
    status: 'publish',
    stockStatus: 'instock',
    stockQuantity: null,
    virtual,
  } as unknown as ProductRecord;
}

function cartOf(lines: [ProductRecord, number][]) {
  const products = new Map(lines.map(([p]) => [p.id, p]));
  return buildCart(
    lines.map(([p, quantity]) => ({ itemKey: `k${p.id}`, productId: p.id, quantity })),
    products,
  ).cart;
}

function context(
  customer: Partial<CustomerAddresses['shipping']> = {},
  chosen = {},
): PricingContext {
  const base = defaultCustomer();
  return {
    zones,
    customer: { ...base, shipping: { ...base.shipping, ...customer } },
    chosenRates: chosen,
    session: {},
    hooks: {},
  };
}

describe('postcode patterns', () => {
  test('exact, prefix and numeric range; spaces and case ignored', () => {
    expect(postcodeMatches('94105', '94105')).toBe(true);
    expect(postcodeMatches('941*', '94105')).toBe(true);
    expect(postcodeMatches('941*', '95105')).toBe(false);
    expect(postcodeMatches('94000...94099', '94050')).toBe(true);
    expect(postcodeMatches('94000...94099', '94100')).toBe(false);
    expect(postcodeMatches('94000...94099', '94A50')).toBe(false);
    expect(postcodeMatches('sw1a*', 'SW1A 1AA')).toBe(true);
    expect(postcodeMatches('941*', '')).toBe(false);
  });
});

describe('zones', () => {
  test('the first matching zone wins; postcodes narrow a zone; zone 0 catches the rest', () => {
    expect(zoneFor(zones, destination('US', 'CA', '94105'))?.id).toBe(2);
    expect(zoneFor(zones, destination('US', 'CA', '90210'))?.id).toBe(1);
    expect(zoneFor(zones, destination('US', 'NY', '10001'))?.id).toBe(0);
    expect(zoneFor(zones, destination('FR', '', '75001'))?.id).toBe(0);
    expect(zoneFor(zones, destination(''))).toBeUndefined();
  });

  test('free shipping from its minimum; disabled methods offer nothing', () => {
    expect(ratesFor(californiaZone, 4999).map((r) => r.rateId)).toEqual([
      'flat_rate:1',
      'local_pickup:3',
    ]);
    expect(ratesFor(californiaZone, 5000).map((r) => [r.rateId, r.cost])).toEqual([
      ['flat_rate:1', 500],
      ['free_shipping:2', 0],
      ['local_pickup:3', 0],
    ]);
  });
});

describe('priceCart', () => {
  test('the first rate is chosen by default and is in the total', () => {
    const cart = priceCart(cartOf([[product(1, 1250), 2]]), context({ state: 'CA' }));
    expect(cart.shipping.needsShipping).toBe(true);
    expect(cart.shipping.packages[0]!.selected).toBe('flat_rate:1');
    expect(cart.totals.totalShipping).toBe(500);
    expect(cart.totalPrice).toBe(3000);
    expect(cart.shipping.packages[0]!.items).toEqual([
      { key: 'k1', name: 'Product 1', quantity: 2 },
    ]);
  });

  test('a chosen rate changes the total; a rate no longer offered falls back to the first', () => {
    const cart = cartOf([[product(1, 1250), 2]]);
    const pickup = priceCart(cart, context({ state: 'CA' }, { '0': 'local_pickup:3' }));
    expect(pickup.totals.totalShipping).toBe(0);
    expect(pickup.totalPrice).toBe(2500);
    // Free shipping needs 50.00 of items: chosen but not offered, so the first rate applies.
    const free = priceCart(cart, context({ state: 'CA' }, { '0': 'free_shipping:2' }));
    expect(free.shipping.packages[0]!.selected).toBe('flat_rate:1');
    expect(free.totalPrice).toBe(3000);
  });

  test('the rates follow the destination', () => {
    const cart = cartOf([[product(1, 1000), 1]]);
    const abroad = priceCart(cart, context({ country: 'FR', state: '' }));
    expect(abroad.shipping.packages[0]!.rates.map((r) => r.rateId)).toEqual(['flat_rate:5']);
    expect(abroad.totalPrice).toBe(3500);
    expect(abroad.shipping.packages[0]!.destination.country).toBe('FR');
  });

  test('virtual products need no shipping; an empty cart has no shipping total', () => {
    const virtualOnly = priceCart(cartOf([[product(2, 900, true), 1]]), context());
    expect(virtualOnly.shipping.needsShipping).toBe(false);
    expect(virtualOnly.totals.totalShipping).toBeNull();
    expect(virtualOnly.totalPrice).toBe(900);
    const mixed = priceCart(
      cartOf([
        [product(2, 900, true), 1],
        [product(1, 100), 1],
      ]),
      context(),
    );
    expect(mixed.shipping.packages[0]!.items.map((item) => item.key)).toEqual(['k1']);
    expect(priceCart(cartOf([]), context()).totals.totalShipping).toBeNull();
  });

  test('a store with no shipping method needs no shipping', () => {
    const cart = priceCart(cartOf([[product(1, 1000), 1]]), { ...context(), zones: [] });
    expect(cart.shipping.needsShipping).toBe(false);
    expect(cart.totalPrice).toBe(1000);
  });

  test('hooks run in WooCommerce order: discount, item tax, shipping on the discounted items, shipping tax', () => {
    const calls: string[] = [];
    const cart = priceCart(cartOf([[product(1, 3000), 2]]), {
      ...context({ state: 'CA' }, { '0': 'free_shipping:2' }),
      hooks: {
        discount: () => (calls.push('discount'), { discount: 1500, discountTax: 0 }),
        itemTax: (_cart, discounted) => (
          calls.push(`itemTax ${discounted}`),
          { tax: 450, lines: [{ name: 'Tax', price: 450, rate: '10' }] }
        ),
        shippingTax: (shipping) => (calls.push(`shippingTax ${shipping}`), { tax: 50, lines: [] }),
      },
    });
    expect(calls).toEqual(['discount', 'itemTax 4500', 'shippingTax 500']);
    // 45.00 of items after the discount is under free shipping's 50.00: the flat rate applies.
    expect(cart.shipping.packages[0]!.selected).toBe('flat_rate:1');
    expect(cart.totals).toMatchObject({
      totalDiscount: 1500,
      totalItemsTax: 450,
      totalShipping: 500,
      totalShippingTax: 50,
      totalTax: 500,
    });
    expect(cart.totalPrice).toBe(4500 + 450 + 500 + 50);
  });
});
