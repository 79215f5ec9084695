import { checkMessages, DEFAULT_MESSAGES } from '@cartwright/ui-components';
import { CART_WARNING_MESSAGES } from './components/cart-warnings';
import { SHOP_MESSAGES, STOREFRONT_MESSAGES, type ShopMessages } from './messages';
import { ACCOUNT_MESSAGES } from './messages-account';
import { ACCOUNT_ADDRESSES_MESSAGES } from './messages-account-addresses';
import { ACCOUNT_DASHBOARD_MESSAGES } from './messages-account-dashboard';
import { ACCOUNT_DETAILS_MESSAGES } from './messages-account-details';
import { ACCOUNT_FORMS_MESSAGES } from './messages-account-forms';
import { ACCOUNT_HOME_MESSAGES } from './messages-account-home';
import { LOST_PASSWORD_MESSAGES } from './messages-account-lost-password';
import { ACCOUNT_ORDERS_MESSAGES } from './messages-account-orders';
import { CATALOG_MESSAGES } from './messages-catalog';
import { CHECKOUT_MESSAGES } from './messages-checkout';
import { FORM_MESSAGES } from './messages-forms';

/**
 * Every catalogue a page of the storefront formats, by the module it lives in: ui-components'
 * (`DEFAULT_MESSAGES`), the storefront's own, and each route catalogue, which pages load only
 * with their routes. The server has them all; a page has only its own.
 */
export const SHOP_CATALOGUES = {
  'ui-components': DEFAULT_MESSAGES,
  storefront: STOREFRONT_MESSAGES,
  account: ACCOUNT_MESSAGES,
  accountAddresses: ACCOUNT_ADDRESSES_MESSAGES,
  accountDashboard: ACCOUNT_DASHBOARD_MESSAGES,
  accountDetails: ACCOUNT_DETAILS_MESSAGES,
  accountForms: ACCOUNT_FORMS_MESSAGES,
  accountHome: ACCOUNT_HOME_MESSAGES,
  lostPassword: LOST_PASSWORD_MESSAGES,
  accountOrders: ACCOUNT_ORDERS_MESSAGES,
  catalog: CATALOG_MESSAGES,
  checkout: CHECKOUT_MESSAGES,
  forms: FORM_MESSAGES,
  cartWarnings: CART_WARNING_MESSAGES,
} as const;

/**
 * Refuses shop overrides ({@link SHOP_MESSAGES} by default) that name a key no catalogue has
 * or give a text that is neither a string nor plural forms with `other`: a
 * `UiComponentsError` `invalid_messages` naming the key. The server calls it as it loads the
 * app (entry.server.tsx), so a bad override stops the server before any page is served; the
 * browser gets the same constant, already checked, and carries no list of keys to check it
 * with (decision 0072).
 */
export function checkShopMessages(messages: ShopMessages = SHOP_MESSAGES): void {
  const every: Record<string, unknown> = {};
  for (const catalogue of Object.values(SHOP_CATALOGUES)) Object.assign(every, catalogue);
  checkMessages(messages, every);
}
