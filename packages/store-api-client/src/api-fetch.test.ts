import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApiFetch } from './api-fetch';
import { StoreApiError, isStoreApiError } from './errors';
import { json, rejection, startServer } from './test/http-server';
import type { TestServer } from './test/http-server';
import type { ApiFetchMiddleware } from './types';

let store: TestServer;
let elsewhere: TestServer;

beforeAll(async () => {
  store = await startServer();
  elsewhere = await startServer();
});
afterEach(() => {
  store.reset();
  elsewhere.reset();
});
afterAll(async () => {
  await store.close();
  await elsewhere.close();
});

describe('request building', () => {
  test('resolves the path against the root and appends _locale=user', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await expect(apiFetch({ path: '/wc/store/v1/products?per_page=2' })).resolves.toEqual({
      ok: true,
    });
    expect(store.requests[0]?.url).toBe('/wp-json/wc/store/v1/products?per_page=2&_locale=user');
    expect(store.requests[0]?.method).toBe('GET');
  });

  test('adds the missing trailing slash to the root', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json` });
    await apiFetch({ path: 'wc/store/v1/cart' });
    expect(store.requests[0]?.url).toBe('/wp-json/wc/store/v1/cart?_locale=user');
  });

  test('joins the path query with & when the root already has ?rest_route=', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/?rest_route=/` });
    await apiFetch({ path: '/wc/store/v1/products?page=2' });
    expect(store.requests[0]?.url).toBe('/?rest_route=/wc/store/v1/products&page=2&_locale=user');
  });

  test('keeps a _locale the caller already chose', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await apiFetch({ path: '/wp/v2/users/me?_locale=site' });
    expect(store.requests[0]?.url).toBe('/wp-json/wp/v2/users/me?_locale=site');
  });

  test('requests a full url as is, plus _locale, when there is no path', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await apiFetch({ url: `${store.origin}/?wc-ajax=get_refreshed_fragments#top` });
    expect(store.requests[0]?.url).toBe('/?wc-ajax=get_refreshed_fragments&_locale=user');
  });

  test('sends the JSON Accept header and credentials: include', async () => {
    const inits: RequestInit[] = [];
    const apiFetch = createApiFetch({
      root: `${store.origin}/wp-json/`,
      fetch: (input, init) => {
        inits.push(init ?? {});
        return fetch(input, init);
      },
    });
    await apiFetch({ path: '/wc/store/v1/cart' });
    expect(store.requests[0]?.headers.accept).toBe('application/json, */*;q=0.1');
    expect(inits[0]?.credentials).toBe('include');
  });

  test('sends data as a JSON body with Content-Type application/json', async () => {
    store.respond(json(201, { items_count: 1 }));
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const cart = await apiFetch({
      path: '/wc/store/v1/cart/add-item',
      method: 'POST',
      data: { id: 42, quantity: 2 },
    });
    expect(cart).toEqual({ items_count: 1 });
    expect(store.requests[0]?.method).toBe('POST');
    expect(store.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(store.requests[0]?.body ?? '')).toEqual({ id: 42, quantity: 2 });
  });

  test('sends a raw body untouched', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await apiFetch({
      url: `${store.origin}/?wc-ajax=add_to_cart`,
      method: 'POST',
      body: new URLSearchParams({ product_id: '42', quantity: '1' }),
    });
    expect(store.requests[0]?.body).toBe('product_id=42&quantity=1');
    expect(store.requests[0]?.headers['content-type']).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
  });

  test('per-request headers override the defaults', async () => {
    const apiFetch = createApiFetch({
      root: `${store.origin}/wp-json/`,
      headers: { 'X-Shop': 'default', Cookie: 'woocommerce_cart_hash=abc' },
    });
    await apiFetch({
      path: '/wc/store/v1/cart',
      headers: { 'x-shop': 'mine', Accept: 'text/html' },
    });
    expect(store.requests[0]?.headers['x-shop']).toBe('mine');
    expect(store.requests[0]?.headers.accept).toBe('text/html');
    expect(store.requests[0]?.headers.cookie).toBe('woocommerce_cart_hash=abc');
  });
});

describe('responses', () => {
  test('a 204 response resolves with null', async () => {
    store.respond((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await expect(
      apiFetch({ path: '/wc/store/v1/cart/items', method: 'DELETE' }),
    ).resolves.toBeNull();
  });

  test('parse: false resolves with the raw Response', async () => {
    store.respond(json(200, [{ id: 1 }], { 'X-WP-Total': '7' }));
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const response = await apiFetch({ path: '/wc/store/v1/products', parse: false });
    expect(response).toBeInstanceOf(Response);
    expect(response.headers.get('X-WP-Total')).toBe('7');
    await expect(response.json()).resolves.toEqual([{ id: 1 }]);
  });

  test('a WordPress error body becomes a StoreApiError with its code, message and data', async () => {
    store.respond(
      json(409, {
        code: 'woocommerce_rest_cart_invalid_key',
        message: 'Cart item no longer exists or is invalid.',
        data: { status: 409, cart: { items: [] } },
      }),
    );
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const error = await rejection(
      apiFetch({ path: '/wc/store/v1/cart/remove-item', method: 'POST', data: { key: 'gone' } }),
    );
    expect(error).toBeInstanceOf(StoreApiError);
    expect(error).toMatchObject({
      name: 'StoreApiError',
      code: 'woocommerce_rest_cart_invalid_key',
      message: 'Cart item no longer exists or is invalid.',
      data: { status: 409, cart: { items: [] } },
    });
    expect((error as StoreApiError).response?.status).toBe(409);
  });

  test('with parse: false a non-2xx still rejects, and its response body stays readable', async () => {
    store.respond(json(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' }));
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const error = await rejection(apiFetch({ path: '/wp/v2/users/me', parse: false }));
    expect(isStoreApiError(error)).toBe(true);
    const storeError = error as StoreApiError;
    expect(storeError.code).toBe('rest_cookie_invalid_nonce');
    await expect(storeError.response?.json()).resolves.toEqual({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
    });
  });

  test('a 2xx body that is not JSON rejects with invalid_json', async () => {
    store.respond((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><p>Fatal error</p>');
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const error = await rejection(apiFetch({ path: '/wc/store/v1/cart' }));
    expect(error).toMatchObject({
      code: 'invalid_json',
      message: 'The response is not a valid JSON response.',
    });
    expect((error as StoreApiError).cause).toBeInstanceOf(SyntaxError);
  });

  test.each([
    ['a theme HTML 404', 404, 'text/html', '<!doctype html><h1>Page not found</h1>'],
    ['a proxy 502', 502, 'text/html', '<h1>Bad gateway</h1>'],
    ['an empty 403', 403, 'text/plain', ''],
  ])(
    'a non-2xx body that is not JSON (%s) rejects with invalid_json and the status',
    async (_name, status, type, text) => {
      store.respond((_request, response) => {
        response.writeHead(status, { 'Content-Type': type });
        response.end(text);
      });
      const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
      const error = await rejection(apiFetch({ path: '/wc/store/v1/cart' }));
      expect(error).toMatchObject({
        code: 'invalid_json',
        message: 'The response is not a valid JSON response.',
        data: { status },
      });
      expect((error as StoreApiError).response?.status).toBe(status);
    },
  );

  test('with parse: false a non-JSON non-2xx rejects with invalid_json and its body stays readable', async () => {
    store.respond((_request, response) => {
      response.writeHead(404, { 'Content-Type': 'text/html' });
      response.end('<h1>Not found</h1>');
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const error = (await rejection(apiFetch({ path: '/x', parse: false }))) as StoreApiError;
    expect(error.code).toBe('invalid_json');
    await expect(error.response?.text()).resolves.toBe('<h1>Not found</h1>');
  });

  test('HEAD with parse: true resolves null (a HEAD answer has no body)', async () => {
    store.respond((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'X-WP-Total': '12' });
      response.end();
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await expect(apiFetch({ path: '/wc/store/v1/products', method: 'HEAD' })).resolves.toBeNull();
    const response = await apiFetch({
      path: '/wc/store/v1/products',
      method: 'HEAD',
      parse: false,
    });
    expect(response.headers.get('X-WP-Total')).toBe('12');
  });

  test('a non-2xx JSON body without a code rejects with unknown_error', async () => {
    store.respond(json(500, null));
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await expect(apiFetch({ path: '/wc/store/v1/cart' })).rejects.toMatchObject({
      code: 'unknown_error',
      message: 'An unknown error occurred.',
    });
  });
});

describe('network failures and aborts', () => {
  test('a refused connection rejects with fetch_error and keeps the original as cause', async () => {
    const closed = await startServer();
    const closedOrigin = closed.origin;
    await closed.close();
    const apiFetch = createApiFetch({ root: `${closedOrigin}/wp-json/` });
    const error = await rejection(apiFetch({ path: '/wc/store/v1/cart' }));
    expect(error).toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
    expect((error as StoreApiError).cause).toBeInstanceOf(TypeError);
  });

  test('an abort passes through unchanged as an AbortError', async () => {
    store.respond(() => {
      // Never answers: only the abort can end this request.
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const controller = new AbortController();
    const pending = apiFetch({ path: '/wc/store/v1/cart', signal: controller.signal });
    await expect.poll(() => store.requests.length).toBe(1);
    controller.abort();
    const error = await rejection(pending);
    expect((error as Error).name).toBe('AbortError');
    expect(isStoreApiError(error)).toBe(false);
  });
});

describe('nonce and default headers', () => {
  test('sends the nonce and default headers to the root origin only', async () => {
    const apiFetch = createApiFetch({
      root: `${store.origin}/wp-json/`,
      nonce: 'abc123',
      headers: { Cookie: 'wp_woocommerce_session_x=1' },
    });
    await apiFetch({ path: '/wc/store/v1/cart' });
    await apiFetch({ url: `${store.origin}/?wc-ajax=get_refreshed_fragments` });
    await apiFetch({ url: `${elsewhere.origin}/collect` });

    expect(store.requests.map((request) => request.headers['x-wp-nonce'])).toEqual([
      'abc123',
      'abc123',
    ]);
    expect(store.requests.map((request) => request.headers.cookie)).toEqual([
      'wp_woocommerce_session_x=1',
      'wp_woocommerce_session_x=1',
    ]);
    expect(elsewhere.requests).toHaveLength(1);
    expect(elsewhere.requests[0]?.headers['x-wp-nonce']).toBeUndefined();
    expect(elsewhere.requests[0]?.headers.cookie).toBeUndefined();
  });

  test('sends no nonce header when none is configured', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await apiFetch({ path: '/wc/store/v1/cart' });
    expect(store.requests[0]?.headers['x-wp-nonce']).toBeUndefined();
  });

  test('the configured nonce replaces a stale one the caller sent', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'fresh' });
    await apiFetch({ path: '/wc/store/v1/cart', headers: { 'x-wp-nonce': 'stale' } });
    expect(store.requests[0]?.headers['x-wp-nonce']).toBe('fresh');
  });
});

describe('middlewares', () => {
  test('run last-added first, all before the built-in nonce, root URL and locale steps', async () => {
    const events: string[] = [];
    const record =
      (name: string): ApiFetchMiddleware =>
      async (options, next) => {
        events.push(`${name}:in url=${String(options.url)} path=${String(options.path)}`);
        const result = await next(options);
        events.push(`${name}:out`);
        return result;
      };
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'n' });
    apiFetch.use(record('first'));
    apiFetch.use(record('second'));
    await apiFetch({ path: '/wc/store/v1/cart' });
    expect(events).toEqual([
      'second:in url=undefined path=/wc/store/v1/cart',
      'first:in url=undefined path=/wc/store/v1/cart',
      'first:out',
      'second:out',
    ]);
    expect(store.requests[0]?.url).toBe('/wp-json/wc/store/v1/cart?_locale=user');
  });

  test('a middleware can change the options and the result', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    apiFetch.use(async (options, next) => {
      const result = (await next({ ...options, path: '/wc/store/v1/cart?x=1' })) as object;
      return { ...result, wrapped: true };
    });
    await expect(apiFetch({ path: '/ignored' })).resolves.toEqual({ ok: true, wrapped: true });
    expect(store.requests[0]?.url).toBe('/wp-json/wc/store/v1/cart?x=1&_locale=user');
  });

  test('a middleware that throws synchronously rejects the request instead of crashing', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const failure = new Error('blocked by middleware');
    apiFetch.use(() => {
      throw failure;
    });
    await expect(apiFetch({ path: '/wc/store/v1/cart' })).rejects.toBe(failure);
    expect(store.requests).toHaveLength(0);
  });

  test('use() refuses something that is not a function', () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    expect(() => apiFetch.use('nope' as unknown as ApiFetchMiddleware)).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
  });
});

describe('bad input', () => {
  test.each([
    ['an empty root', ''],
    ['a root that is not a string', 42],
    ['an absolute root that is not a URL', 'http://exa mple.com/wp-json/'],
  ])('createApiFetch refuses %s with invalid_url', (_title, root) => {
    expect(() => createApiFetch({ root: root as string })).toThrow(
      expect.objectContaining({ name: 'StoreApiError', code: 'invalid_url' }),
    );
  });

  test('createApiFetch refuses default headers that are not valid HTTP headers', () => {
    expect(() => createApiFetch({ headers: { 'bad header': 'x' } })).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
  });

  test('a GET with data is refused before any request is sent', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await expect(
      apiFetch({ path: '/wc/store/v1/products', data: { per_page: 2 } }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(store.requests).toHaveLength(0);
  });

  test('data that cannot be serialised as JSON is refused with invalid_request', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const error = await rejection(
      apiFetch({ path: '/wc/store/v1/cart/add-item', method: 'POST', data: { id: 1n } }),
    );
    expect(error).toMatchObject({ code: 'invalid_request' });
    expect((error as StoreApiError).cause).toBeInstanceOf(TypeError);
  });

  test('a relative root outside a browser rejects with invalid_url, not a misleading offline error', async () => {
    const apiFetch = createApiFetch();
    await expect(apiFetch({ path: '/wc/store/v1/cart' })).rejects.toMatchObject({
      code: 'invalid_url',
    });
  });

  test('a relative root with an injected fetch hands the relative URL to that fetch', async () => {
    const urls: string[] = [];
    const apiFetch = createApiFetch({
      fetch: (input) => {
        urls.push(input instanceof Request ? input.url : input.toString());
        return Promise.resolve(Response.json({ ok: true }));
      },
    });
    await expect(apiFetch({ path: '/wc/store/v1/cart' })).resolves.toEqual({ ok: true });
    expect(urls).toEqual(['/wp-json/wc/store/v1/cart?_locale=user']);
  });
});

describe('isStoreApiError', () => {
  test.each([
    ['a StoreApiError', new StoreApiError('x', { code: 'fetch_error' }), true],
    ['a look-alike from another realm', { name: 'StoreApiError', code: 'x', message: 'm' }, true],
    ['a plain Error', new Error('x'), false],
    ['a look-alike without a code', { name: 'StoreApiError' }, false],
    ['null', null, false],
  ])('recognises %s', (_title, value, expected) => {
    expect(isStoreApiError(value)).toBe(expected);
  });
});

describe('nonce refresh (rest_cookie_invalid_nonce)', () => {
  const NONCE_PATH = '/wp-admin/admin-ajax.php?action=rest-nonce';
  const invalidNonce = json(403, {
    code: 'rest_cookie_invalid_nonce',
    message: 'Cookie check failed',
    data: { status: 403 },
  });

  /** A store whose REST routes accept only `valid`, and whose nonce endpoint answers `refresh`. */
  function nonceStore(valid: string, refresh: (response: ServerResponse) => void) {
    store.respond((request, response) => {
      if (request.url === NONCE_PATH) return refresh(response);
      if (request.headers['x-wp-nonce'] === valid)
        return json(200, { ok: true })(request, response);
      return invalidNonce(request, response);
    });
  }
  const nonceRequests = () => store.requests.filter((request) => request.url === NONCE_PATH);

  test('fetches a fresh nonce as text and retries the request once with it', async () => {
    nonceStore('fresh', (response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('fresh');
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'expired' });
    await expect(apiFetch({ path: '/wp/v2/users/me' })).resolves.toEqual({ ok: true });
    expect(store.requests.map((request) => [request.url, request.headers['x-wp-nonce']])).toEqual([
      ['/wp-json/wp/v2/users/me?_locale=user', 'expired'],
      [NONCE_PATH, undefined],
      ['/wp-json/wp/v2/users/me?_locale=user', 'fresh'],
    ]);
    // The new nonce is kept for later requests.
    await apiFetch({ path: '/wp/v2/users/me' });
    expect(store.requests.at(-1)?.headers['x-wp-nonce']).toBe('fresh');
  });

  test('twenty requests failing at the same moment cause exactly one refresh', async () => {
    nonceStore('fresh', (response) => {
      // Answer late, so every request has failed and waits on the same refresh.
      setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.end('fresh');
      }, 30);
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'expired' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => apiFetch({ path: `/wc/store/v1/cart?n=${index}` })),
    );
    expect(results).toEqual(Array.from({ length: 20 }, () => ({ ok: true })));
    expect(nonceRequests()).toHaveLength(1);
    expect(store.requests).toHaveLength(41);
  });

  test('a request failing with a nonce that was already replaced is retried without another refresh', async () => {
    let refreshes = 0;
    nonceStore('fresh', (response) => {
      refreshes += 1;
      response.end('fresh');
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'expired' });
    await apiFetch({ path: '/a' });
    apiFetch.setNonce('expired');
    const slow = apiFetch({ path: '/b' });
    apiFetch.setNonce('fresh');
    await expect(slow).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(1);
  });

  test('when the refresh fails (a guest gets 400 "0"), it rejects with the original error and does not retry', async () => {
    nonceStore('fresh', (response) => {
      response.writeHead(400, { 'Content-Type': 'text/html' });
      response.end('0');
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'expired' });
    const error = await rejection(apiFetch({ path: '/wp/v2/users/me' }));
    expect(error).toMatchObject({
      code: 'rest_cookie_invalid_nonce',
      message: 'Cookie check failed',
    });
    expect(store.requests).toHaveLength(2);
  });

  test.each([
    ['a 200 "0"', '0'],
    ['an empty body', ''],
    ['an HTML page', '<!doctype html><p>Log in</p>'],
  ])('treats %s from the nonce endpoint as a failed refresh', async (_title, text) => {
    nonceStore('fresh', (response) => response.end(text));
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'expired' });
    await expect(apiFetch({ path: '/wp/v2/users/me' })).rejects.toMatchObject({
      code: 'rest_cookie_invalid_nonce',
    });
    expect(store.requests).toHaveLength(2);
  });

  test('loop guard: a retry that fails again with an invalid nonce rejects, with one refresh and one retry', async () => {
    nonceStore('never', (response) => response.end('fresh'));
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'expired' });
    await expect(apiFetch({ path: '/wp/v2/users/me' })).rejects.toMatchObject({
      code: 'rest_cookie_invalid_nonce',
    });
    expect(store.requests.map((request) => request.url)).toEqual([
      '/wp-json/wp/v2/users/me?_locale=user',
      NONCE_PATH,
      '/wp-json/wp/v2/users/me?_locale=user',
    ]);
  });

  test('nonceEndpoint: false turns the refresh off', async () => {
    nonceStore('fresh', (response) => response.end('fresh'));
    const apiFetch = createApiFetch({
      root: `${store.origin}/wp-json/`,
      nonce: 'expired',
      nonceEndpoint: false,
    });
    await expect(apiFetch({ path: '/x' })).rejects.toMatchObject({
      code: 'rest_cookie_invalid_nonce',
    });
    expect(store.requests).toHaveLength(1);
  });

  test('derives the nonce endpoint from a ?rest_route= root and sends the default headers to it', async () => {
    nonceStore('fresh', (response) => response.end('fresh'));
    const apiFetch = createApiFetch({
      root: `${store.origin}/?rest_route=/`,
      nonce: 'expired',
      headers: { Cookie: 'wordpress_logged_in_x=1' },
    });
    await expect(apiFetch({ path: '/wp/v2/users/me' })).resolves.toEqual({ ok: true });
    expect(nonceRequests()[0]?.headers.cookie).toBe('wordpress_logged_in_x=1');
  });
});

describe('credentials never leave the store origin', () => {
  test('X-WP-Nonce, Nonce and Cart-Token set by the caller are dropped for another origin', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'n' });
    const credentials = { 'X-WP-Nonce': 'n', Nonce: 'store-nonce', 'Cart-Token': 'jwt' };
    await apiFetch({ url: `${elsewhere.origin}/collect`, headers: credentials });
    await apiFetch({ url: `${store.origin}/collect`, headers: credentials });
    const [foreign] = elsewhere.requests;
    expect([
      foreign?.headers['x-wp-nonce'],
      foreign?.headers.nonce,
      foreign?.headers['cart-token'],
    ]).toEqual([undefined, undefined, undefined]);
    const [own] = store.requests;
    expect([own?.headers['x-wp-nonce'], own?.headers.nonce, own?.headers['cart-token']]).toEqual([
      'n',
      'store-nonce',
      'jwt',
    ]);
  });

  test('a middleware that redirects a path request elsewhere does not take the nonce along', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'n' });
    apiFetch.use((options, next) =>
      next({ ...options, path: undefined, url: `${elsewhere.origin}/x` }),
    );
    await apiFetch({ path: '/wp/v2/users/me' });
    expect(elsewhere.requests[0]?.headers['x-wp-nonce']).toBeUndefined();
  });
});

describe('timeout while the body arrives', () => {
  test('a body that stops arriving rejects with timeout_error, not invalid_json', async () => {
    store.respond((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('[1,'); // never finished
    });
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, timeout: 150 });
    const error = await rejection(apiFetch({ path: '/wc/store/v1/products' }));
    expect(error).toMatchObject({ name: 'StoreApiError', code: 'timeout_error' });
    expect((error as Error).message).toContain('150 ms');
  });
});

describe('timeouts and retries', () => {
  /** An injected fetch that answers from a script, one entry per call; `hang` never answers. */
  function scriptedFetch(script: Array<Response | Error | 'hang'>) {
    const calls: string[] = [];
    const fetchImpl = (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push(
        `${init.method ?? 'GET'} ${input instanceof Request ? input.url : input.toString()}`,
      );
      const step = script[calls.length - 1] ?? 'hang';
      if (step instanceof Response) return Promise.resolve(step.clone());
      if (step instanceof Error) return Promise.reject(step);
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    };
    return { calls, fetch: fetchImpl };
  }
  const unavailable = (headers: Record<string, string> = {}) =>
    Response.json({ code: 'unavailable', message: 'Try later' }, { status: 503, headers });
  const ROOT = 'https://shop.example/wp-json/';

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a request that takes longer than its timeout rejects with timeout_error', async () => {
    const { fetch } = scriptedFetch(['hang']);
    const apiFetch = createApiFetch({ root: ROOT, fetch, timeout: 5000 });
    const pending = rejection(apiFetch({ path: '/wc/store/v1/cart' }));
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ name: 'StoreApiError', code: 'timeout_error' });
    expect((error as Error).message).toContain('5000 ms');
  });

  test('the per-request timeout wins over the default', async () => {
    const { fetch } = scriptedFetch(['hang']);
    const apiFetch = createApiFetch({ root: ROOT, fetch, timeout: 60_000 });
    const pending = rejection(apiFetch({ path: '/x', timeout: 100 }));
    await vi.advanceTimersByTimeAsync(100);
    await expect(pending).resolves.toMatchObject({ code: 'timeout_error' });
  });

  test('an abort by the caller is still an AbortError when a timeout is set', async () => {
    const { fetch } = scriptedFetch(['hang']);
    const apiFetch = createApiFetch({ root: ROOT, fetch, timeout: 5000 });
    const controller = new AbortController();
    const pending = rejection(apiFetch({ path: '/x', signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect((error as Error).name).toBe('AbortError');
    expect(isStoreApiError(error)).toBe(false);
  });

  test('a read is retried with backoff (300 ms, then 600 ms) and resolves when the store recovers', async () => {
    const { calls, fetch } = scriptedFetch([unavailable(), unavailable(), Response.json([1])]);
    const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 2 });
    const pending = apiFetch({ path: '/wc/store/v1/products' });
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(599);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual([1]);
    expect(calls).toHaveLength(3);
  });

  test('gives up after the last retry with the last error', async () => {
    const { calls, fetch } = scriptedFetch([unavailable(), unavailable()]);
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    const pending = rejection(apiFetch({ path: '/x', retries: 1 }));
    await vi.advanceTimersByTimeAsync(300);
    await expect(pending).resolves.toMatchObject({ code: 'unavailable' });
    expect(calls).toHaveLength(2);
  });

  test.each([
    ['seconds', '2', 2000],
    ['an HTTP date', 'Sun, 22 Nov 2026 12:00:03 GMT', 3000],
  ])('honours Retry-After given in %s', async (_title, retryAfter, wait) => {
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    const { calls, fetch } = scriptedFetch([
      Response.json(
        { code: 'rate_limited', message: 'Slow down' },
        { status: 429, headers: { 'Retry-After': retryAfter } },
      ),
      Response.json({ ok: true }),
    ]);
    const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 1 });
    const pending = apiFetch({ path: '/x' });
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: true });
  });

  test('an unreadable Retry-After falls back to the 300 ms backoff', async () => {
    const { calls, fetch } = scriptedFetch([
      unavailable({ 'Retry-After': 'soon' }),
      Response.json({ ok: true }),
    ]);
    const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 1 });
    const pending = apiFetch({ path: '/x' });
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  test('a Retry-After longer than 30 s is not waited for', async () => {
    const { calls, fetch } = scriptedFetch([unavailable({ 'Retry-After': '120' })]);
    const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 3 });
    await expect(apiFetch({ path: '/x' })).rejects.toMatchObject({ code: 'unavailable' });
    expect(calls).toHaveLength(1);
  });

  test('network failures and timeouts of reads are retried too', async () => {
    const { calls, fetch } = scriptedFetch([
      new TypeError('fetch failed'),
      'hang',
      Response.json('ok'),
    ]);
    const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 2, timeout: 1000 });
    const pending = apiFetch({ path: '/x' });
    await vi.advanceTimersByTimeAsync(300 + 1000 + 600);
    await expect(pending).resolves.toBe('ok');
    expect(calls).toHaveLength(3);
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    'a %s (a write) is never retried',
    async (method) => {
      const { calls, fetch } = scriptedFetch([unavailable(), Response.json({ ok: true })]);
      const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 3 });
      await expect(apiFetch({ path: '/x', method, data: {}, retries: 3 })).rejects.toMatchObject({
        code: 'unavailable',
      });
      expect(calls).toHaveLength(1);
    },
  );

  test.each([400, 401, 403, 404, 409])('a read answered with %i is not retried', async (status) => {
    const { calls, fetch } = scriptedFetch([
      Response.json({ code: 'nope', message: 'No' }, { status }),
    ]);
    const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 3 });
    await expect(apiFetch({ path: '/x' })).rejects.toMatchObject({ code: 'nope' });
    expect(calls).toHaveLength(1);
  });

  test('an abort during the backoff rejects at once with the AbortError', async () => {
    const { calls, fetch } = scriptedFetch([unavailable(), Response.json({})]);
    const apiFetch = createApiFetch({ root: ROOT, fetch, retries: 2 });
    const controller = new AbortController();
    const pending = rejection(apiFetch({ path: '/x', signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });
});
