/** Every failure this package reports. */
export type CartQueueErrorCode =
  /** The request never got an answer (offline, DNS, aborted by a timeout). */
  | 'network_error'
  /** The store answered with a non-2xx status. */
  | 'http_error'
  /** The store answered 2xx with something that is not the expected JSON. */
  | 'invalid_response'
  /** The caller passed something unusable (no product id, no cart item key, bad URL). */
  | 'invalid_request';

export interface CartQueueErrorOptions {
  cause?: unknown;
  /** The HTTP status, for `http_error`. */
  status?: number;
  /** The parsed error body the store sent, when there was one (Store API `{code, message, data}`). */
  body?: unknown;
}

/** The one error class of @cartwright/cart-queue. */
export class CartQueueError extends Error {
  override readonly name = 'CartQueueError';
  readonly code: CartQueueErrorCode;
  readonly status: number | undefined;
  /** The parsed error body, when the store sent one. */
  readonly body: unknown;

  constructor(code: CartQueueErrorCode, message: string, options: CartQueueErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.body = options.body;
  }
}

/** True for a CartQueueError, also one from another copy of this package (checked by name). */
export function isCartQueueError(error: unknown): error is CartQueueError {
  return (
    error instanceof CartQueueError ||
    (error instanceof Error && error.name === 'CartQueueError' && 'code' in error)
  );
}
