import { AlertNotice } from '@cartwright/ui-components';
import { data, redirect } from 'react-router';
import { AccountAddressIsland } from '../components/AccountIslands';
import { storeContext } from '../context';
import {
  getAccount,
  getAddresses,
  isAddressType,
  readAddressForm,
  saveAddress,
  toAddress,
  toFormValues,
  requireAccounts,
} from '../lib/account';
import { accountProblems } from '../lib/account-problems';
import { AccountLayout } from '../lib/account-nav';
import { getStoreSettings } from '../lib/store-settings.server';
import accountStyles from './account.css?url';
import type { Route } from './+types/account-edit-address';
import { accountAddressesT } from '../messages-account-addresses';
import { readForm } from '../lib/form-body';
import { pageTitle } from '../lib/site-title';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** `/my-account/edit-address/{billing|shipping}/`: the saved address in the checkout's fields. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAccounts(context.get(storeContext));
  if (!isAddressType(params.type)) throw data(null, { status: 404 });
  const { apiFetch } = context.get(storeContext);
  const account = await getAccount(apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  const [addresses, settings] = await Promise.all([
    getAddresses(apiFetch, account.nonces.wp_rest),
    getStoreSettings(apiFetch),
  ]);
  return {
    type: params.type,
    saved: toFormValues(addresses[params.type], params.type),
    logoutUrl: account.logout_url,
    addressSuggestions: {
      providers: settings.addressProviders,
      countries: settings.addressAutocompleteCountries,
    },
  };
}

/**
 * Save address: a plain form post, checked by the store as checkout checks an address; then
 * 303 to the addresses page with WooCommerce's "Address changed successfully.". A refusal
 * comes back with every typed value and the store's message on each field.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  requireAccounts(context.get(storeContext));
  if (!isAddressType(params.type)) throw data(null, { status: 404 });
  const { apiFetch } = context.get(storeContext);
  const values = readAddressForm(await readForm(request), params.type);
  const account = await getAccount(apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  try {
    await saveAddress(
      apiFetch,
      account.nonces.wp_rest,
      params.type,
      toAddress(values, params.type),
    );
  } catch (error) {
    const problems = accountProblems(error);
    if (!problems) throw error;
    return data({ values, ...problems }, { status: 400 });
  }
  return redirect('/my-account/edit-address/?address-changed=1', 303);
}

export function meta({ params, matches }: Route.MetaArgs) {
  const title = accountAddressesT.format(
    params.type === 'shipping' ? 'address.shipping' : 'address.billing',
  );
  return [{ title: pageTitle(matches, title, { account: true }) }];
}

/**
 * An island page (decisions 0082, 0087): the form (a country's states and postcode, the street's
 * suggestions) is an island of the `account` registry; the navigation and the notice are markup.
 */
export const handle = { islands: 'account' };

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { type, saved, logoutUrl, addressSuggestions } = loaderData;
  const title = accountAddressesT.format(
    type === 'billing' ? 'address.billing' : 'address.shipping',
  );
  return (
    <>
      <h1>{title}</h1>
      <AccountLayout logoutUrl={logoutUrl}>
        {actionData ? (
          <AlertNotice id="address-errors" occurrence={actionData}>
            <p>{accountAddressesT.format('account.addressErrors')}</p>
            <ul>
              {actionData.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </AlertNotice>
        ) : null}
        <AccountAddressIsland
          type={type}
          values={actionData?.values ?? saved}
          errors={actionData?.fields ?? {}}
          addressSuggestions={addressSuggestions}
        />
      </AccountLayout>
    </>
  );
}
