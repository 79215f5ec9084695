import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const ORIGIN = 'http://localhost:80';
const NOTICES = '/wp-json/cartwright/v1/notices';

describe.each(drivers)('session notices on $name', (driver) => {
  let t: TestStore;
  let stay: TestStore;
  let ids: number[] = [];
  const now = Date.UTC(2026, 5, 1, 9, 0, 0);

  beforeAll(async () => {
    [t, stay] = await Promise.all([
      driver.open({ clock: () => now }),
      driver.open({ clock: () => now, cartRedirectAfterAdd: 'no', seed: true }),
    ]);
    const rows = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'publish'))
      .orderBy(asc(products.id));
    ids = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await Promise.all([t?.cleanup(), stay?.cleanup()]);
  });

  /** A product of the demo shop set to the given stock (`null`: not managed). */
  async function product(store: TestStore, index: number, stock: number | null) {
    const id = ids[index]!;
    await store.db
      .update(products)
      .set({ stockQuantity: stock, stockStatus: stock === 0 ? 'outofstock' : 'instock' })
      .where(eq(products.id, id));
    const [row] = await store.db.select().from(products).where(eq(products.id, id));
    return row!;
  }
  const take = async (browser: Shopper) => {
    const response = await browser.request({ url: NOTICES });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    return response.json<{ notices: unknown[] }>().notices;
  };

  test('a no-JavaScript add leaves "added to your cart" for the next page, handed out once', async () => {
    const item = await product(t, 1, null);
    const browser = new Shopper(t.store.app);
    await browser.request({
      url: `/shop/?add-to-cart=${item.id}&quantity=2`,
      headers: { referer: `${ORIGIN}/shop/?orderby=price` },
    });
    expect(browser.cookies.get('cartwright_notices')).toBe('1');
    expect(await take(browser)).toEqual([
      {
        type: 'success',
        message: `2 × “${item.name}” has been added to your cart.`,
        link: { href: '/shop/?orderby=price', label: 'Continue shopping' },
      },
    ]);
    expect(browser.cookies.has('cartwright_notices')).toBe(false);
    expect(await take(browser)).toEqual([]);
  });

  test('a refused add (out of stock) leaves the store’s message as an error notice', async () => {
    const item = await product(t, 2, 0);
    const browser = new Shopper(t.store.app);
    const response = await browser.request({ url: `/shop/?add-to-cart=${item.id}` });
    expect(response.statusCode).toBe(302);
    expect(await take(browser)).toEqual([
      {
        type: 'error',
        message: `You cannot add "${item.name}" to the cart because the product is out of stock.`,
      },
    ]);
  });

  test('wc-ajax: redirect-after-add "yes" leaves the success notice for the cart page, a refusal its error', async () => {
    const [item, gone] = [await product(t, 3, 5), await product(t, 4, 0)];
    const browser = new Shopper(t.store.app);
    await browser.ajax('add_to_cart', { product_id: String(item.id), quantity: '1' });
    const refused = await browser.ajax('add_to_cart', { product_id: String(gone.id) });
    expect(refused.json()).toMatchObject({ error: true });
    expect(await take(browser)).toEqual([
      {
        type: 'success',
        message: `“${item.name}” has been added to your cart.`,
        link: { href: `${ORIGIN}/shop/`, label: 'Continue shopping' },
      },
      {
        type: 'error',
        message: `You cannot add "${gone.name}" to the cart because the product is out of stock.`,
      },
    ]);
  });

  test('with redirect-after-add "no", an ajax add leaves no notice and a link add says "View cart"', async () => {
    const item = await product(stay, 1, null);
    const browser = new Shopper(stay.store.app);
    await browser.ajax('add_to_cart', { product_id: String(item.id) });
    expect(browser.cookies.has('cartwright_notices')).toBe(false);
    await browser.request({ url: `/shop/?add-to-cart=${item.id}` });
    expect(await take(browser)).toEqual([
      {
        type: 'success',
        message: `“${item.name}” has been added to your cart.`,
        link: { href: `${ORIGIN}/cart/`, label: 'View cart' },
      },
    ]);
  });

  test('without a session there are no notices, and no session is started', async () => {
    const browser = new Shopper(t.store.app);
    expect(await take(browser)).toEqual([]);
    expect(browser.cookies.size).toBe(0);
  });

  test('one session’s notices are never handed to another', async () => {
    const item = await product(t, 5, 0);
    const [a, b] = [new Shopper(t.store.app), new Shopper(t.store.app)];
    await a.request({ url: `/?add-to-cart=${item.id}` });
    await b.request({ url: `/?add-to-cart=${ids[1]}` });
    expect(await take(b)).toEqual([expect.objectContaining({ type: 'success' })]);
    expect(await take(a)).toEqual([expect.objectContaining({ type: 'error' })]);
  });
});
