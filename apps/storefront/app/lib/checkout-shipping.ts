/**
 * The checkout's shipping forms (a rate chosen, the address the order ships to changed, a page
 * without JavaScript's "Update totals") sent to the store through a Store API session, as the
 * checkout's action takes them. The same code runs in the action on the server (a plain form
 * post) and in the browser (decision 0086, through `lib/checkout-send`), where each write answers with the store's cart for the cart controller.
 * On the server the session has no nonce yet: the action reads the cart first.
 */
import type { StoreCart } from '@cartwright/store-api-client';
import type { StoreApi } from '@cartwright/store-api-client/store';
import { chooseRates, shippingProblem } from './cart-forms';
import { readCheckoutForm, toCheckoutRequest } from './checkout';

/** The intents of the checkout's shipping forms. */
const SHIPPING_INTENTS = new Set(['select-shipping-rate', 'update-address', 'update-totals']);

/** Whether a posted checkout form is a shipping change, not an order. */
export function isShippingForm(form: FormData): boolean {
  const intent = form.get('intent');
  return typeof intent === 'string' && SHIPPING_INTENTS.has(intent);
}

/** What a shipping change came to: the store's refusal in its words, if it refused. */
export interface ShippingAnswer {
  messages: string[];
}

/**
 * Sends the address the order ships to (its country, state, city and postcode: what the rates
 * depend on), unless only a rate was chosen, then the rates the form has checked: an address
 * change sent at the same time as a choice must not undo it, whichever reaches the store first.
 */
export async function checkoutShippingAction(
  form: FormData,
  store: StoreApi,
): Promise<{ answer: ShippingAnswer; cart?: StoreCart | undefined }> {
  try {
    let cart: StoreCart | undefined;
    if (form.get('intent') !== 'select-shipping-rate') {
      const { shipping_address: shipping } = toCheckoutRequest(readCheckoutForm(form));
      cart = await store.updateCustomer({
        shipping_address: {
          country: shipping.country ?? '',
          state: shipping.state ?? '',
          city: shipping.city ?? '',
          postcode: shipping.postcode ?? '',
        },
      });
    }
    cart = (await chooseRates(store, form)) ?? cart;
    return { answer: { messages: [] }, cart };
  } catch (error) {
    return { answer: { messages: [shippingProblem(error)] } };
  }
}
