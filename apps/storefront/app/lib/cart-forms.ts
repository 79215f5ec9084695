/**
 * The cart's and checkout's own forms (a coupon applied or removed, a shipping rate chosen, the
 * "Calculate shipping" address) sent to the store through a Store API session
 * (`@cartwright/store-api-client/store`). The same code runs in the page's action on the server
 * (a plain form post) and in the browser (decision 0084), with the session of the page's REST
 * client; each write answers with the store's cart.
 * On the server the session has no nonce yet: the action reads the cart first (its answer
 * carries the session's nonce), then calls these.
 */
import { statesOf } from '@cartwright/address-data';
import { isStoreApiError, type StoreCart } from '@cartwright/store-api-client';
import type { StoreApi } from '@cartwright/store-api-client/store';
import { chosenRatesOf } from './shipping';
import { storeMessageText } from './store-message';
import { checkoutT } from '../messages-checkout';

/** What a coupon form post came to: shown as a notice beside the form. */
export interface CouponOutcome {
  ok: boolean;
  message: string;
}

/**
 * Whether a posted form is the coupon form (WooCommerce's classic field names: `coupon_code`
 * with the `apply_coupon` button, or a `remove_coupon` button carrying the code).
 */
export function isCouponForm(form: FormData): boolean {
  return form.has('apply_coupon') || form.has('remove_coupon');
}

/** The longest code sent on (the store refuses unknown codes anyway; this bounds the message). */
const MAX_CODE = 200;

/**
 * Applies or removes a coupon. The store's refusals come back as the outcome's message, in its
 * own words; with the cart it answered when it took the change.
 */
export async function couponAction(
  form: FormData,
  store: StoreApi,
): Promise<{ outcome: CouponOutcome; cart?: StoreCart }> {
  const remove = form.get('remove_coupon');
  const raw = typeof remove === 'string' ? remove : form.get('coupon_code');
  const code = typeof raw === 'string' ? raw.trim().slice(0, MAX_CODE) : '';
  if (code === '') return { outcome: { ok: false, message: checkoutT.format('coupon.enterCode') } };
  try {
    if (typeof remove === 'string') {
      const cart = await store.removeCoupon(code);
      return { outcome: { ok: true, message: checkoutT.format('coupon.removed') }, cart };
    }
    const cart = await store.applyCoupon(code);
    return { outcome: { ok: true, message: checkoutT.format('coupon.applied') }, cart };
  } catch (error) {
    if (isStoreApiError(error) && error.code.startsWith('woocommerce_rest_')) {
      return { outcome: { ok: false, message: storeMessageText(error.message) } };
    }
    throw error;
  }
}

/**
 * Chooses each rate the form names (`shipping_method[n]`) that the cart offers; the store's last
 * answer, or none when the form names no rate.
 */
export async function chooseRates(store: StoreApi, form: FormData): Promise<StoreCart | undefined> {
  let cart: StoreCart | undefined;
  for (const [packageId, rateId] of chosenRatesOf(form)) {
    cart = await store.selectShippingRate(rateId, packageId);
  }
  return cart;
}

/**
 * The cart's "Calculate shipping" form sent to the store as the shipping address. A state that
 * is not one of the new country's (the field still held the old country's, without
 * JavaScript) is left out rather than refused.
 */
export function calculateShipping(store: StoreApi, form: FormData): Promise<StoreCart> {
  const field = (name: string) => {
    const value = form.get(`calc_shipping_${name}`);
    return typeof value === 'string' ? value.trim() : '';
  };
  const country = field('country');
  const listed = statesOf(country);
  // A state typed or chosen for another country (the page's, without JavaScript) is dropped.
  const state = field('state_country') === country ? field('state') : '';
  return store.updateCustomer({
    shipping_address: {
      country,
      state: listed && !listed.states.some((option) => option.code === state) ? '' : state,
      city: field('city'),
      postcode: field('postcode'),
    },
  });
}

/** The store's refusal of a shipping change as a message for the page, or rethrown. */
export function shippingProblem(error: unknown): string {
  if (
    isStoreApiError(error) &&
    (error.code === 'rest_invalid_param' || error.code.startsWith('woocommerce_rest_'))
  ) {
    const details = (error.data as { details?: Record<string, { message?: unknown }> } | undefined)
      ?.details;
    const detail = details && Object.values(details)[0]?.message;
    return typeof detail === 'string' ? detail : error.message;
  }
  throw error;
}

/** What the cart page's forms come to: the coupon's outcome, or a refused shipping change. */
export type CartFormAnswer = { coupon: CouponOutcome } | { error: string } | Record<never, never>;

/**
 * The cart page's forms other than a line's quantity (the coupon form, the rates, the shipping
 * calculator), as its action takes them: the answer for the page, and the cart the store
 * answered with. Anything else posted is left alone (an empty answer, no cart).
 */
export async function cartFormAction(
  form: FormData,
  store: StoreApi,
): Promise<{ answer: CartFormAnswer; cart?: StoreCart | undefined }> {
  if (isCouponForm(form)) {
    const { outcome, cart } = await couponAction(form, store);
    return { answer: { coupon: outcome }, cart };
  }
  const intent = form.get('intent');
  if (intent !== 'select-shipping-rate' && intent !== 'calculate-shipping') return { answer: {} };
  try {
    const cart =
      intent === 'calculate-shipping'
        ? await calculateShipping(store, form)
        : await chooseRates(store, form);
    return { answer: {}, cart };
  } catch (error) {
    return { answer: { error: shippingProblem(error) } };
  }
}
