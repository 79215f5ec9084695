import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartCoupons, coupons, orderCoupons, orderLines, orders, products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

/** The seeded flat rate a new cart ships at (US:CA, the store's base: cart/shipping.ts seed). */
const SHIPPING = 500;

interface CartBody {
  items: { key: string; totals: { line_subtotal: string; line_total: string } }[];
  coupons: {
    code: string;
    discount_type: string;
    totals: { total_discount: string; total_discount_tax: string; currency_code: string };
  }[];
  totals: {
    total_items: string;
    total_discount: string;
    total_price: string;
    total_shipping: string | null;
  };
  errors: { code: string; message: string }[];
  code?: string;
  message?: string;
  data?: { status: number; params?: string[] };
}

const BILLING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '14 Baker Street',
  city: 'London',
  postcode: 'NW1 6XE',
  country: 'GB',
  email: 'ada@example.com',
};

describe.each(drivers)('coupons on $name', (driver) => {
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

  /** A demo product at `price` cents with plenty of stock. */
  async function product(index: number, price: number) {
    const id = ids[index]!;
    await t.db
      .update(products)
      .set({ stockQuantity: null, stockStatus: 'instock', regularPrice: price, salePrice: null })
      .where(eq(products.id, id));
    return id;
  }

  async function shopperWith(productId: number, quantity: number) {
    const shopper = new Shopper(t.store.app);
    const added = await shopper.api('cart/add-item', { id: productId, quantity });
    expect(added.statusCode).toBe(201);
    return shopper;
  }

  const apply = async (shopper: Shopper, code: unknown) => {
    const response = await shopper.api('cart/apply-coupon', { code });
    return { status: response.statusCode, body: response.json<CartBody>() };
  };
  const remove = async (shopper: Shopper, code: unknown) => {
    const response = await shopper.api('cart/remove-coupon', { code });
    return { status: response.statusCode, body: response.json<CartBody>() };
  };

  test('apply-coupon takes 10 % off: coupon line, per-line discount, totals, case-insensitive code', async () => {
    const id = await product(0, 1333);
    const shopper = await shopperWith(id, 3);
    const { status, body } = await apply(shopper, '  LAB10 ');
    expect(status).toBe(200);
    // 10 % of 39.99 is 3.999: floored per line to 399, the cart-level 400 (half down) adds a cent.
    expect(body.coupons).toEqual([
      {
        code: 'lab10',
        discount_type: 'percent',
        totals: expect.objectContaining({
          total_discount: '400',
          total_discount_tax: '0',
          currency_code: 'USD',
        }) as unknown,
      },
    ]);
    expect(body.totals).toMatchObject({
      total_items: '3999',
      total_discount: '400',
      total_shipping: String(SHIPPING),
      total_price: String(3599 + SHIPPING),
    });
    expect(body.items[0]!.totals).toMatchObject({ line_subtotal: '3999', line_total: '3599' });
    // The cart keeps it: a fresh read shows the same.
    const again = (await shopper.api('cart')).json<CartBody>();
    expect(again.totals.total_price).toBe(String(3599 + SHIPPING));
    expect(again.coupons.map((coupon) => coupon.code)).toEqual(['lab10']);
  });

  test('refusals carry WooCommerce codes and messages, and change nothing', async () => {
    const id = await product(1, 1000);
    const shopper = await shopperWith(id, 1);
    const cases: [unknown, string][] = [
      [
        'no-such-coupon',
        'Coupon &quot;no-such-coupon&quot; cannot be applied because it does not exist.',
      ],
      ['expired15', 'Coupon &quot;expired15&quot; has expired.'],
      ['FIVER', 'The minimum spend for coupon &quot;fiver&quot; is &#036;20.00.'],
    ];
    for (const [code, message] of cases) {
      const { status, body } = await apply(shopper, code);
      expect({ code, status, error: body.code, message: body.message }).toEqual({
        code,
        status: 400,
        error: 'woocommerce_rest_cart_coupon_error',
        message,
      });
    }
    expect((await apply(shopper, 'lab10')).status).toBe(200);
    const twice = await apply(shopper, 'Lab10');
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Coupon code &quot;lab10&quot; has already been applied.');
    // No code at all: WooCommerce 10.2.4 answers as if the empty code were applied already.
    const missing = await shopper.api('cart/apply-coupon', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<CartBody>()).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_error',
      message: 'Coupon code &quot;&quot; has already been applied.',
    });
    const cart = (await shopper.api('cart')).json<CartBody>();
    expect(cart.coupons.map((coupon) => coupon.code)).toEqual(['lab10']);
  });

  test('fixed cart with a minimum spend; it drops out with an error when the spend falls under it', async () => {
    const id = await product(2, 1100);
    const shopper = await shopperWith(id, 2);
    const applied = await apply(shopper, 'fiver');
    expect(applied.status).toBe(200);
    expect(applied.body.totals).toMatchObject({
      total_discount: '500',
      total_price: String(1700 + SHIPPING),
    });
    const key = applied.body.items[0]!.key;
    const lowered = await shopper.api('cart/update-item', { key, quantity: 1 });
    expect(lowered.statusCode).toBe(200);
    const body = lowered.json<CartBody>();
    expect(body.coupons).toEqual([]);
    expect(body.totals).toMatchObject({
      total_discount: '0',
      total_price: String(1100 + SHIPPING),
    });
    expect(body.errors).toContainEqual({
      code: 'woocommerce_rest_cart_coupon_error',
      message:
        'The &quot;fiver&quot; coupon has been removed from your cart: The minimum spend for coupon &quot;fiver&quot; is &#036;20.00.',
    });
    // Gone for good, not just hidden.
    const stored = await t.db.select().from(cartCoupons).where(eq(cartCoupons.code, 'fiver'));
    expect(stored).toEqual([]);
  });

  test('an individual-use coupon replaces the others and keeps new ones out', async () => {
    const id = await product(3, 5000);
    const shopper = await shopperWith(id, 1);
    expect((await apply(shopper, 'lab10')).status).toBe(200);
    const solo = await apply(shopper, 'solo20');
    expect(solo.status).toBe(200);
    expect(solo.body.coupons.map((coupon) => coupon.code)).toEqual(['solo20']);
    expect(solo.body.totals.total_discount).toBe('1000');
    const refused = await apply(shopper, 'lab10');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      '&quot;solo20&quot; has already been applied and cannot be used in conjunction with other coupons.',
    );
  });

  test('remove-coupon: 200 with the cart, 409 when not applied, 400 for a code that is not valid', async () => {
    const id = await product(4, 2000);
    const shopper = await shopperWith(id, 1);
    expect((await apply(shopper, 'lab10')).status).toBe(200);
    const removed = await remove(shopper, 'LAB10');
    expect(removed.status).toBe(200);
    expect(removed.body.coupons).toEqual([]);
    expect(removed.body.totals).toMatchObject({
      total_discount: '0',
      total_price: String(2000 + SHIPPING),
    });
    const notApplied = await remove(shopper, 'lab10');
    expect(notApplied.status).toBe(409);
    expect(notApplied.body).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_invalid_code',
      message: 'Coupon cannot be removed because it is not already applied to the cart.',
    });
    for (const code of ['no-such-coupon', 'expired15']) {
      const invalid = await remove(shopper, code);
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        code: 'woocommerce_rest_cart_coupon_error',
        message: 'Invalid coupon code.',
      });
    }
  });

  test('the order keeps its coupon lines and discounted lines; the coupon is counted', async () => {
    const id = await product(5, 1333);
    const shopper = await shopperWith(id, 3);
    expect((await apply(shopper, 'lab10')).status).toBe(200);
    const [before] = await t.db.select().from(coupons).where(eq(coupons.code, 'lab10'));
    const placed = await shopper.api('checkout', {
      billing_address: BILLING,
      payment_method: 'cod',
    });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json<{ order_id: number }>().order_id;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    // The order ships to BILLING's country, at that zone's rate (seed), after the discount.
    expect(order).toMatchObject({ totalItems: 3999, totalDiscount: 400 });
    expect(order!.totalShipping).toBeGreaterThan(0);
    expect(order!.total).toBe(3599 + order!.totalShipping);
    expect(
      await t.db
        .select({ code: orderCoupons.code, discount: orderCoupons.discount })
        .from(orderCoupons)
        .where(eq(orderCoupons.orderId, orderId)),
    ).toEqual([{ code: 'lab10', discount: 400 }]);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ lineTotal: 3999, discount: 400 });
    const [after] = await t.db.select().from(coupons).where(eq(coupons.code, 'lab10'));
    expect(after!.usageCount).toBe(before!.usageCount + 1);
    // The cart is empty again, coupons included.
    const cart = (await shopper.api('cart')).json<CartBody>();
    expect(cart.coupons).toEqual([]);
    // The Store API order route lists the coupon line and the discount.
    const key = order!.orderKey;
    const read = await shopper.request({
      method: 'GET',
      url: `/wp-json/wc/store/v1/order/${orderId}?key=${key}&billing_email=${BILLING.email}`,
    });
    expect(read.statusCode).toBe(200);
    const answered = read.json<CartBody>();
    expect(answered.coupons.map((coupon) => [coupon.code, coupon.totals.total_discount])).toEqual([
      ['lab10', '400'],
    ]);
    expect(answered.totals.total_discount).toBe('400');
    expect(answered.items[0]!.totals).toMatchObject({ line_subtotal: '3999', line_total: '3599' });
  });

  test('a coupon with one use left goes to one of two shoppers checking out at once', async () => {
    const id = await product(6, 1000);
    const first = await shopperWith(id, 1);
    const second = await shopperWith(id, 1);
    expect((await apply(first, 'onceonly')).status).toBe(200);
    expect((await apply(second, 'onceonly')).status).toBe(200);
    const [a, b] = await Promise.all(
      [first, second].map((shopper) =>
        shopper.api('checkout', { billing_address: BILLING, payment_method: 'cod' }),
      ),
    );
    // The loser is refused either way it lost: its cart found the coupon used up on loading
    // (409, the coupon dropped), or the guarded count did (400).
    const winner = a!.statusCode === 200 ? a! : b!;
    const loser = winner === a ? b! : a!;
    expect(winner.statusCode).toBe(200);
    expect([400, 409]).toContain(loser.statusCode);
    const refused = loser.json<CartBody>();
    expect(refused.code).toBe('woocommerce_rest_cart_coupon_error');
    expect(refused.message).toContain(
      'Usage limit for coupon &quot;onceonly&quot; has been reached.',
    );
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, 'onceonly'));
    expect(row!.usageCount).toBe(1);
    const used = await t.db.select().from(orderCoupons).where(eq(orderCoupons.code, 'onceonly'));
    expect(used).toHaveLength(1);
    // Now that it is used up, applying it is refused.
    const third = await shopperWith(id, 1);
    const late = await apply(third, 'onceonly');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Usage limit for coupon &quot;onceonly&quot; has been reached.');
  });
});
