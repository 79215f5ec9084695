import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiFetch } from '@cartwright/store-api-client';
import { createStoreApi } from '@cartwright/store-api-client/store';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { storeCart } from './test/store-cart';
import { createWcAjaxTransport, deferTransport, type CartTransport } from './transport';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  nonce: string;
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A tiny store on real HTTP: answers from a list (then `reply`), recording what it was asked. */
let server: Server;
let base: string;
let seen: Seen[] = [];
let answers: Handler[] = [];
let reply: Handler = (_req, res) => res.end();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        nonce: String(req.headers.nonce ?? ''),
        body,
      });
      (answers.shift() ?? reply)(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
});

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
/** The request line without the `_locale=user` the client adds to every URL. */
const line = (request: Seen) =>
  `${request.method} ${request.url.replace(/[?&]_locale=user/, '')}${request.nonce ? ` nonce=${request.nonce}` : ''}`;

const client = (timeout?: number) =>
  createApiFetch({ root: `${base}/wp-json/`, ...(timeout ? { timeout } : {}) });
const classic = (timeout?: number) => createWcAjaxTransport({ apiFetch: client(timeout) });

const FRAGMENTS = { 'div.widget_shopping_cart_content': '<div>2 items</div>' };

describe('createWcAjaxTransport (wc-ajax only)', () => {
  test('posts the button data form-encoded to ?wc-ajax=add_to_cart and returns the JSON', async () => {
    reply = json({ fragments: FRAGMENTS, cart_hash: 'h' });
    const body = await classic().addToCart({ product_id: '42', quantity: '2', product_sku: 'M&M' });
    expect(body).toEqual({ fragments: FRAGMENTS, cart_hash: 'h' });
    expect(line(seen[0]!)).toBe('POST /?wc-ajax=add_to_cart');
    expect(seen[0]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      product_id: '42',
      quantity: '2',
      product_sku: 'M&M',
    });
  });

  test('the endpoint template wins over the site of the client root', async () => {
    reply = json({ fragments: FRAGMENTS, cart_hash: 'h' });
    const transport = createWcAjaxTransport({
      apiFetch: client(),
      endpoint: `${base}/shop/?wc-ajax=%%endpoint%%`,
    });
    await transport.addToCart({ product_id: '42' });
    expect(line(seen[0]!)).toBe('POST /shop/?wc-ajax=add_to_cart');
  });

  test('posts cart_item_key to ?wc-ajax=remove_from_cart', async () => {
    reply = json({ success: false });
    await expect(classic().removeFromCart('abc123')).resolves.toEqual({ success: false });
    expect(line(seen[0]!)).toBe('POST /?wc-ajax=remove_from_cart');
    expect(seen[0]!.body).toBe('cart_item_key=abc123');
  });

  test('refresh posts to ?wc-ajax=get_refreshed_fragments and returns the fragments and hash', async () => {
    reply = json({ fragments: FRAGMENTS, cart_hash: '' });
    await expect(classic().refresh?.()).resolves.toEqual({ fragments: FRAGMENTS, cart_hash: '' });
    expect(line(seen[0]!)).toBe('POST /?wc-ajax=get_refreshed_fragments');
  });

  test('has no quantity route without a Store API session', () => {
    expect(classic().updateItem).toBeUndefined();
  });

  test('sends nothing for a button without a numeric product_id', async () => {
    await expect(classic().addToCart({ quantity: '1' })).rejects.toMatchObject({
      name: 'StoreApiError',
      code: 'invalid_request',
    });
    expect(seen).toHaveLength(0);
  });

  test.each([
    [
      'a non-2xx status without a WordPress error',
      (_: IncomingMessage, res: ServerResponse) => res.writeHead(503).end('{}'),
      'unknown_error',
    ],
    ['an empty body', (_: IncomingMessage, res: ServerResponse) => res.end(), 'invalid_json'],
    [
      'HTML instead of JSON',
      (_: IncomingMessage, res: ServerResponse) => res.end('<html>'),
      'invalid_json',
    ],
    [
      'a JSON array',
      (_: IncomingMessage, res: ServerResponse) => res.end('[1]'),
      'invalid_response',
    ],
  ])('%s is the client’s typed error', async (_, handler, code) => {
    reply = handler;
    await expect(classic().addToCart({ product_id: '1' })).rejects.toMatchObject({
      name: 'StoreApiError',
      code,
    });
  });

  test('no answer at all is a fetch_error with the cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const transport = createWcAjaxTransport({
      apiFetch: createApiFetch({ root: `http://127.0.0.1:${port}/wp-json/` }),
    });
    const error: unknown = await transport.addToCart({ product_id: '1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StoreApiError', code: 'fetch_error' });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  test('a store that never answers is cut off at the client’s timeout', async () => {
    reply = () => undefined;
    await expect(classic(50).addToCart({ product_id: '1' })).rejects.toMatchObject({
      code: 'timeout_error',
    });
  });
});

describe('createWcAjaxTransport with a Store API session (the storefront’s, decision 0008)', () => {
  const hybrid = (nonce?: string) => {
    const apiFetch = client();
    return createWcAjaxTransport({
      apiFetch,
      store: createStoreApi(apiFetch, nonce ? { nonce } : {}),
    });
  };

  test('an add goes to wc-ajax, then the Store API cart is read in the same step', async () => {
    answers = [
      json({ fragments: FRAGMENTS, cart_hash: 'h1' }),
      json(storeCart([{ key: 'k1', id: 7, quantity: 2 }]), 200, { 'Cart-Hash': 'h1' }),
    ];
    await expect(hybrid().addToCart({ product_id: '7', quantity: '2' })).resolves.toEqual({
      fragments: FRAGMENTS,
      cart_hash: 'h1',
      cart: storeCart([{ key: 'k1', id: 7, quantity: 2 }]),
    });
    expect(seen.map(line)).toEqual(['POST /?wc-ajax=add_to_cart', 'GET /wp-json/wc/store/v1/cart']);
  });

  test('a refused add reads nothing more (the browser goes to the product page)', async () => {
    answers = [json({ error: true, product_url: `${base}/product/mug/` })];
    await expect(hybrid().addToCart({ product_id: '7' })).resolves.toMatchObject({ error: true });
    expect(seen).toHaveLength(1);
  });

  test('a removal without fragments reads nothing more (the browser follows the link)', async () => {
    answers = [json({ success: false })];
    await expect(hybrid().removeFromCart('k1')).resolves.toEqual({ success: false });
    expect(seen.map(line)).toEqual(['POST /?wc-ajax=remove_from_cart']);
  });

  test('a failed cart read after a change keeps the change’s answer', async () => {
    answers = [
      json({ fragments: FRAGMENTS, cart_hash: 'h1' }),
      json({ code: 'x', message: 'no' }, 500),
    ];
    await expect(hybrid().removeFromCart('k1')).resolves.toEqual({
      fragments: FRAGMENTS,
      cart_hash: 'h1',
    });
  });

  test('a quantity change without a nonce is retried once by the client with a fresh one', async () => {
    answers = [
      json({ code: 'woocommerce_rest_missing_nonce', message: 'Missing nonce' }, 401, {
        Nonce: 'n1',
      }),
      json(storeCart([{ key: 'k1', id: 7, quantity: 3 }]), 200, { 'Cart-Hash': 'h3' }),
    ];
    await expect(hybrid().updateItem!('k1', 3)).resolves.toEqual({
      cart: storeCart([{ key: 'k1', id: 7, quantity: 3 }]),
      cart_hash: 'h3',
    });
    expect(seen.map(line)).toEqual([
      'POST /wp-json/wc/store/v1/cart/update-item',
      'POST /wp-json/wc/store/v1/cart/update-item nonce=n1',
    ]);
  });

  test('the nonce printed into the page goes with the first change, the newest after it', async () => {
    answers = [json(storeCart(), 200, { Nonce: 'n2' }), json(storeCart())];
    const transport = hybrid('n0');
    await transport.updateItem!('k1', 3);
    await transport.updateItem!('k1', 4);
    expect(seen.map((request) => request.nonce)).toEqual(['n0', 'n2']);
  });

  test('a refusal without a newer nonce is the caller’s error (never a loop)', async () => {
    const refused = json({ code: 'woocommerce_rest_invalid_nonce', message: 'Bad' }, 401, {
      Nonce: 'n2',
    });
    answers = [refused, refused, refused];
    await expect(hybrid().updateItem!('k1', 3)).rejects.toMatchObject({
      name: 'StoreApiError',
      code: 'woocommerce_rest_invalid_nonce',
    });
    expect(seen).toHaveLength(2);
  });
});

describe('deferTransport', () => {
  const answer = { fragments: FRAGMENTS, cart_hash: 'h' };
  const plain: CartTransport = {
    addToCart: (data) => Promise.resolve({ ...answer, cart_hash: data.product_id ?? '' }),
    removeFromCart: () => Promise.resolve({ success: false }),
  };

  test('loads the real transport with the first request only, then passes every call on', async () => {
    let loads = 0;
    const transport = deferTransport(() => {
      loads += 1;
      return Promise.resolve(plain);
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([
      transport.addToCart({ product_id: '1' }),
      transport.addToCart({ product_id: '2' }),
    ]);
    await expect(transport.removeFromCart('k')).resolves.toEqual({ success: false });
    expect([first?.cart_hash, second?.cart_hash, loads]).toEqual(['1', '2', 1]);
  });

  test('a failed load fails that request and is tried again with the next', async () => {
    const offline = new TypeError('offline');
    const loads = [Promise.reject(offline), Promise.resolve(plain)];
    const transport = deferTransport(() => loads.shift()!);
    await expect(transport.addToCart({ product_id: '1' })).rejects.toBe(offline);
    await expect(transport.addToCart({ product_id: '1' })).resolves.toEqual({
      ...answer,
      cart_hash: '1',
    });
  });

  test('a route the loaded transport lacks is an invalid_request', async () => {
    const transport = deferTransport(() => Promise.resolve(plain));
    await expect(transport.updateItem('k', 2)).rejects.toMatchObject({
      name: 'StoreApiError',
      code: 'invalid_request',
    });
    await expect(transport.refresh()).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
