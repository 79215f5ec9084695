import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderLines, orders, products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const ORIGIN = 'http://localhost:80';

const BILLING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address_1: '14 Baker Street',
  address_2: '',
  city: 'London',
  state: '',
  postcode: 'nw1 6xe',
  country: 'GB',
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0000',
};
const SHIPPING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1428 Elm Street',
  city: 'Springfield',
  state: 'il',
  postcode: '62704',
  country: 'US',
};

interface CheckoutBody {
  order_id: number;
  status: string;
  order_key: string;
  customer_id: number;
  billing_address: Record<string, string>;
  shipping_address: Record<string, string>;
  payment_method: string;
  payment_result: { payment_status: string; redirect_url: string };
  extensions: Record<string, Record<string, string>>;
  code?: string;
  message?: string;
  data?: Record<string, unknown> & {
    details?: Record<string, { code: string; additional_errors: { code: string }[] }>;
  };
}

describe.each(drivers)('checkout on $name', (driver) => {
  let t: TestStore;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await driver.open();
    const rows = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'publish'))
      .orderBy(asc(products.id));
    ids = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** A product of the demo shop with the given stock (`null`: not managed) and price. */
  async function product(index: number, stock: number | null, price = 1250) {
    const id = ids[index]!;
    await t.db
      .update(products)
      .set({
        stockQuantity: stock,
        stockStatus: stock === 0 ? 'outofstock' : 'instock',
        regularPrice: price,
        salePrice: null,
      })
      .where(eq(products.id, id));
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    return row!;
  }

  async function shopperWith(productId: number, quantity = 1) {
    const shopper = new Shopper(t.store.app);
    const added = await shopper.api('cart/add-item', { id: productId, quantity });
    expect(added.statusCode).toBe(201);
    return shopper;
  }

  const checkout = async (shopper: Shopper, body: Record<string, unknown>) => {
    const response = await shopper.api('checkout', {
      billing_address: BILLING,
      shipping_address: SHIPPING,
      payment_method: 'cheque',
      ...body,
    });
    return { response, body: response.json<CheckoutBody>() };
  };

  const orderRow = async (id: number) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  test('GET /checkout needs a nonce, then answers the session draft order, the same one each time', async () => {
    const item = await product(0, null);
    const shopper = await shopperWith(item.id);
    const bare = await t.store.app.inject({
      url: '/wp-json/wc/store/v1/checkout',
      headers: { cookie: shopper.cookieHeader() },
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'woocommerce_rest_missing_nonce' });
    const first = await shopper.api('checkout');
    expect(first.statusCode).toBe(200);
    const draft = first.json<CheckoutBody>();
    expect(draft).toMatchObject({
      status: 'checkout-draft',
      customer_id: 0,
      payment_method: '',
      payment_result: { payment_status: '', redirect_url: '' },
    });
    expect(draft.order_key).toMatch(/^wc_order_[A-Za-z0-9]{13}$/);
    expect(draft.billing_address).toMatchObject({ first_name: '', email: '' });
    expect(draft.extensions.cartwright!.process_checkout_nonce).toMatch(/^[0-9a-f]{10}$/);
    const again = (await shopper.api('checkout')).json<CheckoutBody>();
    expect(again.order_id).toBe(draft.order_id);
    // The item and the flat rate to the store's base state (California, 5.00: seed/shipping.ts).
    expect((await orderRow(draft.order_id)).total).toBe(1250 + 500);
  });

  test('POST /checkout places the draft order: totals from the server, stock taken, cart emptied', async () => {
    const item = await product(1, 7, 1999);
    const shopper = await shopperWith(item.id, 3);
    const draft = (await shopper.api('checkout')).json<CheckoutBody>();
    const { response, body } = await checkout(shopper, {
      customer_note: 'Leave at <b>the</b> door',
    });
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({
      order_id: draft.order_id,
      order_key: draft.order_key,
      status: 'on-hold',
      payment_method: 'cheque',
      payment_result: {
        payment_status: 'success',
        redirect_url: `${ORIGIN}/checkout/order-received/${draft.order_id}/?key=${draft.order_key}`,
      },
    });
    expect(body.billing_address).toMatchObject({ postcode: 'NW1 6XE', email: 'ada@example.com' });
    expect(body.shipping_address).toMatchObject({ state: 'IL', country: 'US', company: '' });
    expect(body.shipping_address).not.toHaveProperty('email');

    const row = await orderRow(body.order_id);
    expect(row).toMatchObject({
      status: 'on-hold',
      createdVia: 'store-api',
      totalItems: 5997,
      // Shipped to Illinois: the United States zone's flat rate, 8.00 (seed/shipping.ts).
      totalShipping: 800,
      total: 5997 + 800,
      currency: 'USD',
      paymentMethodTitle: 'Check payments',
      customerNote: 'Leave at the door',
    });
    expect(row.billing).toMatchObject({ address_1: '14 Baker Street', city: 'London' });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, row.id));
    expect(lines).toMatchObject([
      { productId: item.id, quantity: 3, unitPrice: 1999, lineTotal: 5997 },
    ]);
    const [after] = await t.db.select().from(products).where(eq(products.id, item.id));
    expect(after).toMatchObject({
      stockQuantity: 4,
      stockStatus: 'instock',
      totalSales: item.totalSales + 3,
    });
    const cart = (await shopper.api('cart')).json<{ items: unknown[] }>();
    expect(cart.items).toEqual([]);
    // The next checkout of the session starts a new draft.
    const next = await shopperWith(item.id);
    const nextDraft = (await next.api('checkout')).json<CheckoutBody>();
    expect(nextDraft.order_id).not.toBe(body.order_id);
  });

  test('cash on delivery makes a processing order; the last unit leaves the product out of stock', async () => {
    const item = await product(2, 1);
    const shopper = await shopperWith(item.id);
    const { body } = await checkout(shopper, { payment_method: 'cod' });
    expect(body.status).toBe('processing');
    expect((await orderRow(body.order_id)).paymentMethodTitle).toBe('Cash on delivery');
    const [after] = await t.db.select().from(products).where(eq(products.id, item.id));
    expect(after).toMatchObject({ stockQuantity: 0, stockStatus: 'outofstock' });
  });

  test('addresses are checked per country with WooCommerce codes, every problem listed', async () => {
    const item = await product(3, null);
    const shopper = await shopperWith(item.id);
    const { response, body } = await checkout(shopper, {
      billing_address: { ...BILLING, first_name: ' ', email: 'not-an-email', postcode: 'XYZ' },
      shipping_address: { ...SHIPPING, state: 'ZZ', postcode: '6270' },
    });
    expect(response.statusCode).toBe(400);
    expect(body.code).toBe('rest_invalid_param');
    const details = body.data!.details!;
    expect(details.billing_address!.code).toBe('invalid_required');
    expect(details.billing_address!.additional_errors.map((e) => e.code)).toEqual([
      'invalid_postcode',
      'invalid_email',
    ]);
    expect(details.shipping_address!.code).toBe('invalid_state');
    expect(details.shipping_address!.additional_errors.map((e) => e.code)).toEqual([
      'invalid_postcode',
    ]);

    const country = await checkout(shopper, { billing_address: { ...BILLING, country: 'XX' } });
    expect(country.body.data!.details!.billing_address!.code).toBe('invalid_country');
    for (const [code, postcode, state] of [
      ['CA', 'k1a0b1', 'ON'],
      ['DE', '10115', ''],
      ['FR', '75002', ''],
      ['AU', '2000', 'NSW'],
    ] as const) {
      const good = { ...SHIPPING, country: code, postcode, state };
      const bad = { ...good, postcode: '1234567' };
      const refused = await checkout(shopper, { shipping_address: bad });
      expect(refused.body.data!.details!.shipping_address!.code).toBe('invalid_postcode');
      if (code === 'CA') expect(good.postcode).toBe('k1a0b1');
    }
    const missingState = await checkout(shopper, { shipping_address: { ...SHIPPING, state: '' } });
    expect(missingState.body.data!.details!.shipping_address!.code).toBe('invalid_required');
    // Nothing was ordered by the refused attempts.
    expect((await shopper.api('cart')).json<{ items: unknown[] }>().items).toHaveLength(1);
    const ok = await checkout(shopper, {
      shipping_address: { ...SHIPPING, country: 'CA', state: 'on', postcode: 'k1a0b1' },
    });
    expect(ok.response.statusCode).toBe(200);
    expect(ok.body.shipping_address).toMatchObject({ postcode: 'K1A 0B1', state: 'ON' });
  });

  test('missing addresses or payment method and unknown methods are refused', async () => {
    const item = await product(4, null);
    const shopper = await shopperWith(item.id);
    const missing = await shopper.api('checkout', { payment_method: 'cheque' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'rest_missing_callback_param' });
    const notObject = await checkout(shopper, { billing_address: 'London' });
    expect(notObject.body.code).toBe('rest_invalid_param');
    const none = await checkout(shopper, { payment_method: '' });
    expect(none.body.code).toBe('woocommerce_rest_checkout_missing_payment_method');
    // As WooCommerce 10.2.4's schema: an unknown method fails the arguments' enum.
    const unknown = await checkout(shopper, { payment_method: 'bacs' });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): payment_method',
      data: {
        status: 400,
        params: { payment_method: 'payment_method is not one of cheque, cod.' },
        details: { payment_method: { code: 'rest_not_in_enum', data: null } },
      },
    });
  });

  test('WordPress checks the arguments before the nonce; only billing_address is required', async () => {
    const item = await product(11, null);
    const shopper = await shopperWith(item.id);
    const bare = await shopper.request({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): billing_address',
      data: { status: 400, params: ['billing_address'] },
    });
    // With its arguments, the nonce is still required.
    const noNonce = await shopper.request({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ billing_address: BILLING, payment_method: 'cod' }),
    });
    expect(noNonce.statusCode).toBe(401);
    expect(noNonce.json()).toMatchObject({ code: 'woocommerce_rest_missing_nonce' });
    // No shipping address: the order ships to the billing address.
    const placed = await checkout(shopper, { shipping_address: undefined, payment_method: 'cod' });
    expect(placed.response.statusCode).toBe(200);
    expect(placed.body.shipping_address).toMatchObject({
      city: BILLING.city,
      address_1: BILLING.address_1,
    });
    expect(placed.body).toHaveProperty('__experimentalCart', null);
  });

  test('an expected total that differs is a 409 with the cart; the matching one places the order', async () => {
    const item = await product(5, null, 800);
    const shopper = await shopperWith(item.id, 2);
    const mismatch = await checkout(shopper, { expected_total: 1600 });
    expect(mismatch.response.statusCode).toBe(409);
    // 16.00 of items and 8.00 of shipping to Illinois.
    expect(mismatch.body).toMatchObject({
      code: 'woocommerce_rest_checkout_total_mismatch',
      data: { status: 409, cart: { totals: { total_price: '2400' } } },
    });
    const match = await checkout(shopper, { expected_total: '2400' });
    expect(match.response.statusCode).toBe(200);
  });

  test('extensions are stored; order attribution is kept as strings without (none)', async () => {
    const item = await product(6, null);
    const shopper = await shopperWith(item.id);
    const extensions = {
      'woocommerce/order-attribution': {
        source_type: 'utm',
        utm_source: 'newsletter',
        utm_medium: '(none)',
        referrer: null,
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      },
      'acme/gift': { wrap: true },
    };
    const { body } = await checkout(shopper, { extensions });
    const row = await orderRow(body.order_id);
    expect(row.extensions).toEqual(extensions);
    expect(row.attribution).toEqual({
      source_type: 'utm',
      utm_source: 'newsletter',
      user_agent: extensions['woocommerce/order-attribution'].user_agent,
      device_type: 'Mobile',
    });

    const other = await shopperWith(item.id);
    const bad = await checkout(other, {
      extensions: { 'woocommerce/order-attribution': { session_pages: 3 } },
    });
    expect(bad.response.statusCode).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'api-error',
      message: 'Value of type integer was posted to the order attribution callback',
    });
    const notObject = await checkout(other, { extensions: { 'acme/gift': 'yes' } });
    expect(notObject.body.code).toBe('rest_invalid_param');
    const none = await checkout(other, {
      extensions: { 'woocommerce/order-attribution': { utm_source: '(none)' } },
    });
    expect((await orderRow(none.body.order_id)).attribution).toBeNull();
  });

  test('an empty cart cannot be ordered', async () => {
    const shopper = new Shopper(t.store.app);
    const { response, body } = await checkout(shopper, {});
    expect(response.statusCode).toBe(400);
    expect(body).toMatchObject({
      code: 'woocommerce_rest_cart_empty',
      message: 'Cannot create order from empty cart.',
    });
  });

  test('ten identical concurrent checkouts of one session make one order', async () => {
    const item = await product(7, 10);
    const shopper = await shopperWith(item.id, 2);
    await shopper.api('checkout');
    const before = await t.db.select({ id: orders.id }).from(orders);
    const payload = JSON.stringify({
      billing_address: BILLING,
      shipping_address: SHIPPING,
      payment_method: 'cod',
    });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.store.app.inject({
          method: 'POST',
          url: '/wp-json/wc/store/v1/checkout',
          headers: {
            cookie: shopper.cookieHeader(),
            nonce: shopper.nonce!,
            'content-type': 'application/json',
          },
          payload,
        }),
      ),
    );
    const bodies = responses.map((response) => response.json<CheckoutBody>());
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(bodies.map((body) => body.order_id)).size).toBe(1);
    const after = await t.db.select({ id: orders.id }).from(orders);
    expect(after.length).toBe(before.length);
    const [stock] = await t.db.select().from(products).where(eq(products.id, item.id));
    expect(stock!.stockQuantity).toBe(8);
    // A different submission after the order is not a replay: the cart is empty.
    const changed = await checkout(shopper, { payment_method: 'cheque' });
    expect(changed.body.code).toBe('woocommerce_rest_cart_empty');
  });

  test('stock is never oversold when sessions check out at once', async () => {
    const item = await product(8, 3);
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopperWith(item.id, 2)));
    const results = await Promise.all(shoppers.map((shopper) => checkout(shopper, {})));
    const placed = results.filter(({ response }) => response.statusCode === 200);
    expect(placed).toHaveLength(1);
    for (const refused of results.filter(({ response }) => response.statusCode !== 200)) {
      expect(refused.response.statusCode).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'woocommerce_rest_product_partially_out_of_stock',
        message: `There is not enough &quot;${item.name}&quot; in stock (1 remaining).`,
      });
    }
    const [stock] = await t.db.select().from(products).where(eq(products.id, item.id));
    expect(stock).toMatchObject({ stockQuantity: 1, stockStatus: 'instock' });
    // The last unit: two sessions race for it, one gets it.
    const last = await Promise.all([shopperWith(item.id), shopperWith(item.id)]);
    const raced = await Promise.all(last.map((shopper) => checkout(shopper, {})));
    expect(raced.map(({ response }) => response.statusCode).sort()).toEqual([200, 400]);
    expect(raced.find(({ response }) => response.statusCode === 400)!.body.code).toBe(
      'woocommerce_rest_product_out_of_stock',
    );
    const [gone] = await t.db.select().from(products).where(eq(products.id, item.id));
    expect(gone).toMatchObject({ stockQuantity: 0, stockStatus: 'outofstock' });
  });

  test('an order is readable only with its key', async () => {
    const item = await product(9, null, 500);
    const shopper = await shopperWith(item.id, 2);
    const { body } = await checkout(shopper, {});
    const url = `/wp-json/cartwright/v1/orders/${body.order_id}`;
    const read = await t.store.app.inject({ url: `${url}?key=${body.order_key}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: body.order_id,
      status: 'on-hold',
      payment_method_title: 'Check payments',
      billing_address: { address_1: '14 Baker Street', email: 'ada@example.com' },
      items: [{ product_id: item.id, quantity: 2, price: '500', total: '1000' }],
      // With 8.00 of shipping to Illinois.
      totals: { total_price: '1800', currency_code: 'USD' },
    });
    for (const bad of [
      url,
      `${url}?key=wc_order_AAAAAAAAAAAAA`,
      `${url}?key=`,
      '/wp-json/cartwright/v1/orders/999999?key=x',
    ]) {
      const refused = await t.store.app.inject({ url: bad });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'cartwright_order_invalid' });
    }
    const draft = (await (await shopperWith(item.id)).api('checkout')).json<CheckoutBody>();
    const draftRead = await t.store.app.inject({
      url: `/wp-json/cartwright/v1/orders/${draft.order_id}?key=${draft.order_key}`,
    });
    expect(draftRead.statusCode).toBe(404);
  });

  test('the Store API order route answers as WooCommerce 10.2.4: key and billing email for a guest', async () => {
    const item = await product(10, null, 700);
    const shopper = await shopperWith(item.id, 3);
    const { body } = await checkout(shopper, {});
    const url = `/wp-json/wc/store/v1/order/${body.order_id}`;
    const key = `key=${body.order_key}`;
    const read = await t.store.app.inject({ url: `${url}?${key}&billing_email=ADA@example.com` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toContain('no-store');
    const order = read.json<Record<string, unknown>>();
    expect(Object.keys(order)).toEqual([
      'id',
      'status',
      'items',
      'coupons',
      'fees',
      'totals',
      'shipping_address',
      'billing_address',
      'needs_payment',
      'needs_shipping',
      'payment_requirements',
      'errors',
    ]);
    expect(order).toMatchObject({
      id: body.order_id,
      status: 'on-hold',
      billing_address: { address_1: '14 Baker Street', email: 'ada@example.com' },
      items: [
        {
          key: body.order_key,
          name: item.name,
          quantity: 3,
          quantity_limits: { minimum: 3, maximum: 3, editable: false },
          prices: { price: '700', raw_prices: { precision: 6, price: '7000000' } },
          totals: { line_total: '2100', currency_code: 'USD' },
        },
      ],
      totals: {
        total_items: '2100',
        total_price: '2900',
        total_shipping: '800',
        currency_minor_unit: 2,
      },
      needs_payment: false,
    });
    const refusals: [string, number, string, string][] = [
      [url, 401, 'woocommerce_rest_invalid_order', 'Invalid order ID or key provided.'],
      [
        `${url}?${key}`,
        401,
        'woocommerce_rest_invalid_billing_email',
        'No billing email provided.',
      ],
      [
        `${url}?${key}&billing_email=bob@example.com`,
        401,
        'woocommerce_rest_invalid_billing_email',
        'Invalid billing email provided.',
      ],
      [
        `${url}?key=wc_order_AAAAAAAAAAAAA&billing_email=ada@example.com`,
        401,
        'woocommerce_rest_invalid_order',
        'Invalid order ID or key provided.',
      ],
      [
        '/wp-json/wc/store/v1/order/999999?key=x',
        404,
        'woocommerce_rest_invalid_order',
        'Invalid order ID.',
      ],
      [
        '/wp-json/wc/store/v1/order/99999999999?key=x',
        404,
        'woocommerce_rest_invalid_order',
        'Invalid order ID.',
      ],
    ];
    for (const [bad, status, code, message] of refusals) {
      const refused = await t.store.app.inject({ url: bad });
      expect([bad, refused.statusCode, refused.json()]).toEqual([
        bad,
        status,
        { code, message, data: { status } },
      ]);
    }
    // The shopper who placed a draft cannot read it here: only placed orders exist for this route.
    const draft = (await (await shopperWith(item.id)).api('checkout')).json<CheckoutBody>();
    const draftRead = await t.store.app.inject({
      url: `/wp-json/wc/store/v1/order/${draft.order_id}?key=${draft.order_key}&billing_email=ada@example.com`,
    });
    expect(draftRead.statusCode).toBe(404);
  });

  describe('classic ?wc-ajax=checkout', () => {
    const form = (nonce: string, fields: Record<string, string> = {}) => ({
      billing_first_name: 'Grace',
      billing_last_name: 'Hopper',
      billing_address_1: 'Hauptstraße 12',
      billing_city: 'Berlin',
      billing_postcode: '10115',
      billing_country: 'DE',
      billing_email: 'grace@example.com',
      billing_phone: '',
      payment_method: 'cod',
      order_comments: '',
      'woocommerce-process-checkout-nonce': nonce,
      wc_order_attribution_source_type: 'typein',
      wc_order_attribution_utm_source: '(none)',
      wc_order_attribution_session_pages: '4',
      ...fields,
    });
    async function classicShopper(index: number) {
      const item = await product(index, 5, 900);
      const shopper = new Shopper(t.store.app);
      const added = await shopper.ajax('add_to_cart', { product_id: String(item.id) });
      expect(added.statusCode).toBe(200);
      const nonce = (await shopper.api('checkout')).json<CheckoutBody>().extensions.cartwright!
        .process_checkout_nonce!;
      return { shopper, nonce, item };
    }

    test('a valid form places the order and answers success with the order-received URL', async () => {
      const { shopper, nonce, item } = await classicShopper(10);
      const response = await shopper.ajax('checkout', form(nonce), '/checkout/');
      expect(response.statusCode).toBe(200);
      const body = response.json<{ result: string; redirect: string; order_id: number }>();
      expect(body.result).toBe('success');
      const row = await orderRow(body.order_id);
      expect(body.redirect).toBe(
        `${ORIGIN}/checkout/order-received/${row.id}/?key=${row.orderKey}`,
      );
      expect(row).toMatchObject({
        status: 'processing',
        createdVia: 'checkout',
        // Shipped to Germany: the Europe zone's 15.00 (seed/shipping.ts).
        total: 900 + 1500,
        extensions: {},
      });
      expect(row.shipping).toMatchObject({
        address_1: 'Hauptstraße 12',
        city: 'Berlin',
        country: 'DE',
      });
      expect(row.shipping).not.toHaveProperty('email');
      expect(row.attribution).toEqual({ source_type: 'typein', session_pages: '4' });
      const [after] = await t.db.select().from(products).where(eq(products.id, item.id));
      expect(after!.stockQuantity).toBe(4);
      // The double click: the same form again answers the same order.
      const again = await shopper.ajax('checkout', form(nonce), '/checkout/');
      expect(again.json()).toEqual(body);
      const [latest] = await t.db.select().from(orders).orderBy(desc(orders.id)).limit(1);
      expect(latest!.id).toBe(body.order_id);
    });

    test('a bad nonce or bad fields answer failure notices and order nothing', async () => {
      const { shopper, nonce } = await classicShopper(11);
      const stale = await shopper.ajax('checkout', form('0123456789'));
      expect(stale.json()).toEqual({
        result: 'failure',
        messages:
          '<ul class="woocommerce-error" role="alert"><li>We were unable to process your order, please try again.</li></ul>',
        refresh: true,
        reload: false,
      });
      const invalid = await shopper.ajax(
        'checkout',
        form(nonce, {
          billing_first_name: '',
          billing_postcode: '1011',
          ship_to_different_address: '1',
          shipping_country: 'US',
          payment_method: 'paypal',
        }),
      );
      const body = invalid.json<{ result: string; messages: string; refresh: boolean }>();
      expect(body.result).toBe('failure');
      expect(body.refresh).toBe(false);
      expect(body.messages).toContain(
        '<li data-id="billing_first_name"><strong>Billing First name</strong> is a required field.</li>',
      );
      expect(body.messages).toContain(
        '<li data-id="billing_postcode"><strong>Billing Postcode / ZIP</strong> is not a valid postcode / ZIP.</li>',
      );
      expect(body.messages).toContain(
        '<strong>Shipping Street address</strong> is a required field.',
      );
      expect(body.messages).toContain('<li data-id="payment_method">Invalid payment method.</li>');
      expect((await shopper.api('cart')).json<{ items: unknown[] }>().items).toHaveLength(1);
    });

    test('without a session or with an empty cart the session is reported expired', async () => {
      const { shopper, nonce } = await classicShopper(12);
      await shopper.ajax('checkout', form(nonce));
      const empty = await shopper.ajax('checkout', form(nonce, { billing_first_name: 'Someone' }));
      expect(empty.json<{ messages: string }>().messages).toContain(
        'Sorry, your session has expired.',
      );
      const stranger = new Shopper(t.store.app);
      const none = await stranger.ajax('checkout', form(nonce));
      expect(none.json()).toMatchObject({ result: 'failure', refresh: true });
      // WooCommerce 10.2.4 processes a GET as it does a POST: a failure answer, no order.
      const get = await stranger.request({ url: '/?wc-ajax=checkout' });
      expect(get.statusCode).toBe(200);
      expect(get.json()).toMatchObject({ result: 'failure' });
    });
  });
});
