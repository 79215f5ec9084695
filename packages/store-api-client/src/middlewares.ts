import { clientError } from './errors';
import { parseJsonResponse } from './response';
import type { ApiFetchMiddleware, ApiFetchOptions } from './types';
import { resolveOrigin, withUserLocale } from './url';

/**
 * Checks and normalises a REST root: a non-empty path or absolute URL, with a
 * trailing slash added unless the root has a query (`?rest_route=/`).
 * @internal
 */
export function normalizeRoot(root: unknown): string {
  // A relative root always resolves (against the page or a placeholder); an absolute one must parse.
  if (typeof root !== 'string' || !root.trim() || !resolveOrigin(root)) {
    throw clientError('invalid_url', `Invalid REST root: ${String(root)}`);
  }
  return root.includes('?') || root.endsWith('/') ? root : `${root}/`;
}

/** `options` with the headers in `set` set (a copy; the caller's headers are left alone). */
const withHeaders = (options: ApiFetchOptions, set: Record<string, string>): ApiFetchOptions => {
  const headers = new Headers(options.headers);
  for (const name in set) headers.set(name, set[name] as string);
  return { ...options, headers };
};

/** A nonce middleware: the middleware plus the nonce it sends, which you may change. */
export interface NonceMiddleware extends ApiFetchMiddleware {
  /** The `wp_rest` nonce sent as `X-WP-Nonce`; `undefined` sends none. */
  nonce: string | undefined;
}

/**
 * Sends the `wp_rest` nonce as `X-WP-Nonce`, like `@wordpress/api-fetch`'s
 * `createNonceMiddleware`, except that an `X-WP-Nonce` the caller set is
 * replaced by the current nonce rather than kept (a stale nonce would only fail). In {@link createApiFetch} the fetch
 * handler then drops it from every request that is not for the root's origin.
 *
 * @param nonce - The nonce; change it later through `.nonce`.
 * @example
 * const nonceMiddleware = createNonceMiddleware(wpApiSettings.nonce);
 * nonceMiddleware.nonce = freshNonce;
 */
export function createNonceMiddleware(nonce: string | undefined): NonceMiddleware {
  const middleware = ((options, next) => {
    const current = middleware.nonce;
    return next(current ? withHeaders(options, { 'X-WP-Nonce': current }) : options);
  }) as NonceMiddleware;
  middleware.nonce = nonce;
  return middleware;
}

/**
 * Joins `namespace` and `endpoint` into `path` (when both are strings) and
 * removes them from the options, as `@wordpress/api-fetch` does.
 *
 * @example
 * apiFetch({ namespace: 'wc/store/v1', endpoint: 'cart' }); // path "wc/store/v1/cart"
 */
export const namespaceEndpointMiddleware: ApiFetchMiddleware = (
  { namespace, endpoint, ...options },
  next,
) => {
  if (typeof namespace === 'string' && typeof endpoint === 'string') {
    endpoint = endpoint.replace(/^\//, '');
    options.path = namespace.replace(/^\/|\/$/g, '') + (endpoint && `/${endpoint}`);
  }
  return next(options);
};

/**
 * Resolves `path` against the REST root into `url` (overriding any `url`).
 * With a `?rest_route=` root the path's own query is joined with `&`. Runs
 * {@link namespaceEndpointMiddleware} first, as WordPress does.
 *
 * @param root - The REST root, e.g. `'https://shop.example/wp-json/'`.
 * @throws {StoreApiError} `invalid_url` for an empty or unparsable root.
 * @example
 * apiFetch.use(createRootUrlMiddleware('https://shop.example/wp-json/'));
 */
export function createRootUrlMiddleware(root: string): ApiFetchMiddleware {
  const base = normalizeRoot(root);
  return (options, next) =>
    namespaceEndpointMiddleware(options, (resolved) => {
      let { path } = resolved;
      if (typeof path !== 'string') return next(resolved);
      path = path.replace(/^\//, '');
      return next({
        ...resolved,
        url: base + (base.includes('?') ? path.replace('?', '&') : path),
      });
    });
}

/**
 * Appends `_locale=user` to `url` and `path` unless they already have a
 * `_locale`, so WordPress answers in the user's language.
 */
export const userLocaleMiddleware: ApiFetchMiddleware = (options, next) =>
  next({ ...options, url: withUserLocale(options.url), path: withUserLocale(options.path) });

/**
 * Sends PATCH, PUT and DELETE as POST with `X-HTTP-Method-Override` and
 * `Content-Type: application/json`, for servers and proxies that only allow
 * GET and POST (spec §7). A request without `data` or `body` gets the JSON body `{}`.
 */
export const httpV1Middleware: ApiFetchMiddleware = (options, next) => {
  const method = (options.method ?? '').toUpperCase();
  if (!/^(PATCH|PUT|DELETE)$/.test(method)) return next(options);
  // Spec §7: "a JSON body". Without data it is `{}`: an empty body labelled JSON is refused
  // by strict JSON parsers (WordPress tolerates both). A caller's own `body` keeps its own
  // Content-Type (a form, a file): labelled JSON, WordPress would refuse it as invalid JSON.
  if (options.body != null) {
    return next({ ...withHeaders(options, { 'X-HTTP-Method-Override': method }), method: 'POST' });
  }
  return next({
    ...withHeaders(options, {
      'X-HTTP-Method-Override': method,
      'Content-Type': 'application/json',
    }),
    method: 'POST',
    data: options.data ?? {},
  });
};

/** Limits of {@link createFetchAllMiddleware}. */
export interface FetchAllOptions {
  /**
   * The most pages one `per_page=-1` request may fetch; beyond it the request
   * rejects with `too_many_pages` instead of returning a silently cut list.
   * @default 100 (10,000 items)
   */
  maxPages?: number;
  /**
   * How many pages are fetched at once when the first page's `X-WP-TotalPages`
   * says how many there are (6 is a browser's HTTP/1.1 limit per host).
   * @default 6
   */
  concurrency?: number;
}

const UNBOUNDED = /([?&]per_page=)-1(?=[&#\s]|$)/;
const PAGE = /([?&]page=)\d+/;

/**
 * Turns a `per_page=-1` request into pages of 100 joined into one list
 * (spec §7). When the first response has `X-WP-TotalPages` and a `Link`
 * `rel=next` with a `page` argument, the other pages are fetched concurrently
 * (at most `concurrency` at once) and joined in page order; otherwise each
 * `rel=next` link is followed in turn. A next link to another origin rejects
 * with `link_off_origin`, a repeated link ends the list, and more than
 * `maxPages` pages reject with `too_many_pages`. A first page that is not a
 * list is returned as it is.
 *
 * @example
 * apiFetch.use(createFetchAllMiddleware({ maxPages: 20, concurrency: 4 }));
 * const categories = await apiFetch<Category[]>({ path: '/wp/v2/categories?per_page=-1' });
 */
export function createFetchAllMiddleware({
  maxPages = 100,
  concurrency = 6,
}: FetchAllOptions = {}): ApiFetchMiddleware {
  return async (options, next) => {
    const { url, path, signal } = options;
    if (options.parse === false || !UNBOUNDED.test(`${url} ${path}`)) return next(options);
    const pages: unknown[] = [];
    /** Fetches one page into `pages[index]` and returns its response (for the headers). */
    const get = async (index: number, pageUrl?: string, pagePath?: string) => {
      const response = (await next({
        ...options,
        url: pageUrl,
        path: pagePath,
        parse: false,
      })) as Response;
      pages[index] = await parseJsonResponse(response, signal);
      return response;
    };
    const tooMany = () =>
      clientError('too_many_pages', `More than ${maxPages} pages: ${url ?? path}`, {
        data: { maxPages },
      });
    const hundred = (value?: string) => value?.replace(UNBOUNDED, '$1100');
    let response = await get(0, hundred(url), hundred(path));
    if (!Array.isArray(pages[0])) return pages[0];
    const origin = resolveOrigin(response.url || url || path || '');
    const nextLink = ({ headers }: Response) => {
      // The `<url>` of the part that says rel=next, in one pass (a pattern scanning from every
      // `<` of the header was quadratic: issue 13, finding 2).
      const link = (headers.get('Link') ?? '')
        .split(',')
        .find((part) => /rel="?next\b/i.test(part))
        ?.split(/[<>]/)[1];
      if (link && resolveOrigin(link) !== origin) {
        throw clientError('link_off_origin', `Off-origin next link: ${link}`, { data: { link } });
      }
      return link;
    };
    let link = nextLink(response);
    // `| 0` turns a missing or malformed header into 0 (unknown).
    const total = Number(response.headers.get('X-WP-TotalPages')) | 0;
    if (link && total > maxPages) throw tooMany();
    if (total > 1 && link && PAGE.test(link)) {
      // Pages 2…total from the next link as a template, `concurrency` workers at a time.
      const template = link;
      let count = 1;
      const worker = async () => {
        while (count < total) {
          const index = count++;
          await get(index, template.replace(PAGE, `$1${index + 1}`)).catch((error: unknown) => {
            count = total; // no new pages after a failure
            throw error;
          });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    } else {
      for (const seen = new Set<string>(); link && !seen.has(link); link = nextLink(response)) {
        if (pages.length >= maxPages) throw tooMany();
        seen.add(link);
        response = await get(pages.length, link);
      }
    }
    return pages.flat();
  };
}
