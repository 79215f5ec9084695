import { data, redirect } from 'react-router';
import { AccountDetailsIsland } from '../components/AccountIslands';
import { storeContext } from '../context';
import { getAccount, requireAccounts } from '../lib/account';
import { AccountLayout } from '../lib/account-nav';
import { ErrorNotice } from '../lib/error-notice';
import { readForm } from '../lib/form-body';
import {
  ACCOUNT_DETAILS_NONCE_FIELD,
  formProblems,
  getAccountDetails,
  saveAccountDetails,
} from '../lib/password-reset';
import { pageTitle } from '../lib/site-title';
import { accountDetailsT } from '../messages-account-details';
import accountStyles from './account.css?url';
import type { Route } from './+types/account-edit-account';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** The form's fields, WooCommerce's names (`account_*`, `password_*`). */
const DETAIL_FIELDS = [
  'account_first_name',
  'account_last_name',
  'account_display_name',
  'account_email',
] as const;
const PASSWORD_FIELDS = ['password_current', 'password_1', 'password_2'] as const;

/** `/my-account/edit-account/`: the customer's names, email and password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAccounts(store);
  const account = await getAccount(store.apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  const details = await getAccountDetails(store.apiFetch, account.nonces.wp_rest);
  return {
    logoutUrl: account.logout_url,
    nonce: details.nonces?.[ACCOUNT_DETAILS_NONCE_FIELD] ?? '',
    saved: new URL(request.url).searchParams.get('account-details-changed') === '1',
    values: {
      account_first_name: details.first_name,
      account_last_name: details.last_name,
      account_display_name: details.display_name,
      account_email: details.email,
    } as Record<string, string>,
  };
}

/**
 * Save changes: a plain form post to the store, then 303 back with WooCommerce's "Account details
 * changed successfully.". A refusal shows every problem, keeps what was typed (never passwords).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAccounts(store);
  const form = await readForm(request);
  const account = await getAccount(store.apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  const values: Record<string, string> = {};
  for (const name of DETAIL_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value.trim() : '';
  }
  const passwords: Record<string, string> = {};
  for (const name of PASSWORD_FIELDS) {
    const value = form.get(name);
    passwords[name] = typeof value === 'string' ? value : '';
  }
  const nonce = form.get(ACCOUNT_DETAILS_NONCE_FIELD);
  try {
    await saveAccountDetails(store.apiFetch, account.nonces.wp_rest, {
      ...values,
      ...passwords,
      [ACCOUNT_DETAILS_NONCE_FIELD]: typeof nonce === 'string' ? nonce : '',
    });
  } catch (error) {
    const problems = formProblems(error);
    if (!problems) throw error;
    return data({ values, ...problems }, { status: 400 });
  }
  return redirect('/my-account/edit-account/?account-details-changed=1', 303);
}

/**
 * An island page (decisions 0082, 0087): the form (the display name's sliding help, the password
 * toggles) is an island of the `account` registry; the navigation is links.
 */
export const handle = { islands: 'account' };

export function meta({ matches }: Route.MetaArgs) {
  return [
    {
      title: pageTitle(matches, accountDetailsT.format('account.details.title'), { account: true }),
    },
  ];
}

export default function EditAccount({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string> = actionData?.fields ?? {};
  return (
    <>
      <h1>{accountDetailsT.format('account.details.title')}</h1>
      <AccountLayout logoutUrl={loaderData.logoutUrl}>
        {loaderData.saved && !actionData ? (
          <p className="woocommerce-message" role="status">
            {accountDetailsT.format('account.details.saved')}
          </p>
        ) : null}
        <ErrorNotice
          messages={actionData?.messages ?? []}
          id="account-details-errors"
          occurrence={actionData}
        />
        <AccountDetailsIsland nonce={loaderData.nonce} values={values} errors={errors} />
      </AccountLayout>
    </>
  );
}
