import { isStoreApiError } from '@cartwright/store-api-client';
import { createStoreApi } from '@cartwright/store-api-client/store';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { Fragment, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { data, Form, Link, redirect, useFetcher } from 'react-router';
import { CartQuantity } from '../components/CartQuantity';
import { ShippingCalculator } from '../components/ShippingCalculator';
import { ShippingRates } from '../components/ShippingRates';
import { calculateShipping, chooseRates, shippingProblem } from '../lib/shipping-actions.server';
import { useCartController, useCartState, useReceiveCart } from '../components/CartProvider';
import { storeContext } from '../context';
import { toCartView } from '../lib/cart';
import { renderedCartHash } from '../lib/cart-summary';
import type { Route } from './+types/cart';
import { shopT } from '../messages';
import { readForm } from '../lib/form-body';
import { pageTitle } from '../lib/site-title';
import { useRateChoices } from '../lib/rate-choices';
import { AlertNotice } from '@cartwright/ui-components';
import { VariationDetails } from '../components/VariationDetails';
import { CouponForm } from '../components/CouponForm';
import { IncludedTax, TaxLabel } from '../components/TaxLabels';
import { couponAction, isCouponForm } from '../lib/coupons.server';
import { checkoutT } from '../messages-checkout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { apiFetch, setCookies } = context.get(storeContext);
  const cart = await createStoreApi(apiFetch).getCart();
  // The hash this cart was read with: a cart read before a change's answer is not taken in
  // over that answer (cart-queue's `receive`, decision 0056).
  return { cart, cartHash: renderedCartHash(request.headers.get('cookie'), setCookies) };
}

/** Quantity updates: a plain form post (works without JavaScript), then back to the cart. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (isCouponForm(form)) {
    const coupon = await couponAction(form, createStoreApi(context.get(storeContext).apiFetch));
    return data({ coupon }, { status: coupon.ok ? 200 : 400 });
  }
  const intent = form.get('intent');
  if (intent === 'select-shipping-rate' || intent === 'calculate-shipping') {
    const store = createStoreApi(context.get(storeContext).apiFetch);
    try {
      await store.getCart(); // the nonce for the write
      if (intent === 'calculate-shipping') await calculateShipping(store, form);
      else await chooseRates(store, form);
    } catch (error) {
      return data({ error: shippingProblem(error) }, { status: 400 });
    }
    return redirect('/cart/', 303);
  }
  const key = form.get('key');
  const quantity = Number(form.get('quantity'));
  if (typeof key !== 'string' || key === '' || !Number.isInteger(quantity) || quantity < 0) {
    return data({ error: shopT.format('cartNotice.invalidQuantity') }, { status: 400 });
  }
  const store = createStoreApi(context.get(storeContext).apiFetch);
  try {
    await store.getCart(); // the store's answer carries this session's nonce for the write
    if (quantity === 0) await store.removeItem(key);
    else await store.updateItem(key, quantity);
  } catch (error) {
    if (isStoreApiError(error) && error.code.startsWith('woocommerce_rest_')) {
      return data({ error: error.message }, { status: 409 });
    }
    throw error;
  }
  return redirect('/cart/', 303);
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, checkoutT.format('cart.title')) }];
}

/** The store's message as text (its messages escape names as WooCommerce's do). */
function messageText(message: string): string {
  return message
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Whether the page is hydrated: false while server rendering, true in the browser. */
const subscribeNever = () => () => {};

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const controller = useCartController();
  // One cart: this page's loader cart goes into the controller (each time it is read again),
  // and the page renders the controller's, which a change here, in the mini-cart or in another
  // tab replaces. Before the first effect runs it is the root loader's (the same session).
  useReceiveCart(loaderData.cart, loaderData.cartHash);
  const known = useCartState((snapshot) => snapshot.cart);
  const cart = useMemo(() => toCartView(known ?? loaderData.cart), [known, loaderData.cart]);
  const [updateError, setUpdateError] = useState<string | null>(null);
  const currency = currencyFromStoreApi(cart.currency);
  const money = (amount: string) => formatPrice(amount, currency);
  const shippingFetcher = useFetcher<typeof action>();
  const [announce, setAnnounce] = useState(false);
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const fetcherError =
    shippingFetcher.data && 'error' in shippingFetcher.data ? shippingFetcher.data.error : null;
  const error =
    updateError ?? fetcherError ?? (actionData && 'error' in actionData ? actionData.error : null);
  const couponOutcome = actionData && 'coupon' in actionData ? actionData.coupon : undefined;
  /** With JavaScript, a chosen rate is sent at once; the page's loader brings the new totals. */
  const chooseRate = (packageId: number, rateId: string) => {
    setAnnounce(true);
    void shippingFetcher.submit(
      {
        intent: 'select-shipping-rate',
        [`shipping_method[${packageId}]`]: rateId,
      },
      { method: 'post' },
    );
  };

  // The shipping destination the page came with: the calculator is rendered afresh for each
  // new one, and for one the shopper has sent it gives the focus back to its toggle.
  const destinationKey = JSON.stringify(cart.shipping.destination);
  const [firstDestination] = useState(destinationKey);

  // A rate chosen, before hydration or after, with or without the rates' code.
  const ratesForm = useRef<HTMLFormElement>(null);
  useRateChoices(ratesForm, chooseRate);

  /** With JavaScript, a quantity change goes through the cart queue (no page reload). */
  const onUpdate = (event: FormEvent<HTMLFormElement>) => {
    // Before hydration there is no handler: the form posts to the action.
    const form = new FormData(event.currentTarget);
    const key = form.get('key');
    const quantity = Number(form.get('quantity'));
    if (typeof key !== 'string' || !Number.isInteger(quantity) || quantity < 0) return;
    event.preventDefault();
    setUpdateError(null);
    void controller.setQuantity(key, quantity).then((outcome) => {
      if (outcome.type !== 'failed') return;
      // The store's own refusals carry its message; the client's failures get ours.
      const { code, message } = outcome.error;
      setUpdateError(
        code.startsWith('woocommerce_rest_')
          ? messageText(message)
          : checkoutT.format('cart.updateFailed'),
      );
    });
  };
  return (
    <>
      <h1>{checkoutT.format('cart.title')}</h1>
      {error ? (
        <AlertNotice>
          <p>{error}</p>
        </AlertNotice>
      ) : null}
      {cart.lines.length === 0 ? (
        <>
          <p>{checkoutT.format('cart.empty')}</p>
          <p>
            <Link to="/shop/">{checkoutT.format('cart.returnToShop')}</Link>
          </p>
        </>
      ) : (
        <>
          <table className="cart-table shop_table_responsive">
            <caption className="cw-visually-hidden">{checkoutT.format('cart.items')}</caption>
            <thead>
              <tr>
                <th scope="col">{checkoutT.format('table.product')}</th>
                <th scope="col">{checkoutT.format('table.price')}</th>
                <th scope="col">{checkoutT.format('table.quantity')}</th>
                <th scope="col">{checkoutT.format('table.subtotal')}</th>
                <th scope="col">
                  <span className="cw-visually-hidden">{checkoutT.format('cart.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line) => {
                // Two variations of one product are told apart by their options.
                const label =
                  line.variation.length === 0
                    ? line.name
                    : `${line.name} – ${line.variation.map((option) => option.value).join(', ')}`;
                return (
                  <tr key={line.key}>
                    <th scope="row" className="cart-table__product">
                      {line.image ? (
                        <img src={line.image.src} alt="" width={64} height={64} />
                      ) : null}
                      <span className="cart-table__name">
                        <Link to={line.href}>{line.name}</Link>
                        <VariationDetails options={line.variation} />
                      </span>
                    </th>
                    <td data-title={checkoutT.format('table.price')}>{money(line.price)}</td>
                    <td data-title={checkoutT.format('table.quantity')}>
                      <CartQuantity
                        lineKey={line.key}
                        label={label}
                        quantity={line.quantity}
                        max={line.max > 0 ? line.max : undefined}
                        onUpdate={onUpdate}
                      />
                    </td>
                    <td data-title={checkoutT.format('table.subtotal')}>
                      {money(line.lineTotal)}
                      <TaxLabel text={line.taxLabel} />
                    </td>
                    <td className="cart-table__remove">
                      <a
                        href={line.removeUrl}
                        className="remove"
                        aria-label={`Remove ${label} from cart`}
                      >
                        ×
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <CouponForm cart={cart} action="/cart/" serverOutcome={couponOutcome} />
          <section className="cart-totals" aria-labelledby="cart-totals-heading">
            <h2 id="cart-totals-heading">{checkoutT.format('cart.totals')}</h2>
            <dl>
              <dt>{checkoutT.format('table.subtotal')}</dt>
              <dd>
                {money(cart.subtotal)}
                <TaxLabel text={cart.subtotalTaxLabel} />
              </dd>
              {cart.totalsLines.map((line) => (
                <Fragment key={`${line.kind}-${line.label}`}>
                  <dt>{line.label}</dt>
                  <dd className={`cart-totals__${line.kind}`}>
                    {line.detail ? `${line.detail}: ` : ''}
                    {money(line.amount)}
                    <TaxLabel text={line.suffix} />
                  </dd>
                </Fragment>
              ))}
              <dt>{checkoutT.format('table.total')}</dt>
              <dd className="cart-totals__total">
                <strong>{money(cart.total)}</strong>
                <IncludedTax amount={cart.includedTax} money={money} />
              </dd>
            </dl>
            {cart.shipping.needed ? (
              <div className="cart-totals__shipping-choice">
                <Form method="post" className="cw-shipping-form" ref={ratesForm}>
                  <input type="hidden" name="intent" value="select-shipping-rate" />
                  <ShippingRates shipping={cart.shipping} currency={currency} />
                  {hydrated ? null : (
                    <button type="submit" className="cw-button cw-button--secondary">
                      {checkoutT.format('shipping.updateTotals')}
                    </button>
                  )}
                </Form>
                {cart.shipping.destination.country ? (
                  <p className="woocommerce-shipping-destination">
                    {checkoutT.format('shipping.to', {
                      place: [
                        cart.shipping.destination.city,
                        cart.shipping.destination.state,
                        cart.shipping.destination.postcode,
                        cart.shipping.destination.country,
                      ]
                        .filter(Boolean)
                        .join(', '),
                    })}
                  </p>
                ) : null}
                <ShippingCalculator
                  key={destinationKey}
                  destination={cart.shipping.destination}
                  recalculated={destinationKey !== firstDestination}
                />
              </div>
            ) : null}
            <p className="cw-visually-hidden" role="status">
              {announce && shippingFetcher.state === 'idle'
                ? checkoutT.format('shipping.totalNow', { total: money(cart.total) })
                : ''}
            </p>
            <p className="wc-proceed-to-checkout">
              <Link to="/checkout/" className="checkout-button cw-button">
                {checkoutT.format('cart.proceed')}
              </Link>
            </p>
          </section>
        </>
      )}
    </>
  );
}
