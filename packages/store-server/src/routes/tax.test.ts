/**
 * Tax on the wire: the Store API cart, its items, products and placed orders as WooCommerce
 * sends them, with the store's tax options off (the seeded default, as the lab's WooCommerce)
 * and on (the seeded rates: California 7.25 %, New York 4 %, Australia's GST 10 % with shipping).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, products } from '../db/schema';
import { updateSiteSettings } from '../site/settings';
import type { TaxSettings } from '../cart/tax';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

interface CartBody {
  items: {
    key: string;
    prices: { price: string; regular_price: string; raw_prices: { price: string } };
    totals: Record<string, string>;
  }[];
  totals: Record<string, unknown> & { tax_lines: { name: string; price: string; rate: string }[] };
  extensions: Record<string, unknown>;
}

const PRICE = 1999;
const ADDRESS = {
  first_name: 'Nia',
  last_name: 'Taxpayer',
  address_1: '350 Fifth Avenue',
  city: 'New York',
  state: 'NY',
  postcode: '10118',
  country: 'US',
};

describe.each(drivers)('tax on $name', (driver) => {
  let t: TestStore;
  let id = 0;

  beforeAll(async () => {
    t = await driver.open();
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.type, 'simple'))
      .orderBy(asc(products.id))
      .limit(1);
    id = row!.id;
    await t.db
      .update(products)
      .set({ regularPrice: PRICE, salePrice: null, stockQuantity: null, stockStatus: 'instock' })
      .where(eq(products.id, id));
  });
  afterAll(() => t.cleanup());

  const setTax = (tax: Partial<TaxSettings>) => updateSiteSettings(t.db, { tax });

  async function cartWith(quantity = 1) {
    const shopper = new Shopper(t.store.app);
    const added = await shopper.api('cart/add-item', { id, quantity });
    expect(added.statusCode).toBe(201);
    return { shopper, cart: added.json<CartBody>() };
  }

  test('with taxes off (the seeded default), the cart carries no tax and no extension', async () => {
    const { cart } = await cartWith(2);
    expect(cart.totals).toMatchObject({
      total_items: String(2 * PRICE),
      total_items_tax: '0',
      total_shipping_tax: '0',
      total_tax: '0',
      tax_lines: [],
      total_price: String(2 * PRICE + 500),
    });
    expect(cart.items[0]!.totals).toMatchObject({ line_subtotal_tax: '0', line_total_tax: '0' });
    expect(cart.extensions).toEqual({});
  });

  test('with taxes on: California tax per line, none on its shipping; New York and Australia follow the address', async () => {
    await setTax({ calcTaxes: true });
    const { shopper, cart } = await cartWith(2);
    const caTax = Math.floor(2 * PRICE * 0.0725 + 0.5); // 289.855 → 290
    expect(cart.items[0]!.totals).toEqual(
      expect.objectContaining({
        line_subtotal: String(2 * PRICE),
        line_subtotal_tax: String(caTax),
        line_total: String(2 * PRICE),
        line_total_tax: String(caTax),
      }),
    );
    expect(cart.totals).toMatchObject({
      total_items: String(2 * PRICE),
      total_items_tax: String(caTax),
      total_shipping: '500',
      total_shipping_tax: '0',
      total_tax: String(caTax),
      tax_lines: [{ name: 'CA Tax', price: String(caTax), rate: '7.25%' }],
      total_price: String(2 * PRICE + caTax + 500),
    });
    expect(cart.extensions).toEqual({
      cartwright: { tax_display_cart: 'excl', prices_include_tax: false },
    });

    const ny = await shopper.api('cart/update-customer', {
      shipping_address: ADDRESS,
      billing_address: { ...ADDRESS, email: 'nia@example.com' },
    });
    expect(ny.statusCode).toBe(200);
    expect(ny.json<CartBody>().totals).toMatchObject({
      total_tax: '160', // 39.98 × 4 % = 159.92
      tax_lines: [{ name: 'NY Tax', price: '160', rate: '4%' }],
      total_price: String(2 * PRICE + 160 + 800),
    });

    const au = await shopper.api('cart/update-customer', {
      shipping_address: {
        ...ADDRESS,
        city: 'Sydney',
        state: 'NSW',
        postcode: '2000',
        country: 'AU',
      },
    });
    // Australia is in "locations not covered" (25.00); GST on the items and on shipping.
    expect(au.json<CartBody>().totals).toMatchObject({
      total_items_tax: '400', // 399.8
      total_shipping: '2500',
      total_shipping_tax: '250',
      total_tax: '650',
      tax_lines: [{ name: 'GST', price: '650', rate: '10%' }],
      total_price: String(2 * PRICE + 400 + 2500 + 250),
    });
    await setTax({ calcTaxes: false });
  });

  test('prices follow the display settings: products in the shop, items in the cart', async () => {
    await setTax({ calcTaxes: true, displayShop: 'incl', displayCart: 'incl' });
    const shown = await new Shopper(t.store.app).api(`products/${id}`);
    const caIncl = PRICE + Math.floor(PRICE * 0.0725 + 0.5); // 1999 + 145
    expect(shown.json()).toMatchObject({
      prices: { price: String(caIncl), regular_price: String(caIncl) },
    });
    expect(shown.json<{ price_html: string }>().price_html).toContain('21.44');
    const listed = await new Shopper(t.store.app).api(`products?include=${id}`);
    expect(listed.json<{ prices: { price: string } }[]>()[0]!.prices.price).toBe(String(caIncl));

    const { cart } = await cartWith(1);
    expect(cart.items[0]!.prices).toMatchObject({
      price: String(caIncl),
      raw_prices: { price: `${caIncl}0000` },
    });
    // The totals stay without tax beside their tax fields, as WooCommerce's Store API sends them.
    expect(cart.totals).toMatchObject({ total_items: String(PRICE), total_items_tax: '145' });
    expect(cart.extensions).toEqual({
      cartwright: { tax_display_cart: 'incl', prices_include_tax: false },
    });

    await setTax({ calcTaxes: false });
    const off = await new Shopper(t.store.app).api(`products/${id}`);
    expect(off.json()).toMatchObject({ prices: { price: String(PRICE) } });
    await setTax({ displayShop: 'excl', displayCart: 'excl' });
  });

  test('prices entered with tax: the items are net of it and the total is the shelf price', async () => {
    await setTax({ calcTaxes: true, pricesIncludeTax: true });
    const { cart } = await cartWith(1);
    const tax = Math.floor(PRICE - PRICE / 1.0725 + 0.5); // 135.09 → 135
    expect(cart.items[0]!.totals).toMatchObject({
      line_subtotal: String(PRICE - tax),
      line_subtotal_tax: String(tax),
    });
    expect(cart.totals).toMatchObject({
      total_items: String(PRICE - tax),
      total_items_tax: String(tax),
      total_price: String(PRICE + 500),
    });
    await setTax({ calcTaxes: false, pricesIncludeTax: false });
  });

  test('a placed order keeps its tax lines and *_tax totals; the Store API order and the summary show them', async () => {
    await setTax({ calcTaxes: true });
    const { shopper } = await cartWith(1);
    const placed = await shopper.api('checkout', {
      billing_address: { ...ADDRESS, email: 'nia@example.com' },
      shipping_address: ADDRESS,
      payment_method: 'cheque',
    });
    expect(placed.statusCode).toBe(200);
    const { order_id: orderId, order_key: key } = placed.json<{
      order_id: number;
      order_key: string;
    }>();
    const nyTax = Math.floor(PRICE * 0.04 + 0.5); // 79.96 → 80
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      totalItems: PRICE,
      totalTax: nyTax,
      itemsTax: nyTax,
      shippingTax: 0,
      taxLines: [{ name: 'NY Tax', price: nyTax, rate: '4%' }],
      total: PRICE + nyTax + 800,
    });
    const order = await shopper.api(`order/${orderId}?key=${key}&billing_email=nia@example.com`);
    expect(order.statusCode).toBe(200);
    const body = order.json<CartBody>();
    expect(body.totals).toMatchObject({
      total_items_tax: String(nyTax),
      total_tax: String(nyTax),
      tax_lines: [{ name: 'NY Tax', price: String(nyTax), rate: '4%' }],
      total_price: String(PRICE + nyTax + 800),
    });
    expect(body.items[0]!.totals).toMatchObject({
      line_subtotal_tax: String(nyTax),
      line_total_tax: String(nyTax),
    });
    await setTax({ calcTaxes: false });
  });
});
