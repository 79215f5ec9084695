import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

interface Rate {
  rate_id: string;
  price: string;
  selected: boolean;
  method_id: string;
  instance_id: number;
  meta_data: { key: string; value: string }[];
}
interface CartBody {
  needs_shipping: boolean;
  has_calculated_shipping: boolean;
  totals: { total_items: string; total_shipping: string | null; total_price: string };
  shipping_address: Record<string, string>;
  billing_address: Record<string, string>;
  shipping_rates: {
    package_id: number;
    name: string;
    destination: Record<string, string>;
    items: { key: string; quantity: number }[];
    shipping_rates: Rate[];
  }[];
}

const US_ADDRESS = {
  first_name: 'Sam',
  last_name: 'Shopper',
  address_1: '2 Lab Road',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
};

describe.each(drivers)('shipping on $name', (driver) => {
  let t: TestStore;
  let cheap: number; // a physical product under 50.00

  beforeAll(async () => {
    t = await driver.open();
    const rows = await t.db.select({ id: products.id, price: products.price }).from(products);
    cheap = rows.find((row) => row.price > 0 && row.price < 2500)!.id;
  });
  afterAll(() => t.cleanup());

  async function shopperWithCart(quantity = 1) {
    const shopper = new Shopper(t.store.app);
    const added = await shopper.api('cart/add-item', { id: cheap, quantity });
    expect(added.statusCode).toBe(201);
    return { shopper, cart: added.json<CartBody>() };
  }

  test('a fresh cart is in the base country; a physical product needs shipping, first rate chosen', async () => {
    const fresh = await new Shopper(t.store.app).api('cart');
    const empty = fresh.json<CartBody>();
    expect(empty.needs_shipping).toBe(false);
    expect(empty.totals.total_shipping).toBeNull();
    expect(empty.shipping_address).toMatchObject({ country: 'US', state: 'CA' });
    expect(empty.billing_address).toMatchObject({ country: 'US', state: 'CA', email: '' });

    const { cart } = await shopperWithCart();
    expect(cart.needs_shipping).toBe(true);
    expect(cart.has_calculated_shipping).toBe(true);
    const [pack] = cart.shipping_rates;
    expect(pack!.package_id).toBe(0);
    expect(pack!.name).toBe('Shipment 1');
    expect(pack!.destination).toMatchObject({ country: 'US', state: 'CA' });
    expect(pack!.shipping_rates.map((rate) => [rate.method_id, rate.price, rate.selected])).toEqual(
      [
        ['flat_rate', '500', true],
        ['local_pickup', '0', false],
      ],
    );
    expect(pack!.shipping_rates[0]!.rate_id).toBe(
      `flat_rate:${pack!.shipping_rates[0]!.instance_id}`,
    );
    expect(pack!.shipping_rates[0]!.meta_data[0]!.value).toMatch(/ &times; 1$/);
    expect(Number(cart.totals.total_price)).toBe(Number(cart.totals.total_items) + 500);
    expect(cart.totals.total_shipping).toBe('500');
  });

  test('select-shipping-rate changes the total; an unknown rate falls back to the first', async () => {
    const { shopper, cart } = await shopperWithCart();
    const pickup = cart.shipping_rates[0]!.shipping_rates.find(
      (r) => r.method_id === 'local_pickup',
    )!;
    const chosen = await shopper.api('cart/select-shipping-rate', {
      package_id: 0,
      rate_id: pickup.rate_id,
    });
    expect(chosen.statusCode).toBe(200);
    const after = chosen.json<CartBody>();
    expect(after.totals.total_shipping).toBe('0');
    expect(after.totals.total_price).toBe(after.totals.total_items);
    expect(after.shipping_rates[0]!.shipping_rates.find((r) => r.selected)!.rate_id).toBe(
      pickup.rate_id,
    );
    // Kept by the session.
    const again = (await shopper.api('cart')).json<CartBody>();
    expect(again.totals.total_shipping).toBe('0');

    const unknown = await shopper.api('cart/select-shipping-rate', {
      package_id: 0,
      rate_id: 'nope:9',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<CartBody>().totals.total_shipping).toBe('500');

    const missing = await shopper.api('cart/select-shipping-rate', { package_id: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: ['rate_id'] },
    });
  });

  test('update-customer recalculates the rates for the new address', async () => {
    const { shopper } = await shopperWithCart();
    const ny = await shopper.api('cart/update-customer', {
      shipping_address: { country: 'US', state: 'NY', postcode: '10001', city: 'New York' },
    });
    expect(ny.statusCode).toBe(200);
    const body = ny.json<CartBody>();
    expect(body.shipping_address).toMatchObject({ country: 'US', state: 'NY', postcode: '10001' });
    expect(body.shipping_rates[0]!.destination).toMatchObject({ state: 'NY', city: 'New York' });
    expect(body.shipping_rates[0]!.shipping_rates.map((r) => [r.method_id, r.price])).toEqual([
      ['flat_rate', '800'],
    ]);
    expect(body.totals.total_shipping).toBe('800');

    const france = (
      await shopper.api('cart/update-customer', {
        shipping_address: { country: 'FR', state: '', postcode: '75001' },
      })
    ).json<CartBody>();
    expect(france.totals.total_shipping).toBe('1500');
    // Fields not sent are kept.
    expect(france.shipping_address.city).toBe('New York');
  });

  test('update-customer refuses a bad country, state or postcode with WordPress errors', async () => {
    const { shopper } = await shopperWithCart();
    const country = await shopper.api('cart/update-customer', {
      shipping_address: { country: 'XX' },
    });
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): shipping_address',
      data: { status: 400, details: { shipping_address: { code: 'invalid_country' } } },
    });
    const state = await shopper.api('cart/update-customer', {
      billing_address: { country: 'US', state: 'ZZ' },
    });
    expect(state.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { details: { billing_address: { code: 'invalid_state' } } },
    });
    expect(
      state.json<{ data: { params: { billing_address: string } } }>().data.params.billing_address,
    ).toMatch(/^The provided state \(ZZ\) is not valid\. Must be one of: AL, AK/);
    const postcode = await shopper.api('cart/update-customer', {
      shipping_address: { country: 'US', postcode: 'ABCDE' },
    });
    expect(postcode.statusCode).toBe(400);
    const notObject = await shopper.api('cart/update-customer', { shipping_address: 'US' });
    expect(notObject.statusCode).toBe(400);
    // Nothing was stored by the refused requests.
    const cart = (await shopper.api('cart')).json<CartBody>();
    expect(cart.shipping_address).toMatchObject({ country: 'US', state: 'CA', postcode: '' });
  });

  test('the order keeps its shipping line and the rate for the address it ships to', async () => {
    const { shopper, cart } = await shopperWithCart(2);
    const pickup = cart.shipping_rates[0]!.shipping_rates.find(
      (r) => r.method_id === 'local_pickup',
    )!;
    await shopper.api('cart/select-shipping-rate', { package_id: 0, rate_id: pickup.rate_id });
    const placed = await shopper.api('checkout', {
      billing_address: { ...US_ADDRESS, email: 'sam@example.com' },
      shipping_address: US_ADDRESS,
      payment_method: 'cod',
    });
    expect(placed.statusCode).toBe(200);
    const { order_id: orderId } = placed.json<{ order_id: number }>();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.totalShipping).toBe(0);
    expect(row!.shippingLines).toEqual([
      expect.objectContaining({ methodId: 'local_pickup', rateId: pickup.rate_id, total: 0 }),
    ]);
    expect(row!.total).toBe(Number(cart.totals.total_items));

    // Shipped to New York, the California rates are gone: the flat rate there is charged.
    const other = await shopperWithCart(1);
    const ny = { ...US_ADDRESS, city: 'New York', state: 'NY', postcode: '10001' };
    const nyOrder = await other.shopper.api('checkout', {
      billing_address: { ...ny, email: 'ny@example.com' },
      shipping_address: ny,
      payment_method: 'cod',
    });
    expect(nyOrder.statusCode).toBe(200);
    const body = nyOrder.json<{ order_id: number }>();
    const [nyRow] = await t.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(nyRow!.totalShipping).toBe(800);
    expect(nyRow!.shippingLines).toEqual([
      expect.objectContaining({ methodId: 'flat_rate', total: 800 }),
    ]);
  });
});
