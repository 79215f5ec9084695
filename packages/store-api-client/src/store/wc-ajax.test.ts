import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createApiFetch } from '../api-fetch';
import { json, startServer } from '../test/http-server';
import type { TestServer } from '../test/http-server';
import { addToCart, getRefreshedFragments, removeFromCart } from './wc-ajax';

let store: TestServer;
beforeAll(async () => {
  store = await startServer();
});
afterEach(() => store.reset());
afterAll(() => store.close());

const fragments = {
  fragments: {
    'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content">…</div>',
  },
  cart_hash: 'abc123',
};
const apiFetch = () => createApiFetch({ root: `${store.origin}/wp-json/` });

describe('wc-ajax helpers', () => {
  test('addToCart posts the button fields form-encoded to /?wc-ajax=add_to_cart', async () => {
    store.respond(json(200, fragments));
    await expect(
      addToCart(apiFetch(), { product_id: 15, quantity: 2, product_sku: 'woo-beanie' }),
    ).resolves.toEqual(fragments);
    const [request] = store.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/?wc-ajax=add_to_cart&_locale=user');
    expect(request?.headers['content-type']).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(request?.body).toBe('product_id=15&quantity=2&product_sku=woo-beanie');
  });

  test('addToCart resolves with the error and product_url when WooCommerce refuses the add', async () => {
    store.respond(json(200, { error: true, product_url: 'https://shop.example/product/beanie/' }));
    await expect(addToCart(apiFetch(), { product_id: 15 })).resolves.toEqual({
      error: true,
      product_url: 'https://shop.example/product/beanie/',
    });
  });

  test('addToCart resolves with product_url false for a product that does not exist (WooCommerce 10.2.4)', async () => {
    store.respond(json(200, { error: true, product_url: false }));
    await expect(addToCart(apiFetch(), { product_id: 999999 })).resolves.toEqual({
      error: true,
      product_url: false,
    });
  });

  test('removeFromCart posts cart_item_key and resolves with { success: false } on failure', async () => {
    store.respond(json(200, { success: false }));
    await expect(removeFromCart(apiFetch(), 'c4ca4238')).resolves.toEqual({ success: false });
    expect(store.requests[0]?.url).toBe('/?wc-ajax=remove_from_cart&_locale=user');
    expect(store.requests[0]?.body).toBe('cart_item_key=c4ca4238');
  });

  test('getRefreshedFragments posts time={now}', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    try {
      store.respond(json(200, fragments));
      await expect(getRefreshedFragments(apiFetch())).resolves.toEqual(fragments);
      expect(store.requests[0]?.url).toBe('/?wc-ajax=get_refreshed_fragments&_locale=user');
      expect(store.requests[0]?.body).toBe('time=1700000000000');
    } finally {
      vi.useRealTimers();
    }
  });

  test('uses the site of a subdirectory root, or the wc_ajax_url it is given', async () => {
    store.respond(json(200, fragments));
    await getRefreshedFragments(createApiFetch({ root: `${store.origin}/shop/wp-json/` }));
    await getRefreshedFragments(apiFetch(), { url: `${store.origin}/en/?wc-ajax=%%endpoint%%` });
    expect(store.requests.map((request) => request.url)).toEqual([
      '/shop/?wc-ajax=get_refreshed_fragments&_locale=user',
      '/en/?wc-ajax=get_refreshed_fragments&_locale=user',
    ]);
  });

  test.each([
    ['-1 (unknown action)', -1],
    ['an object without fragments', { cart_hash: 'x' }],
    ['null', null],
  ])('rejects %s with invalid_response', async (_title, body) => {
    store.respond(json(200, body));
    await expect(removeFromCart(apiFetch(), 'k')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  test.each([
    ['addToCart without a product id', () => addToCart(apiFetch(), {} as { product_id: number })],
    [
      'addToCart with a non-numeric product id',
      () => addToCart(apiFetch(), { product_id: '1; x' }),
    ],
    ['removeFromCart with an empty key', () => removeFromCart(apiFetch(), '')],
  ])('refuses %s with invalid_request before any request', async (_title, call) => {
    await expect(call()).rejects.toMatchObject({ code: 'invalid_request' });
    expect(store.requests).toHaveLength(0);
  });
});
