import { ShippingRates as RatesList, type Currency } from '@cartwright/ui-components';
import { useState } from 'react';
import { loadCartIslands } from '../lib/chunks';
import type { ShippingView } from '../lib/shipping';
import { island } from './Island';

// The rates are plain radios in the server's markup, and a choice among them needs no code of
// theirs: the page hears it natively on its form (`useRateChoices`, decision 0071), before and
// after the rates' code is in. Their code (ui-components' `ShippingRates`) is needed only to
// show other rates or another chosen one, so it loads when a shopper comes to the rates (a
// pointer over them, focus in them, a touch) or when the cart's rates change; it comes in the
// coupon form's chunk (`cart-islands`).
const RatesIsland = island({
  name: 'shipping-rates',
  load: async () => (await loadCartIslands()).ShippingRates,
  server: import.meta.env.SSR ? RatesList : undefined,
});

/**
 * The shipping rates of each package as a radio group: ui-components' `ShippingRates` fed the
 * cart's {@link ShippingView}, as an island. Inside a form it posts with it; with JavaScript the
 * page chooses a rate at once through {@link useRateChoices}.
 */
export function ShippingRates({
  shipping,
  currency,
}: {
  shipping: ShippingView;
  currency: Currency;
}) {
  // The rates the server rendered: others (or another chosen one) mean its markup is out of
  // date. Compared by content: the cart view is made afresh on each render.
  const rates = JSON.stringify(shipping.packages);
  const [rendered] = useState(rates);
  return (
    <RatesIsland
      awake={rates !== rendered}
      needed={shipping.needed}
      packages={shipping.packages}
      currency={currency}
    />
  );
}
