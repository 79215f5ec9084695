export { createCartController, EMPTY_CART_SNAPSHOT } from './cart';
export type {
  CartController,
  CartControllerOptions,
  CartReceiveOptions,
  CartSnapshot,
  CartWarning,
  UpdateOutcome,
} from './cart';
