/**
 * Hostile input, per route: a table of requests a careless or malicious client sends (wrong
 * types, negative and huge quantities, unknown ids, oversized and deeply nested JSON, bad
 * encodings, missing / stale / foreign nonces, other sessions' keys, prototype-pollution keys).
 * Every answer is a 4xx JSON error in WordPress's shape (`{code, message, data: {status}}`),
 * never a 5xx, and nothing a shopper can see changes: carts, orders, stock. (A request refused
 * for its nonce may still start a session, as WooCommerce does, so the client gets a usable
 * nonce: sessions are not counted as state here.) Products' query parameters have their own
 * table in routes/bad-input.test.ts.
 */
import { connect } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartItems, orders, products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const API = '/wp-json/wc/store/v1';
const DAY = 86_400_000;

/** Asserts a WordPress-shaped 4xx JSON error and returns its body. */
export function expectWordPressError(
  response: LightMyRequestResponse,
  status?: number,
): { code: string; message: string; data: { status: number } } {
  if (status !== undefined) expect(response.statusCode).toBe(status);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ code: string; message: string; data: { status: number } }>();
  expect(body).toMatchObject({
    code: expect.stringMatching(/^[a-z_]+$/) as unknown,
    message: expect.any(String) as unknown,
    data: { status: response.statusCode },
  });
  return body;
}

function nested(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

describe.each(drivers)('hostile input on $name', (driver) => {
  let t: TestStore;
  let now = Date.UTC(2026, 10, 22, 12);
  let ids: number[] = [];
  let victim: { shopper: Shopper; token: string; lineKey: string };
  let attacker: { shopper: Shopper; token: string };

  /** Everything a shopper could see change: every cart line, every order, every stock level. */
  const snapshot = async () => ({
    carts: await t.db
      .select()
      .from(cartItems)
      .orderBy(asc(cartItems.sessionKey), asc(cartItems.itemKey)),
    orders: await t.db
      .select({ id: orders.id, status: orders.status, total: orders.total })
      .from(orders)
      .orderBy(asc(orders.id)),
    stock: await t.db
      .select({ id: products.id, stock: products.stockQuantity, sales: products.totalSales })
      .from(products)
      .orderBy(asc(products.id)),
  });

  beforeAll(async () => {
    t = await driver.open({ clock: () => now });
    ids = (
      await t.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.status, 'publish'))
        .orderBy(asc(products.id))
    ).map((row) => row.id);
    await t.db
      .update(products)
      .set({ stockQuantity: 5, stockStatus: 'instock' })
      .where(eq(products.id, ids[0]!));
    const start = async (id: number, quantity: number) => {
      const shopper = new Shopper(t.store.app);
      const added = await shopper.api('cart/add-item', { id, quantity });
      expect(added.statusCode).toBe(201);
      return {
        shopper,
        token: String(added.headers['cart-token']),
        lineKey: added.json<{ items: { key: string }[] }>().items[0]!.key,
      };
    };
    victim = await start(ids[0]!, 2);
    attacker = await start(ids[1]!, 1);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const withToken = (
    token: string,
    path: string,
    payload: string | Buffer,
    headers: Record<string, string> = {},
  ) =>
    t.store.app.inject({
      method: 'POST',
      url: `${API}/${path === 'checkout' ? path : `cart/${path}`}`,
      headers: { 'cart-token': token, 'content-type': 'application/json', ...headers },
      payload,
    });

  const big = 10 ** 20;
  const hostileBodies: [string, string, unknown, number?][] = [
    ['add-item', 'an id that is a word', { id: 'abc' }, 400],
    ['add-item', 'an id that is an array', { id: [1, 2] }, 400],
    ['add-item', 'an id that is an object', { id: { $gt: 0 } }, 400],
    ['add-item', 'a negative id', { id: -1 }],
    ['add-item', 'id 0', { id: 0 }],
    ['add-item', 'an id beyond any integer', { id: big }, 400],
    ['add-item', 'an unknown id', { id: 2_000_000_000 }],
    ['add-item', 'a fractional id', { id: 1.5 }, 400],
    ['add-item', 'no id at all', { quantity: 1 }, 400],
    ['add-item', 'a negative quantity', { id: 'ID0', quantity: -1 }],
    ['add-item', 'quantity 0', { id: 'ID0', quantity: 0 }],
    ['add-item', 'a quantity beyond stock', { id: 'ID0', quantity: 1_000_000 }],
    ['add-item', 'a quantity beyond any integer', { id: 'ID0', quantity: big }, 400],
    ['add-item', 'a fractional quantity', { id: 'ID0', quantity: 2.5 }, 400],
    ['add-item', 'a quantity that is an object', { id: 'ID0', quantity: { n: 1 } }, 400],
    ['add-item', 'a quantity that is a boolean', { id: 'ID0', quantity: true }, 400],
    ['add-item', 'a JSON array as the body', [1, 2, 3], 400],
    ['add-item', 'a JSON string as the body', 'id', 400],
    ['add-item', 'null as the body', null, 400],
    ['remove-item', 'an unknown key', { key: 'f'.repeat(32) }, 409],
    ['remove-item', 'a key that is a number', { key: 12 }, 400],
    ['remove-item', 'a key that is an array', { key: ['a'] }, 400],
    ['remove-item', 'a 100,000-character key', { key: 'k'.repeat(100_000) }, 409],
    ['remove-item', 'no key', {}, 400],
    ['update-item', 'a negative quantity', { key: 'KEY', quantity: -5 }],
    ['update-item', 'a quantity beyond stock', { key: 'KEY', quantity: 99_999 }],
    ['update-item', 'a quantity beyond any integer', { key: 'KEY', quantity: big }, 400],
    ['update-item', 'a quantity as words', { key: 'KEY', quantity: 'lots' }, 400],
    ['update-item', 'no quantity', { key: 'KEY' }, 400],
    ['update-item', 'an unknown key', { key: 'nope', quantity: 1 }, 409],
    ['checkout', 'addresses that are strings', { billing_address: 'x', shipping_address: 'y' }],
    ['checkout', 'addresses that are arrays', { billing_address: [], shipping_address: [1] }],
    [
      'checkout',
      'a payment method that is an object',
      { billing_address: {}, shipping_address: {}, payment_method: { id: 'cod' } },
    ],
    [
      'checkout',
      'extensions that are not objects of objects',
      { billing_address: {}, payment_method: 'cod', extensions: { a: 1 } },
    ],
    [
      'checkout',
      'a customer note that is an array',
      { billing_address: {}, payment_method: 'cod', customer_note: ['x'] },
    ],
    ['checkout', 'an expected total that is text', { payment_method: 'cod', expected_total: 'x' }],
  ];

  test.each(hostileBodies)(
    '%s with %s is a 4xx WordPress error and changes nothing',
    async (path, _title, body, status) => {
      const before = await snapshot();
      const json = JSON.stringify(body)
        .replaceAll('"ID0"', String(ids[0]))
        .replaceAll('"KEY"', JSON.stringify(victim.lineKey));
      const response = await withToken(victim.token, path, json);
      expectWordPressError(response, status);
      expect(await snapshot()).toEqual(before);
    },
  );

  test.each([
    ['add-item', () => ({ id: ids[0]!, quantity: 1 })],
    ['remove-item', () => ({ key: victim.lineKey })],
    ['update-item', () => ({ key: victim.lineKey, quantity: 1 })],
    // WordPress checks the route's arguments before the nonce: a body that passes them.
    ['checkout', () => ({ payment_method: 'cod', billing_address: {} })],
  ])('%s refuses missing, malformed, stale, foreign and forged credentials', async (path, body) => {
    const payload = JSON.stringify(body());
    const before = await snapshot();
    const fresh = new Shopper(t.store.app);
    const cookie = victim.shopper.cookieHeader();
    const send = (headers: Record<string, string>) =>
      t.store.app.inject({
        method: 'POST',
        url: `${API}/${path === 'checkout' ? path : `cart/${path}`}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    // No nonce and no token.
    expect(expectWordPressError(await send({ cookie }), 401).code).toBe(
      'woocommerce_rest_missing_nonce',
    );
    // Garbage, and another session's valid nonce with the victim's cookie.
    expect(expectWordPressError(await send({ cookie, nonce: '<script>' }), 403).code).toBe(
      'woocommerce_rest_invalid_nonce',
    );
    await fresh.api('cart/add-item', { id: ids[1]! });
    expect(expectWordPressError(await send({ cookie, nonce: fresh.nonce! }), 403).code).toBe(
      'woocommerce_rest_invalid_nonce',
    );
    // The victim's own nonce, two days later: stale.
    const nonce = victim.shopper.nonce!;
    now += 2 * DAY;
    try {
      expect(expectWordPressError(await send({ cookie, nonce }), 403).code).toBe(
        'woocommerce_rest_invalid_nonce',
      );
    } finally {
      now -= 2 * DAY;
    }
    // A Cart-Token with a forged signature, or a forged session inside a real signature, is no
    // session at all: the write then needs a nonce like any anonymous one.
    const [head, claims, signature] = victim.token.split('.');
    const forged = [
      `${head}.${claims}.${signature!.slice(0, -2)}AA`,
      `${head}.${Buffer.from(JSON.stringify({ user_id: 'x' })).toString('base64url')}.${signature}`,
      'not-a-token',
    ];
    for (const token of forged) {
      expectWordPressError(await send({ 'cart-token': token }));
    }
    const after = await snapshot();
    // Only the fresh shopper's own add is new.
    expect(after.orders).toEqual(before.orders);
    expect(after.stock).toEqual(before.stock);
    expect(after.carts).toHaveLength(before.carts.length + 1);
    expect(after.carts).toEqual(expect.arrayContaining(before.carts));
  });

  test("one session cannot remove or change another session's line by its key", async () => {
    const before = await snapshot();
    const payloads = [
      ['remove-item', { key: victim.lineKey }],
      ['update-item', { key: victim.lineKey, quantity: 1 }],
    ] as const;
    for (const [path, body] of payloads) {
      const response = await withToken(attacker.token, path, JSON.stringify(body));
      expect(expectWordPressError(response, 409).code).toBe('woocommerce_rest_cart_invalid_key');
    }
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    ['__proto__', '{"__proto__":{"polluted":1},"id":ID0}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":1}},"id":ID0}'],
  ])('a %s key in a cart body is refused and pollutes nothing', async (_title, raw) => {
    const before = await snapshot();
    const response = await withToken(victim.token, 'add-item', raw.replace('ID0', String(ids[0])));
    expectWordPressError(response, 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });

  test.each<[string, () => string | Buffer, number]>([
    ['deeply nested JSON (100,000 levels)', () => `{"id":${nested(100_000)}}`, 400],
    [
      'deeply nested checkout extensions (5,000 levels)',
      () =>
        `{"payment_method":"cod","extensions":{"x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`,
      400,
    ],
    [
      'invalid UTF-8 bytes',
      () => Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0xff, 0x7d]),
      400,
    ],
    ['a UTF-16 body', () => Buffer.from('{"id":1}', 'utf16le'), 400],
    ['a lone surrogate in a string', () => '{"id":1,"quantity":"\\ud800"}', 400],
    ['a body of NUL bytes', () => Buffer.alloc(64), 400],
    ['a body over the 1 MiB limit', () => `{"id":1,"pad":"${'x'.repeat(1_100_000)}"}`, 413],
  ])('%s is a 4xx WordPress error and changes nothing', async (_title, body, status) => {
    const before = await snapshot();
    const path = _title.includes('checkout') ? 'checkout' : 'add-item';
    const response = await withToken(victim.token, path, body());
    expectWordPressError(response, status);
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    ['text/plain', '{"id":1}'],
    ['application/xml', '<id>1</id>'],
    ['application/octet-stream', '{"id":1}'],
  ])('a %s body is a 4xx WordPress error', async (type, payload) => {
    const before = await snapshot();
    const response = await withToken(
      victim.token,
      'add-item',
      payload.replace('1', String(ids[0])),
      {
        'content-type': type,
      },
    );
    expectWordPressError(response);
    expect(await snapshot()).toEqual(before);
  });

  test('an oversized body is refused from its Content-Length, before it is read', async () => {
    const address = await t.store.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1' }, () => {
        // Announce 50 MB, send none of it: the answer must come anyway.
        socket.write(
          `POST ${API}/cart/add-item HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Cart-Token: ${victim.token}\r\nContent-Type: application/json\r\n` +
            `Content-Length: 50000000\r\n\r\n{"id":`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
        if (data.includes('\r\n\r\n') && data.includes('}')) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(answer).toContain('"status":413');
  });

  test.each([
    ['wc-ajax add_to_cart', '/?wc-ajax=add_to_cart'],
    ['the login form', '/wp-login.php'],
  ])('%s parses a 900 KB form of 150,000 array fields in linear time', async (_title, url) => {
    // PHP-style `a[]=` parsing once copied the array per field: this body took minutes.
    const started = performance.now();
    const response = await t.store.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a[]=1&'.repeat(150_000),
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  test.each([
    ['add_to_cart', { product_id: 'abc' }],
    ['add_to_cart', { product_id: '-1', quantity: '-5' }],
    ['add_to_cart', { product_id: 'ID0', quantity: '99999999999999999999' }],
    ['add_to_cart', { 'product_id[]': 'ID0' }],
    ['add_to_cart', { product_id: 'ID0', quantity: '0' }],
    ['remove_from_cart', { cart_item_key: 'KEY-of-someone-else' }],
    ['remove_from_cart', { 'cart_item_key[__proto__]': 'x' }],
    ['checkout', { billing_first_name: 'x', 'woocommerce-process-checkout-nonce': 'stale' }],
    ['no_such_action', {}],
  ])('wc-ajax %s with %o never fails with a 5xx and changes nothing', async (action, fields) => {
    const before = await snapshot();
    const shopper = new Shopper(t.store.app);
    const form = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v.replace('ID0', String(ids[0]))]),
    );
    const response = await shopper.ajax(action, form);
    expect(response.statusCode).toBeLessThan(500);
    const after = await snapshot();
    expect(after.orders).toEqual(before.orders);
    expect(after.stock).toEqual(before.stock);
    expect(
      after.carts.filter((row) => before.carts.some((b) => b.sessionKey === row.sessionKey)),
    ).toEqual(before.carts);
  });
});
