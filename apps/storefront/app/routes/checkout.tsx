import { createStoreApi } from '@cartwright/store-api-client/store';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import type { AddressFieldName } from '@cartwright/ui-components';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { data, Form, Link, redirect, useFetcher } from 'react-router';
import { ShippingRates } from '../components/ShippingRates';
import { AlertNotice } from '@cartwright/ui-components';
import { CouponForm } from '../components/CouponForm';
import { chooseRates, couponAction, isCouponForm, shippingProblem } from '../lib/cart-forms';
import { AttributionFields } from '../components/AttributionFields';
import { CheckoutAddressFields } from '../components/CheckoutAddressFields';
import { useAddressSuggestionSource } from '../components/address-suggestion-source';
import { storeContext } from '../context';
import { toCartView } from '../lib/cart';
import { orderConfirmationCookie } from '../lib/order-confirmation';
import { storeLinkPath } from '../lib/same-origin';
import {
  CHECKOUT_COUNTRIES,
  checkoutProblems,
  DEFAULT_COUNTRY,
  PAYMENT_METHOD_TITLES,
  checkoutPrefill,
  readCheckoutForm,
  toCheckoutRequest,
} from '../lib/checkout';
import { getStoreSettings } from '../lib/store-settings.server';
import { readCheckoutExtras, savedAddressPrefill, termsRefusal } from '../lib/checkout-extras';
import { OrderNotesIsland, TermsIsland } from '../components/CheckoutExtrasIslands';
import type { CheckoutFieldErrors, CheckoutValues } from '../lib/checkout';
import type { Route } from './+types/checkout';
import { shopT } from '../messages';
import { readForm } from '../lib/form-body';
import { pageTitle } from '../lib/site-title';
import { changedSinceMarkup } from '../lib/pre-hydration';
import { useRateChoices } from '../lib/rate-choices';
import { VariationDetails } from '../components/VariationDetails';
import { IncludedTax, TaxLabel } from '../components/TaxLabels';
import { checkoutT } from '../messages-checkout';

export async function loader({ context }: Route.LoaderArgs) {
  const { apiFetch } = context.get(storeContext);
  const [cart, settings, saved] = await Promise.all([
    createStoreApi(apiFetch).getCart(),
    getStoreSettings(apiFetch),
    savedAddressPrefill(context.get(storeContext)),
  ]);
  const offered = cart.payment_methods.filter((id) => PAYMENT_METHOD_TITLES[id] !== undefined);
  return {
    cart: toCartView(cart),
    /** Where the form starts: the addresses the store keeps for this shopper. */
    prefill: { ...saved, ...checkoutPrefill(cart) },
    termsUrl: settings.termsUrl,
    paymentMethods: (offered.length > 0 ? offered : Object.keys(PAYMENT_METHOD_TITLES)).map(
      (id) => ({ id, title: PAYMENT_METHOD_TITLES[id] ?? id }),
    ),
    addressSuggestions: {
      providers: settings.addressProviders,
      countries: settings.addressAutocompleteCountries,
    },
  };
}

/**
 * Place order: a plain form post (works without JavaScript) mapped to the Store API's
 * `POST /checkout`, then 303 to the order-received page. Refusals come back with the
 * submitted values so nothing the shopper typed is lost.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const store = createStoreApi(context.get(storeContext).apiFetch);
  if (isCouponForm(form)) {
    await store.getCart(); // the store's answer carries this session's nonce for the write
    const { outcome: coupon } = await couponAction(form, store);
    return data({ coupon }, { status: coupon.ok ? 200 : 400 });
  }
  const values = readCheckoutForm(form);
  const extras = readCheckoutExtras(form);
  const intent = form.get('intent');
  if (
    intent === 'select-shipping-rate' ||
    intent === 'update-address' ||
    intent === 'update-totals'
  ) {
    // Not an order: the shipping destination and rate change, the page shows the new totals.
    try {
      await store.getCart();
      if (intent !== 'select-shipping-rate') {
        const { shipping_address: shipping } = toCheckoutRequest(values);
        await store.updateCustomer({
          shipping_address: {
            country: shipping.country ?? '',
            state: shipping.state ?? '',
            city: shipping.city ?? '',
            postcode: shipping.postcode ?? '',
          },
        });
      }
      // The rates checked in the form go too: an address change sent at the same time as a
      // choice must not undo it, whichever reaches the store first.
      await chooseRates(store, form);
    } catch (error) {
      return data(
        { values, extras, messages: [shippingProblem(error)], fields: {} },
        { status: 400 },
      );
    }
    return data({ values, extras, messages: [] as string[], fields: {} });
  }
  // The shop's terms must be accepted before anything is sent (the Store API does not check).
  const refusal = termsRefusal(
    (await getStoreSettings(context.get(storeContext).apiFetch)).termsUrl,
    extras,
  );
  if (refusal) return data({ values, extras, ...refusal }, { status: 400 });
  try {
    await store.getCart(); // the store's answer carries this session's nonce for the write
    await chooseRates(store, form); // the rate the form shows chosen, also without JavaScript
    const order = await store.checkout({
      ...toCheckoutRequest(values),
      customer_note: extras.orderComments,
    });
    const fallback = `/checkout/order-received/${order.order_id}/?key=${encodeURIComponent(order.order_key)}`;
    // The order-received page reads the order with its billing email (a guest's order needs it).
    const confirmation = orderConfirmationCookie(
      {
        orderId: order.order_id,
        email: order.billing_address.email ?? values.billing_email ?? '',
        paymentMethod: order.payment_method,
        placedAt: new Date().toISOString(),
      },
      new URL(request.url).protocol === 'https:',
    );
    return redirect(storeLinkPath(order.payment_result.redirect_url) ?? fallback, {
      status: 303,
      headers: { 'Set-Cookie': confirmation },
    });
  } catch (error) {
    const problems = checkoutProblems(error);
    if (!problems) throw error;
    return data({ values, extras, ...problems }, { status: 400 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, checkoutT.format('checkout.title')) }];
}

/** Whether the page is hydrated: false while server rendering, true in the browser. */
const subscribeNever = () => () => {};

/** Whether a change of the form control `name` can change the shipping rates. */
const affectsShipping = (name: string) =>
  /^(billing|shipping)_(country|state|postcode|city)$/.test(name) ||
  name === 'ship_to_different_address';

const ADDRESS_FIELD_NAMES: readonly AddressFieldName[] = [
  'country',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
];

/** Whether `name` is one of the billing or shipping address fields (`billing_city`, …). */
const isAddressField = (name: string) =>
  ADDRESS_FIELD_NAMES.some((field) => name === `billing_${field}` || name === `shipping_${field}`);

function addressPart(
  source: Record<string, string>,
  type: 'billing' | 'shipping',
): Partial<Record<AddressFieldName, string>> {
  const part: Partial<Record<AddressFieldName, string>> = {};
  for (const name of ADDRESS_FIELD_NAMES) {
    const value = source[`${type}_${name}`];
    if (value !== undefined) part[name] = value;
  }
  return part;
}

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

export default function Checkout({ loaderData, actionData: posted }: Route.ComponentProps) {
  const { cart, paymentMethods, addressSuggestions, prefill } = loaderData;
  // The coupon form's outcome (a post without JavaScript) or the checkout's refusal.
  const couponOutcome = posted && 'coupon' in posted ? posted.coupon : undefined;
  const actionData = posted && 'values' in posted ? posted : undefined;
  // The first prefill stays: revalidations after a shipping change must not reset the form.
  const [firstPrefill] = useState(prefill);
  const values: CheckoutValues = actionData?.values ?? firstPrefill;
  const errors: CheckoutFieldErrors = actionData?.fields ?? {};
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  // Reset from the submitted values whenever a refused post brings them back.
  // Compared by content: revalidated loader data with the same values keeps the shopper's choice.
  const valuesKey = JSON.stringify(values);
  const [shipState, setShipState] = useState({
    from: valuesKey,
    checked: values.ship_to_different_address === '1',
  });
  const shipDifferent =
    shipState.from === valuesKey ? shipState.checked : values.ship_to_different_address === '1';
  const setShipDifferent = (checked: boolean) => setShipState({ from: valuesKey, checked });
  const addressSuggestionSource = useAddressSuggestionSource(addressSuggestions);
  const shippingFetcher = useFetcher<typeof action>();
  // Its own fetcher: a new address must not cancel a rate choice still on its way.
  const addressFetcher = useFetcher<typeof action>();
  const [announce, setAnnounce] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const addressTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** With JavaScript, a chosen rate is sent at once; the loader brings the new totals. */
  const chooseRate = (packageId: number, rateId: string) => {
    setAnnounce(true);
    void shippingFetcher.submit(
      { intent: 'select-shipping-rate', [`shipping_method[${packageId}]`]: rateId },
      { method: 'post' },
    );
  };
  /** Sends the address 400 ms after the last change to where the order ships, so the rates follow it. */
  const scheduleAddressUpdate = () => {
    clearTimeout(addressTimer.current);
    addressTimer.current = setTimeout(() => {
      if (!formRef.current) return;
      const form = new FormData(formRef.current);
      form.set('intent', 'update-address');
      setAnnounce(true);
      void addressFetcher.submit(form, { method: 'post' });
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
  // here: the ship-to-different choice and a changed address are taken up once, on hydration.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const different = form.elements.namedItem('ship_to_different_address');
    if (different instanceof HTMLInputElement && changedSinceMarkup(different)) {
      setShipDifferent(different.checked);
    }
    const controls = [...form.elements] as HTMLInputElement[];
    if (controls.some((control) => isAddressField(control.name) && changedSinceMarkup(control))) {
      setChangedEarly(true);
    }
    if (controls.some((control) => affectsShipping(control.name) && changedSinceMarkup(control))) {
      scheduleAddressUpdate();
    }
    // Once, on hydration: later changes come through the listeners below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A rate chosen, before hydration or after, with or without the rates' code.
  useRateChoices(formRef, chooseRate, valuesKey);
  // Changes to where the order ships, heard natively on the form: the address fields are
  // islands (decision 0069), whose server markup React dispatches no change events for until
  // their code is in. `input` is typing (React's onChange for text), `change` a select or box.
  // The form is re-created with a refused post's values (its key), so the listeners follow it.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onAddressChange = (event: Event) => {
      if (affectsShipping((event.target as HTMLInputElement).name ?? '')) scheduleAddressUpdate();
    };
    form.addEventListener('input', onAddressChange);
    form.addEventListener('change', onAddressChange);
    return () => {
      form.removeEventListener('input', onAddressChange);
      form.removeEventListener('change', onAddressChange);
    };
    // scheduleAddressUpdate reads the form and the fetcher through refs and stable functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      {actionData && actionData.messages.length > 0 ? (
        <AlertNotice id="checkout-errors" occurrence={actionData}>
          <p>{checkoutT.format('checkout.errors')}</p>
          <ul>
            {actionData.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </AlertNotice>
      ) : null}
      <CouponForm cart={cart} action="/checkout/" serverOutcome={couponOutcome} />
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
                onChange={(event) => setShipDifferent(event.currentTarget.checked)}
              />{' '}
              {checkoutT.format('checkout.shipToDifferent')}
            </label>
          </h2>
          {/* Without JavaScript the shipping fields are always shown (used only when ticked). */}
          <div className="shipping_address" hidden={hydrated && !shipDifferent}>
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
        <OrderNotesIsland awake={placing} defaultValue={actionData?.extras.orderComments ?? ''} />
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
          {hydrated || !cart.shipping.needed ? null : (
            <button
              type="submit"
              className="cw-button cw-button--secondary"
              name="intent"
              value="update-totals"
              formNoValidate
            >
              {checkoutT.format('shipping.updateTotals')}
            </button>
          )}
          <p className="cw-visually-hidden" role="status">
            {announce && shippingFetcher.state === 'idle' && addressFetcher.state === 'idle'
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
          {loaderData.termsUrl ? (
            <TermsIsland
              awake={placing}
              termsUrl={loaderData.termsUrl}
              defaultChecked={actionData?.extras.terms ?? false}
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
