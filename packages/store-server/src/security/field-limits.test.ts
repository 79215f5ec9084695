/**
 * Issue 13, finding 6: address fields had no length limit (a 900,000-character name was stored).
 * Every path that stores an address (the Store API checkout, the classic checkout form, the
 * account's address edit) refuses a field longer than WooCommerce's own columns with a clear
 * error naming the field, stores nothing, and still takes a value at the limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FIELD_MAX_LENGTH } from '../checkout/address';
import { drivers, type TestStore } from '../test/drivers';
import { fingerprint } from '../test/fingerprint';
import { Shopper } from '../test/shopper';

const BILLING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '14 Baker Street',
  city: 'London',
  postcode: 'NW1 6XE',
  country: 'GB',
  email: 'ada@example.com',
  phone: '020 7946 0000',
};
const HUGE = 'A'.repeat(900_000);

interface CheckoutError {
  code: string;
  message: string;
  data: {
    status: number;
    params: Record<string, string>;
    details: Record<string, { code: string; data: { field: string } }>;
  };
}

describe.each(drivers)('address field limits on $name', (driver) => {
  let t: TestStore;
  let productId: number;
  beforeAll(async () => {
    t = await driver.open();
    const products = await t.store.app.inject('/wp-json/wc/store/v1/products?per_page=20');
    productId = products
      .json<{ id: number; is_in_stock: boolean; has_options: boolean }[]>()
      // A simple product: a variable one needs its options chosen.
      .find((product) => product.is_in_stock && !product.has_options)!.id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function shopperWithCart() {
    const shopper = new Shopper(t.store.app);
    expect((await shopper.api('cart/add-item', { id: productId, quantity: 1 })).statusCode).toBe(
      201,
    );
    return shopper;
  }

  test.each([
    ['first_name', HUGE],
    ['address_1', 'x'.repeat(FIELD_MAX_LENGTH.address_1 + 1)],
    ['city', 'x'.repeat(FIELD_MAX_LENGTH.city + 1)],
    ['postcode', '1'.repeat(FIELD_MAX_LENGTH.postcode + 1)],
    ['phone', '1'.repeat(FIELD_MAX_LENGTH.phone + 1)],
    ['email', `${'a'.repeat(250)}@example.com`],
  ])(
    'the Store API checkout refuses a too-long %s with 400 and stores nothing',
    async (field, value) => {
      const shopper = await shopperWithCart();
      const before = await fingerprint(t.db);
      const response = await shopper.api('checkout', {
        billing_address: { ...BILLING, [field]: value },
        shipping_address: BILLING,
        payment_method: 'cod',
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<CheckoutError>();
      expect(body.code).toBe('rest_invalid_param');
      expect(body.message).toBe('Invalid parameter(s): billing_address');
      expect(body.data.details.billing_address).toMatchObject({
        code: 'invalid_length',
        data: { field },
      });
      expect(body.data.params.billing_address).toMatch(/is too long \(at most \d+ characters\)$/);
      // The answer does not echo the value back.
      expect(response.body.length).toBeLessThan(2000);
      expect(await fingerprint(t.db)).toEqual(before);
    },
  );

  test('values at the limits are taken (characters, not bytes)', async () => {
    const shopper = await shopperWithCart();
    const response = await shopper.api('checkout', {
      billing_address: {
        ...BILLING,
        first_name: 'é'.repeat(FIELD_MAX_LENGTH.first_name),
        last_name: '😀'.repeat(FIELD_MAX_LENGTH.last_name),
        city: 'c'.repeat(FIELD_MAX_LENGTH.city),
      },
      shipping_address: BILLING,
      payment_method: 'cod',
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json<{ billing_address: { last_name: string } }>().billing_address.last_name,
    ).toHaveLength(2 * FIELD_MAX_LENGTH.last_name);
  });

  test('the classic checkout form refuses it with WooCommerce failure JSON and places no order', async () => {
    const shopper = new Shopper(t.store.app);
    expect((await shopper.ajax('add_to_cart', { product_id: String(productId) })).statusCode).toBe(
      200,
    );
    const nonce = (await shopper.api('checkout')).json<{
      extensions: { cartwright: { process_checkout_nonce: string } };
    }>().extensions.cartwright.process_checkout_nonce;
    const before = await fingerprint(t.db);
    const response = await shopper.ajax(
      'checkout',
      {
        ...Object.fromEntries(Object.entries(BILLING).map(([k, v]) => [`billing_${k}`, v])),
        billing_first_name: HUGE,
        payment_method: 'cod',
        'woocommerce-process-checkout-nonce': nonce,
      },
      '/checkout/',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ result: string; messages: string }>();
    expect(body.result).toBe('failure');
    expect(body.messages).toContain(
      '<strong>Billing First name</strong> is too long: it can have at most 255 characters.',
    );
    expect(body.messages.length).toBeLessThan(2000);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
