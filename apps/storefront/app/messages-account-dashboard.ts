import type { PluralMessage } from '@cartwright/ui-components';
import { accountTranslator } from './messages-account';

/**
 * The customer's dashboard texts (/my-account/ logged in), in English (decision 0068): loaded
 * with the dashboard's code (components/AccountDashboard.tsx), not with a guest's page.
 */
export const ACCOUNT_DASHBOARD_MESSAGES = {
  'account.hello': 'Hello {name} (not {name}? {logout})',
  'account.dashboard':
    'From your account dashboard you can view your {orders}, manage your {addresses}, and {details}.',
  'account.recentOrders': 'recent orders',
  'account.addressesLink': 'shipping and billing addresses',
  'account.dashboardDetails': 'edit your password and account details',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountDashboardMessageKey = keyof typeof ACCOUNT_DASHBOARD_MESSAGES;

/** The dashboard's translator (with the account pages' shared texts). */
export const accountDashboardT = accountTranslator(ACCOUNT_DASHBOARD_MESSAGES);
