import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { originLabel } from '../checkout/attribution';
import { products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';
import { Shopper } from '../test/shopper';
import { createUser } from '../users/users';

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '14 Baker Street',
  city: 'London',
  postcode: 'NW1 6XE',
  country: 'GB',
  email: 'ada@example.com',
};

const UTM = {
  source_type: 'utm',
  referrer: '',
  utm_campaign: '(none)',
  utm_source: 'news',
  utm_medium: 'email',
  utm_content: '(none)',
  utm_id: '(none)',
  utm_term: '(none)',
  utm_source_platform: '(none)',
  utm_creative_format: '(none)',
  utm_marketing_tactic: '(none)',
  session_entry: 'http://localhost/shop/?utm_source=news&utm_medium=email',
  session_start_time: '2026-11-22 18:00:00',
  session_pages: '3',
  session_count: '1',
  user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
};

/** {@link UTM} as the shop reads it back: WooCommerce's meta in field order, `(none)` and empty values left out. */
const UTM_META = [
  { key: '_wc_order_attribution_source_type', value: 'utm' },
  { key: '_wc_order_attribution_utm_source', value: 'news' },
  { key: '_wc_order_attribution_utm_medium', value: 'email' },
  { key: '_wc_order_attribution_session_entry', value: UTM.session_entry },
  { key: '_wc_order_attribution_session_start_time', value: '2026-11-22 18:00:00' },
  { key: '_wc_order_attribution_session_pages', value: '3' },
  { key: '_wc_order_attribution_session_count', value: '1' },
  { key: '_wc_order_attribution_user_agent', value: UTM.user_agent },
  { key: '_wc_order_attribution_device_type', value: 'Mobile' },
];

describe.each(drivers)('order attribution for the shop on $name', (driver) => {
  let t: TestStore;
  let productId = 0;
  beforeAll(async () => {
    t = await driver.open();
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'publish'))
      .orderBy(asc(products.id))
      .limit(1);
    productId = row!.id;
    await t.db.update(products).set({ stockQuantity: null }).where(eq(products.id, productId));
    await createUser(t.db, {
      login: 'manager',
      email: 'manager@example.com',
      password: 'manager-password-1',
      role: 'shop_manager',
    });
    await createUser(t.db, {
      login: 'carla',
      email: 'carla@example.com',
      password: 'customer-password-1',
    });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function storeApiOrder(attribution?: Record<string, unknown>): Promise<number> {
    const shopper = new Shopper(t.store.app);
    expect((await shopper.api('cart/add-item', { id: productId, quantity: 1 })).statusCode).toBe(
      201,
    );
    const response = await shopper.api('checkout', {
      billing_address: ADDRESS,
      shipping_address: ADDRESS,
      payment_method: 'cheque',
      ...(attribution === undefined
        ? {}
        : { extensions: { 'woocommerce/order-attribution': attribution } }),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ order_id: number }>().order_id;
  }

  async function staff(login: string, password: string) {
    const browser = new Browser(t.store.app);
    await browser.logIn(login, password);
    const nonce = await browser.restNonce();
    return (id: number | string, withNonce = true, resource = 'orders') =>
      browser.request({
        url: `/wp-json/cartwright/v1/${resource}/${id}/attribution`,
        headers: withNonce ? { 'x-wp-nonce': nonce } : {},
      });
  }

  test('an administrator reads a Store API order’s attribution as WooCommerce’s meta, (none) skipped', async () => {
    const id = await storeApiOrder(UTM);
    const read = await staff(t.admin.login, t.admin.password);
    const response = await read(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    expect(response.json()).toEqual({
      order_id: id,
      origin: 'Source: News',
      source_type: 'utm',
      meta_data: UTM_META,
    });
  });

  test('a shop manager reads a classic checkout order’s attribution from its hidden inputs', async () => {
    const shopper = new Shopper(t.store.app);
    await shopper.ajax('add_to_cart', { product_id: String(productId) });
    const nonce = (await shopper.api('checkout')).json<{
      extensions: { cartwright: { process_checkout_nonce: string } };
    }>().extensions.cartwright.process_checkout_nonce;
    const fields: Record<string, string> = {
      billing_first_name: 'Grace',
      billing_last_name: 'Hopper',
      billing_address_1: 'Hauptstraße 12',
      billing_city: 'Berlin',
      billing_postcode: '10115',
      billing_country: 'DE',
      billing_email: 'grace@example.com',
      payment_method: 'cod',
      'woocommerce-process-checkout-nonce': nonce,
    };
    for (const [field, value] of Object.entries({
      ...UTM,
      source_type: 'organic',
      utm_source: 'google',
    })) {
      fields[`wc_order_attribution_${field}`] = value;
    }
    const placed = await shopper.ajax('checkout', fields, '/checkout/');
    const { order_id: id } = placed.json<{ order_id: number }>();
    const response = await (await staff('manager', 'manager-password-1'))(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      order_id: id,
      origin: 'Organic: Google',
      source_type: 'organic',
    });
  });

  test('an order placed without attribution has none, labelled Unknown', async () => {
    const id = await storeApiOrder();
    const response = await (await staff(t.admin.login, t.admin.password))(id);
    expect(response.json()).toEqual({
      order_id: id,
      origin: 'Unknown',
      source_type: '',
      meta_data: [],
    });
  });

  test('shoppers never see it: 401 for a guest or a login without nonce, 403 for a customer', async () => {
    const id = await storeApiOrder(UTM);
    const guest = await t.store.app.inject({
      url: `/wp-json/cartwright/v1/orders/${id}/attribution`,
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      message: 'Sorry, you cannot view this resource.',
      data: { status: 401 },
    });
    const adminWithoutNonce = await (await staff(t.admin.login, t.admin.password))(id, false);
    expect(adminWithoutNonce.statusCode).toBe(401);
    const customer = await (await staff('carla', 'customer-password-1'))(id);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
    expect(JSON.stringify(customer.json())).not.toContain('news');
  });

  test('an unknown, malformed or draft order id is a 404', async () => {
    const read = await staff(t.admin.login, t.admin.password);
    const shopper = new Shopper(t.store.app);
    await shopper.api('cart/add-item', { id: productId, quantity: 1 });
    const draft = (await shopper.api('checkout')).json<{ order_id: number }>().order_id;
    for (const id of [999999, 'abc', draft]) {
      const response = await read(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'woocommerce_rest_shop_order_invalid_id' });
    }
  });

  /** Registers through the my-account route with `fields` posted beside the form's own. */
  async function registerWith(email: string, fields: Record<string, unknown>): Promise<number> {
    const shopper = new Shopper(t.store.app);
    const account = (await shopper.request({ url: '/wp-json/cartwright/v1/account' })).json<{
      nonces: Record<string, string>;
    }>();
    const response = await shopper.request({
      method: 'POST',
      url: '/wp-json/cartwright/v1/account/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        'woocommerce-register-nonce': account.nonces['woocommerce-register-nonce'],
        email,
        password: 'Correct-Horse-Battery-9',
        ...fields,
      }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  const customerAttribution = async (id: number | string) =>
    (await staff(t.admin.login, t.admin.password))(id, true, 'customers');

  test('registering stores the register form’s attribution inputs as customer meta, (none) skipped', async () => {
    const posted: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(UTM))
      posted[`wc_order_attribution_${field}`] = value;
    const id = await registerWith('utm-customer@example.com', posted);
    const response = await customerAttribution(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    expect(response.json()).toEqual({
      customer_id: id,
      origin: 'Source: News',
      source_type: 'utm',
      meta_data: UTM_META,
    });
  });

  test('a registration without attribution, or with only non-string and (none) values, stores none', async () => {
    const plain = await registerWith('plain-customer@example.com', {});
    const hostile = await registerWith('hostile-customer@example.com', {
      wc_order_attribution_source_type: { toString: 'utm' },
      wc_order_attribution_utm_source: ['news'],
      wc_order_attribution_utm_medium: '(none)',
      wc_order_attribution_referrer: '',
    });
    for (const id of [plain, hostile]) {
      expect((await customerAttribution(id)).json()).toEqual({
        customer_id: id,
        origin: 'Unknown',
        source_type: '',
        meta_data: [],
      });
    }
  });

  test('a customer’s attribution is for staff only, and an unknown customer is a 404', async () => {
    const id = await registerWith('private-customer@example.com', {
      wc_order_attribution_source_type: 'typein',
    });
    const guest = await t.store.app.inject({
      url: `/wp-json/cartwright/v1/customers/${id}/attribution`,
    });
    expect(guest.statusCode).toBe(401);
    const customer = await (await staff('carla', 'customer-password-1'))(id, true, 'customers');
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
    expect((await customerAttribution(id)).json()).toMatchObject({ origin: 'Direct' });
    for (const unknown of [999999, 'abc']) {
      const response = await customerAttribution(unknown);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'woocommerce_rest_invalid_id' });
    }
  });
});

describe('originLabel', () => {
  test.each([
    [{ source_type: 'utm', utm_source: 'news' }, 'Source: News'],
    [{ source_type: 'organic', utm_source: 'google' }, 'Organic: Google'],
    [{ source_type: 'referral', utm_source: 'example.com' }, 'Referral: Example.com'],
    [{ source_type: 'typein', utm_source: '(direct)' }, 'Direct'],
    [{ source_type: 'utm', utm_source: '(direct)' }, 'Source: Direct'],
    [{ source_type: 'mobile_app' }, 'Mobile app'],
    [{ source_type: 'admin' }, 'Web admin'],
    [{ source_type: 'weird' }, 'Unknown'],
    [null, 'Unknown'],
  ])('%j is labelled %s', (attribution, label) => {
    expect(originLabel(attribution)).toBe(label);
  });
});
