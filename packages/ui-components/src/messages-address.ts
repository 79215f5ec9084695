import type { PluralMessage } from './messages';

/** `AddressFields`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const ADDRESS_MESSAGES = {
  // AddressFields
  'address.billing': 'Billing address',
  'address.shipping': 'Shipping address',
  'address.country': 'Country / Region',
  'address.address_1': 'Street address',
  'address.address_2': 'Apartment, suite, unit, etc.',
  'address.city': 'Town / City',
  'address.state': 'State / County',
  'address.postcode': 'Postcode / ZIP',
  'address.selectOption': 'Select an option…',
  'address.optional': '(optional)',
} satisfies Record<string, string | PluralMessage>;
