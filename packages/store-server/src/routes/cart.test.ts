import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartItems, products } from '../db/schema';
import { createStore } from '../store';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';
import { isCartLinkUrl } from './wc-ajax';

const ORIGIN = 'http://localhost:80';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

interface CartBody {
  items: {
    key: string;
    id: number;
    quantity: number;
    name: string;
    quantity_limits: { maximum: number };
    prices: { price: string; raw_prices: { precision: number; price: string } };
    totals: { line_total: string; line_subtotal: string };
    extensions: { cartwright: { remove_url: string } };
  }[];
  totals: { total_items: string; total_price: string; currency_code: string };
  items_count: number;
  errors: { code: string; message: string }[];
  needs_shipping: boolean;
}

type Fragments = { fragments: Record<string, string>; cart_hash: string };

describe.each(drivers)('carts on $name', (driver) => {
  let t: TestStore;
  let ids: number[] = [];
  const now = Date.UTC(2026, 5, 1, 9, 0, 0);

  beforeAll(async () => {
    t = await driver.open({ clock: () => now });
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

  const shopper = () => new Shopper(t.store.app);
  /** A product of the demo shop set to the given stock (`null`: not managed). */
  async function product(
    index: number,
    stock: number | null,
    fields: Partial<typeof products.$inferInsert> = {},
  ) {
    const id = ids[index]!;
    await t.db
      .update(products)
      .set({ stockQuantity: stock, stockStatus: stock === 0 ? 'outofstock' : 'instock', ...fields })
      .where(eq(products.id, id));
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    return row!;
  }
  const lines = async (sessionKey: string) =>
    t.db
      .select({ itemKey: cartItems.itemKey, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.sessionKey, sessionKey))
      .orderBy(asc(cartItems.position));
  const sessionKeyOf = (browser: Shopper) =>
    decodeURIComponent(
      [...browser.cookies].find(([name]) => name.startsWith('wp_woocommerce_session_'))![1],
    ).split('||')[0]!;

  describe('the Store API cart', () => {
    test('GET /cart without a session is the empty cart, and starts no session', async () => {
      const response = await shopper().api('cart');
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cart-hash']).toBe('');
      // WordPress sends the route's methods on every REST answer.
      expect(response.headers.allow).toBe('GET');
      const cart = response.json<CartBody>();
      expect(cart.items).toEqual([]);
      expect(cart.items_count).toBe(0);
      expect(cart.totals).toMatchObject({
        total_items: '0',
        total_price: '0',
        currency_code: 'USD',
      });
    });

    test('add-item answers 201 with the full cart, totals in cents and the Cart-Hash', async () => {
      const beans = await product(0, 50);
      const browser = shopper();
      const response = await browser.api('cart/add-item', { id: beans.id, quantity: 3 });
      expect(response.statusCode).toBe(201);
      const cart = response.json<CartBody>();
      expect(cart.items).toHaveLength(1);
      const [item] = cart.items;
      expect(item).toMatchObject({
        key: md5(String(beans.id)),
        id: beans.id,
        quantity: 3,
        name: beans.name,
        quantity_limits: { maximum: 50 },
        prices: {
          price: String(beans.price),
          raw_prices: { precision: 6, price: String(beans.price * 10_000) },
        },
        totals: { line_total: String(beans.price * 3), line_subtotal: String(beans.price * 3) },
      });
      expect(item!.extensions.cartwright.remove_url).toMatch(
        new RegExp(`^${ORIGIN}/cart/\\?remove_item=${item!.key}&_wpnonce=[0-9a-f]{10}$`),
      );
      expect(cart.items_count).toBe(3);
      expect(cart.totals.total_items).toBe(String(beans.price * 3));
      // Plus the flat rate to the store's base state, California (5.00: seed/shipping.ts).
      expect(cart.totals.total_price).toBe(String(beans.price * 3 + 500));
      expect(cart.needs_shipping).toBe(true);
      for (const key of [
        'coupons',
        'fees',
        'shipping_address',
        'billing_address',
        'needs_payment',
        'payment_requirements',
        'has_calculated_shipping',
        'shipping_rates',
        'items_weight',
        'cross_sells',
        'errors',
        'payment_methods',
        'extensions',
      ]) {
        expect(cart).toHaveProperty(key);
      }
      const hash = String(response.headers['cart-hash']);
      expect(hash).toMatch(/^[0-9a-f]{32}$/);
      expect(browser.cookies.get('woocommerce_cart_hash')).toBe(hash);
      expect(browser.cookies.get('woocommerce_items_in_cart')).toBe('1');
      expect(String(response.headers['set-cookie'])).not.toMatch(
        /woocommerce_cart_hash=[^;]*;[^,]*HttpOnly/,
      );
    });

    test('the same product again adds to its line; another product gets a line of its own, in order', async () => {
      const [a, b] = [await product(1, null), await product(2, null)];
      const browser = shopper();
      await browser.api('cart/add-item', { id: a.id, quantity: 1 });
      await browser.api('cart/add-item', { id: b.id, quantity: 2 });
      const response = await browser.api('cart/add-item', { id: a.id, quantity: 4 });
      const cart = response.json<CartBody>();
      expect(cart.items.map((item) => [item.id, item.quantity])).toEqual([
        [a.id, 5],
        [b.id, 2],
      ]);
      // Free shipping is offered from 50.00, but the first rate (flat, 5.00) stays chosen.
      expect(cart.totals.total_items).toBe(String(a.price * 5 + b.price * 2));
      expect(cart.totals.total_price).toBe(String(a.price * 5 + b.price * 2 + 500));
      expect(cart.items_count).toBe(7);
      expect(await lines(sessionKeyOf(browser))).toHaveLength(2);
    });

    test('update-item sets a quantity; remove-item removes the line; an empty cart expires the cookies', async () => {
      const item = await product(3, null);
      const browser = shopper();
      const added = (await browser.api('cart/add-item', { id: item.id })).json<CartBody>();
      const key = added.items[0]!.key;
      const before = browser.cookies.get('woocommerce_cart_hash');

      const updated = await browser.api('cart/update-item', { key, quantity: 6 });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<CartBody>().items[0]!.quantity).toBe(6);
      expect(browser.cookies.get('woocommerce_cart_hash')).not.toBe(before);

      const removed = await browser.api('cart/remove-item', { key });
      expect(removed.statusCode).toBe(200);
      expect(removed.json<CartBody>().items).toEqual([]);
      expect(removed.headers['cart-hash']).toBe('');
      const cookies = [removed.headers['set-cookie']].flat().map(String);
      for (const name of ['woocommerce_items_in_cart', 'woocommerce_cart_hash']) {
        const line = cookies.find((cookie) => cookie.startsWith(`${name}=;`));
        expect(line).toBeDefined();
        const expires = Date.parse(/Expires=([^;]+)/.exec(line!)![1]!);
        expect(expires).toBe(Math.floor(now / 1000) * 1000 - 3_600_000);
      }
      expect(browser.cookies.has('woocommerce_cart_hash')).toBe(false);
    });

    test('parameters may come as query arguments, as WooCommerce accepts', async () => {
      const item = await product(4, null);
      const browser = shopper();
      const response = await browser.api(`cart/add-item?id=${item.id}&quantity=2`, {});
      expect(response.statusCode).toBe(201);
      expect(response.json<CartBody>().items[0]!.quantity).toBe(2);
    });

    test.each([
      ['remove-item', (key: string) => ({ key }), 'Cart item no longer exists or is invalid.'],
      ['update-item', (key: string) => ({ key, quantity: 2 }), 'Cart item does not exist.'],
    ])(
      '%s with a stale key is a 409 woocommerce_rest_cart_invalid_key carrying the current cart',
      async (route, body, message) => {
        const item = await product(5, null);
        const browser = shopper();
        const added = (await browser.api('cart/add-item', { id: item.id })).json<CartBody>();
        const response = await browser.api(`cart/${route}`, body('0123456789abcdef'));
        expect(response.statusCode).toBe(409);
        const error = response.json<{
          code: string;
          message: string;
          data: { status: number; cart: CartBody };
        }>();
        expect(error.code).toBe('woocommerce_rest_cart_invalid_key');
        expect(error.message).toBe(message);
        expect(error.data.status).toBe(409);
        expect(error.data.cart.items).toEqual(added.items);
      },
    );
  });

  describe('stock and bad input', () => {
    test('an out-of-stock product is refused with woocommerce_rest_product_out_of_stock', async () => {
      const gone = await product(6, 0);
      const response = await shopper().api('cart/add-item', { id: gone.id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'woocommerce_rest_product_out_of_stock',
        message: `You cannot add &quot;${gone.name}&quot; to the cart because the product is out of stock.`,
        data: { status: 400 },
      });
    });

    test('more than the stock (counting what is in the cart) is refused, and the cart keeps its quantity', async () => {
      const scarce = await product(7, 3);
      const browser = shopper();
      expect((await browser.api('cart/add-item', { id: scarce.id, quantity: 2 })).statusCode).toBe(
        201,
      );
      const response = await browser.api('cart/add-item', { id: scarce.id, quantity: 2 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'woocommerce_rest_product_partially_out_of_stock',
        message: `You cannot add that amount of &quot;${scarce.name}&quot; to the cart because there is not enough stock (3 remaining).`,
      });
      expect(await lines(sessionKeyOf(browser))).toEqual([
        { itemKey: md5(String(scarce.id)), quantity: 2 },
      ]);
    });

    test('update-item beyond the stock or below 1 is a 400 invalid_quantity naming the limit', async () => {
      const scarce = await product(8, 4);
      const browser = shopper();
      const key = (await browser.api('cart/add-item', { id: scarce.id })).json<CartBody>().items[0]!
        .key;
      const above = await browser.api('cart/update-item', { key, quantity: 5 });
      expect(above.statusCode).toBe(400);
      expect(above.json()).toMatchObject({
        code: 'invalid_quantity',
        message: `The maximum quantity of &quot;${scarce.name}&quot; allowed in the cart is 4`,
      });
      const below = await browser.api('cart/update-item', { key, quantity: 0 });
      expect(below.json()).toMatchObject({
        code: 'invalid_quantity',
        message: `The minimum quantity of &quot;${scarce.name}&quot; allowed in the cart is 1`,
      });
      expect((await lines(sessionKeyOf(browser)))[0]!.quantity).toBe(1);
    });

    test.each([
      [{ id: 999_999 }, 400, 'woocommerce_rest_cart_invalid_product'],
      [{}, 400, 'rest_missing_callback_param'],
      [{ id: 'abc' }, 400, 'rest_invalid_param'],
      [{ id: 1, quantity: 1.5 }, 400, 'rest_invalid_param'],
      [{ id: 1, quantity: 0 }, 400, 'woocommerce_rest_product_invalid_quantity'],
      [{ id: 1, quantity: -3 }, 400, 'woocommerce_rest_product_invalid_quantity'],
    ])('add-item with %j is a %i %s', async (body, status, code) => {
      const response = await shopper().api('cart/add-item', body);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code, data: { status } });
    });

    test('a missing product id is named in the message, as WooCommerce 10.2.4 does', async () => {
      const response = await shopper().api('cart/add-item', { id: 999_998 });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        'Product with ID &quot;999998&quot; was not found and cannot be added to the cart.',
      );
    });

    test('an unpublished product cannot be added', async () => {
      const hidden = await product(9, null, { status: 'draft' });
      try {
        const response = await shopper().api('cart/add-item', { id: hidden.id });
        expect(response.json()).toMatchObject({ code: 'woocommerce_rest_cart_invalid_product' });
      } finally {
        await t.db.update(products).set({ status: 'publish' }).where(eq(products.id, hidden.id));
      }
    });

    test('when stock drops, the cart lowers the quantity to it; an unpublished product leaves the cart; an item out of stock is reported', async () => {
      const [a, b, c] = [await product(10, 9), await product(11, null), await product(12, 5)];
      const browser = shopper();
      await browser.api('cart/add-item', { id: a.id, quantity: 8 });
      await browser.api('cart/add-item', { id: b.id, quantity: 1 });
      await browser.api('cart/add-item', { id: c.id, quantity: 2 });
      await product(10, 2);
      await product(11, null, { status: 'private' });
      await product(12, 0);
      try {
        const cart = (await browser.api('cart')).json<CartBody>();
        expect(cart.items.map((item) => [item.id, item.quantity])).toEqual([
          [a.id, 2],
          [c.id, 2],
        ]);
        expect(cart.errors).toEqual([
          {
            code: 'woocommerce_rest_product_out_of_stock',
            message: `${c.name} is out of stock and cannot be purchased. Please remove it from your cart.`,
          },
        ]);
        expect(await lines(sessionKeyOf(browser))).toEqual([
          { itemKey: md5(String(a.id)), quantity: 2 },
          { itemKey: md5(String(c.id)), quantity: 2 },
        ]);
      } finally {
        await t.db.update(products).set({ status: 'publish' }).where(eq(products.id, b.id));
      }
    });
  });

  describe('wc-ajax', () => {
    test('add_to_cart answers with the mini-cart and cart-count fragments and the cart hash', async () => {
      const mug = await product(13, null, { name: 'Mug <b>"Bold"</b> & Co' });
      const browser = shopper();
      const response = await browser.ajax('add_to_cart', {
        product_id: String(mug.id),
        quantity: '2',
        product_sku: 'ignored',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
      const body = response.json<Fragments>();
      expect(Object.keys(body.fragments)).toEqual([
        'div.widget_shopping_cart_content',
        'a.cw-cart-count',
      ]);
      expect(body.cart_hash).toBe(browser.cookies.get('woocommerce_cart_hash'));
      const html = body.fragments['div.widget_shopping_cart_content']!;
      const key = md5(String(mug.id));
      const escaped = 'Mug &lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; Co';
      expect(html).toMatch(
        /^<div class="widget_shopping_cart_content"><ul class="woocommerce-mini-cart/,
      );
      expect(html).toContain('<li class="woocommerce-mini-cart-item mini_cart_item">');
      expect(html).toMatch(
        new RegExp(
          `<a href="${ORIGIN}/cart/\\?remove_item=${key}&amp;_wpnonce=[0-9a-f]{10}" class="remove remove_from_cart_button"`,
        ),
      );
      expect(html).toContain(
        `aria-label="Remove ${escaped} from cart" data-product_id="${mug.id}" data-cart_item_key="${key}"`,
      );
      expect(html).not.toContain('<b>');
      expect(html).toContain(`<span class="quantity">2 &times; `);
      expect(body.fragments['a.cw-cart-count']).toContain('aria-label="Cart, 2 items"');
      expect(body.fragments['a.cw-cart-count']).toContain(
        '<span class="count cw-cart-count__count">2</span>',
      );
      expect(browser.cookies.get('woocommerce_items_in_cart')).toBe('1');
    });

    test('a refused add answers {error: true, product_url}: the product page, or false for an unknown product', async () => {
      const gone = await product(14, 0);
      const browser = shopper();
      const refused = await browser.ajax('add_to_cart', { product_id: String(gone.id) });
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({
        error: true,
        product_url: `${ORIGIN}/product/${gone.slug}/`,
      });
      expect(browser.cookies.has('woocommerce_cart_hash')).toBe(false);
      const unknown = await browser.ajax('add_to_cart', { product_id: 'x' });
      expect(unknown.json()).toEqual({ error: true, product_url: false });
      const absent = await browser.ajax('add_to_cart', { product_id: '999999' });
      expect(absent.json()).toEqual({ error: true, product_url: false });
      const missing = await browser.ajax('add_to_cart', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: true });
    });

    test('remove_from_cart removes the line and answers with the empty mini-cart; a bad key answers {success: false}', async () => {
      const item = await product(15, null);
      const browser = shopper();
      await browser.ajax('add_to_cart', { product_id: String(item.id) });
      expect((await browser.ajax('remove_from_cart', { cart_item_key: 'nope' })).json()).toEqual({
        success: false,
      });
      expect(
        (await shopper().ajax('remove_from_cart', { cart_item_key: md5(String(item.id)) })).json(),
      ).toEqual({
        success: false,
      });
      const removed = await browser.ajax('remove_from_cart', {
        cart_item_key: md5(String(item.id)),
      });
      expect(removed.json()).toEqual({
        fragments: {
          'div.widget_shopping_cart_content':
            '<div class="widget_shopping_cart_content"><p class="woocommerce-mini-cart__empty-message">No products in the cart.</p></div>',
          'a.cw-cart-count': expect.stringContaining('aria-label="Cart, 0 items"') as unknown,
        },
        cart_hash: '',
      });
      expect(browser.cookies.has('woocommerce_items_in_cart')).toBe(false);
    });

    test('get_refreshed_fragments works on any path, and without a session sets no cookie', async () => {
      const stranger = await shopper().ajax('get_refreshed_fragments', { time: '1' }, '/shop/');
      expect(stranger.statusCode).toBe(200);
      expect(stranger.headers['set-cookie']).toBeUndefined();
      expect(stranger.json<Fragments>().cart_hash).toBe('');
      const item = await product(16, null);
      const browser = shopper();
      const added = (
        await browser.ajax('add_to_cart', { product_id: String(item.id) })
      ).json<Fragments>();
      const refreshed = await browser.ajax('get_refreshed_fragments', {}, '/product/anything/');
      expect(refreshed.json()).toEqual(added);
    });

    test('an unknown action is an empty HTML page with status 200, never cached (as WooCommerce 10.2.4)', async () => {
      const response = await shopper().ajax('apply_coupon', {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.body).toBe('');
    });

    test('the same session is one cart through wc-ajax and the Store API', async () => {
      const item = await product(17, null);
      const browser = shopper();
      await browser.ajax('add_to_cart', { product_id: String(item.id), quantity: '2' });
      const cart = (await browser.api('cart/add-item', { id: item.id })).json<CartBody>();
      expect(cart.items.map((line) => line.quantity)).toEqual([3]);
    });
  });

  describe('links that work without JavaScript', () => {
    test('?add-to-cart={id}&quantity= adds, then goes to the cart page (redirect-after-add yes)', async () => {
      const item = await product(18, null);
      const browser = shopper();
      const response = await browser.request({ url: `/shop/?add-to-cart=${item.id}&quantity=2` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${ORIGIN}/cart/`);
      expect(browser.cookies.get('woocommerce_items_in_cart')).toBe('1');
      expect(await lines(sessionKeyOf(browser))).toEqual([
        { itemKey: md5(String(item.id)), quantity: 2 },
      ]);
      expect((await browser.api('cart')).json<CartBody>().items_count).toBe(2);
    });

    test('a HEAD request to an add link adds nothing', async () => {
      const item = await product(19, null);
      const browser = shopper();
      await browser.request({ method: 'HEAD', url: `/shop/?add-to-cart=${item.id}` });
      expect(browser.cookies.size).toBe(0);
    });

    test('the remove link removes with its nonce and goes to the cart page; a wrong nonce removes nothing', async () => {
      const item = await product(20, null);
      const browser = shopper();
      const html = (
        await browser.ajax('add_to_cart', { product_id: String(item.id) })
      ).json<Fragments>().fragments['div.widget_shopping_cart_content']!;
      const href = /<a href="([^"]+)" class="remove remove_from_cart_button"/.exec(html)![1]!;
      const link = href.replace(/&amp;/g, '&').replace(ORIGIN, '');
      const forged = link.replace(/_wpnonce=[0-9a-f]+/, '_wpnonce=0123456789');
      const refused = await browser.request({ url: forged });
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe(`${ORIGIN}/cart/`);
      expect(await lines(sessionKeyOf(browser))).toHaveLength(1);
      const other = shopper();
      await other.ajax('add_to_cart', { product_id: String(item.id) });
      await other.request({ url: link });
      expect(await lines(sessionKeyOf(other))).toHaveLength(1);
      const removed = await browser.request({ url: link });
      expect(removed.statusCode).toBe(302);
      expect(removed.headers.location).toBe(`${ORIGIN}/cart/`);
      expect(await lines(sessionKeyOf(browser))).toEqual([]);
      expect(browser.cookies.has('woocommerce_cart_hash')).toBe(false);
    });

    describe('with redirect-after-add "no"', () => {
      let stay: TestStore;
      beforeAll(async () => {
        stay = await driver.open({ clock: () => now, cartRedirectAfterAdd: 'no', seed: true });
      });
      afterAll(async () => {
        await stay?.cleanup();
      });

      test('adding goes back to the referring page on this site, else to the same page without the cart arguments', async () => {
        const browser = new Shopper(stay.store.app);
        const back = await browser.request({
          url: `/cart/?add-to-cart=${ids[0]}`,
          headers: { referer: `${ORIGIN}/product/some-product/` },
        });
        expect(back.statusCode).toBe(302);
        expect(back.headers.location).toBe('/product/some-product/');
        const elsewhere = await browser.request({
          url: `/shop/page/2/?orderby=price&add-to-cart=${ids[0]}&quantity=2`,
          headers: { referer: 'https://evil.example/' },
        });
        expect(elsewhere.headers.location).toBe('/shop/page/2/?orderby=price');
        const cart = (await browser.api('cart')).json<CartBody>();
        expect(cart.items_count).toBe(3);
      });

      test('the settings say so', async () => {
        const response = await stay.store.app.inject('/wp-json/cartwright/v1/settings');
        expect(response.json()).toMatchObject({ cart_redirect_after_add: 'no' });
      });
    });
  });

  describe('sessions and users', () => {
    test("a logged-in customer's cart follows them to another browser, and a guest's cart is merged in at login", async () => {
      const [a, b, c] = [await product(21, null), await product(22, null), await product(23, null)];
      const laptop = shopper();
      await laptop.logIn(t.admin.login, t.admin.password);
      await laptop.api('cart/add-item', { id: a.id, quantity: 1 });
      await laptop.api('cart/add-item', { id: b.id, quantity: 1 });

      const phone = shopper();
      await phone.api('cart/add-item', { id: a.id, quantity: 4 });
      await phone.api('cart/add-item', { id: c.id, quantity: 2 });
      const login = await phone.logIn(t.admin.login, t.admin.password);
      expect(String(login.headers['set-cookie'])).toContain('woocommerce_cart_hash=');
      const merged = (await phone.api('cart')).json<CartBody>();
      expect(merged.items.map((item) => [item.id, item.quantity])).toEqual([
        [a.id, 4],
        [b.id, 1],
        [c.id, 2],
      ]);
      expect(phone.cookies.get('woocommerce_cart_hash')).toBe(
        (await laptop.api('cart')).headers['cart-hash'],
      );
      // Logging out keeps the cart with the user but clears this browser's cart cookies.
      const confirm = await phone.request({ url: '/wp-login.php?action=logout' });
      const link = /href="([^"]+)"/.exec(confirm.body)![1]!.replace(/&amp;/g, '&');
      const logout = await phone.request({ url: link });
      expect(logout.statusCode).toBe(302);
      expect(phone.cookies.has('woocommerce_cart_hash')).toBe(false);
      expect(phone.cookies.has('woocommerce_items_in_cart')).toBe(false);
      expect((await laptop.api('cart')).json<CartBody>().items_count).toBe(7);
    });

    test('a Cart-Token carries the cart without a session cookie (cart cookies as WooCommerce)', async () => {
      const item = await product(24, null);
      const browser = shopper();
      const first = await browser.api('cart/add-item', { id: item.id });
      const token = String(first.headers['cart-token']);
      const headless = await t.store.app.inject({
        method: 'POST',
        url: '/wp-json/wc/store/v1/cart/add-item',
        headers: { 'cart-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: item.id, quantity: 2 }),
      });
      expect(headless.statusCode).toBe(201);
      expect(headless.json<CartBody>().items[0]!.quantity).toBe(3);
      const set = [headless.headers['set-cookie'] ?? []].flat().map((c) => c.split('=')[0]);
      expect(set.sort()).toEqual(['woocommerce_cart_hash', 'woocommerce_items_in_cart']);
      expect(headless.headers['cart-hash']).toMatch(/^[0-9a-f]{32}$/);
    });

    test('equal carts have equal hashes in different sessions', async () => {
      const item = await product(25, null);
      const [x, y] = [shopper(), shopper()];
      const hx = (await x.api('cart/add-item', { id: item.id, quantity: 2 })).headers['cart-hash'];
      await y.api('cart/add-item', { id: item.id, quantity: 1 });
      const hy = (await y.api('cart/add-item', { id: item.id, quantity: 1 })).headers['cart-hash'];
      expect(hy).toBe(hx);
    });
  });

  test('GET /wp-json/cartwright/v1/settings gives the storefront its cart settings', async () => {
    const response = await t.store.app.inject('/wp-json/cartwright/v1/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cart_redirect_after_add: 'yes',
      cart_url: `${ORIGIN}/cart/`,
      checkout_url: `${ORIGIN}/checkout/`,
      shop_url: `${ORIGIN}/shop/`,
      wc_ajax_url: '/?wc-ajax=%%endpoint%%',
      currency: expect.objectContaining({
        currency_code: 'USD',
        currency_minor_unit: 2,
      }) as unknown,
      address_providers: expect.any(Array) as unknown,
      address_autocomplete_countries: expect.any(Array) as unknown,
      // Who is looking, for analytics (routes/site.test.ts checks the values).
      analytics_common_props: expect.objectContaining({ is_guest: 1, ui: 0 }) as unknown,
      // No terms page unless the store is given one (TERMS_URL).
      terms_url: null,
      store_notice: null,
      coming_soon: false,
      // WooCommerce's tax options: a new store calculates none.
      tax: {
        calc_taxes: false,
        prices_include_tax: false,
        tax_display_shop: 'excl',
        tax_display_cart: 'excl',
      },
      coming_soon_banner: null,
      subscription_endpoint: `${ORIGIN}/wp-json/hostinger-reach/v1/contact`,
      // WooCommerce Analytics' flags: proxy tracking on, ClickHouse and sessions off (decision 0052).
      analytics_features: { ch: false, sessionTracking: false, proxy: true },
    });
  });

  test('the cart rows of a session are unique per product', async () => {
    const item = await product(26, null);
    const browser = shopper();
    await browser.api('cart/add-item', { id: item.id });
    const key = sessionKeyOf(browser);
    await expect(
      t.db.insert(cartItems).values({
        sessionKey: key,
        itemKey: md5(String(item.id)),
        productId: item.id,
        quantity: 1,
      }),
    ).rejects.toThrow();
    expect(
      await t.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.sessionKey, key), eq(cartItems.productId, item.id))),
    ).toHaveLength(1);
  });
});

test.each([
  ['/shop/?add-to-cart=15', true],
  ['/?add-to-cart=15&quantity=2', true],
  ['/cart/?remove_item=abc&_wpnonce=0123456789', true],
  ['/shop/?orderby=price', false],
  ['/cart/', false],
])('isCartLinkUrl(%j) is %s', (url, expected) => {
  expect(isCartLinkUrl(url)).toBe(expected);
});

test.each([['maybe'], [true], ['YES']])(
  'createStore refuses cartRedirectAfterAdd %j with invalid_option',
  async (value) => {
    await expect(
      createStore({ inMemory: true, cartRedirectAfterAdd: value as 'yes' }),
    ).rejects.toMatchObject({ name: 'StoreServerError', code: 'invalid_option' });
  },
);
