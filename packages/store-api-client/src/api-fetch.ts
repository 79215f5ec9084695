import { ERROR_MESSAGES, StoreApiError } from './errors';
import { appendQueryArg, hasQueryArg, isAbsoluteUrl, resolveOrigin } from './url';

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
   * only, never to another origin.
   * @default undefined (no nonce header)
   */
  nonce?: string;
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
}

/** One request, in `@wordpress/api-fetch`'s shape. Give either `path` or `url`. */
export interface ApiFetchOptions {
  /**
   * A REST route relative to the root, e.g. `'/wc/store/v1/products?per_page=3'`.
   * One leading slash is ignored. Wins over `url`.
   */
  path?: string;
  /** A full URL to request as is (after `_locale=user` is added). Used when there is no `path`. */
  url?: string;
  /**
   * The HTTP method.
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
  /** Requests and resolves with the parsed JSON body (`null` for 204). */
  <T = unknown>(options: ApiFetchOptions & { parse?: true }): Promise<T>;
  /** Requests and resolves with the raw `Response` (2xx only). */
  (options: ApiFetchOptions & { parse: false }): Promise<Response>;
  /** Requests with a `parse` flag only known at run time. */
  (options: ApiFetchOptions): Promise<unknown>;
  /**
   * Adds a middleware. As in WordPress, the most recently added one runs first,
   * and all of them run before the built-in ones (nonce → root URL → user locale).
   */
  use(middleware: ApiFetchMiddleware): void;
}

const ACCEPT = 'application/json, */*;q=0.1';

function invalid(code: 'invalid_url' | 'invalid_request', message: string, cause?: unknown) {
  return new StoreApiError(message, { code, cause });
}

function toHeaders(init: HeadersInit | undefined, what: string): Headers {
  try {
    return new Headers(init);
  } catch (cause) {
    throw invalid('invalid_request', `${what} are not valid HTTP headers.`, cause);
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined | null): boolean {
  return (
    signal?.aborted === true ||
    (typeof error === 'object' && error !== null && (error as Error).name === 'AbortError')
  );
}

function normalizeRoot(root: unknown): string {
  if (typeof root !== 'string' || root.trim() === '') {
    throw invalid('invalid_url', 'The REST root must be a non-empty string, e.g. "/wp-json/".');
  }
  if (isAbsoluteUrl(root) && resolveOrigin(root) === undefined) {
    throw invalid('invalid_url', `The REST root "${root}" is not a valid URL.`);
  }
  return root.includes('?') || root.endsWith('/') ? root : `${root}/`;
}

/**
 * Parses a 2xx response body as JSON: 204 gives `null`, anything unparsable an
 * `invalid_json` error (spec §8, api-fetch `parseResponse`).
 */
export async function parseJsonResponse(
  response: Response,
  signal?: AbortSignal | null,
): Promise<unknown> {
  if (response.status === 204) return null;
  try {
    return (await response.json()) as unknown;
  } catch (cause) {
    if (isAbort(cause, signal)) throw cause;
    throw new StoreApiError(ERROR_MESSAGES.invalid_json, { code: 'invalid_json', response, cause });
  }
}

async function toResponseError(
  response: Response,
  parse: boolean,
  signal: AbortSignal | undefined,
): Promise<StoreApiError> {
  // With parse: false the caller gets the Response itself, so read a clone and leave it unread.
  const source = parse ? response : response.clone();
  let body: unknown;
  try {
    body = JSON.parse(await source.text());
  } catch (cause) {
    if (isAbort(cause, signal)) throw cause;
    body = undefined;
  }
  if (typeof body === 'object' && body !== null) {
    const { code, message, data } = body as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof code === 'string' && code !== '') {
      return new StoreApiError(
        typeof message === 'string' && message !== '' ? message : ERROR_MESSAGES.unknown_error,
        { code, data, response },
      );
    }
  }
  return new StoreApiError(ERROR_MESSAGES.unknown_error, {
    code: 'unknown_error',
    data: { status: response.status },
    response,
  });
}

/**
 * Creates a WordPress REST client with `@wordpress/api-fetch` semantics: the
 * request runs through your middlewares, then the built-in ones (nonce → root
 * URL → user locale), then the fetch handler. Every request gets `_locale=user`,
 * `Accept: application/json, *\/*;q=0.1` and `credentials: 'include'`.
 *
 * @throws {StoreApiError} `invalid_url` for an unusable `root`, `invalid_request`
 * for an invalid `nonce` or `headers`.
 *
 * @example
 * const apiFetch = createApiFetch({ root: 'https://shop.example/wp-json/', nonce });
 * const cart = await apiFetch<StoreCart>({ path: '/wc/store/v1/cart' });
 * await apiFetch({ path: '/wc/store/v1/cart/add-item', method: 'POST', data: { id: 42, quantity: 1 } });
 */
export function createApiFetch(config: ApiFetchConfig = {}): ApiFetch {
  const root = normalizeRoot(config.root ?? '/wp-json/');
  const defaultHeaders = toHeaders(config.headers, 'The `headers` option');
  const nonce = config.nonce;
  if (nonce !== undefined) toHeaders({ 'X-WP-Nonce': nonce }, 'The `nonce` option');
  const injectedFetch = config.fetch;

  const isRootOrigin = (url: string): boolean => {
    const origin = resolveOrigin(url);
    return origin !== undefined && origin === resolveOrigin(root);
  };

  // Built-ins in WordPress core's effective order (wire contract §6.1). Issue 3 slots
  // mediaUpload in before nonce, and namespaceEndpoint, httpV1, fetchAll after userLocale.
  const nonceMiddleware: ApiFetchMiddleware = (options, next) => {
    if (!nonce) return next(options);
    // Runs before rootURL, so the target is the root whenever there is a path.
    const toRoot =
      typeof options.path === 'string' ||
      (typeof options.url === 'string' && isRootOrigin(options.url));
    if (!toRoot) return next(options);
    const headers = toHeaders(options.headers, 'The request `headers`');
    if (headers.get('X-WP-Nonce') === nonce) return next(options);
    headers.set('X-WP-Nonce', nonce);
    return next({ ...options, headers });
  };

  const rootUrlMiddleware: ApiFetchMiddleware = (options, next) => {
    if (typeof options.path !== 'string') return next(options);
    let path = options.path.replace(/^\//, '');
    // Plain permalinks: the root already has `?rest_route=`, so the path's own query joins with `&`.
    if (root.includes('?')) path = path.replace('?', '&');
    return next({ ...options, url: root + path });
  };

  const userLocaleMiddleware: ApiFetchMiddleware = (options, next) => {
    const withLocale = (url: string) =>
      hasQueryArg(url, '_locale') ? url : appendQueryArg(url, '_locale', 'user');
    const next_ = { ...options };
    if (typeof options.url === 'string') next_.url = withLocale(options.url);
    if (typeof options.path === 'string') next_.path = withLocale(options.path);
    return next(next_);
  };

  const builtIns: ApiFetchMiddleware[] = [nonceMiddleware, rootUrlMiddleware, userLocaleMiddleware];
  const custom: ApiFetchMiddleware[] = [];

  const fetchHandler: ApiFetchNext = async (options) => {
    const { url, path, method, data, body, headers, parse = true, signal } = options;
    const location = (globalThis as { location?: { href?: unknown } }).location;
    const target = url ?? path ?? (typeof location?.href === 'string' ? location.href : undefined);
    if (typeof target !== 'string' || target === '') {
      throw invalid('invalid_request', 'A request needs a `path` or a `url`.');
    }
    const verb = (method ?? 'GET').toUpperCase();
    if (data !== undefined && body !== undefined && body !== null) {
      throw invalid('invalid_request', `Pass either \`data\` or \`body\` to ${target}, not both.`);
    }
    if ((verb === 'GET' || verb === 'HEAD') && (data !== undefined || (body ?? null) !== null)) {
      throw invalid(
        'invalid_request',
        `A ${verb} request to ${target} cannot have a body; put the query in the path or use POST.`,
      );
    }

    const requestHeaders = new Headers({ Accept: ACCEPT });
    if (isRootOrigin(target))
      defaultHeaders.forEach((value, name) => requestHeaders.set(name, value));
    toHeaders(headers, 'The request `headers`').forEach((value, name) =>
      requestHeaders.set(name, value),
    );
    let requestBody = body;
    if (data !== undefined) {
      try {
        requestBody = JSON.stringify(data);
      } catch (cause) {
        throw invalid(
          'invalid_request',
          `The \`data\` for ${target} cannot be sent as JSON.`,
          cause,
        );
      }
      requestHeaders.set('Content-Type', 'application/json');
    }

    if (injectedFetch === undefined && !isAbsoluteUrl(target) && location === undefined) {
      throw invalid(
        'invalid_url',
        `Cannot fetch the relative URL "${target}" outside a browser; give createApiFetch an absolute \`root\`.`,
      );
    }
    const init: RequestInit = {
      credentials: 'include',
      headers: requestHeaders,
      body: requestBody ?? null,
      ...(method === undefined ? {} : { method }),
      ...(signal === undefined ? {} : { signal }),
    };

    let response: Response;
    try {
      // Called bare (not as a method of config) so a passed `window.fetch` keeps a valid `this`.
      response = injectedFetch
        ? await injectedFetch(target, init)
        : await globalThis.fetch(target, init);
    } catch (cause) {
      if (isAbort(cause, signal)) throw cause;
      throw new StoreApiError(ERROR_MESSAGES.fetch_error, { code: 'fetch_error', cause });
    }

    if (!response.ok) throw await toResponseError(response, parse, signal);
    return parse ? parseJsonResponse(response, signal) : response;
  };

  const apiFetch = ((options: ApiFetchOptions) => {
    const chain = [...custom, ...builtIns];
    const run = chain.reduceRight<ApiFetchNext>(
      (next, middleware) => async (current) => middleware(current, next),
      fetchHandler,
    );
    return run({ ...options });
  }) as ApiFetch;

  apiFetch.use = (middleware: ApiFetchMiddleware) => {
    if (typeof middleware !== 'function') {
      throw invalid('invalid_request', 'apiFetch.use() expects a middleware function.');
    }
    // WordPress unshifts: the most recently added middleware runs first.
    custom.unshift(middleware);
  };

  return apiFetch;
}
