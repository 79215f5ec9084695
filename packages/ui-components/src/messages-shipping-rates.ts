import type { PluralMessage } from './messages';

/** `ShippingRates`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const SHIPPING_RATES_MESSAGES = {
  // ShippingRates (the cart's and checkout's shipping method radio list)
  'shippingRates.legend': 'Shipping method',
  /** WooCommerce's text when the address has no shipping method. */
  'shippingRates.none':
    'There are no shipping options available. Please ensure that your address has been entered correctly, or contact us if you need any help.',
} satisfies Record<string, string | PluralMessage>;
