import { createStoreApi } from '@cartwright/store-api-client/store';
import { data, redirect } from 'react-router';
import { CheckoutPage } from '../components/CheckoutPage';
import { pagePart } from '../components/PagePart';
import { storeContext } from '../context';
import { renderedCartHash } from '../lib/cart-summary';
import { chooseRates, couponAction, isCouponForm } from '../lib/cart-forms';
import {
  checkoutPrefill,
  checkoutProblems,
  PAYMENT_METHOD_TITLES,
  readCheckoutForm,
  toCheckoutRequest,
} from '../lib/checkout';
import { readCheckoutExtras, savedAddressPrefill, termsRefusal } from '../lib/checkout-extras';
import { checkoutShippingAction, isShippingForm } from '../lib/checkout-shipping';
import { readForm } from '../lib/form-body';
import { orderConfirmationCookie } from '../lib/order-confirmation';
import { storeLinkPath } from '../lib/same-origin';
import { pageTitle } from '../lib/site-title';
import { getStoreSettings } from '../lib/store-settings.server';
import { checkoutT } from '../messages-checkout';
import type { Route } from './+types/checkout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { apiFetch, setCookies } = context.get(storeContext);
  const [cart, settings, saved] = await Promise.all([
    createStoreApi(apiFetch).getCart(),
    getStoreSettings(apiFetch),
    savedAddressPrefill(context.get(storeContext)),
  ]);
  const offered = cart.payment_methods.filter((id) => PAYMENT_METHOD_TITLES[id] !== undefined);
  return {
    cart,
    // The hash this cart was read with: a cart read before a change's answer is not taken in
    // over that answer (cart-queue's `receive`, decision 0056).
    cartHash: renderedCartHash(request.headers.get('cookie'), setCookies),
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
  if (isShippingForm(form)) {
    // Not an order: the shipping destination and rate change, the page shows the new totals.
    await store.getCart(); // the store's answer carries this session's nonce for the writes
    const { answer } = await checkoutShippingAction(form, store);
    return data(
      { values, extras, messages: answer.messages, fields: {} },
      { status: answer.messages.length > 0 ? 400 : 200 },
    );
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

/**
 * An island page (decision 0086): the browser hydrates the checkout's content as one part, from
 * the props the server wrote, when a shopper first comes to it (`checkout` in
 * `app/islands-hydrate.tsx`), and the layout's live parts; not the router. Its shipping changes
 * go to the store from the browser; the order is the form's post, answered by the action above
 * with the order-received page, or with the page again and the refusal.
 */
export const handle = { islands: 'checkout' };

const { PagePart: CheckoutPart } = pagePart('checkout-page', CheckoutPage);

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CheckoutPart
      {...loaderData}
      refusal={actionData && 'values' in actionData ? actionData : undefined}
      couponOutcome={actionData && 'coupon' in actionData ? actionData.coupon : undefined}
    />
  );
}
