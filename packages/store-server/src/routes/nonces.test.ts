import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { options as optionsTable, sessions } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';

const API = '/wp-json/wc/store/v1';
const NONCE_LIFETIME = 3600;
const SESSION_LIFETIME = 48 * 3600;

/** Store API routes for the tests, standing in for the cart routes of the next issue. */
function testRoutes(app: FastifyInstance) {
  app.post(`${API}/test/write`, (request) => ({ ok: true, body: request.body }));
  app.delete(`${API}/test/write`, () => ({ deleted: true }));
  app.get(`${API}/test/checkout-like`, { config: { storeApiNonce: 'always' } }, () => ({
    ok: true,
  }));
}

function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe.each(drivers)('sessions and nonces on $name', (driver) => {
  let t: TestStore;
  let now = Date.UTC(2026, 5, 1, 9, 0, 0);
  beforeAll(async () => {
    t = await driver.open(
      { clock: () => now, nonceLifetime: NONCE_LIFETIME, sessionLifetime: SESSION_LIFETIME },
      testRoutes,
    );
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  const browser = () => new Browser(t.store.app);

  describe('the nonce endpoint, admin-ajax.php?action=rest-nonce', () => {
    test('gives a guest a session cookie and a wp_rest nonce as plain text, never cached', async () => {
      const guest = browser();
      const response = await guest.request({ url: '/wp-admin/admin-ajax.php?action=rest-nonce' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=UTF-8');
      expect(response.body).toMatch(/^[0-9a-f]{10}$/);
      expect(response.headers['cache-control']).toContain('no-store');
      const [cookie] = [...guest.cookies.keys()];
      expect(cookie).toMatch(/^wp_woocommerce_session_[0-9a-f]{32}$/);
      expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
      const key = decodeURIComponent(guest.cookies.get(cookie!)!).split('||')[0]!;
      const rows = await t.db.select().from(sessions).where(eq(sessions.key, key));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.expiresAt.getTime()).toBe(now + SESSION_LIFETIME * 1000);
    });

    test('keeps one session per guest, and two guests never share a nonce', async () => {
      const a = browser();
      const b = browser();
      const [first, again] = [await a.restNonce(), await a.restNonce()];
      expect(again).toBe(first);
      expect(a.cookies.size).toBe(1);
      expect(await b.restNonce()).not.toBe(first);
    });

    test.each(['?action=heartbeat', '', '?action[]=rest-nonce'])(
      'answers an unknown action (%j) as WordPress does: 400 with the body 0',
      async (query) => {
        const response = await browser().request({ url: `/wp-admin/admin-ajax.php${query}` });
        expect(response.statusCode).toBe(400);
        expect(response.body).toBe('0');
      },
    );
  });

  describe('X-WP-Nonce on REST requests', () => {
    test('a catalogue read needs no nonce and starts no session', async () => {
      const response = await t.store.app.inject(`${API}/products?per_page=1`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers.nonce).toBeUndefined();
      expect(response.headers['x-wp-nonce']).toBeUndefined();
    });

    test('a valid nonce is answered with a refreshed X-WP-Nonce', async () => {
      const guest = browser();
      const nonce = await guest.restNonce();
      now += 10 * 60_000;
      const response = await guest.request({
        url: `${API}/products?per_page=1`,
        headers: { 'x-wp-nonce': nonce },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-wp-nonce']).toMatch(/^[0-9a-f]{10}$/);
    });

    test.each([
      ['a made-up nonce', () => Promise.resolve({ guest: browser(), nonce: '0123456789' })],
      [
        "another guest's nonce",
        async () => ({ guest: browser(), nonce: await browser().restNonce() }),
      ],
      [
        'a nonce sent without its session cookie',
        async () => {
          const owner = browser();
          return { guest: browser(), nonce: await owner.restNonce() };
        },
      ],
    ])(
      '%s is a 403 rest_cookie_invalid_nonce "Cookie check failed", on any route',
      async (_title, setup) => {
        const { guest, nonce } = await setup();
        for (const url of [`${API}/products`, '/wp-json/', '/wp-json/acme/v1/nothing']) {
          const response = await guest.request({ url, headers: { 'x-wp-nonce': nonce } });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({
            code: 'rest_cookie_invalid_nonce',
            message: 'Cookie check failed',
            data: { status: 403 },
          });
        }
      },
    );

    test('_wpnonce in the query is checked like the header', async () => {
      const response = await browser().request({ url: `${API}/products?_wpnonce=0123456789` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    });

    test('a nonce expires after its lifetime, and the nonce endpoint gives a working one', async () => {
      const guest = browser();
      const nonce = await guest.restNonce();
      now += (NONCE_LIFETIME / 2) * 1000;
      let response = await guest.request({
        url: `${API}/products`,
        headers: { 'x-wp-nonce': nonce },
      });
      expect(response.statusCode).toBe(200); // the previous tick still counts
      now += NONCE_LIFETIME * 1000;
      response = await guest.request({ url: `${API}/products`, headers: { 'x-wp-nonce': nonce } });
      expect(response.statusCode).toBe(403);
      const fresh = await guest.restNonce();
      expect(fresh).not.toBe(nonce);
      response = await guest.request({ url: `${API}/products`, headers: { 'x-wp-nonce': fresh } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('Store API writes', () => {
    const write = (guest: Browser, headers: Record<string, string> = {}) =>
      guest.request({
        method: 'POST',
        url: `${API}/test/write`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{"id":1}',
      });

    test('without a nonce are a 401 woocommerce_rest_missing_nonce that hands out a session and a nonce', async () => {
      const guest = browser();
      const response = await write(guest);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'woocommerce_rest_missing_nonce',
        message: 'Missing the Nonce header. This endpoint requires a valid nonce.',
        data: { status: 401 },
      });
      expect(response.headers.nonce).toMatch(/^[0-9a-f]{10}$/);
      expect(guest.cookies.size).toBe(1);

      const retried = await write(guest, { nonce: String(response.headers.nonce) });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ ok: true, body: { id: 1 } });
    });

    test('with a bad nonce, or a wp_rest nonce in its place, are a 403 woocommerce_rest_invalid_nonce', async () => {
      const guest = browser();
      const restNonce = await guest.restNonce();
      for (const nonce of ['0123456789', restNonce]) {
        const response = await write(guest, { nonce });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          code: 'woocommerce_rest_invalid_nonce',
          message: 'Nonce is invalid.',
          data: { status: 403 },
        });
      }
    });

    test('accept the legacy X-WC-Store-API-Nonce header', async () => {
      const guest = browser();
      const nonce = String((await write(guest)).headers.nonce);
      expect((await write(guest, { 'x-wc-store-api-nonce': nonce })).statusCode).toBe(200);
    });

    test('carry Nonce, Nonce-Timestamp, User-ID and a Cart-Token for the session', async () => {
      const guest = browser();
      const first = await write(guest);
      const response = await write(guest, { nonce: String(first.headers.nonce) });
      expect(response.headers['nonce-timestamp']).toBe(String(Math.floor(now / 1000)));
      expect(response.headers['user-id']).toBe('0');
      const claims = jwtClaims(String(response.headers['cart-token']));
      const sessionKey = decodeURIComponent([...guest.cookies.values()][0]!).split('||')[0];
      expect(claims).toEqual({
        user_id: sessionKey,
        exp: Math.floor(now / 1000) + SESSION_LIFETIME,
        iss: 'wc/store/v1',
      });
    });

    test('with a valid Cart-Token need no nonce and no cookie, and stay in that session', async () => {
      const guest = browser();
      const token = String((await write(guest)).headers['cart-token']);
      const tokenOnly = browser();
      const response = await write(tokenOnly, { 'cart-token': token });
      expect(response.statusCode).toBe(200);
      expect(tokenOnly.cookies.size).toBe(0);
      expect(jwtClaims(String(response.headers['cart-token'])).user_id).toBe(
        jwtClaims(token).user_id,
      );
    });

    test('with a tampered or expired Cart-Token fall back to needing a nonce', async () => {
      const token = String((await write(browser())).headers['cart-token']);
      const [header, , signature] = token.split('.');
      const forged = Buffer.from(
        JSON.stringify({ ...jwtClaims(token), user_id: 't_ffffffffffffffffffffffffffffff' }),
      ).toString('base64url');
      expect(
        (await write(browser(), { 'cart-token': `${header}.${forged}.${signature}` })).statusCode,
      ).toBe(401);
      now += (SESSION_LIFETIME + 1) * 1000;
      expect((await write(browser(), { 'cart-token': token })).statusCode).toBe(401);
    });

    test('X-HTTP-Method-Override on a POST is honoured (a DELETE sent as POST)', async () => {
      const guest = browser();
      const nonce = String((await write(guest)).headers.nonce);
      const response = await guest.request({
        method: 'POST',
        url: `${API}/test/write`,
        headers: { nonce, 'x-http-method-override': 'DELETE', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: true });
    });

    test('a route that asks for a nonce on every method rejects a GET without one', async () => {
      const response = await browser().request({ url: `${API}/test/checkout-like` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'woocommerce_rest_missing_nonce' });
    });

    test('to an unknown route stay a 404 rest_no_route, as in WooCommerce', async () => {
      const response = await browser().request({
        method: 'POST',
        url: `${API}/cart/no-such-route`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'rest_no_route' });
    });
  });

  describe('sessions', () => {
    test('expire after the session lifetime: the old cookie no longer carries the session', async () => {
      const guest = browser();
      const nonce = await guest.restNonce();
      const before = [...guest.cookies.values()][0];
      now += (SESSION_LIFETIME + 60) * 1000;
      const response = await guest.request({
        url: `${API}/products`,
        headers: { 'x-wp-nonce': nonce },
      });
      expect(response.statusCode).toBe(403);
      await guest.restNonce();
      expect([...guest.cookies.values()][0]).not.toBe(before);
    });

    test('are renewed with use, at most once an hour', async () => {
      const guest = browser();
      await guest.restNonce();
      const key = decodeURIComponent([...guest.cookies.values()][0]!).split('||')[0]!;
      const expiry = async () =>
        (await t.db.select().from(sessions).where(eq(sessions.key, key)))[0]!.expiresAt.getTime();
      const first = await expiry();
      now += 30 * 60_000;
      await guest.restNonce();
      expect(await expiry()).toBe(first);
      now += 40 * 60_000;
      const response = await guest.request({ url: '/wp-admin/admin-ajax.php?action=rest-nonce' });
      expect(await expiry()).toBe(now + SESSION_LIFETIME * 1000);
      expect(response.headers['set-cookie']).toBeDefined();
    });
  });

  test('the server secret is generated, stored in the database, and not shared between stores', async () => {
    const rows = await t.db.select().from(optionsTable);
    const secret = rows.find((row) => row.name === 'cartwright_secret');
    expect(secret?.value).toMatch(/^[\w-]{86}$/);
    const other = await driver.open({ clock: () => now, seed: false });
    try {
      const guest = browser();
      const nonce = await guest.restNonce();
      const elsewhere = await other.store.app.inject({
        url: `${API}/products`,
        headers: { 'x-wp-nonce': nonce, cookie: guest.cookieHeader() },
      });
      expect(elsewhere.statusCode).toBe(403);
    } finally {
      await other.cleanup();
    }
  });
});
