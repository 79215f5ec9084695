import { currencyFromStoreApi, formatPrice, Pagination } from '@cartwright/ui-components';
import { data, Link, redirect } from 'react-router';
import { storeContext } from '../context';
import { getAccount, getOrders, orderDate, requireAccounts } from '../lib/account';
import { AccountLayout } from '../lib/account-nav';
import accountStyles from './account.css?url';
import type { Route } from './+types/account-orders';
import { accountOrdersT } from '../messages-account-orders';
import { pageTitle } from '../lib/site-title';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** `/my-account/orders/` and `/my-account/orders/{n}/`: the customer's orders, newest first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAccounts(context.get(storeContext));
  const { apiFetch } = context.get(storeContext);
  const account = await getAccount(apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  const page = params.page === undefined ? 1 : Number(params.page);
  if (!Number.isSafeInteger(page) || page < 1) throw data(null, { status: 404 });
  const { orders, totalPages } = await getOrders(apiFetch, account.nonces.wp_rest, page);
  if (page > 1 && orders.length === 0) throw data(null, { status: 404 });
  return { orders, page, totalPages, logoutUrl: account.logout_url };
}

/**
 * An island page (decision 0082) with nothing of its own to hydrate: the orders are a table of
 * links, the account's navigation links, the page links links. The browser hydrates only the
 * layout's live parts (`layout`, as the 404 page).
 */
export const handle = { islands: 'layout' };

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(matches, accountOrdersT.format('account.nav.orders'), { account: true }) },
  ];
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, totalPages, logoutUrl } = loaderData;
  return (
    <>
      <h1>{accountOrdersT.format('account.nav.orders')}</h1>
      <AccountLayout logoutUrl={logoutUrl}>
        {orders.length === 0 ? (
          <div className="woocommerce-info" role="status">
            <p>{accountOrdersT.format('account.noOrders')}</p>
            <p>
              <Link to="/shop/">{accountOrdersT.format('account.browseProducts')}</Link>
            </p>
          </div>
        ) : (
          <>
            <table className="woocommerce-orders-table account-orders shop_table_responsive">
              <caption className="cw-visually-hidden">
                {accountOrdersT.format('account.orders.caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{accountOrdersT.format('account.orders.order')}</th>
                  <th scope="col">{accountOrdersT.format('account.orders.date')}</th>
                  <th scope="col">{accountOrdersT.format('account.orders.status')}</th>
                  <th scope="col">{accountOrdersT.format('table.total')}</th>
                  <th scope="col">{accountOrdersT.format('account.orders.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => {
                  // WooCommerce's account links to the order's own view; ours is its summary
                  // page, which the customer's login opens without asking for the email.
                  const view = `/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.order_key)}`;
                  return (
                    <tr key={order.id}>
                      <th scope="row" data-title={accountOrdersT.format('account.orders.order')}>
                        <Link to={view}>#{order.order_number}</Link>
                      </th>
                      <td data-title={accountOrdersT.format('account.orders.date')}>
                        <time dateTime={`${order.date_created_gmt}Z`}>
                          {orderDate(order.date_created_gmt, accountOrdersT.locale)}
                        </time>
                      </td>
                      <td data-title={accountOrdersT.format('account.orders.status')}>
                        {order.status_name}
                      </td>
                      <td data-title={accountOrdersT.format('table.total')}>
                        {accountOrdersT.format('account.orders.total', {
                          total: formatPrice(order.total, currencyFromStoreApi(order)),
                          count: order.item_count,
                        })}
                      </td>
                      <td data-title={accountOrdersT.format('account.orders.actions')}>
                        <Link
                          to={view}
                          className="cw-button"
                          aria-label={accountOrdersT.format('account.orders.viewLabel', {
                            number: String(order.order_number),
                          })}
                        >
                          {accountOrdersT.format('account.orders.view')}
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pagination
              page={page}
              totalPages={totalPages}
              href={(n) => (n === 1 ? '/my-account/orders/' : `/my-account/orders/${n}/`)}
              label={accountOrdersT.format('account.orders.pagination')}
            />
          </>
        )}
      </AccountLayout>
    </>
  );
}
