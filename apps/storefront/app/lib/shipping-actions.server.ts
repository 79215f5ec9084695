import { statesOf } from '@cartwright/address-data';
import { isStoreApiError } from '@cartwright/store-api-client';
import type { StoreApi } from '@cartwright/store-api-client/store';
import { chosenRatesOf } from './shipping';

/** Chooses each rate the form names (`shipping_method[n]`) that the cart offers. */
export async function chooseRates(store: StoreApi, form: FormData): Promise<void> {
  for (const [packageId, rateId] of chosenRatesOf(form)) {
    await store.selectShippingRate(rateId, packageId);
  }
}

/**
 * The cart's "Calculate shipping" form sent to the store as the shipping address. A state that
 * is not one of the new country's (the field still held the old country's, without
 * JavaScript) is left out rather than refused.
 */
export async function calculateShipping(store: StoreApi, form: FormData): Promise<void> {
  const field = (name: string) => {
    const value = form.get(`calc_shipping_${name}`);
    return typeof value === 'string' ? value.trim() : '';
  };
  const country = field('country');
  const listed = statesOf(country);
  // A state typed or chosen for another country (the page's, without JavaScript) is dropped.
  const state = field('state_country') === country ? field('state') : '';
  await store.updateCustomer({
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
