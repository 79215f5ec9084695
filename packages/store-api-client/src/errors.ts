/**
 * Codes this client raises itself. Errors the server sends keep the server's own
 * code (for example `rest_cookie_invalid_nonce` or
 * `woocommerce_rest_cart_invalid_key`), so {@link StoreApiError.code} is this
 * union or any other string.
 *
 * - `invalid_json`: a 2xx response whose body is not JSON (spec §8).
 * - `unknown_error`: a non-2xx response without a WordPress error body (spec §8).
 * - `fetch_error`: the request never got a response, e.g. offline or connection refused (spec §8).
 * - `invalid_url`: the REST root or request URL cannot be used.
 * - `invalid_request`: the request options contradict each other (e.g. a GET with a body).
 * - `invalid_response`: a 2xx response that does not have the shape a helper expects.
 * - `timeout_error`: no response (or no complete body) within the `timeout`.
 * - `too_many_pages`: a `per_page=-1` fetch would need more pages than `fetchAll.maxPages`.
 * - `link_off_origin`: a `per_page=-1` fetch got a `Link rel=next` to another origin and refused it.
 * - `post_process`: a media upload's post-processing failed 5 times; the upload was deleted (spec §8).
 */
export type StoreApiClientErrorCode =
  | 'invalid_json'
  | 'unknown_error'
  | 'fetch_error'
  | 'invalid_url'
  | 'invalid_request'
  | 'invalid_response'
  | 'timeout_error'
  | 'too_many_pages'
  | 'link_off_origin'
  | 'post_process';

/**
 * Any error code: one of {@link StoreApiClientErrorCode}, or the `code` of a
 * WordPress error body `{code, message, data}`.
 */
// `string & {}` keeps editor completion for the known codes while accepting server codes.
export type StoreApiErrorCode = StoreApiClientErrorCode | (string & {});

/** Exact messages from the spec's error catalogue (§8). */
export const ERROR_MESSAGES = {
  invalid_json: 'The response is not a valid JSON response.',
  unknown_error: 'An unknown error occurred.',
  fetch_error: 'You are probably offline.',
} as const;

/** What a {@link StoreApiError} carries besides its message. */
export interface StoreApiErrorOptions {
  /** The error code: a client code or the server's `code`. */
  code: StoreApiErrorCode;
  /** The server's `data` member (e.g. `{ status: 409, cart: … }`), when there was one. */
  data?: unknown;
  /** The HTTP response, when one arrived. */
  response?: Response;
  /** The underlying error (e.g. the fetch `TypeError` behind a `fetch_error`). */
  cause?: unknown;
}

/**
 * The one error class of this package. Every failure of {@link createApiFetch}
 * and the Store API helpers rejects with it, except an abort, which passes
 * through unchanged.
 *
 * @example
 * try {
 *   await apiFetch({ path: '/wc/store/v1/cart/remove-item', method: 'POST', data: { key } });
 * } catch (error) {
 *   if (isStoreApiError(error) && error.code === 'woocommerce_rest_cart_invalid_key') {
 *     showCart((error.data as { cart: unknown }).cart);
 *   } else throw error;
 * }
 */
export class StoreApiError extends Error {
  /** Always `'StoreApiError'`; {@link isStoreApiError} relies on it across realms. */
  override readonly name = 'StoreApiError' as const;
  /** A client code ({@link StoreApiClientErrorCode}) or the server's error `code`. */
  declare readonly code: StoreApiErrorCode;
  /** The server's error `data`, e.g. `{ status: 403 }`. */
  declare readonly data?: unknown;
  /** The HTTP response, if one arrived. For `parse: false` requests its body is unread. */
  declare readonly response?: Response;

  /**
   * @param message - Human-readable; for server errors, the server's `message`.
   * @param options - Code, data, response and cause.
   */
  constructor(message: string, options: StoreApiErrorOptions) {
    // Error takes only `cause` from the options, and only when it is there.
    super(message, options);
    const { code, data, response } = options;
    Object.assign(this, { code, data, response });
  }
}

/** @internal Shorthand for a client-side {@link StoreApiError}. */
export const clientError = (
  code: StoreApiClientErrorCode,
  message: string,
  options?: Omit<StoreApiErrorOptions, 'code'>,
): StoreApiError => new StoreApiError(message, { ...options, code });

/**
 * Whether `error` is a {@link StoreApiError}. Falls back to checking `name` and
 * `code`, so errors from another copy of this package or another realm count too.
 *
 * @example
 * if (isStoreApiError(error) && error.code === 'fetch_error') showOfflineNotice();
 */
export function isStoreApiError(error: unknown): error is StoreApiError {
  const candidate = error as { name?: unknown; code?: unknown } | null | undefined;
  return (
    error instanceof StoreApiError ||
    (candidate?.name === 'StoreApiError' && typeof candidate.code === 'string')
  );
}
