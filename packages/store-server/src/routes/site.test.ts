import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contacts, options, userMeta } from '../db/schema';
import { DEFAULT_STORE_NOTICE, storeNoticeId } from '../site/settings';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';
import { createUser } from '../users/users';

const SETTINGS = '/wp-json/cartwright/v1/settings';
const CONTACT = '/wp-json/hostinger-reach/v1/contact';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

interface Settings {
  store_notice: { id: string; text: string } | null;
  coming_soon: boolean;
  coming_soon_banner: { rest_url: string; rest_nonce: string } | null;
  subscription_endpoint: string;
  analytics_common_props: Record<string, unknown>;
  site_settings?: { store_notice: { enabled: boolean; text: string }; coming_soon: boolean };
}

describe.each(drivers)('site-wide settings, user meta and subscriptions on $name', (driver) => {
  let t: TestStore;
  let managerId: number;
  let customerId: number;
  beforeAll(async () => {
    t = await driver.open();
    managerId = (
      await createUser(t.db, {
        login: 'manager',
        email: 'manager@example.com',
        password: 'pw-manager',
        role: 'shop_manager',
      })
    ).id;
    customerId = (
      await createUser(t.db, {
        login: 'carla',
        email: 'carla@example.com',
        password: 'pw-carla',
      })
    ).id;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const browser = () => new Browser(t.store.app);
  const settingsOf = async (who: Browser, headers: Record<string, string> = {}) => {
    const response = await who.request({ url: SETTINGS, headers });
    expect(response.statusCode).toBe(200);
    return response.json<Settings>();
  };
  const admin = async () => {
    const who = browser();
    await who.logIn(t.admin.login, t.admin.password);
    return { who, nonce: await who.restNonce() };
  };
  const change = (who: Browser, nonce: string | undefined, body: unknown) =>
    who.request({
      method: 'POST',
      url: SETTINGS,
      headers: {
        'content-type': 'application/json',
        ...(nonce === undefined ? {} : { 'x-wp-nonce': nonce }),
      },
      payload: JSON.stringify(body),
    });

  describe('the analytics common properties (spec §3)', () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const common = {
      blog_id: 1,
      url: 'http://localhost:80',
      woo_version: '10.2.4',
      wp_version: '6.8.8',
      store_currency: 'USD',
      timezone: '+00:00',
    };

    test('a guest: ui 0, a guest, no store admin; the store id is a UUID that stays', async () => {
      const props = (await settingsOf(browser())).analytics_common_props;
      expect(props).toEqual({
        ...common,
        store_id: expect.stringMatching(UUID) as unknown,
        ui: 0,
        store_admin: 0,
        is_guest: 1,
      });
      const [row] = await t.db
        .select()
        .from(options)
        .where(eq(options.name, 'woocommerce_store_id'));
      expect(row?.value).toBe(props.store_id);
      expect((await settingsOf(browser())).analytics_common_props.store_id).toBe(props.store_id);
    });

    test('a logged-in customer and a shop manager get their own ids and roles', async () => {
      const customer = browser();
      await customer.logIn('carla', 'pw-carla');
      expect((await settingsOf(customer)).analytics_common_props).toMatchObject({
        ...common,
        ui: customerId,
        store_admin: 0,
        is_guest: 0,
      });
      const manager = browser();
      await manager.logIn('manager', 'pw-manager');
      expect((await settingsOf(manager)).analytics_common_props).toMatchObject({
        ui: managerId,
        store_admin: 1,
        is_guest: 0,
      });
    });
  });

  describe('the store notice and coming-soon mode', () => {
    test('start off: no notice, a live store, the default subscription endpoint', async () => {
      const settings = await settingsOf(browser());
      expect(settings.store_notice).toBeNull();
      expect(settings.coming_soon).toBe(false);
      expect(settings.coming_soon_banner).toBeNull();
      expect(settings.subscription_endpoint).toBe('http://localhost:80' + CONTACT);
      expect(settings.site_settings).toBeUndefined();
    });

    test('an administrator turns the notice on; everyone then gets its text and md5 id', async () => {
      const { who, nonce } = await admin();
      const response = await change(who, nonce, { store_notice: { enabled: true } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        site_settings: {
          store_notice: { enabled: true, text: DEFAULT_STORE_NOTICE },
          coming_soon: false,
          tax: {
            calc_taxes: false,
            prices_include_tax: false,
            tax_display_shop: 'excl',
            tax_display_cart: 'excl',
          },
        },
      });
      const settings = await settingsOf(browser());
      expect(settings.store_notice).toEqual({
        id: storeNoticeId(DEFAULT_STORE_NOTICE),
        text: DEFAULT_STORE_NOTICE,
      });
      expect(settings.store_notice!.id).toMatch(/^[0-9a-f]{32}$/);
    });

    test('changing the text changes the notice id', async () => {
      const { who, nonce } = await admin();
      const before = (await settingsOf(browser())).store_notice!;
      const response = await who.request({
        method: 'POST',
        url: SETTINGS,
        headers: { ...form, 'x-wp-nonce': nonce },
        payload: 'store_notice_text=Free+shipping+this+week',
      });
      expect(response.statusCode).toBe(200);
      const after = (await settingsOf(browser())).store_notice!;
      expect(after.text).toBe('Free shipping this week');
      expect(after.id).toBe(storeNoticeId('Free shipping this week'));
      expect(after.id).not.toBe(before.id);
    });

    test.each([
      ['a guest', () => Promise.resolve({ who: browser(), nonce: undefined }), 401],
      [
        'an administrator without a nonce (a cross-site form)',
        async () => ({ ...(await admin()), nonce: undefined }),
        401,
      ],
      [
        'a customer with a valid nonce',
        async () => {
          const who = browser();
          await who.logIn('carla', 'pw-carla');
          return { who, nonce: await who.restNonce() };
        },
        403,
      ],
    ])('%s cannot change the settings', async (_name, setup, status) => {
      const { who, nonce } = await setup();
      const response = await change(who, nonce, { coming_soon: true });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code: 'rest_forbidden' });
      expect((await settingsOf(browser())).coming_soon).toBe(false);
    });

    test.each([
      [{ coming_soon: 'perhaps' }, 'coming_soon'],
      [{ store_notice: { text: 42 } }, 'store_notice.text'],
      [{ store_notice: { text: 'nul\u0000byte' } }, 'store_notice.text'],
      [{ store_notice: { text: 'x'.repeat(2001) } }, 'store_notice.text'],
      [{ store_notice: { enabled: 'sometimes' } }, 'store_notice.enabled'],
      [{ tax: 'on' }, 'tax'],
      [{ tax: { calc_taxes: 'perhaps' } }, 'tax.calc_taxes'],
      [{ tax: { tax_display_cart: 'both' } }, 'tax.tax_display_cart'],
    ])('refuses %j with a 400 naming %s', async (body, name) => {
      const { who, nonce } = await admin();
      const response = await change(who, nonce, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { [name]: expect.any(String) as unknown } },
      });
    });

    test('an empty change is a 400, not a silent success', async () => {
      const { who, nonce } = await admin();
      const response = await change(who, nonce, {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'rest_missing_callback_param' });
    });
  });

  describe('the coming-soon banner and woocommerce_meta', () => {
    const dismiss = (who: Browser, url: string, nonce: string | undefined, payload?: string) =>
      who.request({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { ...form, ...(nonce === undefined ? {} : { 'x-wp-nonce': nonce }) },
        payload: payload ?? 'woocommerce_meta%5Bcoming_soon_banner_dismissed%5D=yes',
      });

    beforeAll(async () => {
      const { who, nonce } = await admin();
      expect((await change(who, nonce, { coming_soon: true })).statusCode).toBe(200);
    });

    test('a guest and a customer never get the banner; an administrator does', async () => {
      expect((await settingsOf(browser())).coming_soon_banner).toBeNull();
      const customer = browser();
      await customer.logIn('carla', 'pw-carla');
      expect((await settingsOf(customer)).coming_soon_banner).toBeNull();
      const { who } = await admin();
      const banner = (await settingsOf(who)).coming_soon_banner;
      expect(banner).toEqual({
        rest_url: expect.stringMatching(/\/wp-json\/wp\/v2\/users\/\d+$/) as unknown,
        rest_nonce: expect.stringMatching(/^[0-9a-f]{10}$/) as unknown,
      });
    });

    test('the dismissal as the banner sends it stores the meta; the banner stays away until the next login', async () => {
      const manager = browser();
      await manager.logIn('manager', 'pw-manager');
      const banner = (await settingsOf(manager)).coming_soon_banner!;
      expect(banner.rest_url).toMatch(new RegExp(`/users/${managerId}$`));
      const response = await dismiss(manager, banner.rest_url, banner.rest_nonce);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: managerId,
        username: 'manager',
        woocommerce_meta: { coming_soon_banner_dismissed: 'yes' },
      });
      const [row] = await t.db.select().from(userMeta).where(eq(userMeta.userId, managerId));
      expect(row).toEqual({
        userId: managerId,
        key: 'woocommerce_coming_soon_banner_dismissed',
        value: 'yes',
      });
      expect((await settingsOf(manager)).coming_soon_banner).toBeNull();

      await manager.logIn('manager', 'pw-manager');
      expect((await settingsOf(manager)).coming_soon_banner).not.toBeNull();
    });

    test('JSON bodies work too; unknown woocommerce_meta fields are ignored', async () => {
      const { who, nonce } = await admin();
      const id = (await settingsOf(who)).coming_soon_banner!.rest_url.split('/').pop();
      const response = await who.request({
        method: 'POST',
        url: `/wp-json/wp/v2/users/${id}`,
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        payload: JSON.stringify({
          woocommerce_meta: { coming_soon_banner_dismissed: 'yes', homepage_layout: 'x' },
        }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ woocommerce_meta: unknown }>().woocommerce_meta).toEqual({
        coming_soon_banner_dismissed: 'yes',
      });
      const keys = await t.db
        .select()
        .from(userMeta)
        .where(eq(userMeta.userId, Number(id)));
      expect(keys.map((row) => row.key)).toEqual(['woocommerce_coming_soon_banner_dismissed']);
    });

    test.each([
      ['without a nonce', 'own', false, 401, 'rest_cannot_edit'],
      ["another user's meta, even as an administrator", 'other', true, 403, 'rest_cannot_edit'],
      ['an unknown user', 'missing', true, 404, 'rest_user_invalid_id'],
    ] as const)('refuses %s', async (_name, target, withNonce, status, code) => {
      const { who, nonce } = await admin();
      const ownUrl = (await settingsOf(who)).coming_soon_banner?.rest_url;
      const ownId = Number(ownUrl?.split('/').pop() ?? 1);
      const id = target === 'own' ? ownId : target === 'other' ? customerId : 999_999;
      const response = await dismiss(
        who,
        `http://localhost/wp-json/wp/v2/users/${id}`,
        withNonce ? nonce : undefined,
      );
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
      const rows = await t.db.select().from(userMeta).where(eq(userMeta.userId, customerId));
      expect(rows.filter((row) => row.value === 'yes')).toEqual([]);
    });

    test('a guest with a session nonce cannot write anyone’s meta', async () => {
      const guest = browser();
      const nonce = await guest.restNonce();
      const response = await dismiss(
        guest,
        `http://localhost/wp-json/wp/v2/users/${customerId}`,
        nonce,
      );
      expect(response.statusCode).toBe(401);
    });

    test('a value that is not text is a 400; a bracketed __proto__ is only a key', async () => {
      const { who, nonce } = await admin();
      const url = (await settingsOf(who)).coming_soon_banner!.rest_url;
      const bad = await who.request({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        payload: JSON.stringify({ woocommerce_meta: { coming_soon_banner_dismissed: ['yes'] } }),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'rest_invalid_param' });
      const proto = await dismiss(who, url, nonce, '__proto__%5Bpolluted%5D=yes');
      expect(proto.statusCode).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('POST /wp-json/hostinger-reach/v1/contact', () => {
    const subscribe = async (body: unknown, options: { nonce?: boolean; raw?: string } = {}) => {
      const who = browser();
      const nonce = options.nonce === false ? undefined : await who.restNonce();
      return who.request({
        method: 'POST',
        url: CONTACT,
        headers: {
          'content-type': 'application/json',
          ...(nonce === undefined ? {} : { 'x-wp-nonce': nonce }),
        },
        payload: options.raw ?? JSON.stringify(body),
      });
    };
    const rowsFor = (email: string) =>
      t.db.select().from(contacts).where(eq(contacts.email, email));

    test('stores the form as the storefront sends it', async () => {
      const response = await subscribe({
        group: 'Newsletter',
        id: 'footer-form',
        metadata: { plugin: 'hostinger-reach' },
        email: ' Ada@Example.com ',
        name: 'Ada',
        surname: 'Lovelace',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      const [row] = await rowsFor('ada@example.com');
      expect(row).toMatchObject({
        email: 'ada@example.com',
        name: 'Ada',
        surname: 'Lovelace',
        groupName: 'Newsletter',
        formId: 'footer-form',
        plugin: 'hostinger-reach',
      });
    });

    test('a second subscription with the same email updates the one contact', async () => {
      await subscribe({ email: 'grace@example.com', name: 'Grace' });
      const again = await subscribe({ email: 'GRACE@example.com', surname: 'Hopper', group: 'B' });
      expect(again.json()).toEqual({ success: true });
      const rows = await rowsFor('grace@example.com');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Grace', surname: 'Hopper', groupName: 'B' });
    });

    test('without a nonce it is the plugin’s 401 Not authorized, and nothing is stored', async () => {
      const response = await subscribe({ email: 'nonce@example.com' }, { nonce: false });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'Not authorized',
        message: 'You cannot perform this action',
        data: { status: 401 },
      });
      expect(await rowsFor('nonce@example.com')).toEqual([]);
    });

    test('a made-up nonce is core’s 403 rest_cookie_invalid_nonce', async () => {
      const response = await browser().request({
        method: 'POST',
        url: CONTACT,
        headers: { 'content-type': 'application/json', 'x-wp-nonce': '0123456789' },
        payload: JSON.stringify({ email: 'made-up@example.com' }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    });

    test.each([
      [{}, 'rest_missing_callback_param'],
      [{ email: 'not an email' }, 'rest_invalid_param'],
      [{ email: ['a@example.com'] }, 'rest_invalid_param'],
      [{ email: 'a@example.com', name: { first: 'A' } }, 'rest_invalid_param'],
      [{ email: 'a@example.com', metadata: 'hostinger-reach' }, 'rest_invalid_param'],
      [{ email: 'a@example.com', surname: 'nul\u0000' }, 'rest_invalid_param'],
      [{ email: 'a@example.com', name: 'n'.repeat(101) }, 'rest_invalid_param'],
      [[{ email: 'a@example.com' }], 'rest_missing_callback_param'],
    ])('refuses %j with a WordPress-shaped 400 %s', async (body, code) => {
      const response = await subscribe(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code, data: { status: 400 } });
    });

    test.each([
      ['a __proto__ key', '{"email":"p1@example.com","__proto__":{"polluted":"yes"}}'],
      [
        'a constructor.prototype key',
        '{"email":"p2@example.com","constructor":{"prototype":{"polluted":"yes"}}}',
      ],
      ['malformed JSON', '{"email":'],
    ])('%s is a 400 and pollutes nothing', async (_name, raw) => {
      const response = await subscribe(undefined, { raw });
      expect(response.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    test('a dot-named field that was not nested is read as the plugin field, not as a path', async () => {
      const response = await subscribe({ email: 'dots@example.com', 'metadata.plugin': 'reach' });
      expect(response.statusCode).toBe(200);
      const [row] = await rowsFor('dots@example.com');
      expect(row!.plugin).toBe('reach');
    });

    test('a filled honeypot answers success and stores nothing', async () => {
      const response = await subscribe({ email: 'bot@example.com', cw_website: 'http://spam' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect(await rowsFor('bot@example.com')).toEqual([]);
    });
  });
});

describe('a configured subscription namespace', () => {
  test('moves the contact route', async () => {
    const t = await drivers[0]!.open({ subscriptionNamespace: 'newsletter' });
    try {
      const settings = (await t.store.app.inject(SETTINGS)).json<Settings>();
      expect(settings.subscription_endpoint).toBe(
        'http://localhost:80/wp-json/newsletter/v1/contact',
      );
      const who = new Browser(t.store.app);
      const nonce = await who.restNonce();
      const moved = await who.request({
        method: 'POST',
        url: '/wp-json/newsletter/v1/contact',
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        payload: JSON.stringify({ email: 'moved@example.com' }),
      });
      expect(moved.statusCode).toBe(200);
      const old = await who.request({
        method: 'POST',
        url: CONTACT,
        headers: { 'x-wp-nonce': nonce },
      });
      expect(old.statusCode).toBe(404);
    } finally {
      await t.cleanup();
    }
  });
});
