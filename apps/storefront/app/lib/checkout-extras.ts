import type { ApiFetch } from '@cartwright/store-api-client';
import type { StoreRequestContext } from '../context';
import { getAccount, getAddresses, toFormValues } from './account';
import type { CheckoutValues } from './checkout';

/** The longest order note the store keeps (store-server `MAX_NOTE_LENGTH`). */
export const MAX_ORDER_NOTE_LENGTH = 5000;

/** WooCommerce's refusal of an order whose terms box was not ticked (field `terms`). */
export const TERMS_MESSAGE =
  'Please read and accept the terms and conditions to proceed with your order.';

/** The checkout's extra inputs: the order note (`order_comments`) and the terms box (`terms`). */
export interface CheckoutExtras {
  orderComments: string;
  terms: boolean;
}

/** Reads the extras of a posted checkout form. */
export function readCheckoutExtras(form: FormData): CheckoutExtras {
  const note = form.get('order_comments');
  const terms = form.get('terms');
  return {
    orderComments: typeof note === 'string' ? note.trim() : '',
    terms: typeof terms === 'string' && terms !== '',
  };
}

/** The refusal to show when the shop has a terms page and the box was not ticked, else null. */
export function termsRefusal(
  termsUrl: string | null,
  extras: CheckoutExtras,
): { messages: string[]; fields: Record<string, string> } | null {
  if (termsUrl === null || extras.terms) return null;
  return { messages: [TERMS_MESSAGE], fields: { terms: TERMS_MESSAGE } };
}

/**
 * A logged-in customer's saved addresses as checkout values (`billing_city`, …), so the form
 * starts filled in; "ship to a different address" is ticked when a saved shipping address
 * differs from the billing one. `{}` for a guest, or a store without the account routes.
 */
export async function savedAddressPrefill(
  store: Pick<StoreRequestContext, 'apiFetch' | 'features'>,
): Promise<CheckoutValues> {
  if (!store.features.account) return {};
  const apiFetch: ApiFetch = store.apiFetch;
  const account = await getAccount(apiFetch).catch(() => null);
  if (account === null || !account.logged_in) return {};
  const saved = await getAddresses(apiFetch, account.nonces.wp_rest).catch(() => null);
  if (saved === null) return {};
  const values: CheckoutValues = {};
  for (const [name, value] of Object.entries({
    ...toFormValues(saved.billing, 'billing'),
    ...toFormValues(saved.shipping, 'shipping'),
  })) {
    if (value !== '') values[name] = value;
  }
  const differs = ['first_name', 'last_name', 'address_1', 'city', 'postcode', 'country'].some(
    (key) =>
      (saved.shipping[key] ?? '') !== '' &&
      (saved.shipping[key] ?? '') !== (saved.billing[key] ?? ''),
  );
  if (differs) values.ship_to_different_address = '1';
  return values;
}
