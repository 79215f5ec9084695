import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartItems, products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const SESSIONS = 20;

/** The session a Cart-Token names (its `user_id` claim). */
function sessionOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    user_id: string;
  };
  return claims.user_id;
}
const ADDS = 50;

// Bounded bursts of hundreds of requests: alone they take ~5 s, but `npm test` runs them
// beside other suites on 2 cores, so each test gets a budget that only a hang exceeds.
describe.each(drivers)('concurrent cart changes on $name', { timeout: 120_000 }, (driver) => {
  let t: TestStore;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await driver.open();
    const rows = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'publish'))
      .orderBy(asc(products.id));
    ids = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const rowsOf = (sessionKey: string) =>
    t.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.sessionKey, sessionKey))
      .orderBy(asc(cartItems.position));

  test(`${ADDS} concurrent adds in each of ${SESSIONS} sessions lose and double nothing`, async () => {
    const [a, b] = [ids[0]!, ids[1]!];
    await t.db
      .update(products)
      .set({ stockQuantity: null, stockStatus: 'instock' })
      .where(eq(products.id, a));
    await t.db
      .update(products)
      .set({ stockQuantity: null, stockStatus: 'instock' })
      .where(eq(products.id, b));

    // Half the sessions use the Store API with their Cart-Token, half wc-ajax with their cookie.
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, index) => {
        const shopper = new Shopper(t.store.app);
        const first = await shopper.api('cart');
        expect(first.statusCode).toBe(200);
        const started = await shopper.api('cart/add-item', { id: a, quantity: 1 });
        expect(started.statusCode).toBe(201);
        return {
          shopper,
          viaStoreApi: index % 2 === 0,
          token: String(started.headers['cart-token']),
          key: sessionOf(String(started.headers['cart-token'])),
        };
      }),
    );

    // In each session ADDS more adds, interleaved: half add one A each, half two Bs each; all
    // requests of all sessions are sent at once.
    const requests = sessions.flatMap((session) =>
      Array.from({ length: ADDS }, (_, n) => {
        const product = n % 2 === 0 ? a : b;
        const quantity = product === b ? 2 : 1;
        if (session.viaStoreApi) {
          return t.store.app.inject({
            method: 'POST',
            url: '/wp-json/wc/store/v1/cart/add-item',
            headers: { 'cart-token': session.token, 'content-type': 'application/json' },
            payload: JSON.stringify({ id: product, quantity }),
          });
        }
        return session.shopper.ajax('add_to_cart', {
          product_id: String(product),
          quantity: String(quantity),
        });
      }),
    );
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.statusCode < 300)).toBe(true);

    for (const session of sessions) {
      expect(await rowsOf(session.key)).toEqual([
        { productId: a, quantity: 1 + ADDS / 2 },
        { productId: b, quantity: ADDS },
      ]);
    }
  });

  test('the last units of stock cannot be oversold by concurrent adds in one session', async () => {
    const scarce = ids[2]!;
    await t.db
      .update(products)
      .set({ stockQuantity: 3, stockStatus: 'instock' })
      .where(eq(products.id, scarce));
    const shopper = new Shopper(t.store.app);
    const token = String(
      (await shopper.api('cart/add-item', { id: ids[3]! })).headers['cart-token'],
    );
    const responses = await Promise.all(
      Array.from({ length: ADDS }, () =>
        t.store.app.inject({
          method: 'POST',
          url: '/wp-json/wc/store/v1/cart/add-item',
          headers: { 'cart-token': token, 'content-type': 'application/json' },
          payload: JSON.stringify({ id: scarce, quantity: 1 }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 400)).toHaveLength(ADDS - 3);
    expect(
      responses
        .filter((response) => response.statusCode === 400)
        .every(
          (response) =>
            response.json<{ code: string }>().code ===
            'woocommerce_rest_product_partially_out_of_stock',
        ),
    ).toBe(true);
    const key = sessionOf(token);
    expect((await rowsOf(key)).find((row) => row.productId === scarce)).toEqual({
      productId: scarce,
      quantity: 3,
    });
  });

  test('concurrent quantity updates and removals of one line leave one consistent answer', async () => {
    const item = ids[4]!;
    await t.db
      .update(products)
      .set({ stockQuantity: null, stockStatus: 'instock' })
      .where(eq(products.id, item));
    const shopper = new Shopper(t.store.app);
    const added = await shopper.api('cart/add-item', { id: item });
    const token = String(added.headers['cart-token']);
    const lineKey = added.json<{ items: { key: string }[] }>().items[0]!.key;
    const send = (path: string, body: unknown) =>
      t.store.app.inject({
        method: 'POST',
        url: `/wp-json/wc/store/v1/cart/${path}`,
        headers: { 'cart-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, (_, n) =>
        send('update-item', { key: lineKey, quantity: n + 1 }),
      ),
      send('remove-item', { key: lineKey }),
      ...Array.from({ length: 5 }, () => send('remove-item', { key: lineKey })),
    ]);
    // Exactly one removal succeeds; every later request on that line meets a 409.
    const removals = responses.slice(20);
    expect(removals.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(
      responses.every((response) => response.statusCode === 200 || response.statusCode === 409),
    ).toBe(true);
    const key = sessionOf(token);
    expect(await rowsOf(key)).toEqual([]);
  });
});
