// cart-queue against the real store server (@cartwright/store-server on in-memory PGlite, seeded
// with the demo shop), over real HTTP on loopback, through @cartwright/store-api-client: the
// adapters, the controller's queue, counts and warnings meet the store's real answers instead of
// hand-written stubs. Node's fetch keeps no cookies, so a small cookie jar stands in for the
// browser's; everything else is the production code on both sides.
import type { AddressInfo } from 'node:net';
import { createApiFetch, type StoreCart, type StoreProduct } from '@cartwright/store-api-client';
import { createStoreApi } from '@cartwright/store-api-client/store';
import { createStore, type Store } from '@cartwright/store-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCartController } from '../cart';
import { createStoreApiTransport } from '../store-api';
import { createWcAjaxTransport } from '../transport';

let store: Store;
let origin: string;
let products: StoreProduct[];

beforeAll(async () => {
  store = await createStore({ inMemory: true, cartRedirectAfterAdd: 'no' });
  await store.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  const response = await fetch(`${origin}/wp-json/wc/store/v1/products?per_page=100`);
  products = ((await response.json()) as StoreProduct[]).filter(
    (product) => product.type === 'simple' && product.is_purchasable && product.is_in_stock,
  );
});
afterAll(async () => {
  await store.close();
});

/** A browser-like cookie jar around the platform fetch, logging every exchange. */
function browser(options: { cookies?: boolean } = {}) {
  const cookies = new Map<string, string>();
  const log: string[] = [];
  const fetchWithCookies: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const url = input instanceof Request ? input.url : input.toString();
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    if (options.cookies !== false) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        const value = pair.slice(index + 1);
        if (/max-age=0/i.test(line) || value === '') cookies.delete(pair.slice(0, index));
        else cookies.set(pair.slice(0, index), value);
      }
    }
    const { pathname, search } = new URL(url);
    const query = search.replace(/[?&]_locale=user/, '').replace(/^&/, '?');
    log.push(`${init.method ?? 'GET'} ${pathname}${query} → ${response.status}`);
    return response;
  };
  const apiFetch = createApiFetch({
    root: `${origin}/wp-json/`,
    fetch: fetchWithCookies,
    timeout: 10_000,
  });
  return { apiFetch, log };
}

/** The storefront's shape (decision 0008): wc-ajax changes, Store API reads and quantities. */
function storefrontCart() {
  const { apiFetch, log } = browser();
  const session = createStoreApi(apiFetch);
  const controller = createCartController({
    transport: createWcAjaxTransport({ apiFetch, store: session }),
    cartUrl: '/cart/',
    origin,
    redirectAfterAdd: false,
    navigate: () => {
      throw new Error('nothing here should navigate');
    },
  });
  return { controller, log, session };
}

const line = (cart: StoreCart | null, id: number) => cart?.items.find((item) => item.id === id);

describe('cart-queue against the real store server', () => {
  test('the storefront’s transport: add over wc-ajax, quantities over the Store API, remove', async () => {
    const [mug, tee] = products;
    const { controller, log, session } = storefrontCart();

    const added = controller.add(String(mug!.id), {
      data: { product_id: String(mug!.id), quantity: '2' },
    });
    expect(controller.getSnapshot().itemCount).toBeNull(); // no cart known yet
    await expect(added).resolves.toMatchObject({ type: 'added' });
    await controller.add(String(tee!.id), { data: { product_id: String(tee!.id) } });
    let snapshot = controller.getSnapshot();
    expect(snapshot.itemCount).toBe(3);
    expect(line(snapshot.cart, mug!.id)).toMatchObject({ quantity: 2, name: mug!.name });
    expect(snapshot.cartHash).toMatch(/^[0-9a-f]{32}$/);

    const key = line(snapshot.cart, mug!.id)!.key;
    const changed = controller.setQuantity(key, 4);
    expect(controller.getSnapshot().itemCount).toBe(5); // optimistic, counted once
    await expect(changed).resolves.toMatchObject({ type: 'updated' });
    expect(controller.getSnapshot()).toMatchObject({ itemCount: 5, warnings: [] });

    await expect(controller.remove(key, { href: '/cart/' })).resolves.toMatchObject({
      type: 'removed',
    });
    snapshot = controller.getSnapshot();
    expect(snapshot.itemCount).toBe(1);
    expect(line(snapshot.cart, mug!.id)).toBeUndefined();
    // The store itself holds what the controller shows.
    const cart = await session.getCart();
    expect(cart.items.map((item) => [item.id, item.quantity])).toEqual([[tee!.id, 1]]);

    expect(log).toEqual([
      'POST /?wc-ajax=add_to_cart → 200',
      'GET /wp-json/wc/store/v1/cart → 200',
      'POST /?wc-ajax=add_to_cart → 200',
      'GET /wp-json/wc/store/v1/cart → 200',
      // The session already holds the nonce the cart reads brought: no refusal first.
      'POST /wp-json/wc/store/v1/cart/update-item → 200',
      'POST /?wc-ajax=remove_from_cart → 200',
      'GET /wp-json/wc/store/v1/cart → 200',
      'GET /wp-json/wc/store/v1/cart → 200',
    ]);
  });

  test('a first write without a nonce is refused once and sent again by the client', async () => {
    const [mug] = products;
    const { apiFetch, log } = browser();
    const controller = createCartController({
      transport: createStoreApiTransport({ store: createStoreApi(apiFetch) }),
      cartUrl: '/cart/',
      origin,
      redirectAfterAdd: false,
    });
    await expect(
      controller.add(String(mug!.id), { data: { product_id: String(mug!.id) } }),
    ).resolves.toMatchObject({ type: 'added' });
    expect(controller.getSnapshot().itemCount).toBe(1);
    expect(log).toEqual([
      'POST /wp-json/wc/store/v1/cart/add-item → 401',
      'POST /wp-json/wc/store/v1/cart/add-item → 201',
    ]);
  });

  test('headless, without cookies: the Cart-Token carries the cart from request to request', async () => {
    const [mug, tee] = products;
    const { apiFetch, log } = browser({ cookies: false });
    const session = createStoreApi(apiFetch);
    const transport = createStoreApiTransport({ store: session });
    await transport.refresh(); // the first nonce and cart token
    await transport.addToCart({ product_id: String(mug!.id) });
    const answer = await transport.addToCart({ product_id: String(tee!.id), quantity: '2' });
    expect(answer?.cart?.items_count).toBe(3);
    expect(session.getSession().cartToken).toBeTruthy();
    // A client without the token is another shopper with an empty cart.
    const stranger = await createStoreApiTransport({
      store: createStoreApi(browser({ cookies: false }).apiFetch),
    }).refresh();
    expect(stranger.cart?.items_count).toBe(0);
    expect(log.filter((entry) => entry.includes('→ 4'))).toEqual([]);
  });

  test('a line removed elsewhere: the quantity change gets the store’s 409 cart and a named warning', async () => {
    const [mug, tee] = products;
    const { controller, session } = storefrontCart();
    await controller.add(String(mug!.id), { data: { product_id: String(mug!.id) } });
    await controller.add(String(tee!.id), { data: { product_id: String(tee!.id) } });
    const key = line(controller.getSnapshot().cart, mug!.id)!.key;
    // "Another tab" of the same session removes the line.
    await session.removeItem(key);

    await expect(controller.setQuantity(key, 3)).resolves.toMatchObject({ type: 'updated' });
    expect(controller.getSnapshot()).toMatchObject({
      itemCount: 1,
      warnings: [{ type: 'item_gone', key, name: mug!.name }],
    });
  });

  test('the store’s refusals are the client’s typed errors, and an unknown product is add_refused', async () => {
    const { apiFetch } = browser();
    const headless = createCartController({
      transport: createStoreApiTransport({ store: createStoreApi(apiFetch) }),
      cartUrl: '/cart/',
      origin,
      redirectAfterAdd: false,
    });
    const missing = await headless.add('x', { data: { product_id: '999999' } });
    expect(missing).toMatchObject({
      type: 'failed',
      error: {
        name: 'StoreApiError',
        code: 'woocommerce_rest_cart_invalid_product',
        data: { status: 400 },
      },
    });

    // wc-ajax answers {error: true, product_url: false}: nowhere to go, so the add fails.
    const classic = storefrontCart().controller;
    await expect(classic.add('x', { data: { product_id: '999999' } })).resolves.toMatchObject({
      type: 'failed',
      error: { name: 'StoreApiError', code: 'add_refused' },
    });
    expect(classic.getSnapshot().buttons.x).toMatchObject({ status: 'error' });
  });
});
