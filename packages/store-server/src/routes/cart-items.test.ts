import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const API = '/wp-json/wc/store/v1';

interface Item {
  key: string;
  id: number;
  quantity: number;
  _links: { self: { href: string; targetHints?: { allow: string[] } }[] };
}

describe.each(drivers)('the cart items collection on $name', (driver) => {
  let t: TestStore;
  let ids: number[];
  beforeAll(async () => {
    t = await driver.open();
    const products = await t.store.app.inject(`${API}/products?per_page=20&stock_status=instock`);
    ids = products
      .json<
        {
          id: number;
          is_in_stock: boolean;
          has_options: boolean;
          add_to_cart: { maximum: number };
        }[]
      >()
      // A variable product needs its options chosen: only simple products here.
      .filter((p) => p.is_in_stock && !p.has_options && p.add_to_cart.maximum >= 5)
      .map((p) => p.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** A Store API call with the shopper's cookies and nonce, any method. */
  const call = (shopper: Shopper, method: string, path: string, body?: unknown) =>
    shopper.request({
      method: method,
      url: `${API}/${path}`,
      headers: {
        ...(shopper.nonce === undefined ? {} : { nonce: shopper.nonce }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  async function shopperWithNonce() {
    const shopper = new Shopper(t.store.app);
    await shopper.api('cart/add-item', { id: ids[0], quantity: 1 });
    await call(shopper, 'DELETE', 'cart/items');
    return shopper;
  }

  test('add, read, change and remove one line through cart/items', async () => {
    const shopper = await shopperWithNonce();
    expect((await call(shopper, 'GET', 'cart/items')).json()).toEqual([]);

    const added = await call(shopper, 'POST', 'cart/items', { id: ids[1], quantity: 2 });
    expect(added.statusCode).toBe(201);
    const item = added.json<Item>();
    expect(item).toMatchObject({ id: ids[1], quantity: 2 });
    expect(item._links.self[0]!.href).toMatch(new RegExp(`/cart/items/${item.key}$`));

    const listed = (await call(shopper, 'GET', 'cart/items')).json<Item[]>();
    expect(listed.map((line) => line.key)).toEqual([item.key]);
    expect(listed[0]!._links.self[0]!.targetHints?.allow).toContain('DELETE');

    const one = await call(shopper, 'GET', `cart/items/${item.key}`);
    expect(one.json<Item>()).toMatchObject({ key: item.key, quantity: 2 });

    const changed = await call(shopper, 'PUT', `cart/items/${item.key}`, { quantity: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Item>().quantity).toBe(3);
    expect((await shopper.api('cart')).json<{ items_count: number }>().items_count).toBe(3);

    const zero = await call(shopper, 'PUT', `cart/items/${item.key}`, { quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ code: string }>().code).toBe('invalid_quantity');

    const removed = await call(shopper, 'DELETE', `cart/items/${item.key}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call(shopper, 'GET', 'cart/items')).json()).toEqual([]);
  });

  test('DELETE cart/items empties the cart', async () => {
    const shopper = await shopperWithNonce();
    await call(shopper, 'POST', 'cart/items', { id: ids[0], quantity: 1 });
    await call(shopper, 'POST', 'cart/items', { id: ids[1], quantity: 1 });
    const emptied = await call(shopper, 'DELETE', 'cart/items');
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toEqual([]);
    expect((await shopper.api('cart')).json<{ items: unknown[] }>().items).toEqual([]);
  });

  test.each(['GET', 'PUT', 'DELETE'])(
    '%s of an unknown 32-character key is the 409 with the cart; a malformed key is no route',
    async (method) => {
      const shopper = await shopperWithNonce();
      const unknown = await call(
        shopper,
        method,
        'cart/items/0123456789abcdef0123456789abcdef',
        method === 'PUT' ? { quantity: 2 } : undefined,
      );
      expect(unknown.statusCode).toBe(409);
      expect(unknown.json()).toMatchObject({
        code: 'woocommerce_rest_cart_invalid_key',
        message: 'Cart item does not exist.',
        data: { status: 409, cart: { items: [] } },
      });
      const malformed = await call(shopper, method, 'cart/items/nosuchkey');
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json<{ code: string }>().code).toBe('rest_no_route');
    },
  );

  test('a write without the nonce is refused and changes nothing', async () => {
    const shopper = await shopperWithNonce();
    shopper.nonce = undefined;
    const refused = await call(shopper, 'POST', 'cart/items', { id: ids[0], quantity: 1 });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string }>().code).toBe('woocommerce_rest_missing_nonce');
    expect((await call(shopper, 'GET', 'cart/items')).json()).toEqual([]);
  });

  test("a quantity that is not an integer is WordPress's rest_invalid_param", async () => {
    const shopper = await shopperWithNonce();
    const response = await call(shopper, 'POST', 'cart/items', { id: ids[0], quantity: 'two' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { quantity: 'quantity is not of type integer.' } },
    });
  });
});
