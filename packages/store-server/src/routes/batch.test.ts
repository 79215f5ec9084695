import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fingerprint } from '../test/fingerprint';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const API = '/wp-json/wc/store/v1';

interface BatchAnswer {
  responses: { status: number; headers: Record<string, string | number>; body: unknown }[];
}

describe.each(drivers)('POST batch on $name', (driver) => {
  let t: TestStore;
  let ids: number[];
  beforeAll(async () => {
    t = await driver.open();
    ids = (await t.store.app.inject(`${API}/products?per_page=20`))
      .json<{ id: number; is_in_stock: boolean; has_options: boolean }[]>()
      // A variable product needs its options chosen: only simple products here.
      .filter((p) => p.is_in_stock && !p.has_options)
      .map((p) => p.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const batch = (shopper: Shopper, body: unknown) =>
    shopper.request({
      method: 'POST',
      url: `${API}/batch`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  async function shopperWithNonce() {
    const shopper = new Shopper(t.store.app);
    await shopper.api('cart/add-item', { id: ids[0], quantity: 1 });
    return shopper;
  }

  test('runs each request in order with its own nonce and answers 207 with each status, headers and body', async () => {
    const shopper = await shopperWithNonce();
    const nonce = shopper.nonce!;
    const response = await batch(shopper, {
      requests: [
        {
          method: 'POST',
          path: '/wc/store/v1/cart/add-item',
          body: { id: ids[1], quantity: 2 },
          headers: { Nonce: nonce },
        },
        {
          method: 'POST',
          path: '/wc/store/v1/cart/add-item',
          body: { id: 999999 },
          headers: { Nonce: nonce },
        },
        { method: 'POST', path: '/wc/store/v1/cart/add-item', body: { id: ids[1] } },
      ],
    });
    expect(response.statusCode).toBe(207);
    const { responses } = response.json<BatchAnswer>();
    expect(responses.map((r) => r.status)).toEqual([201, 400, 401]);
    expect(typeof responses[0]!.headers.Nonce).toBe('string');
    expect(responses[0]!.headers['User-ID']).toBe(0);
    // WordPress's Allow: the inner route's methods.
    expect(responses[0]!.headers.Allow).toBe('POST');
    expect(typeof responses[0]!.headers['Nonce-Timestamp']).toBe('number');
    expect((responses[1]!.body as { code: string }).code).toBe(
      'woocommerce_rest_cart_invalid_product',
    );
    expect((responses[2]!.body as { code: string }).code).toBe('woocommerce_rest_missing_nonce');
    const cart = (await shopper.api('cart')).json<{ items_count: number }>();
    expect(cart.items_count).toBe(3);
    expect(String(response.headers['set-cookie'])).toContain('woocommerce_cart_hash=');
  });

  test.each([
    [
      'a path outside the Store API',
      { requests: [{ method: 'POST', path: '/wp/v2/users/me', body: {} }] },
      'woocommerce_rest_invalid_path',
    ],
    [
      'a dot segment out of the Store API',
      { requests: [{ method: 'POST', path: '/wc/store/../../wp/v2/settings', body: {} }] },
      'woocommerce_rest_invalid_path',
    ],
    ['a GET', { requests: [{ method: 'GET', path: '/wc/store/v1/cart' }] }, 'rest_invalid_param'],
    ['no requests', {}, 'rest_missing_callback_param'],
    [
      '26 requests',
      { requests: Array.from({ length: 26 }, () => ({ path: '/wc/store/v1/cart/add-item' })) },
      'rest_invalid_param',
    ],
  ])('%s is refused and changes nothing', async (_name, body, code) => {
    const shopper = await shopperWithNonce();
    const before = await fingerprint(t.db);
    const response = await batch(shopper, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe(code);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  test('a batched request cannot speak for another client: forwarded addresses and hosts are dropped', async () => {
    const shopper = await shopperWithNonce();
    const response = await batch(shopper, {
      requests: [
        {
          path: '/wc/store/v1/cart/add-item',
          body: { id: ids[1] },
          headers: {
            Nonce: shopper.nonce,
            'X-Forwarded-For': '203.0.113.9',
            Host: 'evil.example',
            Cookie: 'x=1',
          },
        },
      ],
    });
    const [inner] = response.json<BatchAnswer>().responses;
    expect(inner!.status).toBe(201);
    expect(JSON.stringify(inner!.body)).not.toContain('evil.example');
  });
});
