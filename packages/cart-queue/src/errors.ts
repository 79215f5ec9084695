import { StoreApiError } from '@cartwright/store-api-client';

/**
 * Codes cart-queue raises itself, on top of every code of `@cartwright/store-api-client`'s
 * `StoreApiError` (its client codes such as `fetch_error` and `timeout_error`, and the
 * store's own codes). Failures reach the caller as that one error class.
 *
 * - `invalid_request`: the caller passed something unusable (no product id, no cart item
 *   key, a quantity below 0, a transport without the route).
 * - `add_refused`: the store refused an add and gave no product page to go to.
 * - `remove_link_off_site`: a removal failed and its remove link leads off this origin.
 */
export type CartQueueErrorCode = 'invalid_request' | 'add_refused' | 'remove_link_off_site';

/** @internal A cart-queue failure, as the client's error class. */
export const cartError = (
  message: string,
  code: CartQueueErrorCode = 'invalid_request',
): StoreApiError => new StoreApiError(message, { code });
