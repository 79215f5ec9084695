/**
 * Attack suite, finding 1 of the security issue: a path spelt another way (percent-encoded
 * letters, case, doubled slashes, `?rest_route=`, a method override) must meet exactly the checks
 * of the plain path. The cases are generated from the store's own route table (`GET /wp-json/`),
 * so a route added later is covered without editing this file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drivers, type TestStore } from '../test/drivers';
import { fingerprint } from '../test/fingerprint';
import { Browser } from '../test/session';

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Write = (typeof WRITES)[number];

/** `/wc/store/v1/cart/items/(?P<key>[^/]+)` → `/wc/store/v1/cart/items/1`. */
function concrete(pattern: string): string {
  return pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, (_match, name: string) =>
    name === 'type' ? 'billing' : '1',
  );
}

/** A body that would pass validation for the routes the attack report named. */
function bodyFor(route: string): Record<string, unknown> {
  if (route.endsWith('/cart/add-item')) return { id: 0, quantity: 1 };
  if (route.includes('/settings')) return { store_notice: { enabled: true, text: 'Taken over' } };
  if (route.includes('/users/me')) return { name: 'Taken over' };
  if (route.includes('/addresses/')) return { first_name: 'Taken', last_name: 'Over' };
  return {};
}

/** `401 woocommerce_rest_missing_nonce`, or the start of a body that is not JSON. */
function outcome(response: { statusCode: number; body: string }): string {
  try {
    return `${response.statusCode} ${(JSON.parse(response.body) as { code?: string }).code}`;
  } catch {
    return `${response.statusCode} ${JSON.stringify(response.body.slice(0, 20))}`;
  }
}

function encodeFirstLetters(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment === ''
        ? segment
        : `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`,
    )
    .join('/');
}

function encodeAll(segment: string): string {
  return [...segment].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
}

/** The spellings of `/wp-json{route}` that must behave exactly like it. */
function variants(route: string): [string, string][] {
  const plain = `/wp-json${route}`;
  const [, namespace, ...rest] = route.split('/');
  return [
    ['every segment starts percent-encoded', encodeFirstLetters(plain)],
    ['/wp-%6Ason prefix', `/wp-%6Ason${route}`],
    ['namespace fully encoded', `/wp-json/${encodeAll(namespace!)}/${rest.join('/')}`],
    ['lower-case hex', plain.replace('/wp-json/', '/wp-%6ason/')],
    ['route in upper case', `/wp-json${route.toUpperCase()}`],
    ['prefix in upper case', `/WP-JSON${route}`],
    ['doubled slashes', plain.replaceAll('/', '//')],
    ['trailing slash', `${plain}/`],
    ['?rest_route=', `/?rest_route=${encodeURIComponent(route)}`],
    ['/index.php?rest_route=', `/index.php?rest_route=${route}`],
    ['a page path with ?rest_route=', `/shop/?rest_route=${encodeURIComponent(route)}`],
    ['/wp-json/ with ?rest_route=', `/wp-json/?rest_route=${encodeURIComponent(route)}`],
    ['/%69ndex.php?rest_route=', `/%69ndex.php?rest_route=${route}`],
    [
      'rest_route with encoded letters',
      `/?rest_route=${route.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    ],
  ];
}

describe.each(drivers)('one canonical path for routing and auth on $name', (driver) => {
  let t: TestStore;
  let admin: Browser;
  let guest: Browser;
  let writes: [string, Write][];

  let port: number;

  /** A POST whose request target is sent byte for byte as given (no client-side normalising). */
  function rawPost(path: string, cookie: string, body: string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          headers: {
            'content-type': 'application/json',
            cookie,
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  beforeAll(async () => {
    t = await driver.open();
    await t.store.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.store.app.server.address() as AddressInfo).port;
    admin = new Browser(t.store.app);
    await admin.logIn(t.admin.login, t.admin.password);
    guest = new Browser(t.store.app);
    await guest.restNonce();
    const index = await t.store.app.inject('/wp-json/');
    const routes = index.json<{ routes: Record<string, { methods: string[] }> }>().routes;
    writes = Object.entries(routes).flatMap(([pattern, { methods }]) =>
      methods
        .filter((method): method is Write => (WRITES as readonly string[]).includes(method))
        .map((method) => [concrete(pattern), method] as [string, Write]),
    );
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('the route table lists the state-changing routes the attack used', () => {
    const listed = writes.map(([route, method]) => `${method} ${route}`);
    expect(listed).toContain('POST /wc/store/v1/cart/add-item');
    expect(listed.some((entry) => entry.startsWith('POST /wp/v2/media'))).toBe(true);
    expect(listed.length).toBeGreaterThan(15);
  });

  for (const actor of ['an administrator (login cookie)', 'a guest (session cookie)'] as const) {
    test(`${actor} without a nonce meets the plain path's refusal on every spelling`, async () => {
      const browser = actor.startsWith('an admin') ? admin : guest;
      const before = await fingerprint(t.db);
      const mismatches: string[] = [];
      for (const [route, method] of writes) {
        const payload = JSON.stringify(bodyFor(route));
        const send = (url: string, as: string = method, headers: Record<string, string> = {}) =>
          browser.request({
            method: as,
            url,
            headers: { 'content-type': 'application/json', ...headers },
            payload,
          });
        const plain = await send(`/wp-json${route}`);
        const expected = outcome(plain);
        if (plain.statusCode < 400) {
          // Routes open to anyone (registration, analytics) are not nonce-guarded: nothing to skip.
          continue;
        }
        const tries: [string, Promise<Awaited<ReturnType<typeof send>>>][] = [];
        for (const [name, url] of variants(route)) tries.push([name, send(url)]);
        if (method !== 'POST') {
          tries.push([
            'X-HTTP-Method-Override',
            send(`/wp-%6Ason${route}`, 'POST', { 'x-http-method-override': method }),
          ]);
          tries.push(['?_method=', send(`/%77p-json${route}?_method=${method}`, 'POST')]);
        }
        for (const [name, pending] of tries) {
          const response = await pending;
          const got = outcome(response);
          if (got !== expected)
            mismatches.push(`${method} ${route} (${name}): ${got}, plain ${expected}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(await fingerprint(t.db)).toEqual(before);
    });
  }

  test('the reported bypasses are refused as their plain paths are, and change nothing', async () => {
    const before = await fingerprint(t.db);
    const products = await t.store.app.inject('/wp-json/wc/store/v1/products?per_page=1');
    const id = products.json<{ id: number }[]>()[0]!.id;
    const addItem = await guest.request({
      method: 'POST',
      url: '/wp-json/wc/%73tore/v1/cart/add-item',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id, quantity: 1 }),
    });
    expect(addItem.statusCode).toBe(401);
    expect(addItem.json<{ code: string }>().code).toBe('woocommerce_rest_missing_nonce');

    const settings = await admin.request({
      method: 'POST',
      url: '/wp-%6Ason/?rest_route=/cartwright/v1/settings',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ store_notice: { enabled: true, text: 'Taken over' } }),
    });
    const plainSettings = await admin.request({
      method: 'POST',
      url: '/wp-json/cartwright/v1/settings',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ store_notice: { enabled: true, text: 'Taken over' } }),
    });
    expect(plainSettings.statusCode).toBe(401);
    // `rest_route` wins over the `/wp-json/` path, as in WordPress: the plain path's refusal.
    expect([settings.statusCode, settings.json<{ code: string }>().code]).toEqual([
      401,
      plainSettings.json<{ code: string }>().code,
    ]);

    const me = await admin.request({ url: '/wp-%6Ason/wp/v2/users/me' });
    expect(me.statusCode).toBe(401);
    expect(await fingerprint(t.db)).toEqual(before);

    // The same requests with their nonces succeed: the refusals above are the nonce checks.
    const withNonce = await admin.request({
      method: 'POST',
      url: '/wp-%6Ason/cartwright/v1/settings',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': await admin.restNonce() },
      payload: JSON.stringify({
        store_notice: { enabled: true, text: 'Set by the administrator' },
      }),
    });
    expect(withNonce.statusCode).toBe(200);
  });

  test.each([
    ['an encoded slash', '/wp-json/wc%2Fstore/v1/cart/add-item'],
    ['an encoded backslash', '/wp-json/wc/store%5Cv1/cart/add-item'],
    ['a dot segment', '/wp-json/wc/store/v1/../v1/cart/add-item'],
    ['an encoded dot segment', '/wp-json/wc/store/v1/%2e%2e/v1/cart/add-item'],
    ['a lone surrogate', '/wp-json/wc/store/v1/cart/%ED%A0%80'],
    ['rest_route with a dot segment', '/?rest_route=/wc/store/v1/x/../cart/add-item'],
    ['a raw backslash', '/wp-json\\wc/store/v1/cart/add-item'],
    ['an absolute-form target', 'http://evil.example/wp-json/wc/store/v1/cart/add-item'],
  ])('an ambiguous path (%s) is a 400 and changes nothing', async (_name, path) => {
    // Over real HTTP: an injected request would normalise dot segments before the store saw them.
    const before = await fingerprint(t.db);
    const response = await rawPost(
      path,
      guest.cookieHeader(),
      JSON.stringify({ id: 1, quantity: 1 }),
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'rest_invalid_url',
      data: { status: 400 },
    });
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
