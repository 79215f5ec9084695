export { useAddButton, useCart, useCartItemCount, useCartSelector } from './use-cart';
export type { CartStore } from './use-cart';
