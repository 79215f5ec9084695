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
  CartWarning,
  RefreshOutcome,
  RemoveOutcome,
  UpdateOutcome,
} from './cart';
export { createWcAjaxTransport } from './transport';
export type {
  AddToCartResponse,
  CartAnswer,
  CartConflict,
  CartTransport,
  Fragments,
  RemoveFromCartResponse,
  StoreCart,
  StoreCartItem,
  WcAjaxTransportOptions,
} from './transport';
export { CartQueueError, isCartQueueError } from './errors';
export type { CartQueueErrorCode, CartQueueErrorOptions } from './errors';
