import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createStorefrontTransport } from './cart-transport';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A tiny store answering from a list, recording what it was asked. */
let server: Server;
let base = '';
let seen: string[] = [];
let answers: Handler[] = [];

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const cart = (quantity: number) => ({
  items: quantity ? [{ key: 'k1', id: 7, quantity }] : [],
  items_count: quantity,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} nonce=${String(req.headers.nonce ?? '')}`);
    const next = answers.shift();
    if (next) next(req, res);
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
});

/** Absolute URLs for Node's fetch: the browser resolves the same paths against the page. */
const transport = (nonce?: string) =>
  createStorefrontTransport({
    wcAjaxUrl: `${base}/?wc-ajax=%%endpoint%%`,
    nonce,
    fetch: (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return fetch(url.startsWith('/') ? `${base}${url}` : url, init);
    },
  });

describe('the storefront cart transport', () => {
  test('an add goes to wc-ajax, then the Store API cart is read in the same step', async () => {
    answers = [
      json({ fragments: { 'div.widget_shopping_cart_content': '<div></div>' }, cart_hash: 'h1' }),
      json(cart(2), 200, { 'Cart-Hash': 'h1' }),
    ];
    await expect(transport().addToCart({ product_id: '7', quantity: '2' })).resolves.toEqual({
      fragments: { 'div.widget_shopping_cart_content': '<div></div>' },
      cart_hash: 'h1',
      cart: cart(2),
    });
    expect(seen).toEqual([
      'POST /?wc-ajax=add_to_cart nonce=',
      'GET /wp-json/wc/store/v1/cart nonce=',
    ]);
  });

  test('a refused add reads nothing more (the browser goes to the product page)', async () => {
    answers = [json({ error: true, product_url: `${base}/product/mug/` })];
    await expect(transport().addToCart({ product_id: '7' })).resolves.toMatchObject({
      error: true,
    });
    expect(seen).toHaveLength(1);
  });

  test('a removal without fragments reads nothing more (the browser follows the link)', async () => {
    answers = [json({ success: false })];
    await expect(transport().removeFromCart('k1')).resolves.toEqual({ success: false });
    expect(seen).toEqual(['POST /?wc-ajax=remove_from_cart nonce=']);
  });

  test('a quantity change without a nonce is sent again once with the one the 401 carried', async () => {
    answers = [
      json({ code: 'woocommerce_rest_missing_nonce', message: 'Missing nonce' }, 401, {
        Nonce: 'n1',
      }),
      json(cart(3)),
    ];
    await expect(transport().updateItem!('k1', 3)).resolves.toMatchObject({ cart: cart(3) });
    expect(seen).toEqual([
      'POST /wp-json/wc/store/v1/cart/update-item nonce=',
      'POST /wp-json/wc/store/v1/cart/update-item nonce=n1',
    ]);
  });

  test('the nonce printed into the page goes with the first quantity change', async () => {
    answers = [json(cart(3), 200, { Nonce: 'n2' }), json(cart(4))];
    const t = transport('n0');
    await expect(t.updateItem!('k1', 3)).resolves.toMatchObject({ cart: cart(3) });
    await t.updateItem!('k1', 4);
    expect(seen).toEqual([
      'POST /wp-json/wc/store/v1/cart/update-item nonce=n0',
      'POST /wp-json/wc/store/v1/cart/update-item nonce=n2',
    ]);
  });

  test('a stale nonce (403 with a fresh one) is also sent again once', async () => {
    const t = transport();
    answers = [
      json({ code: 'woocommerce_rest_missing_nonce', message: 'Missing' }, 401, { Nonce: 'n1' }),
      json(cart(3)),
      json({ code: 'woocommerce_rest_invalid_nonce', message: 'Bad' }, 403, { Nonce: 'n2' }),
      json(cart(4)),
    ];
    await t.updateItem!('k1', 3);
    await expect(t.updateItem!('k1', 4)).resolves.toMatchObject({ cart: cart(4) });
    expect(seen.map((line) => line.split(' nonce=')[1])).toEqual(['', 'n1', 'n1', 'n2']);
  });

  test('a refusal without a newer nonce is the caller’s error (never a loop)', async () => {
    const refused = json({ code: 'woocommerce_rest_invalid_nonce', message: 'Bad' }, 401, {
      Nonce: 'n2',
    });
    answers = [refused, refused, refused];
    await expect(transport().updateItem!('k1', 3)).rejects.toMatchObject({
      code: 'http_error',
      status: 401,
    });
    expect(seen).toHaveLength(2);
  });
});
