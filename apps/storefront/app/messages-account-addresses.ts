import type { PluralMessage } from '@cartwright/ui-components';
import { ADDRESS_MESSAGES } from '@cartwright/ui-components';
import { FORM_MESSAGES } from './messages-forms';
import { accountTranslator } from './messages-account';

/**
 * The addresses pages' own texts, in English (decision 0068): the list of addresses and the
 * form that edits one.
 */
export const ACCOUNT_ADDRESSES_MESSAGES = {
  'account.addressesIntro': 'The following addresses will be used on the checkout page by default.',
  'account.noAddress': 'You have not set up this type of address yet.',
  'account.addressChanged': 'Address changed successfully.',
  'account.addAddress': 'Add {title}',
  'account.editAddress': 'Edit {title}',
  'account.addressErrors': 'Please correct the following before saving the address:',
  'account.saveAddress': 'Save address',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountAddressesMessageKey = keyof typeof ACCOUNT_ADDRESSES_MESSAGES;

/** The addresses pages' translator. */
export const accountAddressesT = accountTranslator({
  // With ui-components' ADDRESS_MESSAGES: these pages name its texts where no component of
  // its is rendered (the addresses page's headings).
  ...ADDRESS_MESSAGES,
  ...FORM_MESSAGES,
  ...ACCOUNT_ADDRESSES_MESSAGES,
});
