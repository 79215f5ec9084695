import { ADDRESS_MESSAGES, type PluralMessage } from '@cartwright/ui-components';
import { FORM_MESSAGES } from './messages-forms';
import { accountTranslator } from './messages-account';

/**
 * The orders page's own texts, in English (decision 0068).
 */
export const ACCOUNT_ORDERS_MESSAGES = {
  'account.noOrders': 'No order has been made yet.',
  'account.browseProducts': 'Browse products',
  'account.orders.caption': 'Your orders',
  'account.orders.order': 'Order',
  'account.orders.date': 'Date',
  'account.orders.status': 'Status',
  'account.orders.actions': 'Actions',
  'account.orders.pagination': 'Orders pages',
  'account.orders.total': {
    one: '{total} for {count} item',
    other: '{total} for {count} items',
  } as PluralMessage,
  'account.orders.viewLabel': 'View order number {number}',
  'account.orders.view': 'View',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountOrdersMessageKey = keyof typeof ACCOUNT_ORDERS_MESSAGES;

/** The orders page's translator (with the tables' shared texts). */
export const accountOrdersT = accountTranslator({
  // ui-components' ADDRESS_MESSAGES too, though this page shows none of them: the pages that
  // load the forms' shared texts load it as well, so the two stay one chunk (decision 0068).
  ...ADDRESS_MESSAGES,
  ...FORM_MESSAGES,
  ...ACCOUNT_ORDERS_MESSAGES,
});
