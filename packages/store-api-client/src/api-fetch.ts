import { ERROR_MESSAGES, clientError, isStoreApiError } from './errors';
import {
  createFetchAllMiddleware,
  createNonceMiddleware,
  createRootUrlMiddleware,
  httpV1Middleware,
  namespaceEndpointMiddleware,
  normalizeRoot,
  userLocaleMiddleware,
} from './middlewares';
import { isAbort, parseJsonResponse, toResponseError } from './response';
import type {
  ApiFetch,
  ApiFetchConfig,
  ApiFetchMiddleware,
  ApiFetchNext,
  ApiFetchOptions,
} from './types';
import { isAbsoluteUrl, pageUrl, resolveOrigin, siteOf } from './url';

/** Headers that carry the shopper's session: never sent to another origin. */
const CREDENTIAL_HEADERS = ['X-WP-Nonce', 'Nonce', 'Cart-Token'];

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** Milliseconds a `Retry-After` header (seconds or an HTTP date) asks to wait, if any. */
function retryAfter(response: Response | undefined): number | undefined {
  const value = response?.headers.get('Retry-After');
  if (!value) return undefined;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return ms >= 0 ? ms : ms < 0 ? 0 : undefined;
}

/**
 * Creates a WordPress REST client with `@wordpress/api-fetch` semantics: the
 * request runs through your middlewares, then the built-in ones in WordPress's
 * order (nonce → root URL → user locale → namespace/endpoint → HTTP v1 →
 * fetch-all), then the fetch handler. Every request gets `_locale=user`,
 * `Accept: application/json, *\/*;q=0.1` and `credentials: 'include'`. A
 * `rest_cookie_invalid_nonce` failure fetches a fresh nonce once (shared by
 * every request failing with the same nonce) and retries the request once.
 * `X-WP-Nonce`, `Nonce`, `Cart-Token` and the configured `headers` are only
 * ever sent to the root's origin.
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
  const origin = resolveOrigin(root);
  const {
    fetch: customFetch,
    nonceEndpoint = `${siteOf(root)}wp-admin/admin-ajax.php?action=rest-nonce`,
  } = config;
  let defaults: Headers;
  try {
    defaults = new Headers(config.headers);
    new Headers({ 'X-WP-Nonce': config.nonce ?? '' });
  } catch (cause) {
    throw clientError('invalid_request', 'Invalid `headers` or `nonce`.', { cause });
  }
  const nonceMiddleware = createNonceMiddleware(config.nonce);

  const send = async (target: string, init: RequestInit) => {
    const ownOrigin = resolveOrigin(target) === origin;
    const headers = new Headers({ Accept: 'application/json, */*;q=0.1' });
    if (ownOrigin) defaults.forEach((value, name) => headers.set(name, value));
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    if (!ownOrigin) CREDENTIAL_HEADERS.forEach((name) => headers.delete(name));
    if (!customFetch && !isAbsoluteUrl(target) && !pageUrl()) {
      throw clientError(
        'invalid_url',
        `Relative URL with no page (give an absolute root): ${target}`,
      );
    }
    // Called bare (not as a method of config) so a passed `window.fetch` keeps a valid `this`.
    return (customFetch ?? fetch)(target, { credentials: 'include', ...init, headers });
  };

  const fetchHandler: ApiFetchNext = async (options) => {
    const { url, path, data, signal, parse = true, timeout = config.timeout } = options;
    const target = url ?? path ?? pageUrl() ?? '';
    const method = (options.method ?? 'GET').toUpperCase();
    let { body = null } = options;
    let headers: Headers;
    try {
      if (!target) throw Error('no `path` or `url`');
      headers = new Headers(options.headers);
      if (data !== undefined) {
        if (body !== null) throw Error('both `data` and `body`');
        body = JSON.stringify(data);
        headers.set('Content-Type', 'application/json');
      }
      if (body !== null && /^(GET|HEAD)$/.test(method)) throw Error(`a body on ${method}`);
    } catch (cause) {
      throw clientError(
        'invalid_request',
        `Invalid request to ${target}: ${(cause as Error).message}`,
        {
          cause,
        },
      );
    }
    const retries = /^(GET|HEAD|OPTIONS)$/.test(method)
      ? (options.retries ?? config.retries ?? 0)
      : 0;

    for (let count = 0; ; count++) {
      // With a timeout, one controller per attempt carries both the caller's abort and the timer.
      const controller = timeout ? new AbortController() : undefined;
      const abort = () => controller?.abort(signal?.reason);
      let timedOut = false;
      if (controller) signal?.addEventListener('abort', abort);
      if (signal?.aborted) abort();
      const timer =
        controller && setTimeout(() => ((timedOut = true), controller.abort()), timeout);
      let error: unknown;
      try {
        const response = await send(target, {
          method: options.method ?? 'GET',
          headers,
          body,
          signal: controller?.signal ?? signal ?? null,
        }).catch((cause: unknown) => {
          throw isAbort(cause, signal) || isStoreApiError(cause)
            ? cause
            : clientError('fetch_error', ERROR_MESSAGES.fetch_error, { cause });
        });
        if (!response.ok) throw await toResponseError(response, parse, signal);
        return parse ? await parseJsonResponse(response, signal) : response;
      } catch (cause) {
        error = timedOut
          ? clientError('timeout_error', `No answer within ${timeout} ms: ${target}`, { cause })
          : cause;
      } finally {
        clearTimeout(timer);
        // With parse: false the caller still reads the body, which the signal must be able to abort.
        if (parse) signal?.removeEventListener('abort', abort);
      }
      const wait =
        (isStoreApiError(error) ? retryAfter(error.response) : undefined) ??
        Math.min(300 * 2 ** count, 1e4);
      if (
        count < retries &&
        wait <= 3e4 &&
        isStoreApiError(error) &&
        (/^(fetch|timeout)_error$/.test(error.code) ||
          /^(408|429|50[0234])$/.test(String(error.response?.status)))
      ) {
        await sleep(wait, signal);
      } else {
        throw error;
      }
    }
  };

  const builtIns: ApiFetchMiddleware[] = [
    nonceMiddleware,
    createRootUrlMiddleware(root),
    userLocaleMiddleware,
    namespaceEndpointMiddleware,
    httpV1Middleware,
    createFetchAllMiddleware(config.fetchAll),
  ];
  const custom: ApiFetchMiddleware[] = [];
  const run: ApiFetchNext = (options) =>
    [...custom, ...builtIns].reduceRight<ApiFetchNext>(
      (next, middleware) => async (current) => middleware(current, next),
      fetchHandler,
    )({ ...options });

  let refreshing: Promise<void> | undefined;
  const apiFetch = ((options: ApiFetchOptions) => {
    const sentNonce = nonceMiddleware.nonce;
    return run(options).catch(async (error: unknown) => {
      if (
        nonceEndpoint &&
        (error as { code?: unknown } | null)?.code === 'rest_cookie_invalid_nonce'
      ) {
        // Loop guard: requests that failed with the same nonce share one refresh, and
        // each is retried once, through `run`, which never refreshes again.
        if (nonceMiddleware.nonce === sentNonce) {
          refreshing ??= send(nonceEndpoint, {})
            .then(async (response) => {
              const nonce = response.ok ? (await response.text()).trim() : '';
              // WordPress answers guests `0`; anything that is no plain token fails too.
              if (/^(?!0$)[\w+/=.~-]{1,256}$/.test(nonce)) nonceMiddleware.nonce = nonce;
            })
            .catch(() => undefined)
            .finally(() => (refreshing = undefined));
          await refreshing;
        }
        if (nonceMiddleware.nonce !== sentNonce) return run(options);
      }
      throw error;
    });
  }) as ApiFetch;

  apiFetch.use = (middleware) => {
    if (typeof middleware !== 'function') {
      throw clientError('invalid_request', 'use() needs a middleware function.');
    }
    // WordPress unshifts: the most recently added middleware runs first.
    custom.unshift(middleware);
  };
  apiFetch.setNonce = (nonce) => {
    nonceMiddleware.nonce = nonce;
  };
  (apiFetch as { root: string }).root = root;
  return apiFetch;
}
