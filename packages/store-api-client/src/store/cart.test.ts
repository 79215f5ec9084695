import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createApiFetch } from '../api-fetch';
import { json, startServer } from '../test/http-server';
import type { RecordedRequest, TestServer } from '../test/http-server';
import { createStoreApi } from './cart';
import type { StoreApi } from './cart';

let store: TestServer;
beforeAll(async () => {
  store = await startServer();
});
afterEach(() => store.reset());
afterAll(() => store.close());

const emptyCart = { items: [], items_count: 0, totals: { total_price: '0' } };
const apiFetch = () => createApiFetch({ root: `${store.origin}/wp-json/` });
const sent = (request: RecordedRequest | undefined) => [
  request?.headers.nonce,
  request?.headers['cart-token'],
];

/** A Store API that hands out `nonce-{n}` and `token-{n}` and wants the latest nonce on writes. */
function sessionStore() {
  let issued = 0;
  store.respond((request, response) => {
    const expected = `nonce-${issued}`;
    issued += 1;
    const headers = { Nonce: `nonce-${issued}`, 'Cart-Token': `token-${issued}` };
    if (request.method === 'POST' && request.headers.nonce !== expected) {
      const missing = request.headers.nonce === undefined;
      return json(
        missing ? 401 : 403,
        {
          code: missing ? 'woocommerce_rest_missing_nonce' : 'woocommerce_rest_invalid_nonce',
          message: missing ? 'Missing the Nonce header.' : 'Nonce is invalid.',
          data: { status: missing ? 401 : 403 },
        },
        headers,
      )(request, response);
    }
    json(request.url.includes('add-item') ? 201 : 200, emptyCart, headers)(request, response);
  });
}

describe('createStoreApi: Nonce and Cart-Token', () => {
  test('onResponse sees the final answer of a call, after a nonce refresh, before its body', async () => {
    sessionStore();
    const storeApi = createStoreApi(apiFetch());
    const seen: string[] = [];
    await storeApi.updateItem('abc', 2, {
      onResponse: (response) =>
        seen.push(
          `${response.status} ${response.headers.get('Nonce')} ${String(response.bodyUsed)}`,
        ),
    });
    // A 401 without a nonce (it carries a fresh one), then the retried write: only that is reported.
    expect(sent(store.requests[1])).toEqual(['nonce-1', 'token-1']);
    expect(seen).toEqual(['200 nonce-2 false']);
  });

  test('keeps the Nonce and Cart-Token response headers and sends them back', async () => {
    sessionStore();
    const storeApi = createStoreApi(apiFetch());
    await storeApi.getCart();
    await storeApi.addItem({ id: 15, quantity: 2 });
    expect(sent(store.requests[0])).toEqual([undefined, undefined]);
    expect(sent(store.requests[1])).toEqual(['nonce-1', 'token-1']);
    expect(JSON.parse(store.requests[1]?.body ?? '')).toEqual({ id: 15, quantity: 2 });
    expect(storeApi.getSession()).toEqual({ nonce: 'nonce-2', cartToken: 'token-2' });
  });

  test('starts from the nonce and cart token it is given', async () => {
    store.respond(json(200, emptyCart));
    const storeApi = createStoreApi(apiFetch(), { nonce: 'ssr-nonce', cartToken: 'ssr-token' });
    await storeApi.removeItem('abc');
    expect(sent(store.requests[0])).toEqual(['ssr-nonce', 'ssr-token']);
  });

  test('sendCartToken: false keeps the token but does not send it', async () => {
    sessionStore();
    const storeApi = createStoreApi(apiFetch(), { sendCartToken: false });
    await storeApi.getCart();
    await storeApi.getCart();
    expect(sent(store.requests[1])).toEqual(['nonce-1', undefined]);
    expect(storeApi.getSession().cartToken).toBe('token-2');
  });

  test('a write refused for a missing nonce fetches the cart for one and is retried once', async () => {
    sessionStore();
    const storeApi = createStoreApi(apiFetch());
    await expect(storeApi.updateItem('key-1', 3)).resolves.toEqual(emptyCart);
    expect(store.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /wp-json/wc/store/v1/cart/update-item?_locale=user',
      'POST /wp-json/wc/store/v1/cart/update-item?_locale=user',
    ]);
    // The 401 itself carried a fresh Nonce header, so no extra GET was needed.
    expect(sent(store.requests[1])[0]).toBe('nonce-1');
  });

  test('without a Nonce on the error, it reads the cart once for concurrent failures, then retries each', async () => {
    let issued = 0;
    store.respond((request, response) => {
      if (request.method === 'GET') {
        issued += 1;
        return json(200, emptyCart, { Nonce: 'good' })(request, response);
      }
      if (request.headers.nonce === 'good') return json(200, emptyCart)(request, response);
      json(403, { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.' })(
        request,
        response,
      );
    });
    const storeApi = createStoreApi(apiFetch(), { nonce: 'stale' });
    await Promise.all([
      storeApi.removeItem('a'),
      storeApi.removeItem('b'),
      storeApi.removeItem('c'),
    ]);
    expect(issued).toBe(1);
    expect(store.requests.filter((request) => request.headers.nonce === 'good')).toHaveLength(3);
  });

  test('a write that fails again after the retry rejects (one retry only)', async () => {
    store.respond(
      json(
        403,
        { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.' },
        {
          Nonce: 'another',
        },
      ),
    );
    const storeApi = createStoreApi(apiFetch(), { nonce: 'stale' });
    await expect(storeApi.addItem({ id: 1 })).rejects.toMatchObject({
      code: 'woocommerce_rest_invalid_nonce',
    });
    expect(store.requests).toHaveLength(2);
  });
});

describe('createStoreApi: requests and responses', () => {
  test.each([
    [
      'addItem',
      'cart/add-item',
      (api: StoreApi) => api.addItem({ id: 15, variation: [{ attribute: 'Color', value: 'Red' }] }),
      { id: 15, quantity: 1, variation: [{ attribute: 'Color', value: 'Red' }] },
    ],
    ['removeItem', 'cart/remove-item', (api: StoreApi) => api.removeItem('k1'), { key: 'k1' }],
    [
      'updateItem',
      'cart/update-item',
      (api: StoreApi) => api.updateItem('k1', 4),
      { key: 'k1', quantity: 4 },
    ],
    [
      'applyCoupon',
      'cart/apply-coupon',
      (api: StoreApi) => api.applyCoupon(' lab10 '),
      { code: 'lab10' },
    ],
    [
      'removeCoupon',
      'cart/remove-coupon',
      (api: StoreApi) => api.removeCoupon('lab10'),
      { code: 'lab10' },
    ],
    [
      'updateCustomer',
      'cart/update-customer',
      (api: StoreApi) => api.updateCustomer({ shipping_address: { country: 'US', state: 'NY' } }),
      { shipping_address: { country: 'US', state: 'NY' } },
    ],
    [
      'selectShippingRate',
      'cart/select-shipping-rate',
      (api: StoreApi) => api.selectShippingRate('local_pickup:3', 0),
      { rate_id: 'local_pickup:3', package_id: 0 },
    ],
    [
      'selectShippingRate (every package)',
      'cart/select-shipping-rate',
      (api: StoreApi) => api.selectShippingRate('flat_rate:1'),
      { rate_id: 'flat_rate:1' },
    ],
  ])(
    '%s posts JSON to /wc/store/v1/%s and resolves with the cart',
    async (_method, endpoint, call, body) => {
      store.respond(json(200, emptyCart));
      await expect(call(createStoreApi(apiFetch()))).resolves.toEqual(emptyCart);
      expect(store.requests[0]?.url).toBe(`/wp-json/wc/store/v1/${endpoint}?_locale=user`);
      expect(JSON.parse(store.requests[0]?.body ?? '')).toEqual(body);
    },
  );

  test('addItem sends quantity 1 when none is given', async () => {
    store.respond(json(201, emptyCart));
    await createStoreApi(apiFetch()).addItem({ id: 15 });
    expect(JSON.parse(store.requests[0]?.body ?? '')).toEqual({ id: 15, quantity: 1 });
  });

  test('checkout posts the order and resolves with the payment result', async () => {
    const order = {
      order_id: 7,
      status: 'on-hold',
      payment_result: { payment_status: 'success', redirect_url: '/r' },
    };
    store.respond(json(200, order));
    const result = await createStoreApi(apiFetch()).checkout({
      billing_address: { email: 'a@b.example' },
      shipping_address: {},
      payment_method: 'cod',
      extensions: { 'woocommerce/order-attribution': { source_type: 'typein' } },
    });
    expect(result).toEqual(order);
    expect(store.requests[0]?.url).toBe('/wp-json/wc/store/v1/checkout?_locale=user');
  });

  test('a 409 keeps the server cart in the error data', async () => {
    store.respond(
      json(409, {
        code: 'woocommerce_rest_cart_invalid_key',
        message: 'Cart item no longer exists or is invalid.',
        data: { status: 409, cart: emptyCart },
      }),
    );
    await expect(createStoreApi(apiFetch()).removeItem('gone')).rejects.toMatchObject({
      code: 'woocommerce_rest_cart_invalid_key',
      data: { cart: emptyCart },
    });
  });

  test('a cart response without items rejects with invalid_response', async () => {
    store.respond(json(200, { hello: 'world' }));
    await expect(createStoreApi(apiFetch()).getCart()).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  test.each([
    [
      'addItem without an id',
      (api: ReturnType<typeof createStoreApi>) => api.addItem({} as { id: number }),
    ],
    [
      'addItem with quantity 0',
      (api: ReturnType<typeof createStoreApi>) => api.addItem({ id: 1, quantity: 0 }),
    ],
    [
      'removeItem with an empty key',
      (api: ReturnType<typeof createStoreApi>) => api.removeItem(' '),
    ],
    [
      'applyCoupon with an empty code',
      (api: ReturnType<typeof createStoreApi>) => api.applyCoupon('  '),
    ],
    [
      'removeCoupon with a code that is not a string',
      (api: ReturnType<typeof createStoreApi>) => api.removeCoupon(5 as unknown as string),
    ],
    [
      'updateItem with a fraction',
      (api: ReturnType<typeof createStoreApi>) => api.updateItem('k', 1.5),
    ],
    [
      'selectShippingRate without a rate id',
      (api: ReturnType<typeof createStoreApi>) => api.selectShippingRate(''),
    ],
    [
      'selectShippingRate with a negative package',
      (api: ReturnType<typeof createStoreApi>) => api.selectShippingRate('flat_rate:1', -1),
    ],
    [
      'checkout without a payment method',
      (api: ReturnType<typeof createStoreApi>) =>
        api.checkout({} as Parameters<typeof api.checkout>[0]),
    ],
  ])('refuses %s with invalid_request before any request', async (_title, call) => {
    await expect(call(createStoreApi(apiFetch()))).rejects.toMatchObject({
      name: 'StoreApiError',
      code: 'invalid_request',
    });
    expect(store.requests).toHaveLength(0);
  });
});
