import type { ApiFetch } from '@cartwright/store-api-client';
import { isStoreApiError } from '@cartwright/store-api-client';
import { data } from 'react-router';
import { readCookie } from './cookies';

/** The store's account routes (store-server `routes/password-reset.ts`, `routes/account-details.ts`). */
const ACCOUNT_PATH = '/cartwright/v1/account';

/** The forms' nonce fields, as WooCommerce names them. */
export const LOST_PASSWORD_NONCE_FIELD = 'woocommerce-lost-password-nonce';
export const RESET_PASSWORD_NONCE_FIELD = 'woocommerce-reset-password-nonce';
export const ACCOUNT_DETAILS_NONCE_FIELD = 'save-account-details-nonce';

/** Where the lost-password pages live (WooCommerce's `lost-password` endpoint of my-account). */
export const LOST_PASSWORD_PATH = '/my-account/lost-password/';

/**
 * WordPress's `wp-resetpass-…` cookie: the emailed link's `id:key`, moved out of the address bar
 * (so it leaks neither in history nor in a `Referer`) and sent only to the lost-password page,
 * only to the server, for as long as the form may take.
 */
export const RESET_COOKIE = 'wp-resetpass-cartwright';
const RESET_COOKIE_MAX_AGE = 60 * 60;

/** A reset link's `id` and `key`, when they have the store's shape. */
export interface ResetKey {
  id: string;
  key: string;
}

/** `id` and `key` as an emailed link (or the cookie) carries them, or `null` when malformed. */
export function readResetKey(id: unknown, key: unknown): ResetKey | null {
  if (typeof id !== 'string' || typeof key !== 'string') return null;
  if (!/^[1-9]\d{0,9}$/.test(id) || !/^[A-Za-z0-9_-]{1,100}$/.test(key)) return null;
  return { id, key };
}

/** The `Set-Cookie` line that keeps `reset` for the new-password form (`null`: clears it). */
export function resetCookie(reset: ResetKey | null, secure: boolean): string {
  const value = reset === null ? '' : encodeURIComponent(`${reset.id}:${reset.key}`);
  const age = reset === null ? 0 : RESET_COOKIE_MAX_AGE;
  return `${RESET_COOKIE}=${value}; Path=${LOST_PASSWORD_PATH}; Max-Age=${age}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The reset key the request's cookie holds, if any. */
export function resetKeyFromCookie(cookieHeader: string | null): ResetKey | null {
  const raw = readCookie(cookieHeader, RESET_COOKIE);
  if (raw === undefined || raw.length > 120) return null;
  const at = raw.indexOf(':');
  return at < 0 ? null : readResetKey(raw.slice(0, at), raw.slice(at + 1));
}

/** The lost-password and new-password forms' nonces (`GET /account/lost-password`). */
export async function resetNonces(apiFetch: ApiFetch): Promise<{ lost: string; reset: string }> {
  try {
    const body = await apiFetch<{ nonces: Record<string, string> }>({
      path: `${ACCOUNT_PATH}/lost-password`,
    });
    return {
      lost: body.nonces[LOST_PASSWORD_NONCE_FIELD] ?? '',
      reset: body.nonces[RESET_PASSWORD_NONCE_FIELD] ?? '',
    };
  } catch (error) {
    // A store without the route (a WooCommerce whose companion plugin predates it): no page.
    if (isStoreApiError(error) && error.code === 'rest_no_route') throw data(null, { status: 404 });
    throw error;
  }
}

/** Asks the store to email a reset link (it answers alike whether or not the account exists). */
export async function requestReset(
  apiFetch: ApiFetch,
  userLogin: string,
  nonce: string,
): Promise<void> {
  await apiFetch({
    path: `${ACCOUNT_PATH}/lost-password`,
    method: 'POST',
    data: { user_login: userLogin, [LOST_PASSWORD_NONCE_FIELD]: nonce },
  });
}

/** Whose live key `reset` is; `null` for a wrong, used or expired one. */
export async function checkReset(
  apiFetch: ApiFetch,
  reset: ResetKey,
): Promise<{ login: string } | null> {
  try {
    return await apiFetch<{ login: string }>({
      path: `${ACCOUNT_PATH}/reset-password/check`,
      method: 'POST',
      data: { id: reset.id, key: reset.key },
    });
  } catch (error) {
    if (isStoreApiError(error) && error.code === 'invalid_key') return null;
    throw error;
  }
}

/** Sets the new password with the key (once). */
export async function resetPassword(
  apiFetch: ApiFetch,
  reset: ResetKey,
  passwords: { password1: string; password2: string },
  nonce: string,
): Promise<void> {
  await apiFetch({
    path: `${ACCOUNT_PATH}/reset-password`,
    method: 'POST',
    data: {
      id: reset.id,
      key: reset.key,
      password_1: passwords.password1,
      password_2: passwords.password2,
      [RESET_PASSWORD_NONCE_FIELD]: nonce,
    },
  });
}

/** The customer's account details and the form's nonce (`GET /account/details`). */
export interface AccountDetails {
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  nonces?: Record<string, string>;
}

export async function getAccountDetails(
  apiFetch: ApiFetch,
  restNonce: string,
): Promise<AccountDetails> {
  try {
    return await apiFetch<AccountDetails>({
      path: `${ACCOUNT_PATH}/details`,
      headers: { 'X-WP-Nonce': restNonce },
    });
  } catch (error) {
    if (isStoreApiError(error) && error.code === 'rest_no_route') throw data(null, { status: 404 });
    throw error;
  }
}

/** Saves the account-details form as posted (WooCommerce's field names). */
export function saveAccountDetails(
  apiFetch: ApiFetch,
  restNonce: string,
  fields: Record<string, string>,
): Promise<AccountDetails> {
  return apiFetch<AccountDetails>({
    path: `${ACCOUNT_PATH}/details`,
    method: 'POST',
    headers: { 'X-WP-Nonce': restNonce },
    data: fields,
  });
}

/** A refusal as the forms show it: every message, and each by field. */
export interface FormProblems {
  messages: string[];
  fields: Record<string, string>;
}

/** The field each of the reset refusals is about. */
const RESET_FIELD: Readonly<Record<string, string>> = {
  invalid_username: 'user_login',
  password_reset_empty: 'password_1',
  password_reset_mismatch: 'password_2',
  weak_password: 'password_1',
};

/**
 * The store's refusal of a lost-password, new-password or account-details form, or `null` when
 * it is nothing the shopper can act on (the page rethrows it).
 */
export function formProblems(error: unknown): FormProblems | null {
  if (!isStoreApiError(error)) return null;
  if (error.code === 'cartwright_account_details_invalid') {
    const list = (error.data as { errors?: unknown } | undefined)?.errors;
    const problems = Array.isArray(list)
      ? list.filter(
          (item): item is { field: string; message: string } =>
            typeof item === 'object' &&
            item !== null &&
            typeof (item as { field?: unknown }).field === 'string' &&
            typeof (item as { message?: unknown }).message === 'string',
        )
      : [];
    if (problems.length === 0) return { messages: [error.message], fields: {} };
    return {
      messages: problems.map((problem) => problem.message),
      fields: Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
    };
  }
  const field = RESET_FIELD[error.code];
  if (field !== undefined) return { messages: [error.message], fields: { [field]: error.message } };
  if (
    error.code === 'invalid_key' ||
    error.code === 'too_many_requests' ||
    error.code === 'cartwright_invalid_nonce'
  ) {
    return { messages: [error.message], fields: {} };
  }
  return null;
}
