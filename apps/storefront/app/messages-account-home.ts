import type { PluralMessage } from '@cartwright/ui-components';
import { accountTranslator } from './messages-account';

/**
 * The /my-account/ page's own texts a guest sees, in English (decision 0068): the login and
 * register headings, the password reset's confirmation.
 */
export const ACCOUNT_HOME_MESSAGES = {
  'account.login': 'Login',
  'account.register': 'Register',
  'account.lostPassword.done': 'Your password has been reset successfully.',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountHomeMessageKey = keyof typeof ACCOUNT_HOME_MESSAGES;

/** /my-account/'s translator (with the account pages' shared texts). */
export const accountHomeT = accountTranslator(ACCOUNT_HOME_MESSAGES);
