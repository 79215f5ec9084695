import { isStoreApiError } from '@cartwright/store-api-client';
import type { StoreApiCurrencyFields } from '@cartwright/ui-components';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { data, Form, redirect } from 'react-router';
import { storeContext } from '../context';
import { orderNote } from '../lib/order-note.server';
import type { Route } from './+types/order-received';
import { getStoreSettings } from '../lib/store-settings.server';
import { orderLineAmount, orderTotals, type OrderTaxTotals } from '../lib/order-totals';
import { IncludedTax, TaxLabel } from '../components/TaxLabels';
import { RichMessage } from '../components/RichMessage';
import { chosenOptionsOf, VariationDetails } from '../components/VariationDetails';
import { AccountField } from '../lib/account-field';
import { ErrorNotice } from '../lib/error-notice';
import { shopT } from '../messages';
import { PAYMENT_METHOD_TITLES } from '../lib/checkout';
import { readForm } from '../lib/form-body';
import { orderConfirmationCookie, readOrderConfirmation } from '../lib/order-confirmation';
import { pageTitle } from '../lib/site-title';
import { checkoutT } from '../messages-checkout';

/** An order address as the Store API's order route answers it. */
interface OrderAddress {
  first_name: string;
  last_name: string;
  company?: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email?: string;
  phone?: string;
}

/**
 * The order as `GET /wp-json/wc/store/v1/order/{id}?key=…&billing_email=…` answers it (WooCommerce
 * 10.2.4's Store API, and the embedded store's): amounts in minor units, as strings.
 */
interface StoreApiOrder {
  id: number;
  status: string;
  billing_address: OrderAddress;
  shipping_address: OrderAddress;
  items: {
    name: string;
    quantity: number;
    totals: { line_total: string; line_total_tax?: string };
    variation?: { attribute: string; value: string }[];
  }[];
  totals: StoreApiCurrencyFields & OrderTaxTotals;
}

/** The Store API's answer when the billing email is missing or wrong (a guest's order). */
const EMAIL_REFUSED = 'woocommerce_rest_invalid_billing_email';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  if (!/^\d{1,10}$/.test(params.id) || key === '' || key.length > 100) {
    throw data(null, { status: 404 });
  }
  const orderId = Number(params.id);
  const confirmation = readOrderConfirmation(request.headers.get('Cookie'), orderId);
  const query = new URLSearchParams({ key });
  if (confirmation) query.set('billing_email', confirmation.email);
  try {
    const order = await context.get(storeContext).apiFetch<StoreApiOrder>({
      path: `wc/store/v1/order/${orderId}?${query.toString()}`,
    });
    const settings = await getStoreSettings(context.get(storeContext).apiFetch);
    return {
      verify: false as const,
      order,
      taxDisplay: settings.tax,
      note: await orderNote(context.get(storeContext).apiFetch, orderId, key),
      paymentMethod: confirmation?.paymentMethod,
      placedAt: confirmation?.placedAt,
    };
  } catch (error) {
    if (isStoreApiError(error) && error.code === EMAIL_REFUSED) {
      // Ask for the billing email, as WooCommerce's own page does for a guest's order.
      return { verify: true as const, wrongEmail: confirmation !== undefined };
    }
    const status = isStoreApiError(error) ? error.response?.status : undefined;
    if (status !== undefined && status >= 400 && status < 500) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

/** The email check's form: remembers the email for this order, then shows the page again. */
export async function action({ params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = form.get('billing_email');
  const email = typeof field === 'string' ? field.trim() : '';
  const url = new URL(request.url);
  const key = url.searchParams.get('key') ?? '';
  if (!/^\d{1,10}$/.test(params.id) || key === '' || key.length > 100) {
    throw data(null, { status: 404 });
  }
  // Built from the route, not the request's URL (a script's post goes to the `.data` URL).
  const back = `/checkout/order-received/${params.id}/?key=${encodeURIComponent(key)}`;
  if (email === '' || email.length > 254) return redirect(back, 303);
  return redirect(back, {
    status: 303,
    headers: {
      'Set-Cookie': orderConfirmationCookie(
        { orderId: Number(params.id), email },
        url.protocol === 'https:',
      ),
    },
  });
}

/**
 * An island page (decision 0082) with nothing of its own to hydrate: the order, as the store
 * keeps it, and for a guest's order opened without its email the form that asks for it, a
 * plain post. The browser hydrates only the layout's live parts (`layout`); a refused email's
 * notice is focused by the runtime as any alert notice is.
 */
export const handle = { islands: 'layout' };

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(matches, checkoutT.format('orderReceived.title')) },
    { name: 'robots', content: 'noindex' },
  ];
}

function Address({ address }: { address: OrderAddress }) {
  const lines = [
    `${address.first_name} ${address.last_name}`.trim(),
    address.company,
    address.address_1,
    address.address_2,
    [address.city, address.state, address.postcode].filter(Boolean).join(' '),
    address.country,
  ].filter((line): line is string => Boolean(line));
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
      {address.phone ? (
        <span>
          {address.phone}
          <br />
        </span>
      ) : null}
      {address.email ? <span>{address.email}</span> : null}
    </address>
  );
}

/** A guest's order opened without its billing email: ask for it, as WooCommerce does. */
function VerifyEmail({ wrongEmail }: { wrongEmail: boolean }) {
  return (
    <>
      <h1>{checkoutT.format('orderReceived.title')}</h1>
      <ErrorNotice
        messages={wrongEmail ? [checkoutT.format('orderReceived.verify.wrong')] : []}
        id="verify-errors"
      />
      <p>{checkoutT.format('orderReceived.verify.why')}</p>
      <Form method="post" className="woocommerce-form account-form" noValidate>
        <AccountField
          name="billing_email"
          type="email"
          label={checkoutT.format('form.email')}
          autoComplete="email"
          required
          defaultValue=""
          error={undefined}
        />
        <button type="submit" className="cw-button">
          {checkoutT.format('orderReceived.verify.submit')}
        </button>
      </Form>
    </>
  );
}

export default function OrderReceived({ loaderData }: Route.ComponentProps) {
  if (loaderData.verify) return <VerifyEmail wrongEmail={loaderData.wrongEmail} />;
  const { order, paymentMethod, placedAt, taxDisplay } = loaderData;
  const currency = currencyFromStoreApi(order.totals);
  const money = (amount: string) => formatPrice(amount, currency);
  const totals = orderTotals(order.totals, taxDisplay);
  const date = placedAt === undefined ? undefined : new Date(placedAt);
  const methodTitle =
    paymentMethod === undefined
      ? undefined
      : (PAYMENT_METHOD_TITLES[paymentMethod] ?? paymentMethod);
  return (
    <>
      <h1>{checkoutT.format('orderReceived.title')}</h1>
      <p className="woocommerce-thankyou-order-received">
        {checkoutT.format('orderReceived.thanks')}
      </p>
      <ul className="woocommerce-order-overview order_details">
        <li>
          <RichMessage
            id="orderReceived.number"
            t={checkoutT}
            parts={{ number: <strong>{order.id}</strong> }}
          />
        </li>
        {date ? (
          <li>
            {checkoutT.format('orderReceived.date')}{' '}
            <strong>
              <time dateTime={date.toISOString()}>
                {shopT.date(date, {
                  year: 'numeric',
                  month: 'long',
                  day: 'numeric',
                  timeZone: 'UTC',
                })}
              </time>
            </strong>
          </li>
        ) : null}
        {order.billing_address.email ? (
          <li>
            {checkoutT.format('orderReceived.email')} <strong>{order.billing_address.email}</strong>
          </li>
        ) : null}
        <li>
          {checkoutT.format('orderReceived.total')}{' '}
          <strong className="order-total">{money(order.totals.total_price)}</strong>
        </li>
        {methodTitle ? (
          <li>
            {checkoutT.format('orderReceived.paymentMethod')} <strong>{methodTitle}</strong>
          </li>
        ) : null}
      </ul>
      <section aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">{checkoutT.format('orderReceived.details')}</h2>
        <table className="shop_table order_details">
          <caption className="cw-visually-hidden">
            {checkoutT.format('orderReceived.items', { number: String(order.id) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{checkoutT.format('table.product')}</th>
              <th scope="col">{checkoutT.format('table.total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index}>
                <th scope="row">
                  {item.name} <strong className="product-quantity">× {item.quantity}</strong>
                  <VariationDetails options={chosenOptionsOf(item.variation)} />
                </th>
                <td>{money(orderLineAmount(item.totals, taxDisplay))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{checkoutT.format('table.subtotal')}</th>
              <td>
                {money(totals.subtotal)}
                <TaxLabel text={totals.subtotalSuffix} />
              </td>
            </tr>
            {totals.rows.map((row) => (
              <tr key={`${row.kind}-${row.label}`} className={`order-${row.kind}`}>
                <th scope="row">{row.label}</th>
                <td>
                  {money(row.amount)}
                  <TaxLabel text={row.suffix} />
                </td>
              </tr>
            ))}
            {methodTitle ? (
              <tr>
                <th scope="row">{checkoutT.format('checkout.paymentMethod')}</th>
                <td>{methodTitle}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">{checkoutT.format('table.total')}</th>
              <td>
                {money(totals.total)}
                <IncludedTax amount={totals.includedTax} money={money} />
              </td>
            </tr>
            {loaderData.note ? (
              <tr className="order-note">
                <th scope="row">{checkoutT.format('orderReceived.note')}</th>
                <td>{loaderData.note}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </section>
      <div className="order-addresses">
        <section aria-labelledby="billing-address-heading">
          <h2 id="billing-address-heading">{checkoutT.format('address.billing')}</h2>
          <Address address={order.billing_address} />
        </section>
        <section aria-labelledby="shipping-address-heading">
          <h2 id="shipping-address-heading">{checkoutT.format('address.shipping')}</h2>
          <Address address={order.shipping_address} />
        </section>
      </div>
    </>
  );
}
