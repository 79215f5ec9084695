import type { PluralMessage } from '@cartwright/ui-components';

/**
 * The form fields' and tables' texts the checkout, order and account pages share, in English:
 * part of the route catalogues of ./messages-checkout.ts and ./messages-account.ts (issue 16),
 * so pages without those forms do not carry them.
 */
export const FORM_MESSAGES = {
  'table.product': 'Product',
  'table.price': 'Price',
  'table.quantity': 'Quantity',
  'table.subtotal': 'Subtotal',
  'table.total': 'Total',
  'form.email': 'Email address',
  'form.firstName': 'First name',
  'form.lastName': 'Last name',
  'form.company': 'Company name',
  'form.phone': 'Phone',
} satisfies Readonly<Record<string, string | PluralMessage>>;

export type FormMessageKey = keyof typeof FORM_MESSAGES;
