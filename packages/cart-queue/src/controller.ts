export { createCartController } from './cart';
export type {
  CartController,
  CartControllerOptions,
  CartSnapshot,
  CartWarning,
  UpdateOutcome,
} from './cart';
