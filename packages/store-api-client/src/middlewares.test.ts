import { describe, expect, test } from 'vitest';
import { createApiFetch } from './api-fetch';
import {
  createFetchAllMiddleware,
  createNonceMiddleware,
  createRootUrlMiddleware,
  httpV1Middleware,
  namespaceEndpointMiddleware,
  userLocaleMiddleware,
} from './middlewares';
import { rejection } from './test/http-server';
import type { ApiFetchOptions } from './types';

const ROOT = 'https://shop.example/wp-json/';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** An injected fetch that records each call and answers with `answer(url)`. */
function fakeFetch(answer: (url: URL, call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: input instanceof Request ? input.url : input.toString(),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
    };
    calls.push(call);
    return answer(new URL(call.url), call);
  };
  return { calls, fetch: fetchImpl };
}

/** A WordPress-like paged collection: `pages` pages of ids, with Link and total headers. */
function pagedCollection(
  pages: number,
  options: { totalHeader?: boolean; linkOrigin?: string; statedTotal?: number } = {},
) {
  return (url: URL) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (options.totalHeader !== false) {
      headers.set('X-WP-TotalPages', String(options.statedTotal ?? pages));
    }
    if (page < pages) {
      const next = new URL(url);
      next.searchParams.set('page', String(page + 1));
      next.searchParams.delete('_locale');
      const href = options.linkOrigin
        ? `${options.linkOrigin}${next.pathname}${next.search}`
        : next.href;
      headers.set('Link', `<${href}>; rel="next"`);
    }
    return new Response(JSON.stringify([`p${page}a`, `p${page}b`]), { headers });
  };
}

const run = (
  options: ApiFetchOptions,
  middleware: (o: ApiFetchOptions, n: (o: ApiFetchOptions) => Promise<unknown>) => Promise<unknown>,
) => {
  let seen: ApiFetchOptions | undefined;
  return middleware(options, (next) => {
    seen = next;
    return Promise.resolve('done');
  }).then(() => seen);
};

describe('namespaceEndpointMiddleware', () => {
  test.each([
    ['wc/store/v1', 'cart', 'wc/store/v1/cart'],
    ['/wc/store/v1/', '/cart/add-item', 'wc/store/v1/cart/add-item'],
    ['wp/v2', '', 'wp/v2'],
  ])('joins namespace %j and endpoint %j into the path %j', async (namespace, endpoint, path) => {
    const seen = await run({ namespace, endpoint }, namespaceEndpointMiddleware);
    expect(seen).toEqual({ path });
  });

  test('removes namespace and endpoint even when only one is given', async () => {
    const seen = await run({ namespace: 'wp/v2', path: '/x' }, namespaceEndpointMiddleware);
    expect(seen).toEqual({ path: '/x' });
  });

  test('createApiFetch resolves namespace + endpoint against the root and sends the nonce', async () => {
    const { calls, fetch } = fakeFetch(() => Response.json({}));
    const apiFetch = createApiFetch({ root: ROOT, nonce: 'n1', fetch });
    await apiFetch({ namespace: 'wc/store/v1', endpoint: 'cart' });
    expect(calls[0]?.url).toBe(`${ROOT}wc/store/v1/cart?_locale=user`);
    expect(calls[0]?.headers.get('X-WP-Nonce')).toBe('n1');
  });
});

describe('createRootUrlMiddleware and userLocaleMiddleware', () => {
  test('the root URL middleware overrides a url when there is a path', async () => {
    const seen = await run(
      { path: '/wp/v2/posts', url: 'https://elsewhere.example/' },
      createRootUrlMiddleware(ROOT),
    );
    expect(seen?.url).toBe(`${ROOT}wp/v2/posts`);
  });

  test('the user locale goes before a fragment and after an existing query', async () => {
    const seen = await run(
      { url: 'https://shop.example/?a=1#frag', path: '/x' },
      userLocaleMiddleware,
    );
    expect(seen).toMatchObject({
      url: 'https://shop.example/?a=1&_locale=user#frag',
      path: '/x?_locale=user',
    });
  });
});

describe('createNonceMiddleware', () => {
  test('leaves a header that already has the current nonce and replaces any other value', async () => {
    const middleware = createNonceMiddleware('current');
    const same = await run({ path: '/x', headers: { 'x-wp-nonce': 'current' } }, middleware);
    expect(new Headers(same?.headers).get('X-WP-Nonce')).toBe('current');
    const stale = await run({ path: '/x', headers: { 'X-WP-Nonce': 'old' } }, middleware);
    expect(new Headers(stale?.headers).get('X-WP-Nonce')).toBe('current');
  });

  test('sends the nonce it is changed to, and none once it is cleared', async () => {
    const middleware = createNonceMiddleware('first');
    middleware.nonce = 'second';
    expect(new Headers((await run({ path: '/x' }, middleware))?.headers).get('X-WP-Nonce')).toBe(
      'second',
    );
    middleware.nonce = undefined;
    expect((await run({ path: '/x' }, middleware))?.headers).toBeUndefined();
  });
});

describe('httpV1Middleware (method override)', () => {
  test.each(['PATCH', 'PUT', 'DELETE', 'delete'])(
    '%s goes as POST with X-HTTP-Method-Override and a JSON content type',
    async (method) => {
      const { calls, fetch } = fakeFetch(() => Response.json({ deleted: true }));
      const apiFetch = createApiFetch({ root: ROOT, fetch });
      await apiFetch({ path: '/wp/v2/media/5?force=true', method, data: { reason: 'x' } });
      expect(calls[0]?.method).toBe('POST');
      expect(calls[0]?.headers.get('X-HTTP-Method-Override')).toBe(method.toUpperCase());
      expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
      expect(calls[0]?.body).toBe('{"reason":"x"}');
    },
  );

  test.each(['PUT', 'PATCH'])(
    "%s with the caller's own form body keeps the caller's Content-Type (WordPress refuses it labelled JSON)",
    async (method) => {
      const { calls, fetch } = fakeFetch(() => Response.json({ id: 5 }));
      const apiFetch = createApiFetch({ root: ROOT, fetch });
      await apiFetch({
        path: '/wp/v2/media/5',
        method,
        body: 'title=Mug&alt_text=A%20mug',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(calls[0]?.method).toBe('POST');
      expect(calls[0]?.headers.get('X-HTTP-Method-Override')).toBe(method);
      expect(calls[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
      expect(calls[0]?.body).toBe('title=Mug&alt_text=A%20mug');
    },
  );

  test('a PUT with a FormData body lets fetch set the multipart boundary', async () => {
    const { calls, fetch } = fakeFetch(() => Response.json({ id: 5 }));
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    const form = new FormData();
    form.set('title', 'Mug');
    await apiFetch({ path: '/wp/v2/media/5', method: 'PUT', body: form });
    expect(calls[0]?.headers.get('Content-Type')).not.toBe('application/json');
    expect(calls[0]?.headers.get('X-HTTP-Method-Override')).toBe('PUT');
  });

  test('a DELETE without data sends the JSON body {}', async () => {
    const { calls, fetch } = fakeFetch(() => Response.json({ deleted: true }));
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    await apiFetch({ path: '/wp/v2/media/5?force=true', method: 'DELETE' });
    expect(calls[0]?.body).toBe('{}');
  });

  test.each(['GET', 'POST'])(
    '%s keeps its own method and gets no override header',
    async (method) => {
      const seen = await run({ path: '/x', method }, httpV1Middleware);
      expect(seen).toEqual({ path: '/x', method });
    },
  );
});

describe('fetch-all (per_page=-1)', () => {
  test('fetches pages of 100 following Link rel=next and joins them in order', async () => {
    const { calls, fetch } = fakeFetch(pagedCollection(3, { totalHeader: false }));
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    await expect(apiFetch({ path: '/wp/v2/categories?per_page=-1' })).resolves.toEqual([
      'p1a',
      'p1b',
      'p2a',
      'p2b',
      'p3a',
      'p3b',
    ]);
    expect(calls.map((call) => call.url)).toEqual([
      `${ROOT}wp/v2/categories?per_page=100&_locale=user`,
      `${ROOT}wp/v2/categories?per_page=100&page=2`,
      `${ROOT}wp/v2/categories?per_page=100&page=3`,
    ]);
  });

  test('by default it follows every rel=next in turn, past 100 pages, one request at a time', async () => {
    let inFlight = 0;
    let peak = 0;
    const collection = pagedCollection(130);
    const { calls, fetch } = fakeFetch(async (url) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await Promise.resolve();
      inFlight -= 1;
      return collection(url);
    });
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    const items = await apiFetch<string[]>({ path: '/wp/v2/tags?per_page=-1' });
    expect(items).toEqual(
      Array.from({ length: 130 }, (_, i) => [`p${i + 1}a`, `p${i + 1}b`]).flat(),
    );
    expect(peak).toBe(1);
    expect(calls.map((call) => new URL(call.url).searchParams.get('page'))).toEqual([
      null,
      ...Array.from({ length: 129 }, (_, i) => String(i + 2)),
    ]);
  });

  test('with concurrency, an understated X-WP-TotalPages still yields every linked page', async () => {
    const { fetch } = fakeFetch(pagedCollection(7, { statedTotal: 4 }));
    const apiFetch = createApiFetch({ root: ROOT, fetch, fetchAll: { concurrency: 3 } });
    const items = await apiFetch<string[]>({ path: '/wp/v2/tags?per_page=-1' });
    expect(items).toEqual(Array.from({ length: 7 }, (_, i) => [`p${i + 1}a`, `p${i + 1}b`]).flat());
  });

  test('with X-WP-TotalPages it fetches the other pages concurrently, at most `concurrency` at once, and keeps their order', async () => {
    let inFlight = 0;
    let peak = 0;
    const delays = [0, 0, 30, 5, 20, 1, 15, 2, 10, 0];
    const collection = pagedCollection(10);
    const { calls, fetch } = fakeFetch(async (url) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      const page = Number(url.searchParams.get('page') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, delays[page - 1]));
      inFlight -= 1;
      return collection(url);
    });
    const apiFetch = createApiFetch({ root: ROOT, fetch, fetchAll: { concurrency: 3 } });
    const items = await apiFetch<string[]>({ path: '/wp/v2/tags?per_page=-1&orderby=name' });
    expect(items).toEqual(
      Array.from({ length: 10 }, (_, i) => [`p${i + 1}a`, `p${i + 1}b`]).flat(),
    );
    expect(peak).toBe(3);
    expect(calls).toHaveLength(10);
    expect(new Set(calls.map((call) => new URL(call.url).searchParams.get('page')))).toEqual(
      new Set([null, '2', '3', '4', '5', '6', '7', '8', '9', '10']),
    );
  });

  test('a failing page rejects the whole list and starts no further pages', async () => {
    const collection = pagedCollection(8);
    const { calls, fetch } = fakeFetch((url) =>
      url.searchParams.get('page') === '2'
        ? Response.json({ code: 'rest_forbidden', message: 'No.' }, { status: 403 })
        : collection(url),
    );
    const apiFetch = createApiFetch({ root: ROOT, fetch, fetchAll: { concurrency: 1 } });
    await expect(apiFetch({ path: '/wp/v2/tags?per_page=-1' })).rejects.toMatchObject({
      code: 'rest_forbidden',
    });
    expect(calls).toHaveLength(2);
  });

  test('with several workers, a failing page stops the others from starting new pages', async () => {
    const collection = pagedCollection(10);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls, fetch } = fakeFetch(async (url) => {
      const page = url.searchParams.get('page');
      if (page === '2')
        return Response.json({ code: 'rest_forbidden', message: 'No.' }, { status: 403 });
      if (page) await gate; // pages 3 and 4 finish only after page 2 has failed
      return collection(url);
    });
    const apiFetch = createApiFetch({ root: ROOT, fetch, fetchAll: { concurrency: 3 } });
    await expect(apiFetch({ path: '/wp/v2/tags?per_page=-1' })).rejects.toMatchObject({
      code: 'rest_forbidden',
    });
    release();
    await new Promise((resolve) => setTimeout(resolve, 20)); // let the other workers run on
    // The first page, then pages 2, 3 and 4 started together; nothing after the failure.
    expect(calls).toHaveLength(4);
  });

  test('refuses a next link to another origin with link_off_origin, without requesting it', async () => {
    const { calls, fetch } = fakeFetch(
      pagedCollection(3, { totalHeader: false, linkOrigin: 'https://evil.example' }),
    );
    const apiFetch = createApiFetch({ root: ROOT, nonce: 'secret', fetch });
    const error = await rejection(apiFetch({ path: '/wp/v2/tags?per_page=-1' }));
    expect(error).toMatchObject({
      name: 'StoreApiError',
      code: 'link_off_origin',
      data: { link: 'https://evil.example/wp-json/wp/v2/tags?per_page=100&page=2' },
    });
    expect(calls.map((call) => new URL(call.url).origin)).toEqual(['https://shop.example']);
  });

  test('also refuses an off-origin link when the total is known', async () => {
    const { calls, fetch } = fakeFetch(pagedCollection(3, { linkOrigin: 'https://evil.example' }));
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    await expect(apiFetch({ path: '/wp/v2/tags?per_page=-1' })).rejects.toMatchObject({
      code: 'link_off_origin',
    });
    expect(calls).toHaveLength(1);
  });

  test('stops at a repeated next link and returns the pages it has', async () => {
    const { calls, fetch } = fakeFetch((url) => {
      const page = url.searchParams.get('page') ?? '1';
      return Response.json([page], {
        headers: { Link: `<${ROOT}wp/v2/tags?per_page=100&page=2>; rel="next"` },
      });
    });
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    await expect(apiFetch({ path: '/wp/v2/tags?per_page=-1' })).resolves.toEqual(['1', '2']);
    expect(calls).toHaveLength(2);
  });

  test.each([
    ['following links', false],
    ['with the total known', true],
  ])('rejects with too_many_pages past maxPages (%s)', async (_title, totalHeader) => {
    const { calls, fetch } = fakeFetch(pagedCollection(6, { totalHeader }));
    const apiFetch = createApiFetch({ root: ROOT, fetch, fetchAll: { maxPages: 4 } });
    await expect(apiFetch({ path: '/wp/v2/tags?per_page=-1' })).rejects.toMatchObject({
      code: 'too_many_pages',
      data: { maxPages: 4 },
    });
    expect(calls.length).toBeLessThanOrEqual(4);
  });

  test('returns a first page that is not a list as it is', async () => {
    const { calls, fetch } = fakeFetch(() =>
      Response.json({ total: 1 }, { headers: { Link: `<${ROOT}x?page=2>; rel="next"` } }),
    );
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    await expect(apiFetch({ path: '/wp/v2/settings?per_page=-1' })).resolves.toEqual({ total: 1 });
    expect(calls).toHaveLength(1);
  });

  test('leaves parse: false requests and other per_page values alone', async () => {
    const { calls, fetch } = fakeFetch(pagedCollection(3));
    const apiFetch = createApiFetch({ root: ROOT, fetch });
    const response = await apiFetch({ path: '/wp/v2/tags?per_page=-1', parse: false });
    expect(response).toBeInstanceOf(Response);
    await apiFetch({ path: '/wp/v2/tags?per_page=-10' });
    expect(calls.map((call) => new URL(call.url).searchParams.get('per_page'))).toEqual([
      '-1',
      '-10',
    ]);
  });

  test('works on its own, in front of any next()', async () => {
    const pages: Record<string, unknown> = {
      'https://a.example/x?per_page=100': new Response('[1]', {
        headers: { Link: '<https://a.example/x?per_page=100&page=2>; rel="next"' },
      }),
      'https://a.example/x?per_page=100&page=2': new Response('[2]'),
    };
    const middleware = createFetchAllMiddleware();
    const result = await middleware({ url: 'https://a.example/x?per_page=-1' }, (options) =>
      Promise.resolve(pages[options.url ?? '']),
    );
    expect(result).toEqual([1, 2]);
  });
});
