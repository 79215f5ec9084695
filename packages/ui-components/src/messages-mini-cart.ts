import type { PluralMessage } from './messages';

/**
 * `MiniCart`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`), so a
 * page whose mini-cart is not hydrated yet (the storefront's header island) does not carry them.
 */
export const MINI_CART_MESSAGES = {
  // MiniCart (the header's cart panel)
  'miniCart.empty': 'No products in the cart.',
  'miniCart.remove': 'Remove {name} from cart',
  'miniCart.subtotal': 'Subtotal:',
  'miniCart.viewCart': 'View cart',
  'miniCart.checkout': 'Checkout',
} satisfies Record<string, string | PluralMessage>;
