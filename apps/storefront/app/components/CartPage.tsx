import type { StoreCart } from '@cartwright/store-api-client';
import { AlertNotice, currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { Fragment, useMemo, useRef, useState, type FormEvent } from 'react';
import { CartQuantity } from './CartQuantity';
import { CouponForm } from './CouponForm';
import { ShippingCalculator } from './ShippingCalculator';
import { ShippingRates } from './ShippingRates';
import { IncludedTax, TaxLabel } from './TaxLabels';
import { VariationDetails } from './VariationDetails';
import { useCartController, useCartState, useReceiveCart } from './CartProvider';
import { cartUpdateFailed, couponSender, loadCartSend, useStoreSend } from './store-send';
import { toCartView } from '../lib/cart';
import type { CartFormAnswer, CouponOutcome } from '../lib/cart-forms';
import { rateChoiceForm, useRateChoices } from '../lib/rate-choices';
import { useAction } from '../lib/page-action';
import { Form, Link } from '../lib/routing';
import { checkoutT } from '../messages-checkout';

/** The store's message as text (its messages escape names as WooCommerce's do). */
function messageText(message: string): string {
  return message
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** What the cart page shows, as its route's loader and action give it. */
export interface CartPageProps {
  /** The cart the page's loader read. */
  cart: StoreCart;
  /** The `woocommerce_cart_hash` the loader read it with (`''` for none). */
  cartHash: string;
  /** A refusal the action answered a plain form post with (a quantity, a shipping change). */
  error?: string | null | undefined;
  /** The outcome of a coupon form posted without JavaScript. */
  couponOutcome?: CouponOutcome | undefined;
}

/** The error of a form's answer, if it is one. */
const errorOf = (answer: CartFormAnswer | undefined) =>
  answer && 'error' in answer ? answer.error : null;

/**
 * The cart page's content: the lines with their quantity forms, the coupon form, the totals with
 * the shipping rates and calculator, the way to the checkout. Hydrated whole (decision 0084),
 * from the props the server wrote, when a shopper first comes to it. Its forms other than the
 * quantities are sent without leaving the page, to the store from the browser
 * (`lib/cart-forms`), whose answer the cart controller takes.
 */
export function CartPage({
  cart: pageCart,
  cartHash,
  error: pageError,
  couponOutcome,
}: CartPageProps) {
  const controller = useCartController();
  // One cart: this page's loader cart goes into the controller (each time it is read again),
  // and the page renders the controller's, which a change here, in the mini-cart or in another
  // tab replaces. Before the first effect runs it is the root loader's (the same session).
  useReceiveCart(pageCart, cartHash);
  const known = useCartState((snapshot) => snapshot.cart);
  const cart = useMemo(() => toCartView(known ?? pageCart), [known, pageCart]);
  const [updateError, setUpdateError] = useState<string | null>(null);
  const currency = currencyFromStoreApi(cart.currency);
  const money = (amount: string) => formatPrice(amount, currency);
  /** On an island page: a form sent to the store from here, its cart taken by the controller. */
  const send = useStoreSend(loadCartSend, cartUpdateFailed);
  const sendCoupon = couponSender(send);
  const rates = useAction(send);
  const calculator = useAction(send);
  const [announce, setAnnounce] = useState(false);
  const error = updateError ?? errorOf(rates.data) ?? errorOf(calculator.data) ?? pageError;
  /** With JavaScript, a chosen rate is sent at once; the store's answer brings the new totals. */
  const chooseRate = (packageId: number, rateId: string) => {
    setAnnounce(true);
    rates.submit(rateChoiceForm(packageId, rateId));
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
          <CouponForm cart={cart} action="/cart/" serverOutcome={couponOutcome} send={sendCoupon} />
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
                  {/* For a page without JavaScript: with it a rate is chosen at once. Hidden by
                      the stylesheet once the page's script runs, not by a render: the part may
                      hydrate under the shopper's pointer, and nothing below must move then. */}
                  <button type="submit" className="cw-button cw-button--secondary cw-without-js">
                    {checkoutT.format('shipping.updateTotals')}
                  </button>
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
                  send={calculator.submit}
                />
              </div>
            ) : null}
            <p className="cw-visually-hidden" role="status">
              {announce && !rates.busy
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
