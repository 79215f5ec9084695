/**
 * Issue 13, finding 5 (and the creation limits of finding 6): brute force on both login routes,
 * mass registration, and unbounded sessions, analytics events and contacts. The counters live in
 * the database, so the limits also hold across store processes sharing one PostgreSQL (the last
 * suite runs two real store processes on one database).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsEvents, contacts, products, sessions, users } from '../db/schema';
import { startChildStore } from '../test/child-store';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';
import { createUser } from '../users/users';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const ACCOUNT = '/wp-json/cartwright/v1/account';
const STORE = '/wp-json/wc/store/v1';
const MINUTE = 60_000;

describe.each(drivers)('brute-force and creation limits on $name', (driver) => {
  let t: TestStore;
  let now = Date.UTC(2026, 10, 1, 12);
  beforeAll(async () => {
    t = await driver.open({
      clock: () => now,
      rateLimits: {
        loginPerClient: { limit: 20, seconds: 900 },
        registerPerClient: { limit: 2, seconds: 3600 },
        sessionsPerClient: { limit: 3, seconds: 3600 },
        eventsPerClient: { limit: 4, seconds: 3600 },
        contactsPerClient: { limit: 2, seconds: 3600 },
      },
    });
    for (const login of ['carla', 'dora', 'emil', 'fritz']) {
      await createUser(t.db, {
        login,
        email: `${login}@example.com`,
        password: `${login} right password`,
      });
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** Each test its own client address, so the per-client windows do not meet. */
  let address = 10;
  const client = () => {
    address += 1;
    return `192.0.2.${address}`;
  };
  const loginCookie = (who: Browser) =>
    [...who.cookies.keys()].find((name) => name.startsWith('wordpress_logged_in_'));
  const formLogin = (who: Browser, ip: string, log: string, pwd: string) =>
    who.request({
      method: 'POST',
      url: '/wp-login.php',
      remoteAddress: ip,
      headers: form,
      payload: new URLSearchParams({ log, pwd }).toString(),
    });

  test('/wp-login.php: after 10 wrong passwords for an account the right one is refused with a 429 page', async () => {
    for (let i = 0; i < 10; i++) {
      const wrong = await formLogin(new Browser(t.store.app), client(), 'carla', `guess ${i}`);
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toContain('The username or password you entered is incorrect.');
    }
    // From another client too: the per-account limit holds wherever the guesses come from.
    const browser = new Browser(t.store.app);
    const refused = await formLogin(browser, client(), 'Carla', 'carla right password');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(refused.body).toMatch(
      /Too many attempts\. Please wait \d+ seconds before trying again\./,
    );
    expect(loginCookie(browser)).toBeUndefined();

    // When the window has passed, the owner gets in.
    now += 16 * MINUTE;
    const later = await formLogin(browser, client(), 'carla', 'carla right password');
    expect(later.statusCode).toBe(302);
    expect(loginCookie(browser)).toBeDefined();
  });

  test('a successful login clears its account window, so the owner is not locked out by their own typos', async () => {
    const ip = client();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) {
        expect((await formLogin(new Browser(t.store.app), ip, 'dora', 'typo')).statusCode).toBe(
          200,
        );
      }
      expect(
        (await formLogin(new Browser(t.store.app), ip, 'dora', 'dora right password')).statusCode,
      ).toBe(302);
    }
  });

  test('one client spreading guesses over many accounts is stopped by the per-client limit', async () => {
    const ip = client();
    const names = Array.from({ length: 20 }, (_, i) => `nobody-${i}`);
    for (const name of names) {
      expect((await formLogin(new Browser(t.store.app), ip, name, 'x')).statusCode).toBe(200);
    }
    const browser = new Browser(t.store.app);
    const refused = await formLogin(browser, ip, 'emil', 'emil right password');
    expect(refused.statusCode).toBe(429);
    expect(loginCookie(browser)).toBeUndefined();
    // Another client is not affected.
    const other = new Browser(t.store.app);
    expect((await formLogin(other, client(), 'emil', 'emil right password')).statusCode).toBe(302);
  });

  test('parallel guesses cannot overshoot the limit: exactly 10 reach the password check', async () => {
    const ip = client();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        formLogin(new Browser(t.store.app), i % 2 === 0 ? ip : client(), 'fritz', `guess ${i}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  async function accountNonces(browser: Browser, ip: string) {
    const account = await browser.request({ url: ACCOUNT, remoteAddress: ip });
    return account.json<{ nonces: Record<string, string> }>().nonces;
  }

  test('the account (REST) login answers a WordPress-shaped 429 with Retry-After', async () => {
    const ip = client();
    const browser = new Browser(t.store.app);
    const nonces = await accountNonces(browser, ip);
    const attempt = (password: string) =>
      browser.request({
        method: 'POST',
        url: `${ACCOUNT}/login`,
        remoteAddress: ip,
        headers: form,
        payload: new URLSearchParams({
          username: 'emil@example.com',
          password,
          'woocommerce-login-nonce': nonces['woocommerce-login-nonce']!,
        }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong ${i}`)).statusCode).toBe(401);
    const refused = await attempt('emil right password');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const body = refused.json<{ code: string; message: string; data: unknown }>();
    expect(body.code).toBe('too_many_requests');
    expect(body.message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds before trying again\.$/,
    );
    expect(body.data).toEqual({ status: 429 });
    expect(loginCookie(browser)).toBeUndefined();
  });

  test('registration: a client makes at most the configured number of accounts; failed sign-ups do not count', async () => {
    const ip = client();
    const register = async (email: string, password = 'Correct horse 7 battery') => {
      const browser = new Browser(t.store.app);
      // The form's session comes from elsewhere: only the sign-ups count against `ip` here.
      const nonces = await accountNonces(browser, client());
      return browser.request({
        method: 'POST',
        url: `${ACCOUNT}/register`,
        remoteAddress: ip,
        headers: form,
        payload: new URLSearchParams({
          email,
          password,
          'woocommerce-register-nonce': nonces['woocommerce-register-nonce']!,
        }).toString(),
      });
    };
    expect((await register('not-an-email')).statusCode).toBe(400);
    expect((await register('first-signup@example.com')).statusCode).toBe(201);
    expect((await register('second-signup@example.com')).statusCode).toBe(201);
    const refused = await register('third-signup@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('too_many_requests');
    expect(
      await t.db.select().from(users).where(eq(users.email, 'third-signup@example.com')),
    ).toHaveLength(0);
  });

  test('new shopper sessions per client are bounded: 429, and no session row is written', async () => {
    const ip = client();
    // Sessions are swept by the session code; count this client's rows by what it was handed.
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await new Browser(t.store.app).request({ url: ACCOUNT, remoteAddress: ip });
      expect(response.statusCode).toBe(200);
      keys.push(String(response.headers['set-cookie']));
    }
    const before = (await t.db.select({ key: sessions.key }).from(sessions)).length;
    const refused = await new Browser(t.store.app).request({ url: ACCOUNT, remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('too_many_requests');
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await t.db.select({ key: sessions.key }).from(sessions)).length).toBe(before);
    // A shopper who already has a session keeps using it.
    const shopper = new Browser(t.store.app);
    await shopper.request({ url: ACCOUNT, remoteAddress: client() });
    expect((await shopper.request({ url: ACCOUNT, remoteAddress: ip })).statusCode).toBe(200);
  });

  test('a Cart-Token handed out without a session counts as a new session at its first write', async () => {
    const ip = client();
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    const tokenWrite = async () => {
      const read = await t.store.app.inject({ url: `${STORE}/cart`, remoteAddress: ip });
      const token = String(read.headers['cart-token']);
      const user = (
        JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
          user_id: string;
        }
      ).user_id;
      const write = await t.store.app.inject({
        method: 'POST',
        url: `${STORE}/cart/add-item`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'cart-token': token },
        payload: JSON.stringify({ id: product!.id, quantity: 1 }),
      });
      return { user, status: write.statusCode };
    };
    for (let i = 0; i < 3; i++) expect((await tokenWrite()).status).toBe(201);
    const refused = await tokenWrite();
    expect(refused.status).toBe(429);
    const keys = (await t.db.select({ key: sessions.key }).from(sessions)).map((row) => row.key);
    expect(keys).not.toContain(refused.user);
  });

  test('analytics events per client are bounded: 429 and nothing recorded past the limit', async () => {
    const ip = client();
    const track = (count: number) =>
      t.store.app.inject({
        method: 'POST',
        url: '/wp-json/woocommerce-analytics/v1/track',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', cookie: 'wp_consent_statistics=allow' },
        payload: JSON.stringify(
          Array.from({ length: count }, () => ({ event_name: 'page_view', properties: {} })),
        ),
      });
    const before = (await t.db.select().from(analyticsEvents)).length;
    expect((await track(3)).statusCode).toBe(200);
    const refused = await track(2);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('too_many_requests');
    expect((await t.db.select().from(analyticsEvents)).length).toBe(before + 3);
  });

  test('subscription contacts per client are bounded: 429 and no row past the limit', async () => {
    const ip = client();
    const browser = new Browser(t.store.app);
    await browser.request({ url: ACCOUNT, remoteAddress: ip });
    const nonce = await browser.restNonce();
    const subscribe = (email: string) =>
      browser.request({
        method: 'POST',
        url: '/wp-json/hostinger-reach/v1/contact',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        payload: JSON.stringify({ email, group: 'Newsletter', id: 'f1' }),
      });
    expect((await subscribe('one@example.com')).statusCode).toBe(200);
    expect((await subscribe('two@example.com')).statusCode).toBe(200);
    const refused = await subscribe('three@example.com');
    expect(refused.statusCode).toBe(429);
    expect(
      await t.db.select().from(contacts).where(eq(contacts.email, 'three@example.com')),
    ).toHaveLength(0);
  });
});

describe.each(drivers)("WooCommerce's Store API rate limit on $name", (driver) => {
  let off: TestStore;
  let on: TestStore;
  let productId: number;
  beforeAll(async () => {
    off = await driver.open();
    on = await driver.open({ storeApiRateLimit: { enabled: true, limit: 3, seconds: 60 } });
    const [row] = await on.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'publish'))
      .orderBy(asc(products.id))
      .limit(1);
    productId = row!.id;
  });
  afterAll(async () => {
    await off?.cleanup();
    await on?.cleanup();
  });

  async function shopper(store: TestStore, ip: string) {
    const browser = new Browser(store.store.app);
    // A write without a nonce starts the session and hands out the nonce (as WooCommerce's 401).
    const start = await browser.request({
      method: 'POST',
      url: `${STORE}/cart/add-item`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: productId, quantity: 1 }),
    });
    expect(start.statusCode).toBe(401);
    let nonce = String(start.headers.nonce);
    return {
      browser,
      async add() {
        const response = await browser.request({
          method: 'POST',
          url: `${STORE}/cart/add-item`,
          remoteAddress: ip,
          headers: { 'content-type': 'application/json', nonce },
          payload: JSON.stringify({ id: productId, quantity: 1 }),
        });
        if (response.headers.nonce !== undefined) nonce = String(response.headers.nonce);
        return response;
      },
    };
  }

  test('off by default: no RateLimit headers, no limit', async () => {
    const guest = await shopper(off, '198.51.100.1');
    for (let i = 0; i < 5; i++) {
      const response = await guest.add();
      expect(response.statusCode).toBe(201);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  test('when on: RateLimit headers on each POST, then 400 rate_limit_exceeded for that client only', async () => {
    const guest = await shopper(on, '198.51.100.2');
    for (let i = 0; i < 3; i++) {
      const response = await guest.add();
      expect(response.statusCode).toBe(201);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(response.headers['ratelimit-remaining']).toBe(String(2 - i));
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    }
    const refused = await guest.add();
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; message: string; data: unknown }>();
    expect(body.code).toBe('rate_limit_exceeded');
    expect(body.message).toMatch(
      /^Too many requests\. Please wait \d+ seconds before trying again\.$/,
    );
    expect(body.data).toEqual({ status: 400 });
    expect(Number(refused.headers['ratelimit-retry-after'])).toBeGreaterThan(0);
    // Reads are not limited, and the cart holds only the three accepted adds.
    const cart = await guest.browser.request({
      url: `${STORE}/cart`,
      remoteAddress: '198.51.100.2',
    });
    expect(cart.statusCode).toBe(200);
    expect(cart.json<{ items_count: number }>().items_count).toBe(3);
    // Another address is its own client.
    expect((await (await shopper(on, '198.51.100.3')).add()).statusCode).toBe(201);
  });

  test('users who can edit_posts are not limited', async () => {
    const admin = new Browser(on.store.app);
    await admin.logIn('admin', on.admin.password);
    const start = await admin.request({
      method: 'POST',
      url: `${STORE}/cart/add-item`,
      remoteAddress: '198.51.100.4',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: productId, quantity: 1 }),
    });
    expect(start.statusCode).toBe(401);
    let nonce = String(start.headers.nonce);
    for (let i = 0; i < 5; i++) {
      const response = await admin.request({
        method: 'POST',
        url: `${STORE}/cart/add-item`,
        remoteAddress: '198.51.100.4',
        headers: { 'content-type': 'application/json', nonce },
        payload: JSON.stringify({ id: productId, quantity: 1 }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
      nonce = String(response.headers.nonce);
    }
  });
});

// Several store processes share one PostgreSQL (how a shop that outgrows one machine runs); PGlite
// is one process per database, so this suite exists only where PostgreSQL does.
describe.each(drivers.filter((driver) => driver.freshDatabaseUrl !== undefined))(
  'two store processes on one $name database',
  (driver) => {
    test(
      'share one login limit: guesses split across both are counted together',
      { timeout: 180_000 },
      async () => {
        const database = await driver.freshDatabaseUrl!();
        const first = await startChildStore({ databaseUrl: database.url });
        const second = await startChildStore({ databaseUrl: database.url });
        try {
          const guess = async (url: string, i: number) => {
            const response = await fetch(`${url}/wp-login.php`, {
              method: 'POST',
              headers: form,
              body: new URLSearchParams({ log: 'admin', pwd: `guess ${i}` }),
              redirect: 'manual',
            });
            await response.text();
            return response;
          };
          // Ten guesses, five on each process: each process alone is under the limit of 10.
          for (let i = 0; i < 10; i++) {
            expect((await guess(i % 2 === 0 ? first.url : second.url, i)).status).toBe(200);
          }
          for (const url of [first.url, second.url]) {
            const refused = await guess(url, 99);
            expect(refused.status).toBe(429);
            expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
          }
        } finally {
          await first.stop();
          await second.stop();
          await database.drop();
        }
      },
    );
  },
);
