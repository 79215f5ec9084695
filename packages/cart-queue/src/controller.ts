export { createCartController, EMPTY_CART_SNAPSHOT } from './cart';
export type {
  CartController,
  CartControllerOptions,
  CartSnapshot,
  CartWarning,
  UpdateOutcome,
} from './cart';
