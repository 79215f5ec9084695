import type { PluralMessage } from '@cartwright/ui-components';
import { accountTranslator } from './messages-account';

/**
 * The /my-account/ page's own texts, in English (decision 0068): the dashboard a customer sees,
 * and the login and register headings a guest sees.
 */
export const ACCOUNT_HOME_MESSAGES = {
  'account.login': 'Login',
  'account.register': 'Register',
  'account.lostPassword.done': 'Your password has been reset successfully.',
  'account.hello': 'Hello {name} (not {name}? {logout})',
  'account.dashboard':
    'From your account dashboard you can view your {orders}, manage your {addresses}, and {details}.',
  'account.recentOrders': 'recent orders',
  'account.addressesLink': 'shipping and billing addresses',
  'account.dashboardDetails': 'edit your password and account details',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountHomeMessageKey = keyof typeof ACCOUNT_HOME_MESSAGES;

/** /my-account/'s translator (with the account pages' shared texts). */
export const accountHomeT = accountTranslator(ACCOUNT_HOME_MESSAGES);
