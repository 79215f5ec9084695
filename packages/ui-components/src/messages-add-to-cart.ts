import type { PluralMessage } from './messages';

/** `AddToCartButton`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const ADD_TO_CART_MESSAGES = {
  // AddToCartButton
  'addToCart.button': 'Add to cart',
  'addToCart.label': 'Add to cart: “{name}”',
  'addToCart.success': '“{name}” has been added to your cart',
  'addToCart.error': 'Sorry, “{name}” could not be added to your cart. Please try again.',
  'addToCart.viewCart': 'View cart',
} satisfies Record<string, string | PluralMessage>;
