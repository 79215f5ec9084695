/**
 * Property-based fuzzing (fast-check) of the routes that take input: whatever JSON, bytes, query
 * strings or form fields arrive, the answer is a success or a 4xx JSON error in WordPress's shape,
 * never a 5xx; and a refused request changes nothing a shopper can see (carts, orders, stock).
 *
 * `npm test` runs a fixed seed (reproducible); `RELIABILITY_SOAK=1` runs 20× more cases with a
 * fresh seed each time (fast-check prints the seed of a failure, so it can be replayed).
 */
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartItems, orders, products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const SOAK = process.env.RELIABILITY_SOAK === '1';
const RUNS = SOAK ? 2000 : 60;
const settings = { numRuns: RUNS, ...(SOAK ? {} : { seed: 0x5eed }) };
const API = '/wp-json/wc/store/v1';

/** Keys the routes read, keys that attack prototypes, and anything else. */
const key = fc.oneof(
  fc.constantFrom(
    'id',
    'quantity',
    'key',
    'billing_address',
    'shipping_address',
    'payment_method',
    'customer_note',
    'extensions',
    'expected_total',
    'first_name',
    'country',
    'postcode',
    'email',
  ),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
  fc.string({ maxLength: 12 }),
);
/** Values near the edges: huge, negative, fractional, non-finite-looking, empty, wrong types. */
const edgy = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5, '', ' ', '1e3', '0x10'),
  fc.constantFrom('NaN', 'Infinity', '-0', '١٢', '\u0000', '<script>', "' OR 1=1--", 'cod'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    edgy,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;
/** A request body: usually an object of plausible fields, sometimes any JSON, sometimes bytes. */
const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(key, value, { maxKeys: 6 }).map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 60 })
      .map((bytes) => Buffer.from(bytes).toString('latin1')),
  },
);

function isWordPressError(response: LightMyRequestResponse): boolean {
  if (!/^application\/json/.test(String(response.headers['content-type']))) return false;
  const parsed = response.json<{
    code?: unknown;
    message?: unknown;
    data?: { status?: unknown };
  }>();
  return (
    typeof parsed.code === 'string' &&
    typeof parsed.message === 'string' &&
    parsed.data?.status === response.statusCode
  );
}

describe.each(drivers)('fuzzing on $name', (driver) => {
  let t: TestStore;
  let token: string;
  let ids: number[] = [];

  const snapshot = async () => ({
    carts: await t.db
      .select()
      .from(cartItems)
      .orderBy(asc(cartItems.sessionKey), asc(cartItems.itemKey)),
    orders: await t.db.select({ id: orders.id, status: orders.status }).from(orders),
    stock: await t.db
      .select({ id: products.id, stock: products.stockQuantity, sales: products.totalSales })
      .from(products)
      .orderBy(asc(products.id)),
  });

  beforeAll(async () => {
    t = await driver.open();
    ids = (
      await t.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.status, 'publish'))
        .orderBy(asc(products.id))
    ).map((row) => row.id);
    const shopper = new Shopper(t.store.app);
    const added = await shopper.api('cart/add-item', { id: ids[0]!, quantity: 1 });
    token = String(added.headers['cart-token']);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test.each(['cart/add-item', 'cart/update-item', 'cart/remove-item', 'checkout'])(
    'any body posted to %s is answered with success or a WordPress 4xx, and a refusal changes nothing',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await snapshot();
          const response = await t.store.app.inject({
            method: 'POST',
            url: `${API}/${path}`,
            headers: { 'cart-token': token, 'content-type': 'application/json' },
            payload,
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(isWordPressError(response)).toBe(true);
            expect(await snapshot()).toEqual(before);
          }
        }),
        settings,
      );
    },
  );

  test('any query string on the product list is answered with a list or a WordPress 400', async () => {
    const param = fc.constantFrom(
      'page',
      'per_page',
      'orderby',
      'order',
      'search',
      'category',
      'include',
      'slug',
      'sku',
      'on_sale',
      'min_price',
      'max_price',
      '__proto__',
      'page[]',
      'include[0]',
    );
    const query = fc.array(fc.tuple(param, fc.oneof(edgy.map(String), fc.string())), {
      maxLength: 5,
    });
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const search = new URLSearchParams(pairs).toString();
        const response = await t.store.app.inject({ url: `${API}/products?${search}` });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.statusCode).toBe(400);
          expect(isWordPressError(response)).toBe(true);
        } else {
          expect(Array.isArray(response.json())).toBe(true);
        }
      }),
      settings,
    );
  });

  test('any form posted to wc-ajax add_to_cart and remove_from_cart is answered without a 5xx', async () => {
    const field = fc.constantFrom(
      'product_id',
      'quantity',
      'cart_item_key',
      'product_id[]',
      'quantity[a]',
      '__proto__[x]',
      'constructor[prototype][y]',
    );
    const form = fc.array(fc.tuple(field, fc.oneof(edgy.map(String), fc.string())), {
      maxLength: 4,
    });
    const action = fc.constantFrom('add_to_cart', 'remove_from_cart');
    await fc.assert(
      fc.asyncProperty(action, form, async (name, pairs) => {
        const response = await t.store.app.inject({
          method: 'POST',
          url: `/?wc-ajax=${name}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(pairs).toString(),
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(({} as Record<string, unknown>).x).toBeUndefined();
        expect(({} as Record<string, unknown>).y).toBeUndefined();
      }),
      settings,
    );
  });
});
