import type { StoreCart } from '@cartwright/store-api-client';
import { AlertNotice, currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { AttributionFields } from './AttributionFields';
import { useCartState, useReceiveCart } from './CartProvider';
import { CheckoutAddressFields } from './CheckoutAddressFields';
import { OrderNotesIsland, TermsIsland } from './CheckoutExtrasIslands';
import { CouponForm } from './CouponForm';
import { ShippingRates } from './ShippingRates';
import { cartUpdateFailed, couponSender, loadCartSend, useStoreSend } from './store-send';
import { IncludedTax, TaxLabel } from './TaxLabels';
import { VariationDetails } from './VariationDetails';
import { useAddressSuggestionSource } from './address-suggestion-source';
import { toCartView } from '../lib/cart';
import type { CouponOutcome } from '../lib/cart-forms';
import {
  ADDRESS_FIELD_NAMES,
  addressPart,
  CHECKOUT_COUNTRIES,
  DEFAULT_COUNTRY,
  type CheckoutFieldErrors,
  type CheckoutValues,
} from '../lib/checkout';
import type { CheckoutExtras } from '../lib/checkout-extras';
import type { ShippingAnswer } from '../lib/checkout-shipping';
import { loadRouteChunk } from '../lib/chunks';
import { useAction } from '../lib/page-action';
import { changedSinceMarkup } from '../lib/pre-hydration';
import { rateChoiceForm, useRateChoices } from '../lib/rate-choices';
import { Form, Link } from '../lib/routing';
import { shopT } from '../messages';
import { checkoutT } from '../messages-checkout';

/** A refused order (or a page without JavaScript's shipping change), as the action answers it. */
export interface CheckoutRefusal {
  values: CheckoutValues;
  extras: CheckoutExtras;
  messages: string[];
  fields: CheckoutFieldErrors;
}

/** What the checkout page shows, as its route's loader and action give it. */
export interface CheckoutPageProps {
  /** The cart the page's loader read. */
  cart: StoreCart;
  /** The `woocommerce_cart_hash` the loader read it with (`''` for none). */
  cartHash: string;
  /** Where the form starts: the addresses the store keeps for this shopper. */
  prefill: CheckoutValues;
  termsUrl: string | null;
  paymentMethods: { id: string; title: string }[];
  addressSuggestions: Parameters<typeof useAddressSuggestionSource>[0];
  /** The action's answer to a plain post: a refused order, or a coupon's outcome. */
  refusal?: CheckoutRefusal | undefined;
  couponOutcome?: CouponOutcome | undefined;
}

/** Whether a change of the form control `name` can change the shipping rates. */
const affectsShipping = (name: string) =>
  /^(billing|shipping)_(country|state|postcode|city)$/.test(name) ||
  name === 'ship_to_different_address';

/** Whether `name` is one of the billing or shipping address fields (`billing_city`, …). */
const isAddressField = (name: string) =>
  ADDRESS_FIELD_NAMES.some((field) => name === `billing_${field}` || name === `shipping_${field}`);

function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  required = true,
  values,
  errors,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  required?: boolean;
  values: CheckoutValues;
  errors: CheckoutFieldErrors;
}) {
  const error = errors[name];
  return (
    <p className="form-row cw-address__row" id={`${name}_field`}>
      <label htmlFor={name}>
        {label}
        {required ? (
          <abbr className="required" title={shopT.format('field.required')}>
            *
          </abbr>
        ) : (
          <span className="optional"> {checkoutT.format('address.optional')}</span>
        )}
      </label>
      <input
        className="input-text cw-address__input"
        type={type}
        id={name}
        name={name}
        autoComplete={autoComplete}
        required={required}
        defaultValue={values[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}_error` : undefined}
      />
      {error ? (
        <span className="cw-field-error cw-address__error" id={`${name}_error`}>
          {error}
        </span>
      ) : null}
    </p>
  );
}

function NameFields({
  type,
  values,
  errors,
}: {
  type: 'billing' | 'shipping';
  values: CheckoutValues;
  errors: CheckoutFieldErrors;
}) {
  return (
    <>
      <TextField
        name={`${type}_first_name`}
        label={checkoutT.format('form.firstName')}
        autoComplete={`${type} given-name`}
        values={values}
        errors={errors}
      />
      <TextField
        name={`${type}_last_name`}
        label={checkoutT.format('form.lastName')}
        autoComplete={`${type} family-name`}
        values={values}
        errors={errors}
      />
    </>
  );
}

/**
 * The code that sends the checkout's shipping changes from the browser (decision 0086), with the
 * first one. Loaded from here, not `lib/chunks`: its file names stay out of what every page loads.
 */
const loadCheckoutSend = () =>
  loadRouteChunk('checkout-send', () => import('../lib/checkout-send')).then(
    (module) => module.sendCheckoutForm,
  );

const shippingUpdateFailed = (): ShippingAnswer => ({
  messages: [checkoutT.format('cart.updateFailed')],
});

/**
 * The checkout's content: the coupon form, the billing and shipping addresses, the order notes,
 * the order's lines and totals with the shipping rates, the payment methods, the terms and
 * "Place order". Hydrated whole (decision 0086), from the props the server wrote, when a
 * shopper first comes to it. A rate chosen, or a change to where the order ships, is sent
 * without leaving the page, to the store from the browser (`lib/checkout-shipping`), and the
 * totals follow the cart the store answers with. The order is
 * the form's post, with or without JavaScript.
 */
export function CheckoutPage({
  cart: pageCart,
  cartHash,
  prefill,
  termsUrl,
  paymentMethods,
  addressSuggestions,
  refusal,
  couponOutcome,
}: CheckoutPageProps) {
  // One cart: the loader's goes into the controller (each time it is read again), and the page
  // renders the controller's, which a shipping change here, the header or another tab replaces.
  useReceiveCart(pageCart, cartHash);
  const known = useCartState((snapshot) => snapshot.cart);
  const cart = useMemo(() => toCartView(known ?? pageCart), [known, pageCart]);
  // The first prefill stays: revalidations after a shipping change must not reset the form.
  const [firstPrefill] = useState(prefill);
  const values: CheckoutValues = refusal?.values ?? firstPrefill;
  const errors: CheckoutFieldErrors = refusal?.fields ?? {};
  // The form is made afresh with a refused post's values (its key); compared by content, so
  // revalidated loader data with the same values keeps what the shopper did.
  const valuesKey = JSON.stringify(values);
  const addressSuggestionSource = useAddressSuggestionSource(addressSuggestions);
  /** On an island page: a form sent to the store from here, its cart taken by the controller. */
  const sendCart = useStoreSend(loadCartSend, cartUpdateFailed);
  const sendShipping = useStoreSend(loadCheckoutSend, shippingUpdateFailed);
  const rates = useAction(sendShipping);
  // Its own sender: a new address must not drop the answer to a rate choice still on its way.
  const address = useAction(sendShipping);
  const [announce, setAnnounce] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const addressTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** With JavaScript, a chosen rate is sent at once; the store's answer brings the new totals. */
  const chooseRate = (packageId: number, rateId: string) => {
    setAnnounce(true);
    rates.submit(rateChoiceForm(packageId, rateId));
  };
  /** Sends the address 400 ms after the last change to where the order ships, so the rates follow it. */
  const scheduleAddressUpdate = () => {
    clearTimeout(addressTimer.current);
    addressTimer.current = setTimeout(() => {
      if (!formRef.current) return;
      const form = new FormData(formRef.current);
      form.set('intent', 'update-address');
      setAnnounce(true);
      address.submit(form);
    }, 400);
  };
  // Once an order is on its way the address fields' code loads, so the form a refusal renders
  // again (its key) has live fields at once.
  const [placing, setPlacing] = useState(false);
  // An address field changed in the server's markup before hydration: the fields' code loads
  // at once, so they take it up (a new country's states, decision 0064) without waiting for the
  // shopper to come back to them.
  const [changedEarly, setChangedEarly] = useState(false);
  // What the shopper changed in the server's markup before the page hydrated fired no event
  // here: a changed address is taken up once, on hydration. (Whether the shipping address is
  // shown follows its box by the stylesheet, from before hydration.)
  const takeUpEarlyChanges = useEffectEvent(() => {
    const form = formRef.current;
    if (!form) return;
    const controls = [...form.elements] as HTMLInputElement[];
    if (controls.some((control) => isAddressField(control.name) && changedSinceMarkup(control))) {
      setChangedEarly(true);
    }
    if (controls.some((control) => affectsShipping(control.name) && changedSinceMarkup(control))) {
      scheduleAddressUpdate();
    }
  });
  // Once, on hydration: later changes come through the listeners below.
  useEffect(() => takeUpEarlyChanges(), []);
  // A rate chosen, before hydration or after, with or without the rates' code.
  useRateChoices(formRef, chooseRate, valuesKey);
  // Changes to where the order ships, heard natively on the form: the address fields are
  // islands (decision 0069), whose server markup React dispatches no change events for until
  // their code is in. `input` is typing (React's onChange for text), `change` a select or box.
  // The form is re-created with a refused post's values (its key), so the listeners follow it.
  const onAddressChange = useEffectEvent((event: Event) => {
    if (affectsShipping((event.target as HTMLInputElement).name ?? '')) scheduleAddressUpdate();
  });
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const listener = (event: Event) => onAddressChange(event);
    form.addEventListener('input', listener);
    form.addEventListener('change', listener);
    return () => {
      form.removeEventListener('input', listener);
      form.removeEventListener('change', listener);
    };
  }, [valuesKey]);

  if (cart.lines.length === 0) {
    return (
      <>
        <h1>{checkoutT.format('checkout.title')}</h1>
        <p>{checkoutT.format('cart.empty')}</p>
        <p>
          <Link to="/shop/">{checkoutT.format('cart.returnToShop')}</Link>
        </p>
      </>
    );
  }
  const currency = currencyFromStoreApi(cart.currency);
  const money = (amount: string) => formatPrice(amount, currency);
  const billingDefaults = { country: DEFAULT_COUNTRY, ...addressPart(values, 'billing') };
  const shippingDefaults = { country: DEFAULT_COUNTRY, ...addressPart(values, 'shipping') };
  const chosenMethod = values.payment_method ?? paymentMethods[0]?.id;
  return (
    <>
      <h1>{checkoutT.format('checkout.title')}</h1>
      {refusal && refusal.messages.length > 0 ? (
        <AlertNotice id="checkout-errors" occurrence={refusal}>
          <p>{checkoutT.format('checkout.errors')}</p>
          <ul>
            {refusal.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </AlertNotice>
      ) : null}
      <CouponForm
        cart={cart}
        action="/checkout/"
        serverOutcome={couponOutcome}
        send={couponSender(sendCart)}
      />
      {/* key: a refused post re-renders the fields with the values it carried */}
      <Form
        method="post"
        className="checkout"
        noValidate
        key={valuesKey}
        ref={formRef}
        onSubmit={() => setPlacing(true)}
      >
        <AttributionFields />
        <section aria-labelledby="billing-heading">
          <h2 id="billing-heading">{checkoutT.format('checkout.billing')}</h2>
          <NameFields type="billing" values={values} errors={errors} />
          <CheckoutAddressFields
            awake={placing || changedEarly}
            source={addressSuggestionSource}
            type="billing"
            countries={CHECKOUT_COUNTRIES}
            defaultValues={billingDefaults}
            errors={addressPart(errors, 'billing')}
          />
          <TextField
            name="billing_phone"
            label={checkoutT.format('form.phone')}
            type="tel"
            autoComplete="billing tel"
            required={false}
            values={values}
            errors={errors}
          />
          <TextField
            name="billing_email"
            label={checkoutT.format('form.email')}
            type="email"
            autoComplete="billing email"
            values={values}
            errors={errors}
          />
        </section>
        <section aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" className="checkout-ship-toggle">
            <label>
              <input
                type="checkbox"
                name="ship_to_different_address"
                value="1"
                defaultChecked={values.ship_to_different_address === '1'}
              />{' '}
              {checkoutT.format('checkout.shipToDifferent')}
            </label>
          </h2>
          {/* Without JavaScript the shipping fields are always shown (used only when ticked);
              with it the stylesheet shows them only while the box is ticked, from when the
              page's script runs, before anything hydrates. */}
          <div className="shipping_address">
            <NameFields type="shipping" values={values} errors={errors} />
            <CheckoutAddressFields
              awake={placing || changedEarly}
              source={addressSuggestionSource}
              type="shipping"
              countries={CHECKOUT_COUNTRIES}
              defaultValues={shippingDefaults}
              errors={addressPart(errors, 'shipping')}
            />
          </div>
        </section>
        <OrderNotesIsland awake={placing} defaultValue={refusal?.extras.orderComments ?? ''} />
        <section aria-labelledby="order-review-heading">
          <h2 id="order-review-heading">{checkoutT.format('checkout.yourOrder')}</h2>
          <table className="shop_table woocommerce-checkout-review-order-table">
            <caption className="cw-visually-hidden">{checkoutT.format('checkout.items')}</caption>
            <thead>
              <tr>
                <th scope="col">{checkoutT.format('table.product')}</th>
                <th scope="col">{checkoutT.format('table.subtotal')}</th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line) => (
                <tr key={line.key}>
                  <th scope="row">
                    {line.name} <strong className="product-quantity">× {line.quantity}</strong>
                    <VariationDetails options={line.variation} />
                  </th>
                  <td>
                    {money(line.lineTotal)}
                    <TaxLabel text={line.taxLabel} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{checkoutT.format('table.subtotal')}</th>
                <td>
                  {money(cart.subtotal)}
                  <TaxLabel text={cart.subtotalTaxLabel} />
                </td>
              </tr>
              {cart.totalsLines.map((line) => (
                <tr key={`${line.kind}-${line.label}`} className={`order-${line.kind}`}>
                  <th scope="row">{line.label}</th>
                  <td>
                    {line.detail ? `${line.detail}: ` : ''}
                    {money(line.amount)}
                    <TaxLabel text={line.suffix} />
                  </td>
                </tr>
              ))}
              <tr className="order-total">
                <th scope="row">{checkoutT.format('table.total')}</th>
                <td>
                  <strong>{money(cart.total)}</strong>
                  <IncludedTax amount={cart.includedTax} money={money} />
                </td>
              </tr>
            </tfoot>
          </table>
          <ShippingRates shipping={cart.shipping} currency={currency} />
          {cart.shipping.needed ? (
            // For a page without JavaScript: with it a rate or an address is sent at once.
            // Hidden by the stylesheet once the page's script runs, not by a render: the part
            // may hydrate under the shopper's pointer, and nothing below must move then.
            <button
              type="submit"
              className="cw-button cw-button--secondary cw-without-js"
              name="intent"
              value="update-totals"
              formNoValidate
            >
              {checkoutT.format('shipping.updateTotals')}
            </button>
          ) : null}
          <p className="cw-visually-hidden" role="status">
            {announce && !rates.busy && !address.busy
              ? checkoutT.format('shipping.totalNow', { total: money(cart.total) })
              : ''}
          </p>
          <fieldset
            id="payment"
            aria-invalid={errors.payment_method ? true : undefined}
            aria-describedby={errors.payment_method ? 'payment_method_error' : undefined}
          >
            <legend>{checkoutT.format('checkout.paymentMethod')}</legend>
            {paymentMethods.map((method) => (
              <p key={method.id} className="wc_payment_method">
                <input
                  type="radio"
                  id={`payment_method_${method.id}`}
                  name="payment_method"
                  value={method.id}
                  defaultChecked={method.id === chosenMethod}
                />{' '}
                <label htmlFor={`payment_method_${method.id}`}>{method.title}</label>
              </p>
            ))}
            {errors.payment_method ? (
              <span className="cw-field-error" id="payment_method_error">
                {errors.payment_method}
              </span>
            ) : null}
          </fieldset>
          {termsUrl ? (
            <TermsIsland
              awake={placing}
              termsUrl={termsUrl}
              defaultChecked={refusal?.extras.terms ?? false}
              error={errors.terms}
            />
          ) : null}
          <button type="submit" className="cw-button" id="place_order">
            {checkoutT.format('checkout.placeOrder')}
          </button>
        </section>
      </Form>
    </>
  );
}
