import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CURRENCY } from '../catalog/serialize';
import { orders, products, userSessions, users } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { recipients, startSmtp, type TestSmtp } from '../test/smtp';
import { Shopper } from '../test/shopper';
import { createUser } from '../users/users';
import { createMailer } from './mailer';
import { formatMoney, lineDetails, totalsLines, type EmailOrder } from './templates';

const ACCOUNT = '/wp-json/cartwright/v1/account';
const ORIGIN = 'http://localhost:80';
const STRONG = 'Correct horse 7 battery';
const NEW_PASSWORD = 'Lantern-harbour 42 tide';

describe.each(drivers)('email on $name', (driver) => {
  let t: TestStore;
  let smtp: TestSmtp;
  let productIds: number[] = [];
  let now = Date.now();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await driver.open({
      siteName: 'Mail Test Shop',
      mail: { smtpUrl: smtp.url, shopEmail: 'orders@shop.example' },
      clock: () => now,
      // Every injected request comes from one address: the per-account limit is under test.
      rateLimits: { lostPasswordPerClient: { limit: 100, seconds: 3600 } },
    });
    const rows = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.stockStatus, 'instock'))
      .orderBy(asc(products.id))
      .limit(4);
    productIds = rows.map((row) => row.id);
    for (const id of productIds) {
      await t.db.update(products).set({ stockQuantity: null }).where(eq(products.id, id));
    }
  });
  afterAll(async () => {
    await t?.cleanup();
    await smtp?.close();
  });

  const billing = (first: string, email: string) => ({
    first_name: first,
    last_name: 'Tester',
    company: '',
    address_1: `${first} Road 1`,
    address_2: '',
    city: 'London',
    state: '',
    postcode: 'NW1 6XE',
    country: 'GB',
    email,
    phone: '',
  });

  /** A catalogue product as the Store API answers it by slug. */
  const productBySlug = async (slug: string) =>
    (await t.store.app.inject({ url: `/wp-json/wc/store/v1/products/${slug}` })).json<{
      id: number;
    }>();

  test('each shopper gets their own order confirmation with a working link, the shop one notice each', async () => {
    const ada = new Shopper(t.store.app);
    expect((await ada.api('cart/add-item', { id: productIds[0], quantity: 2 })).statusCode).toBe(
      201,
    );
    const placedAda = await ada.api('checkout', {
      billing_address: billing('Ada', 'ada@example.com'),
      payment_method: 'cheque',
      customer_note: 'Leave it <b>by</b> the blue door',
    });
    expect(placedAda.statusCode).toBe(200);
    const adaOrder = placedAda.json<{ order_id: number; order_key: string }>();

    // The second shopper orders through the classic (no-JavaScript) checkout form.
    const bob = new Shopper(t.store.app);
    expect((await bob.ajax('add_to_cart', { product_id: String(productIds[1]) })).statusCode).toBe(
      200,
    );
    const nonce = (await bob.api('checkout')).json<{
      extensions: { cartwright: { process_checkout_nonce: string } };
    }>().extensions.cartwright.process_checkout_nonce;
    const classic = await bob.ajax(
      'checkout',
      {
        billing_first_name: 'Bob',
        billing_last_name: 'Tester',
        billing_address_1: 'Bob Lane 2',
        billing_city: 'Berlin',
        billing_postcode: '10115',
        billing_country: 'DE',
        billing_email: 'bob@example.com',
        payment_method: 'cod',
        order_comments: '',
        'woocommerce-process-checkout-nonce': nonce,
      },
      '/checkout/',
    );
    const bobOrder = classic.json<{ result: string; order_id: number }>();
    expect(bobOrder.result).toBe('success');

    const adaMail = await smtp.next('ada@example.com', 'order has been received');
    const bobMail = await smtp.next('bob@example.com', 'order has been received');
    expect(adaMail.subject).toBe('Your Mail Test Shop order has been received!');
    expect(adaMail.from?.text).toBe('"Mail Test Shop" <store@localhost>');

    const [adaRow] = await t.db.select().from(orders).where(eq(orders.id, adaOrder.order_id));
    const [bobRow] = await t.db.select().from(orders).where(eq(orders.id, bobOrder.order_id));
    const adaText = adaMail.text ?? '';
    expect(adaText).toContain('Hi Ada,');
    expect(adaText).toContain(`Order #${adaOrder.order_id}`);
    expect(adaText).toContain('Note: Leave it by the blue door');
    expect(adaText).toContain(`Total: ${formatMoney(adaRow!.total, CURRENCY)}`);
    expect(adaText).toContain('Payment method: Check payments');
    // The link is the order's own order-received page, with its key.
    const link = `${ORIGIN}/checkout/order-received/${adaRow!.id}/?key=${adaRow!.orderKey}`;
    expect(adaText).toContain(link);
    expect(adaMail.html).toContain(`href="${link}"`);
    // What the shopper typed is escaped in the HTML part.
    expect(adaMail.html).not.toContain('<b>by</b>');
    const page = await ada.request({
      url: `/wp-json/cartwright/v1/orders/${adaRow!.id}?key=${adaRow!.orderKey}`,
    });
    expect(page.statusCode).toBe(200);

    // Nobody's data reaches the other shopper.
    const bobAll = `${bobMail.text ?? ''}${String(bobMail.html)}`;
    expect(bobAll).toContain('Hi Bob,');
    expect(bobAll).toContain(`Order #${bobRow!.id}`);
    for (const foreign of ['Ada', 'ada@example.com', adaRow!.orderKey, 'blue door']) {
      expect(bobAll).not.toContain(foreign);
    }
    expect(`${adaText}${String(adaMail.html)}`).not.toContain(bobRow!.orderKey);
    expect(recipients(adaMail)).toEqual(['ada@example.com']);
    expect(recipients(bobMail)).toEqual(['bob@example.com']);

    // The shop gets one notice per order, with the customer's name and the lines.
    const adaNotice = await smtp.next('orders@shop.example', `new order: #${adaRow!.id}`);
    const bobNotice = await smtp.next('orders@shop.example', `new order: #${bobRow!.id}`);
    expect(adaNotice.subject).toBe(`[Mail Test Shop]: You've got a new order: #${adaRow!.id}`);
    expect(adaNotice.text).toContain('You’ve received a new order from Ada Tester:');
    expect(bobNotice.text).toContain('Payment method: Cash on delivery');
    expect(
      smtp.received.filter((mail) => recipients(mail).includes('orders@shop.example')),
    ).toHaveLength(2);
  });

  test('a double-submitted order sends its emails once', async () => {
    const shopper = new Shopper(t.store.app);
    await shopper.api('cart/add-item', { id: productIds[2], quantity: 1 });
    const body = {
      billing_address: billing('Cleo', 'cleo@example.com'),
      payment_method: 'cheque',
    };
    const first = await shopper.api('checkout', body);
    const again = await shopper.api('checkout', body);
    expect(again.json<{ order_id: number }>().order_id).toBe(
      first.json<{ order_id: number }>().order_id,
    );
    await smtp.next('cleo@example.com', 'order has been received');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.received.filter((mail) => recipients(mail).includes('cleo@example.com')),
    ).toHaveLength(1);
  });

  test('the confirmation and the new-order notice list the options chosen for each line', async () => {
    const shopper = new Shopper(t.store.app);
    const coffee = await shopper.api('cart/add-item', {
      id: (await productBySlug('roasters-choice-coffee')).id,
      quantity: 2,
      variation: [
        { attribute: 'pa_grind', value: 'filter' },
        { attribute: 'pa_size', value: '250-g' },
      ],
    });
    expect(coffee.statusCode).toBe(201);
    const mug = await shopper.api('cart/add-item', {
      id: (await productBySlug('glazed-studio-mug')).id,
      quantity: 1,
      variation: [{ attribute: 'pa_colour', value: 'sage' }],
    });
    expect(mug.statusCode).toBe(201);
    const placed = await shopper.api('checkout', {
      billing_address: billing('Dora', 'dora@example.com'),
      payment_method: 'cod',
    });
    expect(placed.statusCode).toBe(200);
    const { order_id: orderId } = placed.json<{ order_id: number }>();

    const confirmation = await smtp.next('dora@example.com', 'order has been received');
    const notice = await smtp.next('orders@shop.example', `new order: #${orderId}`);
    for (const mail of [confirmation, notice]) {
      // Plain text: each line, then its options indented under it, in the attributes' order.
      const text = (mail.text ?? '').split('\n');
      const coffeeAt = text.findIndex((line) => line.startsWith('Roaster’s Choice Coffee ×2'));
      const mugAt = text.findIndex((line) => line.startsWith('Glazed Studio Mug ×1'));
      expect(coffeeAt).toBeGreaterThanOrEqual(0);
      expect(mugAt).toBeGreaterThanOrEqual(0);
      expect(text.slice(coffeeAt + 1, coffeeAt + 3)).toEqual(['  Grind: Filter', '  Size: 250 g']);
      expect(text[mugAt + 1]).toBe('  Colour: Sage');
      // HTML: the options in the line's own cell, after its name.
      const html = String(mail.html);
      const cells = html
        .split('<tr>')
        .filter((row) => row.startsWith('<td'))
        .map((row) =>
          row
            .slice(0, row.indexOf('</td>'))
            .split('<br>')
            .map((part) => part.split(/<\/?[a-z]+\b[^>]*>/).join('')),
        );
      expect(cells).toContainEqual(['Roaster’s Choice Coffee ×2', 'Grind: Filter', 'Size: 250 g']);
      expect(cells).toContainEqual(['Glazed Studio Mug ×1', 'Colour: Sage']);
    }
  });

  describe('password reset', () => {
    const account = async (who: Shopper) => {
      const main = (await who.request({ url: ACCOUNT })).json<{
        nonces: Record<string, string>;
        logged_in: boolean;
      }>();
      const forms = (await who.request({ url: `${ACCOUNT}/lost-password` })).json<{
        nonces: Record<string, string>;
      }>();
      return { ...main, nonces: { ...main.nonces, ...forms.nonces } };
    };
    const post = (who: Shopper, route: string, body: Record<string, string>, headers = {}) =>
      who.request({
        method: 'POST',
        url: `${ACCOUNT}${route}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
    const askReset = async (who: Shopper, login: string) => {
      const { nonces } = await account(who);
      return post(who, '/lost-password', {
        user_login: login,
        'woocommerce-lost-password-nonce': nonces['woocommerce-lost-password-nonce']!,
      });
    };
    const linkOf = (mail: ParsedMail) => {
      const found = /https?:\/\/\S+lost-password\/\?\S+/.exec(mail.text ?? '');
      expect(found).not.toBeNull();
      return new URL(found![0]);
    };
    const reset = async (who: Shopper, url: URL, password: string, repeated = password) => {
      const { nonces } = await account(who);
      return post(who, '/reset-password', {
        id: url.searchParams.get('id') ?? '',
        key: url.searchParams.get('key') ?? '',
        password_1: password,
        password_2: repeated,
        'woocommerce-reset-password-nonce': nonces['woocommerce-reset-password-nonce']!,
      });
    };
    const logIn = async (who: Shopper, username: string, password: string) => {
      const { nonces } = await account(who);
      return post(who, '/login', {
        username,
        password,
        'woocommerce-login-nonce': nonces['woocommerce-login-nonce']!,
      });
    };

    beforeAll(async () => {
      await createUser(t.db, { login: 'rosa', email: 'rosa@example.com', password: STRONG });
      await createUser(t.db, { login: 'otto', email: 'otto@example.com', password: STRONG });
    });

    test('an unknown account gets the same answer and no email; a known one gets a single-use link', async () => {
      const stranger = new Shopper(t.store.app);
      const unknown = await askReset(stranger, 'nobody@example.com');
      const known = await askReset(new Shopper(t.store.app), 'rosa@example.com');

      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);

      const mail = await smtp.next('rosa@example.com', 'Reset your password');
      expect(mail.subject).toBe('Reset your password for Mail Test Shop');
      expect(mail.text).toContain('Username: rosa');
      expect(smtp.received.some((m) => recipients(m).includes('nobody@example.com'))).toBe(false);
      const url = linkOf(mail);
      const [rosa] = await t.db.select().from(users).where(eq(users.login, 'rosa'));
      expect(`${url.origin}${url.pathname}`).toBe(
        `${new URL(ORIGIN).origin}/my-account/lost-password/`,
      );
      expect(url.searchParams.get('id')).toBe(String(rosa!.id));
      expect(url.searchParams.get('login')).toBe('rosa');
      const raw = /https?:\/\/\S+lost-password\/\?\S+/.exec(mail.text ?? '')![0];
      expect(mail.html).toContain(`href="${raw.replace(/&/g, '&amp;')}"`);
      // Only a hash of the key is stored.
      expect(rosa!.resetKeyHash).not.toBe(url.searchParams.get('key'));

      const visitor = new Shopper(t.store.app);
      const check = await post(visitor, '/reset-password/check', {
        id: url.searchParams.get('id')!,
        key: url.searchParams.get('key')!,
      });
      expect(check.json()).toEqual({ valid: true, login: 'rosa' });
      const wrongKey = await post(visitor, '/reset-password/check', {
        id: url.searchParams.get('id')!,
        key: 'x'.repeat(20),
      });
      expect(wrongKey.statusCode).toBe(400);
      expect(wrongKey.json<{ code: string }>().code).toBe('invalid_key');

      // Rosa is logged in elsewhere; the reset ends that login.
      const elsewhere = new Shopper(t.store.app);
      expect((await logIn(elsewhere, 'rosa', STRONG)).statusCode).toBe(200);

      // Registration's password rules apply.
      const weak = await reset(visitor, url, 'rosa1234');
      expect(weak.statusCode).toBe(400);
      expect(weak.json<{ code: string }>().code).toBe('weak_password');
      const mismatch = await reset(visitor, url, NEW_PASSWORD, `${NEW_PASSWORD}!`);
      expect(mismatch.json<{ message: string }>().message).toBe('Passwords do not match.');

      const done = await reset(visitor, url, NEW_PASSWORD);
      expect(done.statusCode).toBe(200);
      const again = await reset(visitor, url, `${NEW_PASSWORD} again`);
      expect(again.statusCode).toBe(400);
      expect(again.json<{ message: string }>().message).toBe(
        'This key is invalid or has already been used. Please reset your password again if needed.',
      );
      expect((await account(elsewhere)).logged_in).toBe(false);
      expect(
        await t.db.select().from(userSessions).where(eq(userSessions.userId, rosa!.id)),
      ).toHaveLength(0);
      expect((await logIn(new Shopper(t.store.app), 'rosa', STRONG)).statusCode).toBe(401);
      expect((await logIn(new Shopper(t.store.app), 'rosa', NEW_PASSWORD)).statusCode).toBe(200);
    });

    test('a link older than a day, or replaced by a newer one, no longer works', async () => {
      await askReset(new Shopper(t.store.app), 'otto');
      const first = linkOf(await smtp.next('otto@example.com', 'Reset your password'));
      const count = smtp.received.length;
      await askReset(new Shopper(t.store.app), 'otto@example.com');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await (async () => {
        for (let tries = 0; tries < 100 && smtp.received.length === count; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return linkOf(smtp.received.at(-1)!);
      })();
      expect(second.searchParams.get('key')).not.toBe(first.searchParams.get('key'));
      const visitor = new Shopper(t.store.app);
      expect((await reset(visitor, first, NEW_PASSWORD)).statusCode).toBe(400);
      now += 24 * 3600 * 1000 + 1000;
      try {
        expect((await reset(visitor, second, NEW_PASSWORD)).json<{ code: string }>().code).toBe(
          'invalid_key',
        );
      } finally {
        now -= 24 * 3600 * 1000 + 1000;
      }
      expect((await reset(visitor, second, NEW_PASSWORD)).statusCode).toBe(200);
    });

    test('asking for links is limited per account name, known or not', async () => {
      await createUser(t.db, { login: 'lena', email: 'lena@example.com', password: STRONG });
      for (const login of ['limit-me@example.com', 'lena']) {
        const answers = [];
        for (let index = 0; index < 4; index++) {
          answers.push((await askReset(new Shopper(t.store.app), login)).statusCode);
        }
        expect(answers).toEqual([200, 200, 200, 429]);
      }
    });
  });

  describe('account details', () => {
    let mia: Shopper;
    const save = async (fields: Record<string, string>) => {
      const main = (await mia.request({ url: ACCOUNT })).json<{
        nonces: Record<string, string>;
      }>();
      const details = (
        await mia.request({
          url: `${ACCOUNT}/details`,
          headers: { 'x-wp-nonce': main.nonces.wp_rest! },
        })
      ).json<{ nonces: Record<string, string> }>();
      const nonces = { ...main.nonces, ...details.nonces };
      return mia.request({
        method: 'POST',
        url: `${ACCOUNT}/details`,
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonces.wp_rest! },
        payload: JSON.stringify({
          account_first_name: 'Mia',
          account_last_name: 'Wong',
          account_display_name: 'Mia W.',
          account_email: 'mia@example.com',
          'save-account-details-nonce': nonces['save-account-details-nonce']!,
          ...fields,
        }),
      });
    };
    beforeAll(async () => {
      await createUser(t.db, { login: 'mia', email: 'mia@example.com', password: STRONG });
      await createUser(t.db, { login: 'taken', email: 'taken@example.com', password: STRONG });
      mia = new Shopper(t.store.app);
      const { nonces } = (await mia.request({ url: ACCOUNT })).json<{
        nonces: Record<string, string>;
      }>();
      const login = await mia.request({
        method: 'POST',
        url: `${ACCOUNT}/login`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          username: 'mia',
          password: STRONG,
          'woocommerce-login-nonce': nonces['woocommerce-login-nonce'],
        }),
      });
      expect(login.statusCode).toBe(200);
    });

    test('names and email are saved; required fields and a taken email are refused', async () => {
      const saved = await save({});
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        first_name: 'Mia',
        last_name: 'Wong',
        display_name: 'Mia W.',
        message: 'Account details changed successfully.',
      });
      const missing = await save({ account_first_name: ' ', account_email: 'taken@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ data: { errors: { message: string }[] } }>().data.errors).toEqual([
        { field: 'account_first_name', message: 'First name is a required field.' },
        { field: 'account_email', message: 'This email address is already registered.' },
      ]);
      const [row] = await t.db.select().from(users).where(eq(users.login, 'mia'));
      expect(row).toMatchObject({ firstName: 'Mia', lastName: 'Wong', email: 'mia@example.com' });
      const guest = await new Shopper(t.store.app).request({ url: `${ACCOUNT}/details` });
      expect(guest.statusCode).toBe(401);
    });

    test('a new password needs the current one and the same rules; this login survives it', async () => {
      const noCurrent = await save({ password_1: NEW_PASSWORD, password_2: NEW_PASSWORD });
      expect(noCurrent.json<{ message: string }>().message).toBe(
        'Please enter your current password.',
      );
      const wrong = await save({
        password_current: 'not it at all 99',
        password_1: NEW_PASSWORD,
        password_2: NEW_PASSWORD,
      });
      expect(wrong.json<{ message: string }>().message).toBe('Your current password is incorrect.');
      const weak = await save({
        password_current: STRONG,
        password_1: 'password1',
        password_2: 'password1',
      });
      expect(weak.json<{ message: string }>().message).toBe('Please enter a stronger password.');
      const changed = await save({
        password_current: STRONG,
        password_1: NEW_PASSWORD,
        password_2: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      const me = (await mia.request({ url: ACCOUNT })).json<{ logged_in: boolean }>();
      expect(me.logged_in).toBe(true);
      const [row] = await t.db.select().from(users).where(eq(users.login, 'mia'));
      const other = new Shopper(t.store.app);
      const { nonces } = (await other.request({ url: ACCOUNT })).json<{
        nonces: Record<string, string>;
      }>();
      const oldLogin = await other.request({
        method: 'POST',
        url: `${ACCOUNT}/login`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          username: 'mia',
          password: STRONG,
          'woocommerce-login-nonce': nonces['woocommerce-login-nonce'],
        }),
      });
      expect(oldLogin.statusCode).toBe(401);
      expect(row!.id).toBeGreaterThan(0);
    });
  });
});

describe('mail rendering and the outbox', () => {
  const order: EmailOrder = {
    id: 7,
    order_number: '7',
    status: 'processing',
    date_created_gmt: '2026-11-25T10:00:00',
    payment_method_title: 'Cash on delivery',
    customer_note: '',
    billing_address: { first_name: 'Ada', email: 'ada@example.com' },
    shipping_address: {},
    items: [
      {
        name: 'Check Tee',
        quantity: 1,
        total: '2000',
        variation: [{ attribute: 'Size', value: 'M' }],
        item_data: [{ name: 'Gift wrap', value: 'Yes' }],
      },
    ],
    totals: {
      total_items: '2000',
      total_discount: '200',
      total_shipping: '500',
      total_tax: '0',
      total_price: '2300',
      shipping_lines: [{ name: 'Flat rate' }],
      currency_minor_unit: 2,
      currency_prefix: '$',
    },
  };

  test('every totals line the order has is shown, zero ones left out, discount negative', () => {
    expect(totalsLines(order)).toEqual([
      { label: 'Subtotal', amount: '$20.00' },
      { label: 'Discount', amount: '-$2.00' },
      { label: 'Shipping: Flat rate', amount: '$5.00' },
      { label: 'Total', amount: '$23.00' },
    ]);
    expect(lineDetails(order.items[0]!)).toEqual([
      { label: 'Size', value: 'M' },
      { label: 'Gift wrap', value: 'Yes' },
    ]);
    expect(
      formatMoney(123456789, {
        currency_thousand_separator: '.',
        currency_decimal_separator: ',',
        currency_suffix: ' €',
      }),
    ).toBe('1.234.567,89 €');
  });

  test('tax shows one line per rate (WooCommerce\'s itemized display), or "Tax" without lines', () => {
    const taxed = {
      ...order,
      totals: {
        ...order.totals,
        total_tax: '184',
        total_price: '2484',
        tax_lines: [
          { name: 'GST', price: '115', rate: '5%' },
          { name: 'QST', price: '69', rate: '9.975%' },
        ],
      },
    };
    expect(totalsLines(taxed)).toEqual([
      { label: 'Subtotal', amount: '$20.00' },
      { label: 'Discount', amount: '-$2.00' },
      { label: 'Shipping: Flat rate', amount: '$5.00' },
      { label: 'GST', amount: '$1.15' },
      { label: 'QST', amount: '$0.69' },
      { label: 'Total', amount: '$24.84' },
    ]);
    const unnamed = { ...order, totals: { ...order.totals, total_tax: '184', tax_lines: [] } };
    expect(totalsLines(unnamed)).toContainEqual({ label: 'Tax', amount: '$1.84' });
  });

  test('without SMTP the message is written to the outbox as an .eml file', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'cw-outbox-'));
    try {
      const errors: unknown[] = [];
      const mailer = createMailer(
        { outboxDir: path.join(directory, 'outbox') },
        '"Shop" <store@localhost>',
        (error) => errors.push(error),
      );
      expect(mailer.description).toContain(path.join(directory, 'outbox'));
      await mailer.send({
        kind: 'customer-order',
        to: 'ada@example.com',
        subject: 'Your Shop order has been received!',
        text: 'Hi Ada, Size: M',
        html: '<p>Hi Ada</p>',
      });
      expect(errors).toEqual([]);
      const files = await readdir(path.join(directory, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/customer-order.*\.eml$/);
      const parsed = await simpleParser(await readFile(path.join(directory, 'outbox', files[0]!)));
      expect(parsed.subject).toBe('Your Shop order has been received!');
      expect(parsed.text).toContain('Size: M');
      expect(recipients(parsed)).toEqual(['ada@example.com']);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  test('an SMTP URL of another scheme is refused when the store starts', () => {
    expect(() => createMailer({ smtpUrl: 'http://mail.example.com' }, 'x', () => {})).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
  });
});
