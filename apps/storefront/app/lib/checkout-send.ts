/**
 * An island checkout's forms sent from the browser (decision 0086): a shipping change as the
 * checkout's action takes it (`lib/checkout-shipping`), through the page's Store API session
 * (`lib/rest-client`, whose nonce the cart's transport shares). Loaded with the first such form.
 */
import type { StoreCart } from '@cartwright/store-api-client';
import { checkoutShippingAction, type ShippingAnswer } from './checkout-shipping';
import { cartStore } from './rest-client';

/** The form's answer for the page, and the cart the store answered with. */
export function sendCheckoutForm(
  form: FormData,
  storeApiNonce: string | undefined,
): Promise<{ answer: ShippingAnswer; cart?: StoreCart | undefined }> {
  return checkoutShippingAction(form, cartStore(storeApiNonce));
}
