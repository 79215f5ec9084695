import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, products } from '../db/schema';
import { createStore } from '../store';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';
import { isTermsUrl, termsAccepted } from './terms';

describe.each(drivers)('the terms checkbox on $name', (driver) => {
  let t: TestStore;
  let productId = 0;
  beforeAll(async () => {
    t = await driver.open({ termsUrl: '/terms-and-conditions/' });
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.stockStatus, 'instock'))
      .orderBy(asc(products.id))
      .limit(1);
    productId = row!.id;
    await t.db.update(products).set({ stockQuantity: null }).where(eq(products.id, productId));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const form = (nonce: string, fields: Record<string, string> = {}) => ({
    billing_first_name: 'Grace',
    billing_last_name: 'Hopper',
    billing_address_1: 'Hauptstraße 12',
    billing_city: 'Berlin',
    billing_postcode: '10115',
    billing_country: 'DE',
    billing_email: 'grace@example.com',
    payment_method: 'cod',
    order_comments: 'Ring twice, please.',
    'woocommerce-process-checkout-nonce': nonce,
    ...fields,
  });

  test('the settings name the terms page; a classic checkout without the box ticked orders nothing', async () => {
    const shopper = new Shopper(t.store.app);
    const settings = await shopper.request({ url: '/wp-json/cartwright/v1/settings' });
    expect(settings.json<{ terms_url: string | null }>().terms_url).toBe('/terms-and-conditions/');
    await shopper.ajax('add_to_cart', { product_id: String(productId) });
    const nonce = (await shopper.api('checkout')).json<{
      extensions: { cartwright: { process_checkout_nonce: string } };
    }>().extensions.cartwright.process_checkout_nonce;
    const placed = async () =>
      (await t.db.select().from(orders)).filter((order) => order.status !== 'checkout-draft')
        .length;
    const before = await placed();
    // Without `terms`, even when the form does not say it showed the box (`terms-field`).
    const refused = await shopper.ajax('checkout', form(nonce), '/checkout/');
    expect(refused.json()).toEqual({
      result: 'failure',
      messages:
        '<ul class="woocommerce-error" role="alert"><li data-id="terms">Please read and accept the terms and conditions to proceed with your order.</li></ul>',
      refresh: false,
      reload: false,
    });
    expect(await placed()).toBe(before);
    const accepted = await shopper.ajax(
      'checkout',
      form(nonce, { terms: 'on', 'terms-field': '1' }),
      '/checkout/',
    );
    const body = accepted.json<{ result: string; order_id: number }>();
    expect(body.result).toBe('success');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(row!.customerNote).toBe('Ring twice, please.');
  });

  test('without a terms page there is no checkbox to tick', async () => {
    const plain = await driver.open();
    try {
      const settings = await new Shopper(plain.store.app).request({
        url: '/wp-json/cartwright/v1/settings',
      });
      expect(settings.json<{ terms_url: string | null }>().terms_url).toBeNull();
    } finally {
      await plain.cleanup();
    }
  });
});

describe('terms settings', () => {
  test.each([
    ['on', true],
    ['1', true],
    ['', false],
    ['off', false],
  ])('terms=%s is accepted: %s', (value, accepted) => {
    expect(termsAccepted(value)).toBe(accepted);
  });

  test.each([
    ['/terms/', true],
    ['https://shop.example.com/terms/', true],
    ['//evil.example/terms', false],
    ['javascript:alert(1)', false],
    ['terms', false],
  ])('termsUrl %s is usable: %s', (value, usable) => {
    expect(isTermsUrl(value)).toBe(usable);
  });

  test('createStore refuses a termsUrl that is not a path or an http(s) URL', async () => {
    await expect(createStore({ inMemory: true, termsUrl: 'javascript:alert(1)' })).rejects.toThrow(
      /termsUrl must be/,
    );
  });
});
