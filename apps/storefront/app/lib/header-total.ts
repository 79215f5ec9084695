import type { StoreCart } from '@cartwright/store-api-client';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { cartSubtotalOf } from './cart-summary';

/**
 * The header's cart subtotal as text (" $14.00", with its leading space), in the cart's currency.
 * A chunk of its own in the browser: the header shows the server's text until the cart changes,
 * so pages that show no price (an account page, a listing's island page) do not load the
 * currency formatting with the page.
 */
export function headerTotal(cart: Pick<StoreCart, 'totals' | 'extensions'>): string {
  return ` ${formatPrice(cartSubtotalOf(cart), currencyFromStoreApi(cart.totals))}`;
}
