import { formatPrice, type Currency } from '@cartwright/ui-components';
import type { ChangeEvent } from 'react';
import { shippingMethodField, type ShippingView } from '../lib/shipping';
import { checkoutT } from '../messages-checkout';

/**
 * The shipping rates of each package as a radio group (WooCommerce's `shipping_method[0]`
 * inputs). Inside a form it posts with it; `onChoose` (with JavaScript) chooses at once. A cart
 * with nothing to ship shows nothing; a destination without rates says so.
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
  if (!shipping.needed) return null;
  const anyRate = shipping.packages.some((pack) => pack.rates.length > 0);
  if (!anyRate) {
    return (
      <p className="cw-shipping__none" id="shipping-none">
        {checkoutT.format('shipping.none')}
      </p>
    );
  }
  return (
    <>
      {shipping.packages.map((pack) => (
        <fieldset key={pack.packageId} className="cw-shipping woocommerce-shipping-methods">
          <legend>{checkoutT.format('shipping.method')}</legend>
          <ul className="cw-shipping__rates">
            {pack.rates.map((rate) => {
              const id = `shipping_method_${pack.packageId}_${rate.rateId.replace(/[^a-z0-9_-]/gi, '_')}`;
              return (
                <li key={rate.rateId}>
                  <input
                    type="radio"
                    className="shipping_method"
                    id={id}
                    name={shippingMethodField(pack.packageId)}
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
