import type { ApiFetch } from '@cartwright/store-api-client';
import { isStoreApiError } from '@cartwright/store-api-client';
import type { StoreApiCurrencyFields } from '@cartwright/ui-components';
import { data } from 'react-router';
import type { StoreRequestContext } from '../context';

/** The store's account routes (store-server `cartwright/v1/account…`). */
const ACCOUNT_PATH = '/cartwright/v1/account';

/** The my-account forms' nonce fields, as WooCommerce names them. */
export const LOGIN_NONCE_FIELD = 'woocommerce-login-nonce';
export const REGISTER_NONCE_FIELD = 'woocommerce-register-nonce';

/** `GET cartwright/v1/account`: who is logged in, and the nonces the forms and calls need. */
export interface Account {
  logged_in: boolean;
  id: number;
  username: string;
  display_name: string;
  roles: string[];
  nonces: { wp_rest: string; [LOGIN_NONCE_FIELD]: string; [REGISTER_NONCE_FIELD]: string };
  /** The store's logout link (a nonce-checked GET), `null` for a guest. */
  logout_url: string | null;
}

/** One row of `GET cartwright/v1/account/orders` (totals in minor units, as strings). */
export interface AccountOrder extends StoreApiCurrencyFields {
  id: number;
  order_number: string;
  order_key: string;
  status: string;
  status_name: string;
  date_created_gmt: string;
  item_count: number;
  total: string;
}

/** An address as the account routes answer it (every field a string). */
export type AccountAddress = Record<string, string>;

/** `GET cartwright/v1/account/addresses`. */
export interface AccountAddresses {
  billing: AccountAddress;
  shipping: AccountAddress;
}

/**
 * The account pages' gate: they exist only when the store has the account routes (a WooCommerce
 * without the Cartwright routes has none). Otherwise the page is a 404, never a 500.
 */
export function requireAccounts(store: StoreRequestContext): void {
  if (!store.features.account) throw data(null, { status: 404 });
}

/** The account of the shopper whose cookies `apiFetch` carries (starts a guest session if none). */
export async function getAccount(apiFetch: ApiFetch): Promise<Account> {
  try {
    return await apiFetch<Account>({ path: ACCOUNT_PATH });
  } catch (error) {
    // The routes went away after start (the store changed): the page does not exist here.
    if (isStoreApiError(error) && error.code === 'rest_no_route') throw data(null, { status: 404 });
    throw error;
  }
}

/** Logs in (WooCommerce's my-account login form); the store's cookies reach the browser. */
export function logIn(
  apiFetch: ApiFetch,
  form: { username: string; password: string; rememberme: boolean; nonce: string },
): Promise<Account> {
  return apiFetch<Account>({
    path: `${ACCOUNT_PATH}/login`,
    method: 'POST',
    data: {
      username: form.username,
      password: form.password,
      ...(form.rememberme ? { rememberme: 'forever' } : {}),
      [LOGIN_NONCE_FIELD]: form.nonce,
    },
  });
}

/**
 * Registers a customer (WooCommerce's my-account register form) and logs them in. `attribution`:
 * the form's `wc_order_attribution_*` inputs, which the store keeps as customer meta.
 */
export function register(
  apiFetch: ApiFetch,
  form: { email: string; password: string; nonce: string; attribution?: Record<string, string> },
): Promise<Account> {
  return apiFetch<Account>({
    path: `${ACCOUNT_PATH}/register`,
    method: 'POST',
    data: {
      ...form.attribution,
      email: form.email,
      password: form.password,
      [REGISTER_NONCE_FIELD]: form.nonce,
    },
  });
}

/** The logged-in customer's orders, a page at a time, and how many pages there are. */
export async function getOrders(
  apiFetch: ApiFetch,
  nonce: string,
  page: number,
  perPage = 10,
): Promise<{ orders: AccountOrder[]; totalPages: number }> {
  const response = await apiFetch({
    path: `${ACCOUNT_PATH}/orders?page=${page}&per_page=${perPage}`,
    headers: { 'X-WP-Nonce': nonce },
    parse: false,
  });
  const orders = (await response.json()) as AccountOrder[];
  return { orders, totalPages: Number(response.headers.get('X-WP-TotalPages') ?? '1') || 1 };
}

/** The logged-in customer's saved billing and shipping addresses. */
export function getAddresses(apiFetch: ApiFetch, nonce: string): Promise<AccountAddresses> {
  return apiFetch<AccountAddresses>({
    path: `${ACCOUNT_PATH}/addresses`,
    headers: { 'X-WP-Nonce': nonce },
  });
}

/** Saves one of the customer's addresses; the store checks it as checkout does. */
export function saveAddress(
  apiFetch: ApiFetch,
  nonce: string,
  type: AddressType,
  address: AccountAddress,
): Promise<AccountAddresses> {
  return apiFetch<AccountAddresses>({
    path: `${ACCOUNT_PATH}/addresses/${type}`,
    method: 'POST',
    headers: { 'X-WP-Nonce': nonce },
    data: address,
  });
}

/** The two kinds of address a customer keeps. */
export type AddressType = 'billing' | 'shipping';

/** Whether a URL segment names an address type. */
export function isAddressType(value: string | undefined): value is AddressType {
  return value === 'billing' || value === 'shipping';
}

/** The fields of each address form, after the `{type}_` prefix (WooCommerce's edit-address). */
export function addressKeys(type: AddressType): readonly string[] {
  const keys = [
    'first_name',
    'last_name',
    'company',
    'country',
    'address_1',
    'address_2',
    'city',
    'state',
    'postcode',
    'phone',
  ];
  return type === 'billing' ? [...keys, 'email'] : keys;
}

/** The posted `{type}_{field}` values of an address form, trimmed; unknown names ignored. */
export function readAddressForm(form: FormData, type: AddressType): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of addressKeys(type)) {
    const value = form.get(`${type}_${key}`);
    if (typeof value === 'string') values[`${type}_${key}`] = value.trim();
  }
  return values;
}

/** Form values (`billing_city`) → the store's address object (`{city}`). */
export function toAddress(values: Record<string, string>, type: AddressType): AccountAddress {
  const address: AccountAddress = {};
  for (const key of addressKeys(type)) address[key] = values[`${type}_${key}`] ?? '';
  return address;
}

/** The store's address object → form values, prefixed (`{city}` → `billing_city`). */
export function toFormValues(address: AccountAddress, type: AddressType): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of addressKeys(type)) values[`${type}_${key}`] = address[key] ?? '';
  return values;
}

/** `2026-11-22T17:05:09` (GMT) → "November 22, 2026", as WooCommerce dates orders. */
export function orderDate(gmt: string, locale = 'en-US'): string {
  const date = new Date(`${gmt}Z`);
  if (Number.isNaN(date.getTime())) return gmt;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
