import type { PluralMessage } from '@cartwright/ui-components';
import { accountTranslator } from './messages-account';

/**
 * The account details page's own texts, in English (decision 0068).
 */
export const ACCOUNT_DETAILS_MESSAGES = {
  'account.details.title': 'Account details',
  'account.details.firstName': 'First name',
  'account.details.lastName': 'Last name',
  'account.details.displayName': 'Display name',
  'account.details.displayNameHelp':
    'This will be how your name will be displayed in the account section and in reviews',
  'account.details.email': 'Email address',
  'account.details.passwordChange': 'Password change',
  'account.details.currentPassword': 'Current password (leave blank to leave unchanged)',
  'account.details.newPassword': 'New password (leave blank to leave unchanged)',
  'account.details.confirmPassword': 'Confirm new password',
  'account.details.save': 'Save changes',
  'account.details.saved': 'Account details changed successfully.',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountDetailsMessageKey = keyof typeof ACCOUNT_DETAILS_MESSAGES;

/** The account details page's translator. */
export const accountDetailsT = accountTranslator(ACCOUNT_DETAILS_MESSAGES);
