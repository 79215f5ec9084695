import type { CheckoutRequest } from '@cartwright/store-api-client';
import type { StoreCart } from '@cartwright/store-api-client/store';
import type { AddressFieldName } from '@cartwright/ui-components';
import { isStoreApiError } from '@cartwright/store-api-client';
import { attributionExtensions, attributionInputNames } from './attribution';
import { checkoutT } from '../messages-checkout';

/** The countries the store sells to (store-server's allowed countries), in display order. */
export const CHECKOUT_COUNTRIES: readonly { code: string; name: string }[] = [
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'CA', name: 'Canada' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'ES', name: 'Spain' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'GB', name: 'United Kingdom (UK)' },
  { code: 'US', name: 'United States (US)' },
];

/** The country the form starts with when the store's cart names none it sells to. */
export const DEFAULT_COUNTRY = 'GB';

/** WooCommerce's titles of the offline gateways the store offers. */
export const PAYMENT_METHOD_TITLES: Readonly<Record<string, string>> = {
  cheque: checkoutT.format('payment.cheque'),
  cod: checkoutT.format('payment.cod'),
};

/** The fields ui-components' `AddressFields` renders, by its own names. */
export const ADDRESS_FIELD_NAMES = [
  'country',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
] as const satisfies readonly AddressFieldName[];

/** The address fields a shopper types, after WooCommerce's `{type}_` prefix. */
export const ADDRESS_KEYS = ['first_name', 'last_name', ...ADDRESS_FIELD_NAMES] as const;

/**
 * The `AddressFields` part of a form record keyed by WooCommerce's names (`billing_city`), by
 * the fields' own names (`city`): its values, or its errors.
 */
export function addressPart(
  source: Readonly<Record<string, string | undefined>>,
  type: 'billing' | 'shipping',
): Partial<Record<AddressFieldName, string>> {
  const part: Partial<Record<AddressFieldName, string>> = {};
  for (const name of ADDRESS_FIELD_NAMES) {
    const value = source[`${type}_${name}`];
    if (value !== undefined) part[name] = value;
  }
  return part;
}

/** Everything the form posts, by WooCommerce field name (`billing_first_name`, …). */
export type CheckoutValues = Record<string, string>;

/** Field name (`billing_postcode`) → the store's message for it. */
export type CheckoutFieldErrors = Record<string, string>;

/** The checkout form's fields the page keeps (made when a form is read: server code only). */
const checkoutFields = () => [
  ...ADDRESS_KEYS.map((key) => `billing_${key}`),
  'billing_email',
  'billing_phone',
  ...ADDRESS_KEYS.map((key) => `shipping_${key}`),
  'ship_to_different_address',
  'payment_method',
  ...attributionInputNames(),
];

/** The submitted values the page keeps (strings only; files and unknown names ignored). */
export function readCheckoutForm(form: FormData): CheckoutValues {
  const values: CheckoutValues = {};
  for (const name of checkoutFields()) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value.trim();
  }
  return values;
}

function addressOf(values: CheckoutValues, type: 'billing' | 'shipping') {
  const address: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) address[key] = values[`${type}_${key}`] ?? '';
  return address;
}

/**
 * The Store API `POST /checkout` body for the submitted form: the shipping address is the
 * billing address (without email) unless "Ship to a different address?" was ticked; the hidden
 * `wc_order_attribution_*` inputs go as the order attribution extension data.
 */
export function toCheckoutRequest(values: CheckoutValues): CheckoutRequest {
  const billing = addressOf(values, 'billing');
  const shipping =
    values.ship_to_different_address === '1' ? addressOf(values, 'shipping') : { ...billing };
  return {
    billing_address: {
      ...billing,
      email: values.billing_email ?? '',
      phone: values.billing_phone ?? '',
    },
    shipping_address: { ...shipping, phone: values.billing_phone ?? '' },
    payment_method: values.payment_method ?? '',
    extensions: attributionExtensions(values),
  };
}

interface AddressProblemDetail {
  message?: unknown;
  data?: { field?: unknown };
  additional_errors?: unknown;
}

/** What the page shows for a refused checkout: a summary list and messages by field. */
export interface CheckoutProblems {
  messages: string[];
  fields: CheckoutFieldErrors;
}

/**
 * The store's refusal as the page shows it, or `null` when `error` is not a refusal the
 * shopper can act on (then it is rethrown). Address problems (`rest_invalid_param` with
 * `data.details.{billing,shipping}_address`) are listed one per field.
 */
export function checkoutProblems(error: unknown): CheckoutProblems | null {
  if (!isStoreApiError(error)) return null;
  const data = error.data as { details?: Record<string, AddressProblemDetail> } | undefined;
  if (error.code === 'rest_invalid_param' && data?.details) {
    const messages: string[] = [];
    const fields: CheckoutFieldErrors = {};
    for (const type of ['billing', 'shipping'] as const) {
      const detail = data.details[`${type}_address`];
      if (!detail) continue;
      const extra = Array.isArray(detail.additional_errors)
        ? (detail.additional_errors as AddressProblemDetail[])
        : [];
      for (const problem of [detail, ...extra]) {
        if (typeof problem.message !== 'string') continue;
        messages.push(
          checkoutT.format('checkout.addressProblem', {
            address: checkoutT.format(type === 'billing' ? 'address.billing' : 'address.shipping'),
            message: problem.message,
          }),
        );
        if (typeof problem.data?.field === 'string') {
          fields[`${type}_${problem.data.field}`] = problem.message;
        }
      }
    }
    if (messages.length > 0) return { messages, fields };
  }
  if (
    error.code.startsWith('woocommerce_rest_') ||
    error.code === 'rest_invalid_param' ||
    error.code === 'api-error'
  ) {
    const fields: CheckoutFieldErrors = error.code.includes('payment_method')
      ? { payment_method: error.message }
      : {};
    return { messages: [error.message], fields };
  }
  return null;
}

/** The cart address fields the checkout form starts from (WooCommerce's checkout does the same). */
const PREFILLED = [...ADDRESS_KEYS, 'email', 'phone'] as const;

/**
 * The checkout form's starting values from the store's cart: the addresses WooCommerce keeps for
 * the shopper (a logged-in customer's saved ones; for a new guest, the store's base country).
 * Empty fields are left out, and a country the form does not offer is not preselected.
 */
export function checkoutPrefill(
  cart: Pick<StoreCart, 'billing_address' | 'shipping_address'>,
): CheckoutValues {
  const values: CheckoutValues = {};
  const take = (type: 'billing' | 'shipping', address: unknown) => {
    if (typeof address !== 'object' || address === null) return;
    const fields = address as Record<string, unknown>;
    for (const key of PREFILLED) {
      const value = fields[key];
      if (typeof value !== 'string' || value === '') continue;
      if (key === 'country' && !CHECKOUT_COUNTRIES.some((entry) => entry.code === value)) continue;
      if (type === 'shipping' && key === 'email') continue;
      values[`${type}_${key}`] = value;
    }
  };
  take('billing', cart.billing_address);
  take('shipping', cart.shipping_address);
  return values;
}
