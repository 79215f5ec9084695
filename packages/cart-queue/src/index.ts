export { createSerialQueue } from './queue';
export type { SerialQueue } from './queue';
export { createCartController, SUCCESS_ANNOUNCE_DELAY_MS } from './cart';
export type {
  AddButtonState,
  AddOutcome,
  AddRequest,
  AddStatus,
  CartController,
  CartControllerOptions,
  CartSnapshot,
  RemoveOutcome,
} from './cart';
export { createWcAjaxTransport } from './transport';
export type {
  AddToCartResponse,
  CartTransport,
  Fragments,
  RemoveFromCartResponse,
  WcAjaxTransportOptions,
} from './transport';
export { CartQueueError, isCartQueueError } from './errors';
export type { CartQueueErrorCode, CartQueueErrorOptions } from './errors';
