/**
 * Attack suite, finding 2 of the security issue: no field of request data reaches a regular
 * expression that takes more than linear time. Each hostile field is sent through its real route
 * at two sizes, n and 8n, up to what the route accepts; linear work takes about 8× as long,
 * quadratic work 64×. On the commit before the fix a 32 kB email held the store for 1.2 s.
 * Times are the best of several runs, so a busy machine does not decide the verdict.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const ACCOUNT = '/wp-json/cartwright/v1/account';

type Fields = {
  username?: (n: number) => string;
  password?: (n: number) => string;
  userAgent?: (n: number) => string;
};
let registrations = 0;

describe.each(drivers)('hostile fields take linear time on $name', (driver) => {
  let t: TestStore;
  let productId: number;
  beforeAll(async () => {
    t = await driver.open();
    const products = await t.store.app.inject('/wp-json/wc/store/v1/products?per_page=10');
    productId = products
      .json<{ id: number; is_in_stock: boolean }[]>()
      .find((product) => product.is_in_stock)!.id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** The best time of `runs` calls of `send`, in milliseconds. */
  async function best(send: () => Promise<{ statusCode: number }>, runs = 3): Promise<number> {
    let fastest = Infinity;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await send();
      fastest = Math.min(fastest, performance.now() - start);
      expect(response.statusCode).toBeLessThan(500);
    }
    return fastest;
  }

  async function expectLinear(
    make: (n: number) => () => Promise<{ statusCode: number }>,
    n: number,
  ) {
    const small = await best(make(n));
    const large = await best(make(8 * n));
    // Linear is ~8× (and request overhead makes it less); quadratic would be ~64×.
    expect(large / Math.max(small, 1)).toBeLessThan(24);
  }

  async function checkoutShopper() {
    const shopper = new Shopper(t.store.app);
    await shopper.api('cart/add-item', { id: productId, quantity: 1 });
    return shopper;
  }

  const address = (email: string) => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    address_1: '1 Lab Road',
    city: 'London',
    postcode: 'N1 9GU',
    country: 'GB',
    email,
    phone: '02079460000',
  });

  test('a billing email of dotted labels (Store API checkout, up to 800 kB)', async () => {
    const shopper = await checkoutShopper();
    await expectLinear(
      (n) => () =>
        shopper.api('checkout', {
          billing_address: address(`a@${'a.'.repeat(n / 2)},`),
          shipping_address: address(''),
          payment_method: 'cod',
        }),
      100_000,
    );
  });

  test.each([
    ['a username of unterminated entities', { username: (n: number) => '&'.repeat(n) }],
    ['a password of digits between two letters', { password: (n: number) => `a${'1'.repeat(n)}b` }],
    [
      'a user agent of repeated "Android" ending in "Mobile" (attribution field)',
      { userAgent: (n: number) => `${'Android'.repeat(n / 7)}Mobile` },
    ],
  ])('%s at registration (up to 800 kB)', async (_name, fields: Fields) => {
    const shopper = new Shopper(t.store.app);
    const { nonces } = (await shopper.request({ url: ACCOUNT })).json<{
      nonces: Record<string, string>;
    }>();
    await expectLinear(
      (n) => () =>
        shopper.request({
          method: 'POST',
          url: `${ACCOUNT}/register`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            'woocommerce-register-nonce': nonces['woocommerce-register-nonce'],
            email: `someone${++registrations}@example.com`,
            password: fields.password?.(n) ?? 'a long and unusual passphrase 42',
            ...(fields.username ? { username: fields.username(n) } : {}),
            ...(fields.userAgent
              ? {
                  wc_order_attribution_source_type: 'typein',
                  wc_order_attribution_user_agent: fields.userAgent(n),
                }
              : {}),
          }),
        }),
      100_000,
    );
  });
});
