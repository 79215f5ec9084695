export { createSerialQueue } from './queue';
export type { SerialQueue } from './queue';
export { createCartQueue, SUCCESS_ANNOUNCE_DELAY_MS } from './cart-queue';
export type {
  AddButtonState,
  AddOutcome,
  AddRequest,
  AddStatus,
  CartQueue,
  CartQueueOptions,
  CartQueueSettableOptions,
  CartQueueSnapshot,
  RefreshOutcome,
  RemoveOutcome,
} from './cart-queue';
export { createWcAjaxTransport, deferTransport } from './transport';
export type {
  AddToCartResponse,
  CartAnswer,
  CartConflict,
  CartTransport,
  Fragments,
  RemoveFromCartResponse,
  WcAjaxTransportOptions,
} from './transport';
export type { CartQueueErrorCode } from './errors';
