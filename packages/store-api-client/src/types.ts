import type { FetchAllOptions } from './middlewares';

/** How {@link createApiFetch} reaches the store. Every field is optional. */
export interface ApiFetchConfig {
  /**
   * The WordPress REST root, as printed by `get_rest_url()`. Absolute on the
   * server (`'https://shop.example/wp-json/'`), a path in the browser. A root
   * with a query (plain permalinks, `'https://shop.example/?rest_route=/'`) works too.
   * A missing trailing slash is added (unless the root has a query).
   * @default '/wp-json/'
   */
  root?: string;
  /**
   * The `wp_rest` nonce, sent as `X-WP-Nonce` on requests to the root's origin
   * only, never to another origin. Replaced by a refresh (see `nonceEndpoint`)
   * or by `apiFetch.setNonce()`.
   * @default undefined (no nonce header)
   */
  nonce?: string;
  /**
   * Where a fresh nonce is fetched (GET, text body) when a request fails with
   * `rest_cookie_invalid_nonce`; the request is then retried once with it.
   * `false` turns the refresh off.
   * @default the root's site + 'wp-admin/admin-ajax.php?action=rest-nonce'
   * (`'https://shop.example/wp-json/'` → `'https://shop.example/wp-admin/admin-ajax.php?action=rest-nonce'`)
   */
  nonceEndpoint?: string | false;
  /**
   * The fetch implementation. Resolved lazily at request time, so importing this
   * package never touches a global.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * Extra headers for every request to the root's origin, e.g. the shopper's
   * `Cookie` forwarded during server-side rendering. Like the nonce they are
   * never sent to another origin, because they usually carry credentials.
   * Per-request `headers` override them.
   * @default {}
   * @example { Cookie: request.headers.get('Cookie') ?? '' }
   */
  headers?: Record<string, string>;
  /**
   * Default per-request time limit in milliseconds (each attempt, each page).
   * A request that takes longer is aborted and rejects with `timeout_error`.
   * @default undefined (no limit, as in `@wordpress/api-fetch`)
   */
  timeout?: number;
  /**
   * Default number of retries for idempotent reads (GET, HEAD, OPTIONS) that
   * fail with `fetch_error`, `timeout_error` or status 408, 429, 500, 502, 503
   * or 504. Waits 300 ms, 600 ms, 1.2 s… (at most 10 s) or what `Retry-After`
   * asks, up to 30 s (a longer `Retry-After` gives up at once). Writes are never retried.
   * @default 0
   */
  retries?: number;
  /**
   * Limits of `per_page=-1` requests.
   * @default { maxPages: Infinity, concurrency: 1 } (every rel=next link, in turn)
   */
  fetchAll?: FetchAllOptions;
}

/** One request, in `@wordpress/api-fetch`'s shape. Give `path` (or `namespace` + `endpoint`) or `url`. */
export interface ApiFetchOptions {
  /**
   * A REST route relative to the root, e.g. `'/wc/store/v1/products?per_page=3'`.
   * One leading slash is ignored. Wins over `url`.
   */
  path?: string;
  /** A full URL to request as is (after `_locale=user` is added). Used when there is no `path`. */
  url?: string;
  /** With `endpoint`, builds `path` as `{namespace}/{endpoint}`, e.g. `'wc/store/v1'`. */
  namespace?: string;
  /** With `namespace`, builds `path`, e.g. `'cart/add-item'`. */
  endpoint?: string;
  /**
   * The HTTP method. PATCH, PUT and DELETE are sent as POST with `X-HTTP-Method-Override`.
   * @default 'GET'
   */
  method?: string;
  /**
   * A value to send as a JSON body, with `Content-Type: application/json`.
   * Takes the place of `body`; not allowed on GET or HEAD.
   */
  data?: unknown;
  /** A raw body (FormData, URLSearchParams, Blob…), sent as is. Not allowed on GET or HEAD. */
  body?: BodyInit | null;
  /** Request headers; they override the config's `headers` and `Accept`. */
  headers?: HeadersInit;
  /**
   * `true` resolves with the parsed JSON body (`null` for 204); `false` resolves
   * with the raw `Response`. Either way a non-2xx response rejects with a
   * {@link StoreApiError}; with `parse: false` its `response` body is left unread.
   * @default true
   */
  parse?: boolean;
  /** Aborts the request. An abort rejects with the original `AbortError`, not a StoreApiError. */
  signal?: AbortSignal;
  /**
   * Time limit of this request in milliseconds.
   * @default the config's `timeout`
   */
  timeout?: number;
  /**
   * Retries for this request if it is a read (GET, HEAD, OPTIONS); ignored for writes.
   * @default the config's `retries`
   */
  retries?: number;
}

/** Passes the (possibly changed) options on to the rest of the chain. */
export type ApiFetchNext = (options: ApiFetchOptions) => Promise<unknown>;

/**
 * A middleware, as in `@wordpress/api-fetch`: it may change the options, call
 * `next` (or not), and change or replace the result.
 *
 * @example
 * const logTimes: ApiFetchMiddleware = async (options, next) => {
 *   const started = performance.now();
 *   try { return await next(options); } finally { console.log(options.path, performance.now() - started); }
 * };
 */
export type ApiFetchMiddleware = (options: ApiFetchOptions, next: ApiFetchNext) => Promise<unknown>;

/** The request function returned by {@link createApiFetch}. */
export interface ApiFetch {
  /** Requests and resolves with the parsed JSON body (`null` for 204 and HEAD). */
  <T = unknown>(options: ApiFetchOptions & { parse?: true }): Promise<T>;
  /** Requests and resolves with the raw `Response` (2xx only). */
  (options: ApiFetchOptions & { parse: false }): Promise<Response>;
  /** Requests with a `parse` flag only known at run time. */
  (options: ApiFetchOptions): Promise<unknown>;
  /**
   * Adds a middleware. As in WordPress, the most recently added one runs first,
   * and all of them run before the built-in ones (nonce → root URL → user
   * locale → namespace/endpoint → HTTP v1 → fetch-all).
   */
  use(middleware: ApiFetchMiddleware): void;
  /** Replaces the `wp_rest` nonce (e.g. after a login); `undefined` stops sending one. */
  setNonce(nonce: string | undefined): void;
  /** The normalised REST root, e.g. `'https://shop.example/wp-json/'`. */
  readonly root: string;
}
