/**
 * Concurrency beyond src/cart/concurrency.test.ts (which proves 50 concurrent adds × 20 sessions):
 * mixed adds, quantity updates and removals in many sessions at once lose, double and leak
 * nothing; 10 identical concurrent checkouts in each of 20 sessions make exactly 20 orders; the
 * last unit of stock, wanted by every session at once, sells exactly once.
 * `RELIABILITY_SOAK=1` runs more sessions and more requests per session.
 */
import { asc, eq, inArray, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartItems, orderLines, orders, products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';

const SOAK = process.env.RELIABILITY_SOAK === '1';
const SESSIONS = SOAK ? 50 : 20;
const ADDS = SOAK ? 40 : 10;
const API = '/wp-json/wc/store/v1';
const BILLING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '14 Baker Street',
  city: 'London',
  postcode: 'NW1 6XE',
  country: 'GB',
  email: 'ada@example.com',
};

interface CartBody {
  items: { id: number; key: string; quantity: number }[];
  items_count: number;
}

/** The session a Cart-Token names (its `user_id` claim). */
function sessionOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    user_id: string;
  };
  return claims.user_id;
}

// Bounded bursts of hundreds of requests: alone they take ~5 s, but `npm test` runs them
// beside other suites on 2 cores, so each test gets a budget that only a hang exceeds.
describe.each(drivers)('concurrency on $name', { timeout: 120_000 }, (driver) => {
  let t: TestStore;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await driver.open();
    ids = (
      await t.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.status, 'publish'))
        .orderBy(asc(products.id))
    ).map((row) => row.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const post = (token: string, path: string, body: unknown) =>
    t.store.app.inject({
      method: 'POST',
      url: `${API}/${path}`,
      headers: { 'cart-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  /** A new session (via its first add, nonce round trip included) with the given lines. */
  async function session(lines: [number, number][]): Promise<{ token: string; key: string }> {
    const first = await t.store.app.inject({
      method: 'POST',
      url: `${API}/cart/add-item`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: lines[0]![0], quantity: lines[0]![1] }),
    });
    const cookie = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .map((line) => line.split(';')[0])
      .join('; ');
    const started = await t.store.app.inject({
      method: 'POST',
      url: `${API}/cart/add-item`,
      headers: { 'content-type': 'application/json', cookie, nonce: String(first.headers.nonce) },
      payload: JSON.stringify({ id: lines[0]![0], quantity: lines[0]![1] }),
    });
    expect(started.statusCode).toBe(201);
    const token = String(started.headers['cart-token']);
    // The retry after the 401 added the first line once: set it to the wanted quantity.
    const key = started.json<CartBody>().items[0]!.key;
    expect(
      (await post(token, 'cart/update-item', { key, quantity: lines[0]![1] })).statusCode,
    ).toBe(200);
    for (const [id, quantity] of lines.slice(1)) {
      expect((await post(token, 'cart/add-item', { id, quantity })).statusCode).toBe(201);
    }
    return { token, key: sessionOf(token) };
  }

  async function setStock(id: number, stock: number | null) {
    await t.db
      .update(products)
      .set({ stockQuantity: stock, stockStatus: stock === 0 ? 'outofstock' : 'instock' })
      .where(eq(products.id, id));
  }

  test(`mixed adds, updates and removals in ${SESSIONS} sessions at once lose, double and leak nothing`, async () => {
    const [added, updated, removed] = [ids[0]!, ids[1]!, ids[2]!];
    for (const id of [added, updated, removed]) await setStock(id, null);
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, () =>
        session([
          [added, 1],
          [updated, 1],
          [removed, 3],
        ]),
      ),
    );
    const lineKey = async (token: string, id: number) =>
      (await t.store.app.inject({ url: `${API}/cart`, headers: { 'cart-token': token } }))
        .json<CartBody>()
        .items.find((item) => item.id === id)!.key;
    const keys = await Promise.all(
      sessions.map(async ({ token }) => ({
        updated: await lineKey(token, updated),
        removed: await lineKey(token, removed),
      })),
    );

    // Every session at once: ADDS adds of one product, ADDS updates of another to 1…ADDS, and
    // three removals of the third, all interleaved and sent together.
    const sent: {
      session: number;
      kind: 'add' | 'update' | 'remove';
      response: Promise<LightMyRequestResponse>;
    }[] = [];
    sessions.forEach(({ token }, index) => {
      for (let n = 0; n < ADDS; n++) {
        sent.push({
          session: index,
          kind: 'add',
          response: post(token, 'cart/add-item', { id: added, quantity: 1 }),
        });
        sent.push({
          session: index,
          kind: 'update',
          response: post(token, 'cart/update-item', { key: keys[index]!.updated, quantity: n + 1 }),
        });
        if (n < 3) {
          sent.push({
            session: index,
            kind: 'remove',
            response: post(token, 'cart/remove-item', { key: keys[index]!.removed }),
          });
        }
      }
    });
    const answers = await Promise.all(
      sent.map(async (request) => ({ ...request, response: await request.response })),
    );
    for (const { kind, response } of answers) {
      if (kind === 'add') expect(response.statusCode).toBe(201);
      if (kind === 'update') expect(response.statusCode).toBe(200);
    }

    for (const [index, { key }] of sessions.entries()) {
      const mine = answers.filter((answer) => answer.session === index);
      // Exactly one removal succeeds; the others find the line gone.
      const removals = mine
        .filter((answer) => answer.kind === 'remove')
        .map((a) => a.response.statusCode);
      expect(removals.sort()).toEqual([200, 409, 409]);
      const rows = await t.db
        .select({ productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.sessionKey, key))
        .orderBy(asc(cartItems.position));
      // Nothing lost or doubled (1 + ADDS), the update ended on one of the values sent, the
      // removed line is gone and nothing else appeared.
      expect(rows.map((row) => row.productId)).toEqual([added, updated]);
      expect(rows[0]!.quantity).toBe(1 + ADDS);
      expect(rows[1]!.quantity).toBeGreaterThanOrEqual(1);
      expect(rows[1]!.quantity).toBeLessThanOrEqual(ADDS);
      // The cart the store answers is the rows.
      const cart = (
        await t.store.app.inject({
          url: `${API}/cart`,
          headers: { 'cart-token': sessions[index]!.token },
        })
      ).json<CartBody>();
      expect(cart.items.map((item) => [item.id, item.quantity])).toEqual(
        rows.map((row) => [row.productId, row.quantity]),
      );
      expect(cart.items_count).toBe(rows[0]!.quantity + rows[1]!.quantity);
    }
    // No session's change leaked into another: every row belongs to one of these sessions'
    // two remaining lines.
    const all = await t.db
      .select({ sessionKey: cartItems.sessionKey, productId: cartItems.productId })
      .from(cartItems)
      .where(
        inArray(
          cartItems.sessionKey,
          sessions.map((s) => s.key),
        ),
      );
    expect(all).toHaveLength(SESSIONS * 2);
  });

  test(`10 identical concurrent checkouts in each of ${SESSIONS} sessions make exactly ${SESSIONS} orders`, async () => {
    const item = ids[3]!;
    await setStock(item, 1000);
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, () => session([[item, 2]])),
    );
    const before = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(ne(orders.status, 'checkout-draft'));
    const payload = {
      billing_address: BILLING,
      shipping_address: BILLING,
      payment_method: 'cheque',
    };
    const responses = await Promise.all(
      sessions.flatMap(({ token }) =>
        Array.from({ length: 10 }, () => post(token, 'checkout', payload)),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array(SESSIONS * 10).fill(200),
    );
    const orderIds = responses.map((response) => response.json<{ order_id: number }>().order_id);
    for (let index = 0; index < SESSIONS; index++) {
      // One session's ten answers name one order.
      expect(new Set(orderIds.slice(index * 10, index * 10 + 10)).size).toBe(1);
    }
    expect(new Set(orderIds).size).toBe(SESSIONS);
    const after = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(ne(orders.status, 'checkout-draft'));
    expect(after.length - before.length).toBe(SESSIONS);
    const lines = await t.db
      .select({ quantity: orderLines.quantity })
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...new Set(orderIds)]));
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(SESSIONS * 2);
    const [stock] = await t.db.select().from(products).where(eq(products.id, item));
    expect(stock!.stockQuantity).toBe(1000 - SESSIONS * 2);
  });

  test(`the last unit of stock, checked out by ${SESSIONS} sessions at once, sells exactly once`, async () => {
    const item = ids[4]!;
    await setStock(item, 1);
    const [row] = await t.db.select().from(products).where(eq(products.id, item));
    const salesBefore = row!.totalSales;
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, () => session([[item, 1]])),
    );
    const payload = { billing_address: BILLING, shipping_address: BILLING, payment_method: 'cod' };
    const responses = await Promise.all(
      sessions.map(({ token }) => post(token, 'checkout', payload)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(SESSIONS - 1);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json<{ code: string }>().code).toBe('woocommerce_rest_product_out_of_stock');
    }
    const [after] = await t.db.select().from(products).where(eq(products.id, item));
    expect(after).toMatchObject({
      stockQuantity: 0,
      stockStatus: 'outofstock',
      totalSales: salesBefore + 1,
    });
    const sold = await t.db
      .select({ quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.productId, item));
    expect(sold.reduce((sum, line) => sum + line.quantity, 0)).toBe(1);
  });
});
