import type { StoreCart } from '@cartwright/store-api-client';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { cartSubtotalOf } from '../lib/cart-summary';

/**
 * The header's islands (components/Island.tsx): loaded when a shopper comes to the header cart
 * or the cart changes in the page, not with the page.
 */
export { HeaderMiniCart } from './HeaderMiniCart';

/**
 * The header cart's subtotal as its summary shows it, in the store's currency format. Here, not
 * in the shell: the summary keeps the server's text until the page's cart changes, and then
 * this chunk is loading anyway for the mini-cart's panel (decision 0080).
 */
export const formatHeaderTotal = (cart: StoreCart): string =>
  formatPrice(cartSubtotalOf(cart), currencyFromStoreApi(cart.totals));
