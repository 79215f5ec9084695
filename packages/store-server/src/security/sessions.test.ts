/**
 * Issue 13, finding 6 (sessions): a customer's `Cart-Token` must die with the login it was
 * issued under, and a guest's logout link needs the log-out nonce, so a link on another site
 * cannot end a shopper's session (their cart).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products, sessions } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';
import { createUser } from '../users/users';

const STORE = '/wp-json/wc/store/v1';
const json = { 'content-type': 'application/json' };

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe.each(drivers)('session ends on $name', (driver) => {
  let t: TestStore;
  let productId: number;
  beforeAll(async () => {
    t = await driver.open();
    await createUser(t.db, {
      login: 'gina',
      email: 'gina@example.com',
      password: 'gina password',
    });
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'publish'))
      .orderBy(asc(products.id))
      .limit(1);
    productId = row!.id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const addWithToken = (token: string) =>
    t.store.app.inject({
      method: 'POST',
      url: `${STORE}/cart/add-item`,
      headers: { ...json, 'cart-token': token },
      payload: JSON.stringify({ id: productId, quantity: 1 }),
    });

  async function logOut(browser: Browser) {
    const ask = await browser.request({ url: '/wp-login.php?action=logout' });
    expect(ask.statusCode).toBe(403);
    const link = /href="([^"]+)"/.exec(ask.body)![1]!.replace(/&amp;/g, '&');
    const out = await browser.request({ url: link });
    expect(out.statusCode).toBe(302);
  }

  test("a customer's Cart-Token stops working the moment that login is logged out", async () => {
    const browser = new Browser(t.store.app);
    await browser.logIn('gina', 'gina password');
    const cart = await browser.request({ url: `${STORE}/cart` });
    const token = String(cart.headers['cart-token']);
    const gina = await browser.request({ url: '/wp-json/cartwright/v1/account' });
    expect(claims(token).user_id).toBe(String(gina.json<{ id: number }>().id));

    // While logged in, the token works on its own (no cookie, no nonce), and renews itself.
    const before = await addWithToken(token);
    expect(before.statusCode).toBe(201);
    const renewed = String(before.headers['cart-token']);
    expect((await addWithToken(renewed)).statusCode).toBe(201);

    await logOut(browser);
    for (const old of [token, renewed]) {
      const after = await addWithToken(old);
      // No longer a session: a Store API write without a nonce, as for a stranger.
      expect(after.statusCode).toBe(401);
      expect(after.json<{ code: string }>().code).toBe('woocommerce_rest_missing_nonce');
      expect(after.headers['user-id']).toBe('0');
      // The stranger's session is a new guest one, not the customer's.
      expect(claims(String(after.headers['cart-token'])).user_id).toMatch(/^t_/);
    }
  });

  test("logging in again does not revive the old login's tokens", async () => {
    const browser = new Browser(t.store.app);
    await browser.logIn('gina', 'gina password');
    const token = String((await browser.request({ url: `${STORE}/cart` })).headers['cart-token']);
    await logOut(browser);
    await browser.logIn('gina', 'gina password');
    expect((await addWithToken(token)).statusCode).toBe(401);
  });

  test("a guest's cart survives a cross-site logout link; the nonce link still works", async () => {
    const guest = new Browser(t.store.app);
    const start = await guest.request({
      method: 'POST',
      url: `${STORE}/cart/add-item`,
      headers: json,
      payload: JSON.stringify({ id: productId, quantity: 1 }),
    });
    const nonce = String(start.headers.nonce);
    expect(
      (
        await guest.request({
          method: 'POST',
          url: `${STORE}/cart/add-item`,
          headers: { ...json, nonce },
          payload: JSON.stringify({ id: productId, quantity: 2 }),
        })
      ).statusCode,
    ).toBe(201);
    const session = [...guest.cookies.keys()].find((n) => n.startsWith('wp_woocommerce_session_'));
    expect(session).toBeDefined();

    // A link on another site: WordPress's "are you sure" page, nothing ended.
    const forged = await guest.request({ url: '/wp-login.php?action=logout' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('You are attempting to log out of');
    // Only WordPress's wordpress_test_cookie (set on every wp-login.php answer): nothing cleared.
    expect(forged.headers['set-cookie']).toEqual([
      'wordpress_test_cookie=WP%20Cookie%20check; Path=/; SameSite=Lax',
    ]);
    expect(guest.cookies.has(session!)).toBe(true);
    const cart = await guest.request({ url: `${STORE}/cart` });
    expect(cart.json<{ items_count: number }>().items_count).toBe(2);

    // The link the page offers carries the nonce and does end the session.
    const link = /href="([^"]+)"/.exec(forged.body)![1]!.replace(/&amp;/g, '&');
    expect(link).toMatch(/^\/wp-login\.php\?action=logout&_wpnonce=[0-9a-f]{10}$/);
    const out = await guest.request({ url: link });
    expect(out.statusCode).toBe(302);
    expect(guest.cookies.has(session!)).toBe(false);
  });

  describe('a guest without a session (issue 14: headers on every Store API answer)', () => {
    const rows = async () => (await t.db.select({ key: sessions.key }).from(sessions)).length;
    const freshCart = async () => {
      const response = await t.store.app.inject({ url: `${STORE}/cart` });
      expect(response.statusCode).toBe(200);
      return {
        nonce: String(response.headers.nonce),
        token: String(response.headers['cart-token']),
        response,
      };
    };

    test('GET cart hands out a Nonce and a Cart-Token, but stores no session and sets no cookie', async () => {
      const before = await rows();
      const { nonce, token, response } = await freshCart();
      expect(nonce).toMatch(/^[0-9a-f]{10}$/);
      expect(response.headers['user-id']).toBe('0');
      expect(claims(token).user_id).toMatch(/^t_[0-9a-f]{30}$/);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await rows()).toBe(before);
      // Two strangers are two different guests.
      expect(claims((await freshCart()).token).user_id).not.toBe(claims(token).user_id);
    });

    test('the first write with that token creates the session under the id it names', async () => {
      const { token } = await freshCart();
      const guest = String(claims(token).user_id);
      const added = await addWithToken(token);
      expect(added.statusCode).toBe(201);
      expect(claims(String(added.headers['cart-token'])).user_id).toBe(guest);
      const stored = await t.db.select({ key: sessions.key }).from(sessions);
      expect(stored.map((row) => row.key)).toContain(guest);
    });

    test("a fresh guest's nonce starts a session of its own, and opens no one else's", async () => {
      const mine = await freshCart();
      const other = await freshCart();
      // As in WooCommerce (GET cart, read Nonce, add-item: 201): the stranger's nonce is good for
      // a first write from a client with no session, which gets a session and a nonce of its own.
      const first = await t.store.app.inject({
        method: 'POST',
        url: `${STORE}/cart/add-item`,
        headers: { ...json, nonce: mine.nonce },
        payload: JSON.stringify({ id: productId, quantity: 1 }),
      });
      expect(first.statusCode).toBe(201);
      expect(first.headers.nonce).not.toBe(mine.nonce);
      expect(String(first.headers['set-cookie'])).toMatch(/wp_woocommerce_session_/);
      // A guest with a session (cookie) does not accept it: it is no nonce of that session.
      const browser = new Browser(t.store.app);
      const started = await browser.request({
        method: 'POST',
        url: `${STORE}/cart/add-item`,
        headers: json,
        payload: JSON.stringify({ id: productId, quantity: 1 }),
      });
      expect(started.statusCode).toBe(401);
      const foreign = await browser.request({
        method: 'POST',
        url: `${STORE}/cart/add-item`,
        headers: { ...json, nonce: other.nonce },
        payload: JSON.stringify({ id: productId, quantity: 1 }),
      });
      expect(foreign.statusCode).toBe(403);
      // With its own session's nonce that browser can write.
      const own = await browser.request({
        method: 'POST',
        url: `${STORE}/cart/add-item`,
        headers: { ...json, nonce: String(started.headers.nonce) },
        payload: JSON.stringify({ id: productId, quantity: 1 }),
      });
      expect(own.statusCode).toBe(201);
    });
  });

  test('a visitor with no session is simply sent to the logged-out page', async () => {
    const stranger = new Browser(t.store.app);
    const out = await stranger.request({ url: '/wp-login.php?action=logout' });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/wp-login.php?loggedout=true');
  });
});
