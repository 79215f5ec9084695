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
   * @default Infinity (every page the store links to; a repeated link ends the list)
   */
  maxPages?: number;
  /**
   * Opt-in speed-up: how many pages are fetched at once when the first page's
   * `X-WP-TotalPages` says how many there are and its `rel=next` link carries a
   * `page` argument to count with. After those pages the last one's `rel=next` is
   * still followed, so an understated total loses nothing. `1` (the default)
   * follows each `rel=next` in turn, as the spec describes.
   * @default 1
   */
  concurrency?: number;
}

const UNBOUNDED = /([?&]per_page=)-1(?=[&#\s]|$)/;
const PAGE = /([?&]page=)\d+/;

/**
 * Turns a `per_page=-1` request into pages of 100 joined into one list
 * (spec §7): each `Link` `rel=next` is followed in turn and the pages are joined
 * in the order they came, whatever their number. A next link to another origin
 * rejects with `link_off_origin`, a repeated link ends the list, and more than
 * `maxPages` pages (when set) reject with `too_many_pages`. A first page that is
 * not a list is returned as it is. With `concurrency` above 1, pages counted
 * from `X-WP-TotalPages` are fetched that many at a time first (see
 * {@link FetchAllOptions.concurrency}).
 *
 * @example
 * apiFetch.use(createFetchAllMiddleware({ maxPages: 20 }));
 * const categories = await apiFetch<Category[]>({ path: '/wp/v2/categories?per_page=-1' });
 */
export function createFetchAllMiddleware({
  maxPages = Infinity,
  concurrency = 1,
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
    const seen = new Set<string>();
    let link = nextLink(response);
    // `| 0` turns a missing or malformed header into 0 (unknown).
    const total = Number(response.headers.get('X-WP-TotalPages')) | 0;
    if (link && total > maxPages) throw tooMany();
    if (concurrency > 1 && total > 1 && link && PAGE.test(link)) {
      // Pages 2…total from the next link as a template, `concurrency` workers at a time.
      const template = link;
      let count = 1;
      const worker = async () => {
        while (count < total) {
          const index = count++;
          const page = await get(index, template.replace(PAGE, `$1${index + 1}`)).catch(
            (error: unknown) => {
              count = total; // no new pages after a failure
              throw error;
            },
          );
          if (index === total - 1) response = page;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      link = nextLink(response);
    }
    for (; link && !seen.has(link); link = nextLink(response)) {
      if (pages.length >= maxPages) throw tooMany();
      seen.add(link);
      response = await get(pages.length, link);
    }
    return pages.flat();
  };
}
