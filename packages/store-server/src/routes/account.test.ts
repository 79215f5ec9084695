import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products, users } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';
import { createUser } from '../users/users';
import { isWeakPassword, sanitizeLogin } from '../users/registration';

const ACCOUNT = '/wp-json/cartwright/v1/account';
const STRONG = 'Correct horse 7 battery';

interface AccountBody {
  logged_in: boolean;
  id: number;
  username: string;
  roles: string[];
  nonces: Record<string, string>;
  logout_url: string | null;
  code?: string;
  message?: string;
  data?: Record<string, unknown>;
}

const ADDRESS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  company: '',
  address_1: '1428 Elm Street',
  address_2: 'Apt 2',
  city: 'Springfield',
  state: 'il',
  postcode: '62704',
  country: 'US',
  phone: '',
};

describe.each(drivers)('accounts on $name', (driver) => {
  let t: TestStore;
  let productId = 0;
  beforeAll(async () => {
    t = await driver.open();
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.stockStatus, 'instock'))
      .orderBy(asc(products.id))
      .limit(1);
    productId = row!.id;
    await createUser(t.db, { login: 'mia', email: 'mia@example.com', password: STRONG });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const shopper = () => new Shopper(t.store.app);
  const account = async (who: Shopper) => (await who.request({ url: ACCOUNT })).json<AccountBody>();
  const post = (who: Shopper, path: string, body: Record<string, unknown>, nonce?: string) =>
    who.request({
      method: 'POST',
      url: `${ACCOUNT}${path}`,
      headers: {
        'content-type': 'application/json',
        ...(nonce === undefined ? {} : { 'x-wp-nonce': nonce }),
      },
      payload: JSON.stringify(body),
    });
  const register = async (who: Shopper, fields: Record<string, string>) => {
    const { nonces } = await account(who);
    return post(who, '/register', {
      'woocommerce-register-nonce': nonces['woocommerce-register-nonce'],
      ...fields,
    });
  };
  const logIn = async (who: Shopper, fields: Record<string, string>) => {
    const { nonces } = await account(who);
    return post(who, '/login', {
      'woocommerce-login-nonce': nonces['woocommerce-login-nonce'],
      ...fields,
    });
  };
  const getWithNonce = async (who: Shopper, path: string) => {
    const { nonces } = await account(who);
    return who.request({ url: `${ACCOUNT}${path}`, headers: { 'x-wp-nonce': nonces.wp_rest! } });
  };

  test('a guest is told they are logged out and gets a session for the forms’ nonces', async () => {
    const guest = shopper();
    const response = await guest.request({ url: ACCOUNT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const body = response.json<AccountBody>();
    expect(body).toMatchObject({ logged_in: false, id: 0, roles: [], logout_url: null });
    expect(body.nonces['woocommerce-login-nonce']).toMatch(/^[0-9a-f]{10}$/);
    expect(body.nonces['woocommerce-register-nonce']).toMatch(/^[0-9a-f]{10}$/);
    expect([...guest.cookies.keys()].some((name) => name.startsWith('wp_woocommerce_session_')));
  });

  test('registering makes a customer named after the email, logs them in, and keeps their cart', async () => {
    const newcomer = shopper();
    const added = await newcomer.api('cart/add-item', { id: productId, quantity: 2 });
    expect(added.statusCode).toBe(201);
    const response = await register(newcomer, {
      email: 'Jo.Bloggs+shop@Example.com',
      password: STRONG,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<AccountBody>();
    expect(body).toMatchObject({ logged_in: true, username: 'jo.bloggsshop', roles: ['customer'] });
    expect(body.logout_url).toMatch(
      /^\/wp-login\.php\?action=logout&redirect_to=%2Fmy-account%2F&_wpnonce=[0-9a-f]{10}$/,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(row).toMatchObject({ login: 'jo.bloggsshop', email: 'jo.bloggs+shop@example.com' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    // The login cookie came with it (a browser-session cookie: no "remember me" on registration).
    const cookie = [...newcomer.cookies.keys()].find((name) =>
      name.startsWith('wordpress_logged_in_'),
    );
    expect(cookie).toBeDefined();
    expect((await account(newcomer)).logged_in).toBe(true);
    const cart = (await newcomer.api('cart')).json<{ items_count: number }>();
    expect(cart.items_count).toBe(2);
  });

  test('a second account with a taken login name gets a four-digit suffix, as WooCommerce does', async () => {
    const first = await register(shopper(), { email: 'sam@one.example', password: STRONG });
    const second = await register(shopper(), { email: 'sam@two.example', password: STRONG });
    const info = await register(shopper(), { email: 'info@acme.example', password: STRONG });
    expect(first.json<AccountBody>().username).toBe('sam');
    expect(second.json<AccountBody>().username).toMatch(/^sam-\d{4}$/);
    // Common mailbox names give the domain instead.
    expect(info.json<AccountBody>().username).toBe('acme.example');
  });

  test.each([
    [
      { email: '', password: STRONG },
      'registration-error-invalid-email',
      'Please provide a valid email address.',
    ],
    [
      { email: 'not-an-email', password: STRONG },
      'registration-error-invalid-email',
      'Please provide a valid email address.',
    ],
    [
      { email: 'MIA@example.com', password: STRONG },
      'registration-error-email-exists',
      'An account is already registered with your email address. Please log in.',
    ],
    [
      { email: 'new1@example.com', password: '' },
      'registration-error-missing-password',
      'Please enter an account password.',
    ],
    [
      { email: 'new2@example.com', password: 'short1!' },
      'registration-error-weak-password',
      'Please enter a stronger password.',
    ],
    [
      { email: 'new3@example.com', password: 'Password123' },
      'registration-error-weak-password',
      'Please enter a stronger password.',
    ],
    [
      { email: 'new4@example.com', password: STRONG, username: 'mia' },
      'registration-error-username-exists',
      'An account is already registered with that username. Please choose another.',
    ],
    [
      { email: 'new5@example.com', password: STRONG, username: 'bad<name>' },
      'registration-error-invalid-username',
      'Please enter a valid account username.',
    ],
  ])('registering with %j is refused: %s', async (fields, code, message) => {
    const who = shopper();
    const response = await register(who, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json<AccountBody>()).toMatchObject({ code, message });
    expect([...who.cookies.keys()].some((name) => name.startsWith('wordpress_logged_in_'))).toBe(
      false,
    );
  });

  test('a weak password is answered with WordPress’s password hint', async () => {
    const response = await register(shopper(), { email: 'hint@example.com', password: 'abcdefgh' });
    expect(response.json<AccountBody>().data).toMatchObject({
      status: 400,
      hint: expect.stringContaining('at least twelve characters long') as unknown,
    });
  });

  test('registration and login need the form nonce of this browser’s session', async () => {
    const victim = shopper();
    const attacker = shopper();
    const { nonces } = await account(attacker);
    await account(victim);
    const forged = await post(victim, '/register', {
      'woocommerce-register-nonce': nonces['woocommerce-register-nonce'],
      email: 'forged@example.com',
      password: STRONG,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<AccountBody>().code).toBe('cartwright_invalid_nonce');
    const missing = await post(victim, '/login', { username: 'mia', password: STRONG });
    expect(missing.statusCode).toBe(403);
    const rows = await t.db.select().from(users).where(eq(users.email, 'forged@example.com'));
    expect(rows).toEqual([]);
  });

  test('logging in by login name or email; wrong passwords and unknown names get one answer', async () => {
    const byName = await logIn(shopper(), { username: 'MIA', password: STRONG });
    expect(byName.statusCode).toBe(200);
    expect(byName.json<AccountBody>()).toMatchObject({ logged_in: true, username: 'mia' });
    const byEmail = await logIn(shopper(), { username: 'mia@example.com', password: STRONG });
    expect(byEmail.statusCode).toBe(200);
    const wrong = await logIn(shopper(), { username: 'mia', password: 'nope' });
    const unknown = await logIn(shopper(), { username: 'nobody', password: 'nope' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<AccountBody>()).toMatchObject({
        code: 'invalid_credentials',
        message: 'The username or password you entered is incorrect.',
      });
    }
    const empty = await logIn(shopper(), { username: ' ', password: 'x' });
    expect(empty.json<AccountBody>()).toMatchObject({
      code: 'empty_username',
      message: 'Username is required.',
    });
    const noPassword = await logIn(shopper(), { username: 'mia', password: '' });
    expect(noPassword.json<AccountBody>().message).toBe('The password field is empty.');
  });

  test('"remember me" makes the login cookie outlive the browser session', async () => {
    const who = shopper();
    const response = await logIn(who, { username: 'mia', password: STRONG, rememberme: 'forever' });
    const cookies = [response.headers['set-cookie']].flat().join('\n');
    expect(cookies).toMatch(/wordpress_logged_in_[^=]+=[^;]+;[^\n]*Expires=/);
    const plain = await logIn(shopper(), { username: 'mia', password: STRONG });
    const plainCookies = [plain.headers['set-cookie']]
      .flat()
      .filter((line) => line?.startsWith('wordpress_logged_in_'));
    expect(plainCookies.join('\n')).not.toMatch(/Expires=/);
  });

  test('orders and addresses need the login cookie and a valid X-WP-Nonce', async () => {
    const who = shopper();
    await logIn(who, { username: 'mia', password: STRONG });
    const noNonce = await who.request({ url: `${ACCOUNT}/orders` });
    expect(noNonce.statusCode).toBe(401);
    expect(noNonce.json<AccountBody>().code).toBe('rest_not_logged_in');
    const badNonce = await who.request({
      url: `${ACCOUNT}/addresses`,
      headers: { 'x-wp-nonce': '0123456789' },
    });
    expect(badNonce.statusCode).toBe(403);
    const guest = await getWithNonce(shopper(), '/addresses');
    expect(guest.statusCode).toBe(401);
    expect((await getWithNonce(who, '/orders')).statusCode).toBe(200);
  });

  test('a customer’s orders are theirs only, newest first, with totals in minor units', async () => {
    const buyer = shopper();
    await register(buyer, { email: 'buyer@example.com', password: STRONG });
    const placeOne = async (who: Shopper) => {
      await who.api('cart/add-item', { id: productId, quantity: 1 });
      const placed = await who.api('checkout', {
        billing_address: { ...ADDRESS, email: 'buyer@example.com' },
        shipping_address: ADDRESS,
        payment_method: 'cod',
      });
      expect(placed.statusCode).toBe(200);
      return placed.json<{ order_id: number; order_key: string }>();
    };
    const first = await placeOne(buyer);
    const second = await placeOne(buyer);
    await placeOne(shopper()); // a guest's order, not listed
    const response = await getWithNonce(buyer, '/orders');
    expect(response.headers['x-wp-total']).toBe('2');
    expect(response.headers['x-wp-totalpages']).toBe('1');
    const list = response.json<
      {
        id: number;
        order_key: string;
        status: string;
        status_name: string;
        item_count: number;
        total: string;
        currency_minor_unit: number;
      }[]
    >();
    expect(list.map((order) => order.id)).toEqual([second.order_id, first.order_id]);
    expect(list[0]).toMatchObject({
      order_key: second.order_key,
      status: 'processing',
      status_name: 'Processing',
      item_count: 1,
      currency_minor_unit: 2,
    });
    expect(list[0]!.total).toMatch(/^\d+$/);
    const paged = await getWithNonce(buyer, '/orders?per_page=1&page=2');
    expect(paged.json<{ id: number }[]>().map((order) => order.id)).toEqual([first.order_id]);
    expect((await getWithNonce(buyer, '/orders?per_page=500')).statusCode).toBe(400);
    const other = shopper();
    await logIn(other, { username: 'mia', password: STRONG });
    expect((await getWithNonce(other, '/orders')).json()).toEqual([]);
  });

  test('addresses start empty (billing email from the account), are checked as at checkout and saved', async () => {
    const who = shopper();
    await register(who, { email: 'addr@example.com', password: STRONG });
    const initial = (await getWithNonce(who, '/addresses')).json<{
      billing: Record<string, string>;
      shipping: Record<string, string>;
    }>();
    expect(initial.billing).toMatchObject({
      first_name: '',
      country: '',
      email: 'addr@example.com',
    });
    expect(initial.shipping).not.toHaveProperty('email');

    const { nonces } = await account(who);
    const refused = await post(
      who,
      '/addresses/shipping',
      { ...ADDRESS, postcode: 'abc', city: '' },
      nonces.wp_rest,
    );
    expect(refused.statusCode).toBe(400);
    const error = refused.json<{
      code: string;
      data: {
        details: Record<
          string,
          { data: { field: string }; additional_errors: { data: { field: string } }[] }
        >;
      };
    }>();
    expect(error.code).toBe('rest_invalid_param');
    const detail = error.data.details.shipping_address!;
    expect([detail.data.field, ...detail.additional_errors.map((e) => e.data.field)]).toEqual([
      'city',
      'postcode',
    ]);

    const tooLong = await post(
      who,
      '/addresses/shipping',
      { ...ADDRESS, first_name: 'A'.repeat(900_000) },
      nonces.wp_rest,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(
      tooLong.json<{ data: { details: Record<string, { code: string }> } }>().data.details
        .shipping_address,
    ).toMatchObject({ code: 'invalid_length' });
    expect(
      (await getWithNonce(who, '/addresses')).json<{ shipping: Record<string, string> }>().shipping
        .first_name,
    ).toBe('');

    const saved = await post(who, '/addresses/shipping', ADDRESS, nonces.wp_rest);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ shipping: Record<string, string> }>().shipping).toMatchObject({
      state: 'IL',
      address_2: 'Apt 2',
    });
    const billing = await who.request({
      method: 'PUT',
      url: `${ACCOUNT}/addresses/billing`,
      headers: { 'content-type': 'application/json', 'x-wp-nonce': nonces.wp_rest! },
      payload: JSON.stringify({
        ...ADDRESS,
        country: 'GB',
        state: '',
        postcode: 'sw1a1aa',
        email: 'bills@example.com',
      }),
    });
    expect(billing.statusCode).toBe(200);
    const again = (await getWithNonce(who, '/addresses')).json<{
      billing: Record<string, string>;
      shipping: Record<string, string>;
    }>();
    expect(again.billing).toMatchObject({ postcode: 'SW1A 1AA', email: 'bills@example.com' });
    expect(again.shipping).toMatchObject({ city: 'Springfield', state: 'IL' });
    expect((await post(who, '/addresses/home', ADDRESS, nonces.wp_rest)).statusCode).toBe(404);
  });

  test('logging out through the account’s logout link ends the login', async () => {
    const who = shopper();
    await logIn(who, { username: 'mia', password: STRONG });
    const { logout_url } = await account(who);
    const response = await who.request({ url: logout_url! });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/my-account/');
    expect((await account(who)).logged_in).toBe(false);
  });
});

describe('password and login rules', () => {
  test.each([
    ['short1!', true],
    ['abcdefghij', true],
    ['12345678901', true],
    ['aaaaaaaaaaaaaa', true],
    ['abcdefghijklmn', true],
    ['!Password2024', true],
    ['mia-secret-2024', true],
    ['lowercase only words', false],
    ['Tr0ub4dor&3', false],
    [STRONG, false],
  ])('%j is weak: %s', (password, weak) => {
    expect(isWeakPassword(password, ['mia-secret'])).toBe(weak);
  });

  test.each([
    ['Jo.Bloggs+shop', 'Jo.Bloggsshop'],
    ['Zoë <b>Ö</b>', 'Zoe O'],
    ['émile%20x', 'emilex'],
  ])('sanitize_user(%j, strict) is %j', (input, output) => {
    expect(sanitizeLogin(input)).toBe(output);
  });
});
