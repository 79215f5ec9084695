/**
 * An island page's cart forms sent from the browser (decision 0084): a coupon applied or removed,
 * a shipping rate chosen, the "Calculate shipping" address, as the cart page's action takes them
 * (`lib/cart-forms`), through the page's Store API session (`lib/rest-client`). Loaded with the
 * first such form (`loadCartForms` in `lib/chunks`).
 */
import type { StoreCart } from '@cartwright/store-api-client';
import { cartFormAction, type CartFormAnswer } from './cart-forms';
import { cartStore } from './rest-client';

/** The form's answer for the page, and the cart the store answered with. */
export function sendCartForm(
  form: FormData,
  storeApiNonce: string | undefined,
): Promise<{ answer: CartFormAnswer; cart?: StoreCart | undefined }> {
  return cartFormAction(form, cartStore(storeApiNonce));
}
