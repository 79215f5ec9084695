import type { PluralMessage } from '@cartwright/ui-components';
import { extendTranslator, extensionOverrides, shopT } from './messages';
import type { AccountAddressesMessageKey } from './messages-account-addresses';
import type { AccountDashboardMessageKey } from './messages-account-dashboard';
import type { AccountDetailsMessageKey } from './messages-account-details';
import type { AccountFormsMessageKey } from './messages-account-forms';
import type { AccountHomeMessageKey } from './messages-account-home';
import type { LostPasswordMessageKey } from './messages-account-lost-password';
import type { AccountOrdersMessageKey } from './messages-account-orders';

/**
 * The texts every logged-in account page shows (the account navigation, the title) and the
 * password hint three of their forms show, in English: a route catalogue (issue 16), loaded
 * with the account routes rather than on every page. Each account page's own texts are a
 * catalogue of their own beside it (`./messages-account-*.ts`, decision 0068), so a page loads
 * only the texts it shows. Same rules and the same override point (`SHOP_MESSAGES` in
 * ./messages.ts) as the storefront's catalogue.
 */
export const ACCOUNT_MESSAGES = {
  'account.nav.label': 'Account pages',
  'account.nav.dashboard': 'Dashboard',
  'account.nav.orders': 'Orders',
  'account.nav.addresses': 'Addresses',
  'account.nav.details': 'Account details',
  'account.nav.logout': 'Log out',
  'account.title': 'My account',
  'account.passwordHint':
    'Hint: The password should be at least twelve characters long. To make it stronger, use upper and lower case letters, numbers, and symbols like ! " ? $ % ^ & ).',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

/** A key of any account page's catalogue (`account.*`). */
export type AccountMessageKey =
  | keyof typeof ACCOUNT_MESSAGES
  | AccountHomeMessageKey
  | AccountDashboardMessageKey
  | AccountFormsMessageKey
  | AccountAddressesMessageKey
  | AccountOrdersMessageKey
  | AccountDetailsMessageKey
  | LostPasswordMessageKey;

/**
 * An account page's translator: {@link ACCOUNT_MESSAGES} and the page's own `catalogue`, and
 * every other key as {@link shopT} has it; the shop's overrides reach all of them.
 */
export function accountTranslator<K extends string>(
  catalogue: Readonly<Record<K, string | PluralMessage>>,
) {
  return extendTranslator(shopT, { ...ACCOUNT_MESSAGES, ...catalogue }, extensionOverrides());
}

/** The account navigation's translator (the texts every logged-in account page shows). */
export const accountT = accountTranslator({});

/** The type of {@link accountT}. */
export type AccountTranslator = typeof accountT;
