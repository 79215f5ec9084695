import { ERROR_MESSAGES, clientError } from './errors';
import type { StoreApiError } from './errors';
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
import { RELATIVE_ORIGIN, pageUrl, resolveOrigin, siteOf } from './url';

/** Headers that carry the shopper's session: never sent to another origin. */
const CREDENTIAL_HEADERS = ['X-WP-Nonce', 'Nonce', 'Cart-Token'];

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

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
  try {
    new Headers(config.headers).set('X-WP-Nonce', config.nonce ?? '');
  } catch (cause) {
    throw clientError('invalid_request', 'Invalid `headers` or `nonce`.', { cause });
  }
  const nonceMiddleware = createNonceMiddleware(config.nonce);

  const send = (target: string, init: RequestInit) => {
    const ownOrigin = resolveOrigin(target) === origin;
    const headers = new Headers({ Accept: 'application/json, */*;q=0.1' });
    for (const layer of [ownOrigin && config.headers, init.headers]) {
      new Headers(layer || {}).forEach((value, name) => headers.set(name, value));
    }
    if (!ownOrigin) CREDENTIAL_HEADERS.forEach((name) => headers.delete(name));
    // Called bare (not as a method of config) so a passed `window.fetch` keeps a valid `this`.
    return (customFetch ?? fetch)(target, { credentials: 'include', ...init, headers });
  };

  const fetchHandler: ApiFetchNext = async (options) => {
    const {
      url,
      path,
      data,
      signal,
      method = 'GET',
      parse = true,
      timeout = config.timeout,
    } = options;
    const target = url ?? path ?? pageUrl() ?? '';
    const verb = method.toUpperCase();
    let { body = null, headers } = options;
    try {
      if (!target) throw Error('no `path` or `url`');
      headers = new Headers(headers);
      if (data !== undefined) {
        if (body != null) throw Error('both `data` and `body`');
        body = JSON.stringify(data);
        headers.set('Content-Type', 'application/json');
      }
      if (body != null && /^(GET|HEAD)$/.test(verb)) throw Error(`a body on ${verb}`);
    } catch (cause) {
      throw clientError('invalid_request', `Invalid request to ${target}: ${String(cause)}`, {
        cause,
      });
    }
    if (!customFetch && resolveOrigin(target) === RELATIVE_ORIGIN) {
      throw clientError('invalid_url', `Relative URL outside a browser: ${target}`);
    }
    const retries = /^(GET|HEAD|OPTIONS)$/.test(verb)
      ? (options.retries ?? config.retries ?? 0)
      : 0;

    for (let attempt = 0; ; attempt++) {
      // With a timeout, one controller per attempt carries both the caller's abort and the
      // timer, which aborts with the timeout_error itself (fetch rejects with the reason).
      const controller = timeout ? new AbortController() : undefined;
      const active = controller?.signal ?? signal;
      const abort = () => controller?.abort(signal?.reason);
      if (controller) signal?.addEventListener('abort', abort);
      if (signal?.aborted) abort();
      const timer =
        controller &&
        setTimeout(
          () =>
            controller.abort(clientError('timeout_error', `No answer in ${timeout} ms: ${target}`)),
          timeout,
        );
      let error: unknown;
      try {
        const response = await send(target, {
          method,
          headers,
          body,
          signal: active ?? null,
        }).catch((cause: unknown) => {
          throw isAbort(cause, active)
            ? cause
            : clientError('fetch_error', ERROR_MESSAGES.fetch_error, { cause });
        });
        if (!response.ok) throw await toResponseError(response, parse, active);
        if (!parse) return response;
        // A HEAD answer has no body by definition: parsed, it is `null`, not invalid JSON.
        return verb === 'HEAD' ? null : await parseJsonResponse(response, active);
      } catch (cause) {
        error = cause;
      } finally {
        clearTimeout(timer);
        // With parse: false the caller still reads the body, which the signal must be able to abort.
        if (parse) signal?.removeEventListener('abort', abort);
      }
      // Retried: network failures, timeouts, 408, 429, 500, 502, 503 and 504.
      const { code, response } = (error ?? {}) as Partial<StoreApiError>;
      // `Retry-After` is seconds or an HTTP date; without a readable one, back off exponentially.
      const after = response?.headers.get('Retry-After') ?? '';
      let wait = /^\s*\d+\s*$/.test(after) ? Number(after) * 1e3 : Date.parse(after) - Date.now();
      wait = wait >= 0 ? wait : wait < 0 ? 0 : Math.min(300 * 2 ** attempt, 1e4);
      if (
        attempt >= retries ||
        wait > 3e4 ||
        !/^(fetch|timeout)_error,|,(408|429|50[0234])$/.test(`${code},${response?.status}`)
      ) {
        throw error;
      }
      await sleep(wait, signal);
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
  const apiFetch = async (options: ApiFetchOptions) => {
    const sentNonce = nonceMiddleware.nonce;
    try {
      return await run(options);
    } catch (error) {
      if (!nonceEndpoint || (error as StoreApiError | null)?.code !== 'rest_cookie_invalid_nonce') {
        throw error;
      }
      // Loop guard: requests that failed with the same nonce share one refresh, and
      // each is retried once, through `run`, which never refreshes again.
      if (nonceMiddleware.nonce === sentNonce) {
        await (refreshing ??= send(nonceEndpoint, {})
          .then(async (response) => {
            const nonce = (await response.text()).trim();
            // WordPress answers guests `0`; anything that is no plain token fails too.
            if (response.ok && /^(?!0$)[\w+/=.~-]{1,256}$/.test(nonce)) {
              nonceMiddleware.nonce = nonce;
            }
          })
          .catch(() => undefined)
          .finally(() => (refreshing = undefined)));
      }
      if (nonceMiddleware.nonce === sentNonce) throw error;
      return run(options);
    }
  };

  return Object.assign(apiFetch, {
    use(middleware: ApiFetchMiddleware) {
      if (typeof middleware !== 'function') {
        throw clientError('invalid_request', 'use() needs a middleware function.');
      }
      // WordPress unshifts: the most recently added middleware runs first.
      custom.unshift(middleware);
    },
    setNonce(nonce: string | undefined) {
      nonceMiddleware.nonce = nonce;
    },
    root,
  }) as ApiFetch;
}
