export { useAddButton, useCart, useCartItemCount, useCartSelector } from './use-cart';
