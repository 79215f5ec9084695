import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, users } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';
import { createUser } from '../users/users';

const API = '/wp-json/wc/store/v1';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(drivers)('logging in and out on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open({ siteName: 'Test Shop' });
    await createUser(t.db, {
      login: 'Carla',
      email: 'Carla@Example.com',
      password: 'a customer password',
      displayName: 'Carla C.',
    });
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  const browser = () => new Browser(t.store.app);
  const post = (who: Browser, fields: Record<string, string>, query = '') =>
    who.request({
      method: 'POST',
      url: `/wp-login.php${query}`,
      headers: form,
      payload: new URLSearchParams(fields).toString(),
    });
  const loginCookie = (who: Browser) =>
    [...who.cookies.keys()].find((name) => name.startsWith('wordpress_logged_in_'));

  test('the first start made one administrator with a random password, stored only as an argon2id hash', async () => {
    expect(t.admin.login).toBe('admin');
    expect(t.admin.password).toMatch(/^[\w-]{24}$/);
    const [row] = await t.db.select().from(users).where(eq(users.login, 'admin'));
    expect(row!.role).toBe('administrator');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(t.admin.password);
  });

  test('GET /wp-login.php is a labelled login form', async () => {
    const response = await browser().request({ url: '/wp-login.php' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(response.body).toContain('<title>Log In &lsaquo; Test Shop</title>');
    expect(response.body).toContain('<label for="user_login">Username or Email Address</label>');
    expect(response.body).toContain('<label for="user_pass">Password</label>');
    expect(response.body).toContain('name="rememberme"');
    // As WordPress: the test cookie, for the browser's session, readable by scripts.
    expect(response.headers['set-cookie']).toEqual([
      'wordpress_test_cookie=WP%20Cookie%20check; Path=/; SameSite=Lax',
    ]);
  });

  test('a wrong password and an unknown user get the same answer: no user enumeration', async () => {
    const wrongPassword = await post(browser(), { log: 'admin', pwd: 'nope' });
    const unknownUser = await post(browser(), { log: 'nobody', pwd: 'nope' });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(200);
      // Only WordPress's test cookie: no login, no session.
      expect(response.headers['set-cookie']).toEqual([
        'wordpress_test_cookie=WP%20Cookie%20check; Path=/; SameSite=Lax',
      ]);
      expect(response.body).toContain(
        '<div id="login_error" role="alert"><p><strong>Error:</strong> The username or password you entered is incorrect.</p></div>',
      );
    }
    expect(wrongPassword.body.replace('value="admin"', '')).toBe(
      unknownUser.body.replace('value="nobody"', ''),
    );
  });

  test.each([
    [{ log: '', pwd: 'x' }, 'The username field is empty.'],
    [{ log: 'admin', pwd: '' }, 'The password field is empty.'],
    [{}, 'The username field is empty.'],
  ])('%j is answered with "%s"', async (fields, message) => {
    const response = await post(browser(), fields);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(message);
  });

  test('the login name is escaped when the form is shown again', async () => {
    const response = await post(browser(), { log: '"><script>x()</script>', pwd: 'x' });
    expect(response.body).not.toContain('<script>x()');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  test('the right password sets a browser-session login cookie and redirects home', async () => {
    const admin = browser();
    const response = await post(admin, { log: 'admin', pwd: t.admin.password });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const cookie = String(
      [response.headers['set-cookie']].flat().find((c) => c?.startsWith('wordpress_logged_in_')),
    );
    expect(cookie).toMatch(
      /^wordpress_logged_in_[0-9a-f]{32}=admin%7C\d+%7C[\w-]{43}%7C[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie).not.toContain('Expires');
  });

  test('"Remember me" makes the cookie last 14 days; email and any letter case log in too', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await post(browser(), {
      log: 'carla@example.COM',
      pwd: 'a customer password',
      rememberme: 'forever',
    });
    expect(response.statusCode).toBe(302);
    const expires = /Expires=([^;]+)/.exec(String(response.headers['set-cookie']))![1]!;
    const seconds = Date.parse(expires) / 1000 - before;
    expect(seconds).toBeGreaterThan(14 * 86400 - 60);
    expect(seconds).toBeLessThan(14 * 86400 + 60);
    expect((await post(browser(), { log: 'CARLA', pwd: 'a customer password' })).statusCode).toBe(
      302,
    );
  });

  test.each([
    ['/my-account/', '/my-account/'],
    ['http://localhost:80/cart/?x=1', '/cart/?x=1'],
    ['https://evil.test/', '/'],
    ['//evil.test/', '/'],
    ['/\\evil.test', '/'],
    ['javascript:alert(1)', '/'],
  ])('redirect_to %j sends the user to %j (same origin only)', async (redirectTo, location) => {
    const response = await post(browser(), {
      log: 'admin',
      pwd: t.admin.password,
      redirect_to: redirectTo,
    });
    expect(response.headers.location).toBe(location);
  });

  test('a logged-in user gets user-bound nonces; wp/v2 needs cookie and nonce together', async () => {
    const admin = browser();
    const guestNonce = await admin.restNonce();
    await admin.logIn('admin', t.admin.password);
    const nonce = await admin.restNonce();
    expect(nonce).not.toBe(guestNonce);

    const me = await admin.request({
      url: '/wp-json/wp/v2/users/me?context=edit',
      headers: { 'x-wp-nonce': nonce },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: 'Administrator',
      username: 'admin',
      roles: ['administrator'],
    });

    // The cookie alone does not act as the user (a cross-site form cannot), as in WordPress.
    const cookieOnly = await admin.request({ url: '/wp-json/wp/v2/users/me' });
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.json()).toEqual({
      code: 'rest_not_logged_in',
      message: 'You are not currently logged in.',
      data: { status: 401 },
    });

    // The nonce from before the login belonged to the guest session: no longer valid.
    const stale = await admin.request({
      url: `${API}/products`,
      headers: { 'x-wp-nonce': guestNonce },
    });
    expect(stale.statusCode).toBe(403);

    // The Store API knows the user from the cookie.
    const storeApi = await admin.request({
      method: 'POST',
      url: `${API}/cart/add-item`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(storeApi.headers['user-id']).toBe(String(me.json<{ id: number }>().id));
  });

  test("logging in moves the guest's session to the user", async () => {
    const shopper = browser();
    await shopper.restNonce();
    const guestKey = decodeURIComponent([...shopper.cookies.values()][0]!).split('||')[0]!;
    await shopper.logIn('Carla', 'a customer password');
    const [carla] = await t.db.select().from(users).where(eq(users.login, 'Carla'));
    expect(await t.db.select().from(sessions).where(eq(sessions.key, guestKey))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.key, String(carla!.id))),
    ).toHaveLength(1);
    expect(
      [...shopper.cookies.keys()].some((name) => name.startsWith('wp_woocommerce_session_')),
    ).toBe(false);
  });

  test('logging out needs the log-out nonce: without it WordPress asks, then the link logs out', async () => {
    const admin = browser();
    await admin.logIn('admin', t.admin.password);
    const nonce = await admin.restNonce();
    const oldCookies = admin.cookieHeader();

    const ask = await admin.request({ url: '/wp-login.php?action=logout' });
    expect(ask.statusCode).toBe(403);
    expect(ask.body).toContain('You are attempting to log out of Test Shop');
    expect(loginCookie(admin)).toBeDefined();
    const link = /href="([^"]+)"/.exec(ask.body)![1]!.replace(/&amp;/g, '&');
    expect(link).toMatch(/^\/wp-login\.php\?action=logout&_wpnonce=[0-9a-f]{10}$/);

    const out = await admin.request({ url: link });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/wp-login.php?loggedout=true');
    expect(loginCookie(admin)).toBeUndefined();
    const page = await admin.request({ url: out.headers.location! });
    expect(page.body).toContain('You are now logged out.');

    // The old cookie is dead on the server too: replaying it is a guest with a stranger's nonce.
    const replay = await t.store.app.inject({
      url: '/wp-json/wp/v2/users/me',
      headers: { cookie: oldCookies, 'x-wp-nonce': nonce },
    });
    expect(replay.statusCode).toBe(403);
  });

  test('a forged login cookie is ignored', async () => {
    const admin = browser();
    await admin.logIn('admin', t.admin.password);
    const name = loginCookie(admin)!;
    const [login, expiration, token, hash] = decodeURIComponent(admin.cookies.get(name)!).split(
      '|',
    );
    const forged = new Browser(t.store.app);
    forged.cookies.set(name, encodeURIComponent(`Carla|${expiration}|${token}|${hash}`));
    expect(login).toBe('admin');
    const nonce = await forged.restNonce();
    const me = await forged.request({
      url: '/wp-json/wp/v2/users/me',
      headers: { 'x-wp-nonce': nonce },
    });
    expect(me.statusCode).toBe(401);
  });
});
