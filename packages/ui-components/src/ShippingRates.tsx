import type { ChangeEvent, ReactElement } from 'react';
import { formatPrice, type Currency } from './currency';
import { useMessages } from './MessagesProvider';
import { SHIPPING_RATES_MESSAGES } from './messages-shipping-rates';

/** One shipping rate of a package, as the Store API's `shipping_rates[].shipping_rates[]` has it. */
export interface ShippingRatesRate {
  /** The rate's id (`rate_id`, e.g. `"flat_rate:1"`): the radio's value. */
  rateId: string;
  /** The method's name as the shop titled it ("Flat rate", "Local pickup"). */
  name: string;
  /** Its cost in minor units (`"500"` for $5.00); `"0"` shows the name alone. */
  price: string;
  /** The rate the cart has chosen. */
  selected: boolean;
}

/** One shipping package and its rates. */
export interface ShippingRatesPackage {
  /** The package's id (`package_id`): the field is `shipping_method[<id>]`. */
  packageId: number;
  rates: readonly ShippingRatesRate[];
}

/** Props of {@link ShippingRates}. */
export interface ShippingRatesProps {
  /** The cart holds something to ship (`needs_shipping`); without it nothing renders. */
  needed: boolean;
  packages: readonly ShippingRatesPackage[];
  /** The cart's currency (`currencyFromStoreApi(cart.totals)`). */
  currency: Currency;
  /**
   * Called when the shopper picks a rate (with JavaScript, to choose it at once). Without it
   * the radios are plain fields that post with the form around them.
   */
  onChoose?: ((packageId: number, rateId: string) => void) | undefined;
}

/** WooCommerce's field name of a package's chosen rate. */
export const shippingRatesField = (packageId: number): string => `shipping_method[${packageId}]`;

/**
 * The shipping rates of each package as a radio group (WooCommerce's `shipping_method[0]`
 * inputs), a free rate with its name alone. Inside a form it posts with it; `onChoose` chooses at
 * once. A cart with nothing to ship shows nothing; a destination without rates says so.
 *
 * @example
 * <ShippingRates needed packages={[{ packageId: 0, rates }]} currency={usd} onChoose={choose} />
 */
export function ShippingRates({
  needed,
  packages,
  currency,
  onChoose,
}: ShippingRatesProps): ReactElement | null {
  const t = useMessages(SHIPPING_RATES_MESSAGES);
  if (!needed) return null;
  if (!packages.some((pack) => pack.rates.length > 0)) {
    return (
      <p className="cw-shipping__none" id="shipping-none">
        {t.format('shippingRates.none')}
      </p>
    );
  }
  return (
    <>
      {packages.map((pack) => (
        <fieldset key={pack.packageId} className="cw-shipping woocommerce-shipping-methods">
          <legend>{t.format('shippingRates.legend')}</legend>
          <ul className="cw-shipping__rates">
            {pack.rates.map((rate) => {
              // The rate id with anything but letters, digits, `_` and `-` as `_`.
              const id = `shipping_method_${pack.packageId}_${rate.rateId.replace(/[^a-z0-9_-]/gi, '_')}`;
              return (
                <li key={rate.rateId}>
                  <input
                    type="radio"
                    className="shipping_method"
                    id={id}
                    name={shippingRatesField(pack.packageId)}
                    value={rate.rateId}
                    defaultChecked={rate.selected}
                    onChange={
                      onChoose
                        ? (event: ChangeEvent<HTMLInputElement>) => {
                            if (event.currentTarget.checked) onChoose(pack.packageId, rate.rateId);
                          }
                        : undefined
                    }
                  />{' '}
                  <label htmlFor={id}>
                    {rate.name}
                    {Number(rate.price) > 0 ? `: ${formatPrice(rate.price, currency)}` : ''}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </>
  );
}
