import { Link, redirect } from 'react-router';
import { storeContext } from '../context';
import { getAccount, getAddresses, type AccountAddress, requireAccounts } from '../lib/account';
import { AccountLayout } from '../lib/account-nav';
import { CHECKOUT_COUNTRIES } from '../lib/checkout';
import accountStyles from './account.css?url';
import type { Route } from './+types/account-addresses';
import { accountAddressesT } from '../messages-account-addresses';
import { pageTitle } from '../lib/site-title';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** `/my-account/edit-address/`: the saved billing and shipping addresses, each with an edit link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAccounts(context.get(storeContext));
  const { apiFetch } = context.get(storeContext);
  const account = await getAccount(apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  const addresses = await getAddresses(apiFetch, account.nonces.wp_rest);
  return {
    addresses,
    changed: new URL(request.url).searchParams.get('address-changed') === '1',
    logoutUrl: account.logout_url,
  };
}

/**
 * An island page (decision 0082) with nothing of its own to hydrate: the saved addresses and
 * their edit links. The browser hydrates only the layout's live parts (`layout`).
 */
export const handle = { islands: 'layout' };

export function meta({ matches }: Route.MetaArgs) {
  return [
    {
      title: pageTitle(matches, accountAddressesT.format('account.nav.addresses'), {
        account: true,
      }),
    },
  ];
}

/** The address's lines as WooCommerce prints a formatted address; empty when none is saved. */
function addressLines(address: AccountAddress): string[] {
  const country = CHECKOUT_COUNTRIES.find((entry) => entry.code === address.country)?.name;
  if (!address.address_1) return [];
  return [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company ?? '',
    address.address_1,
    address.address_2 ?? '',
    address.city ?? '',
    [address.state, address.postcode].filter(Boolean).join(' '),
    country ?? address.country ?? '',
  ].filter((line) => line !== '');
}

export default function AccountAddresses({ loaderData }: Route.ComponentProps) {
  const { addresses, changed, logoutUrl } = loaderData;
  return (
    <>
      <h1>{accountAddressesT.format('account.nav.addresses')}</h1>
      <AccountLayout logoutUrl={logoutUrl}>
        {changed ? (
          <p className="woocommerce-message" role="status">
            {accountAddressesT.format('account.addressChanged')}
          </p>
        ) : null}
        <p>{accountAddressesT.format('account.addressesIntro')}</p>
        <div className="account-addresses">
          {(['billing', 'shipping'] as const).map((type) => {
            const lines = addressLines(addresses[type]);
            const title = accountAddressesT.format(
              type === 'billing' ? 'address.billing' : 'address.shipping',
            );
            return (
              <section key={type} aria-labelledby={`${type}-address-heading`}>
                <h2 id={`${type}-address-heading`}>{title}</h2>
                {lines.length === 0 ? (
                  <p>{accountAddressesT.format('account.noAddress')}</p>
                ) : (
                  <address>
                    {lines.map((line, index) => (
                      <span key={index}>
                        {line}
                        <br />
                      </span>
                    ))}
                  </address>
                )}
                <p>
                  <Link to={`/my-account/edit-address/${type}/`}>
                    {accountAddressesT.format(
                      lines.length === 0 ? 'account.addAddress' : 'account.editAddress',
                      { title },
                    )}
                  </Link>
                </p>
              </section>
            );
          })}
        </div>
      </AccountLayout>
    </>
  );
}
