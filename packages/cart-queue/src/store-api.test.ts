import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiFetch } from '@cartwright/store-api-client';
import { createStoreApi } from '@cartwright/store-api-client/store';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createCartController } from './cart';
import { createStoreApiTransport } from './store-api';
import { storeCart } from './test/store-cart';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let root: string;
let seen: Seen[] = [];
let reply: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: (req.url ?? '').replace(/[?&]_locale=user/, ''),
        headers: req.headers,
        body,
      });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const cart = (quantity: number) =>
  storeCart(quantity ? [{ key: 'k1', id: 42, quantity, name: 'Mug' }] : []);

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

/** A Store API session over a client for the test store, as an app creates it once. */
const session = (options: { nonce?: string; cartToken?: string } = {}) =>
  createStoreApi(createApiFetch({ root }), options);
const transport = (options?: { nonce?: string; cartToken?: string }) =>
  createStoreApiTransport({ store: session(options) });

describe('createStoreApiTransport', () => {
  test('adds with a JSON POST to cart/add-item and resolves with the cart and its hash', async () => {
    reply = json(cart(2), 201, { 'Cart-Hash': 'h2' });
    const answer = await transport().addToCart({
      product_id: '42',
      quantity: '2',
      product_sku: 'M',
    });
    expect(answer).toEqual({ cart: cart(2), cart_hash: 'h2' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/wp-json/wc/store/v1/cart/add-item' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ id: 42, quantity: 2 });
  });

  test('adds the chosen variation when the button carries a variation_id', async () => {
    reply = json(cart(1), 201);
    await transport().addToCart({ product_id: '42', variation_id: '43' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ id: 43, quantity: 1 });
  });

  test('removes with {key} and updates with {key, quantity}', async () => {
    reply = json(cart(3));
    const t = transport();
    await t.removeFromCart('k9');
    await expect(t.updateItem('k1', 3)).resolves.toEqual({ cart: cart(3) });
    expect(seen.map((s) => [s.url, JSON.parse(s.body) as unknown])).toEqual([
      ['/wp-json/wc/store/v1/cart/remove-item', { key: 'k9' }],
      ['/wp-json/wc/store/v1/cart/update-item', { key: 'k1', quantity: 3 }],
    ]);
  });

  test('refresh reads the cart with a GET and no body', async () => {
    reply = json(cart(1), 200, { 'Cart-Hash': 'h1' });
    await expect(transport().refresh()).resolves.toEqual({
      cart: cart(1),
      cart_hash: 'h1',
    });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', body: '' });
  });

  test('the session keeps the Nonce and Cart-Token the store sends and sends the latest back', async () => {
    const store = session({ nonce: 'n0' });
    const t = createStoreApiTransport({ store });
    reply = json(cart(1), 201, { Nonce: 'n1', 'Cart-Token': 't1' });
    await t.addToCart({ product_id: '42' });
    reply = json(cart(0), 200, { Nonce: 'n2' });
    await t.removeFromCart('k1');
    expect(seen[0]!.headers.nonce).toBe('n0');
    expect(seen[0]!.headers['cart-token']).toBeUndefined();
    expect(seen[1]!.headers.nonce).toBe('n1');
    expect(seen[1]!.headers['cart-token']).toBe('t1');
    expect(store.getSession()).toEqual({ nonce: 'n2', cartToken: 't1' });
  });

  test('a 409 with the current cart resolves with that cart and the conflict', async () => {
    const body = {
      code: 'woocommerce_rest_cart_invalid_key',
      message: 'Cart item no longer exists or is invalid.',
      data: { status: 409, cart: cart(0) },
    };
    reply = json(body, 409);
    await expect(transport().updateItem('gone', 2)).resolves.toEqual({
      cart: cart(0),
      conflict: { code: body.code, message: body.message },
    });
  });

  test('any other error status is the client’s error with the store’s code, message and data', async () => {
    const body = {
      code: 'woocommerce_rest_cart_invalid_product',
      message: 'This product cannot be added to the cart.',
      data: { status: 400 },
    };
    reply = json(body, 400);
    const error: unknown = await transport()
      .addToCart({ product_id: '7' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'StoreApiError',
      code: body.code,
      message: body.message,
      data: body.data,
    });
  });

  test.each([
    [
      'HTML instead of JSON',
      (_: IncomingMessage, res: ServerResponse) => res.end('<html>'),
      'invalid_json',
    ],
    ['JSON that is not a cart', json({ no: 'items' }), 'invalid_response'],
  ])('%s is the client’s typed error', async (_, handler, code) => {
    reply = handler;
    await expect(transport().refresh()).rejects.toMatchObject({ name: 'StoreApiError', code });
  });

  test.each([
    [{ product_id: '' }],
    [{ product_id: 'abc' }],
    [{ product_id: '42', quantity: '0' }],
    [{ product_id: '42', quantity: '1.5' }],
  ])('sends nothing for an unusable add %j', async (data) => {
    await expect(transport().addToCart(data)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(seen).toHaveLength(0);
  });

  test('sends nothing for an empty item key or a negative quantity', async () => {
    const t = transport();
    await expect(t.removeFromCart('')).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(t.updateItem('k1', -1)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(seen).toHaveLength(0);
  });

  test('a quantity of 0 removes the line (WooCommerce refuses update-item with 0)', async () => {
    reply = json(cart(0));
    await expect(transport().updateItem('k1', 0)).resolves.toEqual({ cart: cart(0) });
    expect(seen.map((s) => [s.url, JSON.parse(s.body) as unknown])).toEqual([
      ['/wp-json/wc/store/v1/cart/remove-item', { key: 'k1' }],
    ]);
  });

  test('no answer is a fetch_error with the cause', async () => {
    const t = createStoreApiTransport({
      store: createStoreApi(
        createApiFetch({ root, fetch: () => Promise.reject(new TypeError('offline')) }),
      ),
    });
    const error: unknown = await t.refresh().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StoreApiError', code: 'fetch_error' });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});

describe('the controller over the Store API transport, on real HTTP', () => {
  test('adds, clamps a quantity and loses a stale line, with the count and warnings to match', async () => {
    const answers = [
      json(cart(1), 201, { 'Cart-Hash': 'a', Nonce: 'n1' }),
      json({ ...cart(3), items_count: 3 }, 200, { 'Cart-Hash': 'b' }),
      json(
        {
          code: 'woocommerce_rest_cart_invalid_key',
          message: 'Cart item no longer exists or is invalid.',
          data: { status: 409, cart: cart(0) },
        },
        409,
      ),
    ];
    reply = (req, res) => answers.shift()!(req, res);
    const controller = createCartController({
      transport: transport(),
      cartUrl: '/cart/',
      origin: 'http://127.0.0.1',
      redirectAfterAdd: false,
      initialCart: cart(0),
    });
    const added = controller.add('42', { data: { product_id: '42', quantity: '1' } });
    expect(controller.getSnapshot().itemCount).toBe(1);
    await expect(added).resolves.toMatchObject({ type: 'added', cartHash: 'a' });
    await expect(controller.setQuantity('k1', 5)).resolves.toMatchObject({ type: 'updated' });
    await expect(controller.setQuantity('k1', 2)).resolves.toMatchObject({ type: 'updated' });
    expect(controller.getSnapshot()).toMatchObject({
      itemCount: 0,
      warnings: [
        { type: 'quantity_clamped', key: 'k1', requested: 5, quantity: 3 },
        { type: 'item_gone', key: 'k1' },
      ],
    });
    expect(seen.map((request) => request.headers.nonce)).toEqual([undefined, 'n1', 'n1']);
  });
});
