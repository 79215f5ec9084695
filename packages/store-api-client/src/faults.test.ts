// Client faults: the client against a real local server that misbehaves — invalid JSON, HTML
// error pages, empty bodies, 204s, huge bodies, malformed / cross-origin / looping `Link`
// headers, dropped connections. Each gives its documented result or StoreApiError code (README
// "Errors"), through the core and through the ./store helpers, and nothing is left as an
// unhandled rejection.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createApiFetch } from './api-fetch';
import { isStoreApiError } from './errors';
import { addToCart, createStoreApi, getProducts } from './store';
import {
  json,
  rejection,
  startServer,
  type RecordedRequest,
  type TestServer,
} from './test/http-server';

let store: TestServer;
let elsewhere: TestServer;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
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
  // Give any stray promise a turn of the event loop to be reported, then check.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

const client = (extra: Parameters<typeof createApiFetch>[0] = {}) =>
  createApiFetch({ root: `${store.origin}/wp-json/`, ...extra });

/** A route answering `status` with a raw body and headers. */
const raw =
  (status: number, body: string | Buffer, headers: Record<string, string> = {}) =>
  (_request: RecordedRequest, response: ServerResponse) => {
    response.writeHead(status, headers);
    response.end(body);
  };

const HTML_ERROR =
  '<!DOCTYPE html><html><head><title>WordPress &rsaquo; Error</title></head><body id="error-page">' +
  '<p>There has been a critical error on this website.</p></body></html>';

/** Errors a fault must produce: its code and, where it matters, the status it keeps. */
async function codeOf(promise: Promise<unknown>) {
  const error = await rejection(promise);
  expect(isStoreApiError(error)).toBe(true);
  return (error as { code: string }).code;
}

describe('answers that are not what a client expects', () => {
  test.each([
    [
      'a 200 with invalid JSON',
      raw(200, '{"id": 1,', { 'Content-Type': 'application/json' }),
      'invalid_json',
    ],
    ['a 200 HTML page', raw(200, HTML_ERROR, { 'Content-Type': 'text/html' }), 'invalid_json'],
    ['a 200 with an empty body', raw(200, ''), 'invalid_json'],
    [
      'a 500 HTML error page',
      raw(500, HTML_ERROR, { 'Content-Type': 'text/html' }),
      'invalid_json',
    ],
    ['a 502 with an empty body', raw(502, ''), 'invalid_json'],
    ['a 403 with JSON but no code', json(403, { message: 'nope' }), 'unknown_error'],
    ['a 404 JSON array', json(404, [1, 2]), 'unknown_error'],
    [
      'a 400 WordPress error',
      json(400, {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400 },
      }),
      'rest_invalid_param',
    ],
  ])('%s rejects with %s', async (_title, route, code) => {
    store.respond(route);
    expect(await codeOf(client()({ path: '/wc/store/v1/cart' }))).toBe(code);
  });

  test('an error page that is not JSON keeps the HTTP status of the page', async () => {
    store.respond(raw(503, HTML_ERROR, { 'Content-Type': 'text/html', 'Retry-After': '120' }));
    const error = (await rejection(client()({ path: '/wc/store/v1/cart' }))) as {
      data: unknown;
      response: Response;
    };
    expect(error.data).toEqual({ status: 503 });
    expect(error.response.status).toBe(503);
  });

  test('a 204 resolves with null, also with a stray body and content type', async () => {
    store.respond(raw(204, '', { 'Content-Type': 'application/json' }));
    await expect(
      client()({ path: '/wc/store/v1/cart/items', method: 'DELETE' }),
    ).resolves.toBeNull();
  });

  test('a 4 MB JSON body is parsed in full', async () => {
    const items = Array.from({ length: 40_000 }, (_, id) => ({ id, name: 'x'.repeat(80) }));
    store.respond(json(200, items));
    const result = await client()<unknown[]>({ path: '/wc/store/v1/products' });
    expect(result).toHaveLength(40_000);
  });

  test('a 20 MB body that is not JSON rejects with invalid_json, not a crash', async () => {
    store.respond(raw(200, Buffer.alloc(20 * 1024 * 1024, 'x'), { 'Content-Type': 'text/html' }));
    expect(await codeOf(client()({ path: '/wc/store/v1/products' }))).toBe('invalid_json');
  });

  test('a huge body that never finishes is cut off by the timeout', async () => {
    store.respond((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write(`[${'1,'.repeat(500_000)}`);
      // …and the rest never comes.
    });
    expect(await codeOf(client({ timeout: 300 })({ path: '/wc/store/v1/products' }))).toBe(
      'timeout_error',
    );
  });
});

describe('dropped connections', () => {
  const drop = (request: RecordedRequest, response: ServerResponse) => {
    void request;
    response.socket?.destroy();
  };
  const dropMidBody = (_request: RecordedRequest, response: ServerResponse) => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
    response.write('[{"id":1},');
    setImmediate(() => response.socket?.destroy());
  };

  test('a connection closed before any answer rejects with fetch_error', async () => {
    store.respond(drop);
    expect(await codeOf(client()({ path: '/wc/store/v1/cart' }))).toBe('fetch_error');
  });

  test('a connection closed in the middle of the body rejects with invalid_json, the cut as its cause', async () => {
    store.respond(dropMidBody);
    const error = (await rejection(client()({ path: '/wc/store/v1/cart' }))) as {
      code: string;
      cause: unknown;
    };
    expect(error.code).toBe('invalid_json');
    expect(error.cause).toBeInstanceOf(Error);
  });

  test('a dropped read is retried and succeeds; a dropped write is never retried', async () => {
    let calls = 0;
    store.respond((request, response) => {
      calls += 1;
      if (calls === 1) return drop(request, response);
      json(200, { ok: true })(request, response);
    });
    await expect(client({ retries: 1 })({ path: '/wc/store/v1/cart' })).resolves.toEqual({
      ok: true,
    });
    expect(calls).toBe(2);
    store.respond(drop);
    const write = client({ retries: 3 })({
      path: '/wc/store/v1/cart/add-item',
      method: 'POST',
      data: { id: 1 },
    });
    expect(await codeOf(write)).toBe('fetch_error');
    expect(store.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  test('a server that is gone rejects with fetch_error for every helper', async () => {
    const gone = await startServer();
    const root = `${gone.origin}/wp-json/`;
    await gone.close();
    const apiFetch = createApiFetch({ root });
    const api = createStoreApi(apiFetch);
    const results = await Promise.all([
      codeOf(getProducts(apiFetch)),
      codeOf(api.getCart()),
      codeOf(api.addItem({ id: 1 })),
      codeOf(addToCart(apiFetch, { product_id: 1 })),
    ]);
    expect(results).toEqual(['fetch_error', 'fetch_error', 'fetch_error', 'fetch_error']);
  });
});

describe('the ./store helpers on broken answers', () => {
  test('getProducts on an HTML page rejects with invalid_json; on a list without totals with invalid_response', async () => {
    store.respond(raw(200, HTML_ERROR, { 'Content-Type': 'text/html' }));
    expect(await codeOf(getProducts(client()))).toBe('invalid_json');
    store.respond(json(200, [{ id: 1 }]));
    expect(await codeOf(getProducts(client()))).toBe('invalid_response');
  });

  test('a cart write answered by an HTML error page rejects with invalid_json and no retry', async () => {
    store.respond(raw(500, HTML_ERROR, { 'Content-Type': 'text/html' }));
    const api = createStoreApi(client(), { nonce: 'n' });
    expect(await codeOf(api.addItem({ id: 1 }))).toBe('invalid_json');
    expect(store.requests).toHaveLength(1);
  });

  test('a cart answered 200 with an empty body or a non-cart rejects', async () => {
    const api = createStoreApi(client(), { nonce: 'n' });
    store.respond(raw(200, ''));
    expect(await codeOf(api.getCart())).toBe('invalid_json');
    store.respond(json(200, { hello: 'world' }));
    expect(await codeOf(api.getCart())).toBe('invalid_response');
  });

  test('wc-ajax add_to_cart answered with the HTML page WordPress gives a PHP fatal rejects with invalid_json', async () => {
    store.respond(raw(200, HTML_ERROR, { 'Content-Type': 'text/html' }));
    expect(await codeOf(addToCart(client(), { product_id: 1 }))).toBe('invalid_json');
  });
});

describe('Link headers while fetching every page (per_page=-1)', () => {
  const page = (items: unknown[], link: string | undefined, total?: number) =>
    json(200, items, {
      ...(link === undefined ? {} : { Link: link }),
      ...(total === undefined ? {} : { 'X-WP-TotalPages': String(total) }),
    });
  const fetchAll = () => client()<unknown[]>({ path: '/wp/v2/categories?per_page=-1' });

  test.each([
    ['garbage', 'this is not a link header'],
    ['an empty target', '<>; rel="next"'],
    ['no rel', `<${'http://127.0.0.1/x'}>`],
    ['a rel other than next', '<http://example.test/?page=2>; rel="prev"'],
  ])('a Link header with %s ends the list after the first page', async (_title, link) => {
    store.respond(page([1, 2], link));
    await expect(fetchAll()).resolves.toEqual([1, 2]);
    expect(store.requests).toHaveLength(1);
  });

  test.each([
    ['another origin', () => `<${elsewhere.origin}/wp-json/wp/v2/categories?page=2>; rel="next"`],
    ['an unparsable URL', () => '<http://[::1/?page=2>; rel="next"'],
    ['a javascript: URL', () => '<javascript:alert(1)>; rel="next"'],
  ])('a next link to %s rejects with link_off_origin without being requested', async (_t, link) => {
    store.respond(page([1], link()));
    expect(await codeOf(fetchAll())).toBe('link_off_origin');
    expect(elsewhere.requests).toHaveLength(0);
    expect(store.requests).toHaveLength(1);
  });

  test('links that loop (1 → 2 → 1) end the list instead of looping', async () => {
    store.respond((request, response) => {
      const second = request.url.includes('p=2');
      const next = `${store.origin}/wp-json/wp/v2/categories?per_page=100&p=${second ? 1 : 2}`;
      page([second ? 'b' : 'a'], `<${next}>; rel="next"`)(request, response);
    });
    const result = await fetchAll();
    expect(result).toEqual(['a', 'b', 'a']);
    expect(store.requests.length).toBeLessThanOrEqual(3);
  });

  test('an endless chain of new links stops at maxPages with too_many_pages', async () => {
    store.respond((request, response) => {
      const n = Number(/p=(\d+)/.exec(request.url)?.[1] ?? 0);
      const next = `${store.origin}/wp-json/wp/v2/categories?per_page=100&p=${n + 1}`;
      page([n], `<${next}>; rel="next"`)(request, response);
    });
    const limited = createApiFetch({ root: `${store.origin}/wp-json/`, fetchAll: { maxPages: 5 } });
    expect(await codeOf(limited({ path: '/wp/v2/categories?per_page=-1' }))).toBe('too_many_pages');
    expect(store.requests.length).toBeLessThanOrEqual(6);
  });

  test('a malformed X-WP-TotalPages is ignored and the links are followed', async () => {
    store.respond((request, response) => {
      const second = request.url.includes('page=2');
      page(
        [second ? 2 : 1],
        second
          ? undefined
          : `<${store.origin}/wp-json/wp/v2/categories?per_page=100&page=2>; rel="next"`,
        Number.NaN,
      )(request, response);
    });
    await expect(fetchAll()).resolves.toEqual([1, 2]);
  });
});
