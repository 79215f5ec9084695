import { ShippingRates as RatesList, type Currency } from '@cartwright/ui-components';
import type { ShippingView } from '../lib/shipping';

/**
 * The shipping rates of each package as a radio group: ui-components' `ShippingRates` fed the
 * cart's {@link ShippingView}. Inside a form it posts with it; `onChoose` (with JavaScript)
 * chooses at once.
 */
export function ShippingRates({
  shipping,
  currency,
  onChoose,
}: {
  shipping: ShippingView;
  currency: Currency;
  onChoose?: ((packageId: number, rateId: string) => void) | undefined;
}) {
  return (
    <RatesList
      needed={shipping.needed}
      packages={shipping.packages}
      currency={currency}
      onChoose={onChoose}
    />
  );
}
