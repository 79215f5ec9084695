import { isStoreApiError } from '@cartwright/store-api-client';
import type { StoreApiCurrencyFields } from '@cartwright/ui-components';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { data } from 'react-router';
import { storeContext } from '../context';
import type { Route } from './+types/order-received';
import { RichMessage } from '../components/RichMessage';
import { shopT } from '../messages';

/** An order address as `cartwright/v1/orders/{id}` answers it. */
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

/** The order summary `GET /wp-json/cartwright/v1/orders/{id}?key=…` answers (cents as strings). */
interface OrderSummary {
  id: number;
  order_number: string;
  status: string;
  date_created_gmt: string;
  payment_method: string;
  payment_method_title: string;
  billing_address: OrderAddress;
  shipping_address: OrderAddress;
  items: { product_id: number; name: string; quantity: number; price: string; total: string }[];
  totals: StoreApiCurrencyFields & { total_items: string; total_price: string };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  if (!/^\d+$/.test(params.id) || key === '') throw data(null, { status: 404 });
  try {
    const order = await context.get(storeContext).apiFetch<OrderSummary>({
      path: `cartwright/v1/orders/${params.id}?key=${encodeURIComponent(key)}`,
    });
    return { order };
  } catch (error) {
    if (isStoreApiError(error) && error.code === 'cartwright_order_invalid') {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export function meta() {
  return [
    { title: shopT.format('page.title', { page: shopT.format('orderReceived.title') }) },
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

export default function OrderReceived({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const currency = currencyFromStoreApi(order.totals);
  const money = (amount: string) => formatPrice(amount, currency);
  const date = new Date(`${order.date_created_gmt}Z`);
  return (
    <>
      <h1>{shopT.format('orderReceived.title')}</h1>
      <p className="woocommerce-thankyou-order-received">{shopT.format('orderReceived.thanks')}</p>
      <ul className="woocommerce-order-overview order_details">
        <li>
          <RichMessage
            id="orderReceived.number"
            parts={{ number: <strong>{order.order_number}</strong> }}
          />
        </li>
        <li>
          {shopT.format('orderReceived.date')}{' '}
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
        {order.billing_address.email ? (
          <li>
            {shopT.format('orderReceived.email')} <strong>{order.billing_address.email}</strong>
          </li>
        ) : null}
        <li>
          {shopT.format('orderReceived.total')}{' '}
          <strong className="order-total">{money(order.totals.total_price)}</strong>
        </li>
        <li>
          {shopT.format('orderReceived.paymentMethod')}{' '}
          <strong>{order.payment_method_title || order.payment_method}</strong>
        </li>
      </ul>
      <section aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">{shopT.format('orderReceived.details')}</h2>
        <table className="shop_table order_details">
          <caption className="cw-visually-hidden">
            {shopT.format('orderReceived.items', { number: String(order.order_number) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{shopT.format('table.product')}</th>
              <th scope="col">{shopT.format('table.total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index}>
                <th scope="row">
                  {item.name} <strong className="product-quantity">× {item.quantity}</strong>
                </th>
                <td>{money(item.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{shopT.format('table.subtotal')}</th>
              <td>{money(order.totals.total_items)}</td>
            </tr>
            <tr>
              <th scope="row">{shopT.format('checkout.paymentMethod')}</th>
              <td>{order.payment_method_title || order.payment_method}</td>
            </tr>
            <tr>
              <th scope="row">{shopT.format('table.total')}</th>
              <td>{money(order.totals.total_price)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
      <div className="order-addresses">
        <section aria-labelledby="billing-address-heading">
          <h2 id="billing-address-heading">{shopT.format('address.billing')}</h2>
          <Address address={order.billing_address} />
        </section>
        <section aria-labelledby="shipping-address-heading">
          <h2 id="shipping-address-heading">{shopT.format('address.shipping')}</h2>
          <Address address={order.shipping_address} />
        </section>
      </div>
    </>
  );
}
