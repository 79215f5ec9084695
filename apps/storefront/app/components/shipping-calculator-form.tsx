import { statesOf } from '@cartwright/address-data';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { ShippingView } from '../lib/shipping';
import { checkoutT } from '../messages-checkout';

/**
 * The live code of the cart's "Calculate shipping" form (`components/ShippingCalculator`'s
 * island, decision 0069): country, state, city and postcode of the shipping address, posted to
 * the cart page's action (`intent=calculate-shipping`), which sends them to the store
 * (`cart/update-customer`) so the rates are for that address. The state is a select for a
 * country with states (from `@cartwright/address-data`, the list the store checks against).
 * With `send` the form goes without leaving the page (decision 0084); without it, the browser
 * posts it.
 */
export function ShippingCalculatorForm({
  destination,
  countries,
  recalculated = false,
  send,
}: {
  destination: ShippingView['destination'];
  /** The countries to choose from (the checkout's, `lib/checkout`'s `CHECKOUT_COUNTRIES`). */
  countries: readonly { code: string; name: string }[];
  /**
   * Rendered for a destination the shopper has just sent: the form they sent it from has gone
   * (this one is the new destination's, in a closed disclosure), so the focus, left on the
   * page's body, goes back to the disclosure's summary, as a closing disclosure gives it back to
   * its toggle.
   */
  recalculated?: boolean | undefined;
  /** Sends the form's fields (with the button's name and value) without leaving the page. */
  send?: ((form: FormData) => void) | undefined;
}) {
  const [country, setCountry] = useState(destination.country);
  // A country chosen in the server's markup before this code arrived reaches `onChange` too: the
  // island gives a select it carries a changed option to a `change` event (decision 0067).
  const states = statesOf(country);
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (recalculated && (focused === null || focused === document.body))
      form.current?.closest('details')?.querySelector('summary')?.focus();
    // As it comes in: the page renders the form afresh for each new destination, so
    // `recalculated` never changes in one form's life.
  }, [recalculated]);
  const onSubmit = send
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        send(new FormData(event.currentTarget, submitter));
      }
    : undefined;
  return (
    <form
      method="post"
      action="/cart/"
      className="woocommerce-shipping-calculator"
      ref={form}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="calculate-shipping" />
      <p className="form-row" id="calc_shipping_country_field">
        <label htmlFor="calc_shipping_country">{checkoutT.format('shipping.countryLabel')}</label>
        <select
          id="calc_shipping_country"
          name="calc_shipping_country"
          autoComplete="shipping country"
          defaultValue={destination.country}
          onChange={(event) => setCountry(event.currentTarget.value)}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </p>
      <p className="form-row" id="calc_shipping_state_field">
        <label htmlFor="calc_shipping_state">
          {states?.label ?? checkoutT.format('shipping.stateLabel')}
        </label>
        {/* Whose states the field holds: without JavaScript it stays the page's country. */}
        <input type="hidden" name="calc_shipping_state_country" value={country} />
        {states ? (
          <select
            key={country}
            id="calc_shipping_state"
            name="calc_shipping_state"
            autoComplete="shipping address-level1"
            defaultValue={country === destination.country ? destination.state : ''}
          >
            <option value="">{checkoutT.format('shipping.selectState')}</option>
            {states.states.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            key={country}
            type="text"
            id="calc_shipping_state"
            name="calc_shipping_state"
            autoComplete="shipping address-level1"
            defaultValue={country === destination.country ? destination.state : ''}
          />
        )}
      </p>
      <p className="form-row" id="calc_shipping_city_field">
        <label htmlFor="calc_shipping_city">{checkoutT.format('shipping.cityLabel')}</label>
        <input
          type="text"
          id="calc_shipping_city"
          name="calc_shipping_city"
          autoComplete="shipping address-level2"
          defaultValue={destination.city}
        />
      </p>
      <p className="form-row" id="calc_shipping_postcode_field">
        <label htmlFor="calc_shipping_postcode">{checkoutT.format('shipping.postcodeLabel')}</label>
        <input
          type="text"
          id="calc_shipping_postcode"
          name="calc_shipping_postcode"
          autoComplete="shipping postal-code"
          defaultValue={destination.postcode}
        />
      </p>
      <p>
        <button type="submit" className="cw-button" name="calc_shipping" value="1">
          {checkoutT.format('shipping.update')}
        </button>
      </p>
    </form>
  );
}
