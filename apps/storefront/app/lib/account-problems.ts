import { isStoreApiError } from '@cartwright/store-api-client';
import { checkoutProblems } from './checkout';

// Apart from ./account.ts (which every account page's browser code imports): this is for the
// account pages' actions, on the server, and it brings the checkout's field problems and
// their catalogue with it.

/** What a refused account form shows: one message, and messages by field name. */
export interface AccountProblems {
  messages: string[];
  fields: Record<string, string>;
}

/** The field each of the store's login and registration refusals is about. */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  empty_username: 'username',
  empty_password: 'password',
  invalid_credentials: 'password',
  'registration-error-invalid-email': 'email',
  'registration-error-email-exists': 'email',
  'registration-error-missing-password': 'password',
  'registration-error-weak-password': 'password',
};

/**
 * The store's refusal of a login, registration or address as the page shows it, or `null` when
 * `error` is nothing the shopper can act on (the page then rethrows it). An expired form nonce
 * is a message without a field (the page has a fresh nonce by the time it is shown).
 */
export function accountProblems(error: unknown): AccountProblems | null {
  if (!isStoreApiError(error)) return null;
  if (error.code === 'rest_invalid_param') return checkoutProblems(error);
  const field = FIELD_OF_CODE[error.code];
  if (field !== undefined) return { messages: [error.message], fields: { [field]: error.message } };
  if (error.code === 'cartwright_invalid_nonce' || error.code.startsWith('registration-error-')) {
    return { messages: [error.message], fields: {} };
  }
  return null;
}
