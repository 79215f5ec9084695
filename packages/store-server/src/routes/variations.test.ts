import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StoreApiProduct } from '../catalog/serialize';
import { orderLines, products } from '../db/schema';
import { DEMO_PRODUCTS } from '../seed/catalog';
import { DEMO_VARIABLE_PRODUCTS } from '../seed/variations';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const API = '/wp-json/wc/store/v1';
const ORIGIN = 'http://localhost';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

interface CartLine {
  key: string;
  id: number;
  type: string;
  name: string;
  quantity: number;
  permalink: string;
  sku: string;
  variation: { raw_attribute: string; attribute: string; value: string }[];
  prices: { price: string };
}
interface CartBody {
  items: CartLine[];
  totals: { total_price: string };
}
interface ErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

describe.each(drivers)('variable products on $name', (driver) => {
  let t: TestStore;
  let coffee: StoreApiProduct;
  let mug: StoreApiProduct;
  /** The coffee's variation ids by `grind/size`. */
  const coffeeIds = new Map<string, number>();

  beforeAll(async () => {
    t = await driver.open({ siteUrl: ORIGIN });
    const get = (slug: string) =>
      t.store.app.inject({ url: `${API}/products/${slug}` }).then((r) => r.json<StoreApiProduct>());
    coffee = await get('roasters-choice-coffee');
    mug = await get('glazed-studio-mug');
    for (const variation of coffee.variations) {
      const value = (name: string) => variation.attributes.find((a) => a.name === name)!.value;
      coffeeIds.set(`${value('Grind')}/${value('Size')}`, variation.id);
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('a variable product answers type, attributes with terms, variations and a price range', () => {
    expect(coffee).toMatchObject({
      type: 'variable',
      parent: 0,
      variation: '',
      has_options: true,
      is_purchasable: true,
      is_in_stock: true,
      on_sale: true,
      low_stock_remaining: null,
      stock_availability: { text: '', class: 'in-stock' },
      prices: {
        price: '1300',
        regular_price: '1300',
        sale_price: '1300',
        price_range: { min_amount: '1300', max_amount: '4200' },
      },
      add_to_cart: {
        text: 'Select options',
        url: `${ORIGIN}/product/roasters-choice-coffee/`,
        single_text: 'Add to cart',
        maximum: 9999,
      },
    });
    expect(coffee.price_html).toContain('Price range: $13.00 through $42.00');
    // Ids are the database's; everything else is as WooCommerce sends it.
    const withoutIds = coffee.attributes.map(({ id, terms, ...attribute }) => {
      expect(Number.isInteger(id)).toBe(true);
      return { ...attribute, terms: terms.map(({ id: _id, ...term }) => term) };
    });
    expect(withoutIds).toEqual([
      {
        name: 'Grind',
        taxonomy: 'pa_grind',
        has_variations: true,
        terms: [
          { name: 'Whole bean', slug: 'whole-bean' },
          { name: 'Espresso', slug: 'espresso' },
          { name: 'Filter', slug: 'filter' },
        ],
      },
      {
        name: 'Size',
        taxonomy: 'pa_size',
        has_variations: true,
        terms: [
          { name: '250 g', slug: '250-g' },
          { name: '1 kg', slug: '1-kg' },
        ],
      },
    ]);
    // Five of the six combinations exist; filter/1 kg does not.
    expect([...coffeeIds.keys()].sort()).toEqual([
      'espresso/1-kg',
      'espresso/250-g',
      'filter/250-g',
      'whole-bean/1-kg',
      'whole-bean/250-g',
    ]);
    expect(coffee.variations[0]).toEqual({
      id: coffeeIds.get('whole-bean/250-g'),
      attributes: [
        { name: 'Grind', value: 'whole-bean' },
        { name: 'Size', value: '250-g' },
      ],
    });
    // All four mug colours exist, at two prices.
    expect(mug.variations).toHaveLength(4);
    expect(mug.prices.price_range).toEqual({ min_amount: '1600', max_amount: '1800' });
  });

  test('the listing shows variable products but never their variations', async () => {
    const response = await t.store.app.inject({ url: `${API}/products?per_page=100` });
    const items = response.json<StoreApiProduct[]>();
    const published = DEMO_PRODUCTS.filter((p) => p.status !== 'draft').length;
    expect(response.headers['x-wp-total']).toBe(String(published + DEMO_VARIABLE_PRODUCTS.length));
    expect(
      items
        .filter((item) => item.type === 'variable')
        .map((item) => item.slug)
        .sort(),
    ).toEqual(['glazed-studio-mug', 'roasters-choice-coffee']);
    expect(items.some((item) => item.type === 'variation')).toBe(false);
  });

  test('products/{id} of a variation answers the variation, linked to its parent', async () => {
    const id = coffeeIds.get('espresso/250-g')!;
    const response = await t.store.app.inject({ url: `${API}/products/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      type: 'variation',
      parent: coffee.id,
      name: coffee.name,
      variation: 'Grind: Espresso, Size: 250 g',
      sku: 'CW-COF-VAR-ES-250',
      permalink: `${ORIGIN}/product/roasters-choice-coffee/?attribute_pa_grind=espresso&attribute_pa_size=250-g`,
      has_options: false,
      attributes: [],
      variations: [],
      prices: { price: '1300', price_range: null },
      is_in_stock: true,
      stock_availability: { text: '25 in stock', class: 'in-stock' },
      add_to_cart: {
        text: 'Add to cart',
        url: `${ORIGIN}/product/roasters-choice-coffee/?attribute_pa_grind=espresso&attribute_pa_size=250-g&variation_id=${id}&add-to-cart=${coffee.id}`,
      },
    });
    const soldOut = await t.store.app.inject({
      url: `${API}/products/${coffeeIds.get('espresso/1-kg')}`,
    });
    expect(soldOut.json()).toMatchObject({
      is_in_stock: false,
      add_to_cart: { text: 'Read more' },
    });
  });

  describe('cart/add-item', () => {
    const add = async (shopper: Shopper, body: Record<string, unknown>) => {
      const response = await shopper.api('cart/add-item', body);
      return { status: response.statusCode, body: response.json<CartBody & ErrorBody>() };
    };

    test('refuses a missing, partial, non-existent or invalid choice with WooCommerce’s codes', async () => {
      const shopper = new Shopper(t.store.app);
      const cases: [Record<string, unknown>, number, string, string?][] = [
        [
          { id: coffee.id },
          400,
          'woocommerce_rest_missing_attributes',
          'Missing attributes for variable product.',
        ],
        [{ id: coffee.id, variation: [] }, 400, 'woocommerce_rest_missing_attributes'],
        [{ id: coffee.id, variation: [{}] }, 400, 'woocommerce_rest_missing_attributes'],
        [
          { id: coffee.id, variation: [{ attribute: 'pa_colour', value: 'sage' }] },
          400,
          'woocommerce_rest_missing_attributes',
        ],
        [
          { id: coffee.id, variation: [{ attribute: 'pa_grind', value: 'espresso' }] },
          400,
          'woocommerce_rest_variation_id_from_variation_data',
          'No matching variation found.',
        ],
        [
          {
            id: coffee.id,
            variation: [
              { attribute: 'pa_grind', value: 'filter' },
              { attribute: 'pa_size', value: '1-kg' },
            ],
          },
          400,
          'woocommerce_rest_variation_id_from_variation_data',
        ],
        [
          {
            id: coffee.id,
            variation: [
              { attribute: 'pa_grind', value: 'x'.repeat(10_000) },
              { attribute: 'pa_size', value: '1-kg' },
            ],
          },
          400,
          'woocommerce_rest_variation_id_from_variation_data',
        ],
        [
          {
            id: coffeeIds.get('espresso/250-g'),
            variation: [{ attribute: 'pa_grind', value: 'filter' }],
          },
          400,
          'woocommerce_rest_invalid_variation_data',
          'Invalid value posted for Grind. Allowed values: whole-bean, espresso, filter',
        ],
        [
          {
            id: coffee.id,
            variation: [
              { attribute: 'pa_grind', value: 'espresso' },
              { attribute: 'pa_size', value: '1-kg' },
            ],
          },
          400,
          'woocommerce_rest_product_out_of_stock',
        ],
        [{ id: coffee.id, variation: 'espresso' }, 400, 'rest_invalid_param'],
        [{ id: coffee.id, variation: { attribute: 'pa_grind' } }, 400, 'rest_invalid_param'],
        [
          { id: coffee.id, variation: [{ attribute: 1, value: 'espresso' }] },
          400,
          'rest_invalid_param',
        ],
      ];
      for (const [body, status, code, message] of cases) {
        const answer = await add(shopper, body);
        expect({ body, status: answer.status, code: answer.body.code }).toEqual({
          body,
          status,
          code,
        });
        if (message !== undefined) expect(answer.body.message).toBe(message);
      }
      const typeError = await add(shopper, { id: coffee.id, variation: [{ attribute: 1 }] });
      expect(typeError.body.data.params).toEqual({
        variation: 'variation[0][attribute] is not of type string.',
      });
      expect((await shopper.api('cart')).json<CartBody>().items).toEqual([]);
    });

    test('adds the chosen variation by taxonomy, label or field name, on one line with WooCommerce’s key', async () => {
      const shopper = new Shopper(t.store.app);
      const id = coffeeIds.get('espresso/250-g')!;
      const key = md5(`${coffee.id}_${id}_attribute_pa_grindespressoattribute_pa_size250-g`);
      const first = await add(shopper, {
        id: coffee.id,
        quantity: 2,
        variation: [
          { attribute: 'pa_grind', value: 'espresso' },
          { attribute: 'pa_size', value: '250-g' },
        ],
      });
      expect(first.status).toBe(201);
      expect(first.body.items).toMatchObject([
        {
          key,
          id,
          type: 'variation',
          name: coffee.name,
          quantity: 2,
          sku: 'CW-COF-VAR-ES-250',
          permalink: `${ORIGIN}/product/roasters-choice-coffee/?attribute_pa_grind=espresso&attribute_pa_size=250-g`,
          variation: [
            { raw_attribute: 'attribute_pa_grind', attribute: 'Grind', value: 'Espresso' },
            { raw_attribute: 'attribute_pa_size', attribute: 'Size', value: '250 g' },
          ],
          prices: { price: '1300' },
        },
      ]);
      const byLabel = await add(shopper, {
        id: coffee.id,
        variation: [
          { attribute: 'Size', value: '250 G' },
          { attribute: 'grind', value: 'Espresso' },
        ],
      });
      expect(byLabel.status).toBe(201);
      const byId = await add(shopper, {
        id,
        variation: [{ attribute: 'attribute_pa_grind', value: 'espresso' }],
      });
      expect(byId.status).toBe(201);
      expect(byId.body.items.map((line) => [line.key, line.quantity])).toEqual([[key, 4]]);

      // Another variation is another line.
      const other = await add(shopper, {
        id: mug.id,
        variation: [{ attribute: 'pa_colour', value: 'sage' }],
      });
      expect(other.body.items.map((line) => line.variation.map((v) => v.value))).toEqual([
        ['Espresso', '250 g'],
        ['Sage'],
      ]);
      // Plus the seeded flat rate a new cart ships at (US:CA, the store's base).
      expect(other.body.totals.total_price).toBe(String(4 * 1300 + 1800 + 500));
    });

    test('a variation’s stock limits its own line', async () => {
      const shopper = new Shopper(t.store.app);
      const answer = await add(shopper, {
        id: mug.id,
        quantity: 4,
        variation: [{ attribute: 'pa_colour', value: 'sage' }],
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('woocommerce_rest_product_partially_out_of_stock');
    });
  });

  test('the classic form (add-to-cart, variation_id, attribute_pa_*) and wc-ajax add the variation', async () => {
    const shopper = new Shopper(t.store.app);
    const form = (fields: Record<string, string>) =>
      shopper.request({
        method: 'POST',
        url: `/product/roasters-choice-coffee/?add-to-cart=${coffee.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    // Without scripts the form has no variation id: the attributes choose it.
    const plain = await form({
      attribute_pa_grind: 'filter',
      attribute_pa_size: '250-g',
      quantity: '1',
      variation_id: '',
    });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe(`${ORIGIN}/cart/`);
    const scripted = await form({
      attribute_pa_grind: 'whole-bean',
      attribute_pa_size: '1-kg',
      variation_id: String(coffeeIds.get('whole-bean/1-kg')),
      quantity: '2',
    });
    expect(scripted.statusCode).toBe(302);
    // A combination that does not exist is refused, back on the product page with the reason.
    const missing = await form({
      attribute_pa_grind: 'filter',
      attribute_pa_size: '1-kg',
      variation_id: '',
    });
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe(`/product/roasters-choice-coffee/`);

    const ajax = await shopper.ajax('add_to_cart', {
      product_id: String(mug.variations[1]!.id),
      quantity: '1',
    });
    expect(ajax.statusCode).toBe(200);
    expect(ajax.json()).toHaveProperty('fragments');
    const refused = await shopper.ajax('add_to_cart', { product_id: String(mug.id) });
    expect(refused.json()).toEqual({
      error: true,
      product_url: `${ORIGIN}/product/glazed-studio-mug/`,
    });

    const cart = (await shopper.api('cart')).json<CartBody>();
    expect(cart.items.map((line) => [line.sku, line.quantity])).toEqual([
      ['CW-COF-VAR-FI-250', 1],
      ['CW-COF-VAR-WB-1000', 2],
      ['CW-MUG-VAR-SA', 1],
    ]);
    const notices = await t.store.app.inject({
      url: '/wp-json/cartwright/v1/notices',
      headers: { cookie: shopper.cookieHeader() },
    });
    expect(notices.body).toContain('No matching variation found.');
  });

  test('an order keeps the options chosen on each line, and the variation’s stock is taken', async () => {
    const shopper = new Shopper(t.store.app);
    const id = coffeeIds.get('whole-bean/250-g')!;
    await shopper.api('cart/add-item', {
      id: coffee.id,
      quantity: 3,
      variation: [
        { attribute: 'pa_grind', value: 'whole-bean' },
        { attribute: 'pa_size', value: '250-g' },
      ],
    });
    const [before] = await t.db.select().from(products).where(eq(products.id, id));
    const placed = await shopper.api('checkout', {
      billing_address: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        address_1: '14 Baker Street',
        city: 'London',
        postcode: 'NW1 6XE',
        country: 'GB',
        email: 'ada@example.com',
      },
      payment_method: 'cod',
    });
    expect(placed.statusCode).toBe(200);
    const { order_id: orderId, order_key: orderKey } = placed.json<{
      order_id: number;
      order_key: string;
    }>();
    const [line] = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId)));
    expect(line).toMatchObject({
      productId: id,
      variationId: id,
      quantity: 3,
      unitPrice: 1300,
      variation: [
        { raw_attribute: 'attribute_pa_grind', attribute: 'Grind', value: 'Whole bean' },
        { raw_attribute: 'attribute_pa_size', attribute: 'Size', value: '250 g' },
      ],
    });
    const [after] = await t.db.select().from(products).where(eq(products.id, id));
    expect(after!.stockQuantity).toBe(before!.stockQuantity! - 3);
    const summary = await shopper.request({
      url: `/wp-json/cartwright/v1/orders/${orderId}?key=${orderKey}`,
    });
    expect(summary.json<{ items: { variation: unknown }[] }>().items[0]!.variation).toEqual(
      line!.variation,
    );
  });
});
