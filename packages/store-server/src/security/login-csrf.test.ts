/**
 * Issue 13, finding 4: login CSRF. A page on another site must not be able to log a victim's
 * browser into the attacker's account (then the victim's checkout details land in that account).
 * Cross-site login and sign-up posts are refused by `Origin` / `Sec-Fetch-Site`; same-origin
 * no-JavaScript login keeps working.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';
import { createUser } from '../users/users';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const ACCOUNT = '/wp-json/cartwright/v1/account';

describe.each(drivers)('login CSRF on $name', (driver) => {
  let t: TestStore;
  let shop: TestStore;
  beforeAll(async () => {
    t = await driver.open();
    shop = await driver.open({ siteUrl: 'https://shop.example' });
    for (const store of [t, shop]) {
      await createUser(store.db, {
        login: 'attacker',
        email: 'attacker@example.com',
        password: 'the attacker password',
      });
    }
  });
  afterAll(async () => {
    await t?.cleanup();
    await shop?.cleanup();
  });

  const loginCookie = (who: Browser) =>
    [...who.cookies.keys()].find((name) => name.startsWith('wordpress_logged_in_'));
  const postLogin = (who: Browser, headers: Record<string, string>) =>
    who.request({
      method: 'POST',
      url: '/wp-login.php',
      headers: { ...form, ...headers },
      payload: new URLSearchParams({ log: 'attacker', pwd: 'the attacker password' }).toString(),
    });

  test.each([
    ['Origin of another site', { origin: 'https://evil.example' }],
    ['Origin of another port', { origin: 'http://localhost:8081' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
    ['a malformed Origin', { origin: 'not a url' }],
    ['no Origin, Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    [
      'another Origin even with Sec-Fetch-Site: same-origin',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ],
  ])(
    '/wp-login.php refuses a login post with %s: 403 page, no login cookie',
    async (_, headers) => {
      const victim = new Browser(t.store.app);
      const response = await postLogin(victim, headers);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(response.body).toContain('This login form was sent from another site');
      expect(response.headers.location).toBeUndefined();
      expect(loginCookie(victim)).toBeUndefined();
    },
  );

  test.each([
    ['the same Origin', { origin: 'http://localhost' }],
    ['no Origin and Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin and Sec-Fetch-Site: none (typed address)', { 'sec-fetch-site': 'none' }],
    ['neither header (an old browser, curl)', {}],
  ])('/wp-login.php still logs in a same-origin post with %s', async (_, headers) => {
    const browser = new Browser(t.store.app);
    const response = await postLogin(browser, headers);
    expect(response.statusCode).toBe(302);
    expect(loginCookie(browser)).toBeDefined();
  });

  test('behind a configured site URL (the storefront in front), that origin is the same site', async () => {
    const browser = new Browser(shop.store.app);
    const ok = await postLogin(browser, { origin: 'https://shop.example' });
    expect(ok.statusCode).toBe(302);
    expect(loginCookie(browser)).toBeDefined();
    const victim = new Browser(shop.store.app);
    const refused = await postLogin(victim, { origin: 'https://shop.example.evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(loginCookie(victim)).toBeUndefined();
  });

  async function accountForm(browser: Browser) {
    const account = await browser.request({ url: ACCOUNT });
    return account.json<{ nonces: Record<string, string> }>().nonces;
  }

  test('the account login refuses a cross-site post (even with a valid form nonce)', async () => {
    const victim = new Browser(t.store.app);
    const nonces = await accountForm(victim);
    const response = await victim.request({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      headers: { ...form, origin: 'https://evil.example' },
      payload: new URLSearchParams({
        username: 'attacker',
        password: 'the attacker password',
        'woocommerce-login-nonce': nonces['woocommerce-login-nonce']!,
      }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'cartwright_cross_site_login',
      message: 'This form was sent from another site. Please log in from this site.',
      data: { status: 403 },
    });
    expect(loginCookie(victim)).toBeUndefined();
  });

  test('registration refuses a cross-site post: no account made, nobody logged in', async () => {
    const victim = new Browser(t.store.app);
    const nonces = await accountForm(victim);
    const before = (await t.db.select().from(users)).length;
    const response = await victim.request({
      method: 'POST',
      url: `${ACCOUNT}/register`,
      headers: { ...form, 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({
        email: 'csrf-signup@example.com',
        password: 'Correct horse 7 battery',
        'woocommerce-register-nonce': nonces['woocommerce-register-nonce']!,
      }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('cartwright_cross_site_login');
    expect(await t.db.select().from(users)).toHaveLength(before);
    expect(loginCookie(victim)).toBeUndefined();
  });
});
