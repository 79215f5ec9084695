import { data, redirect } from 'react-router';
import { storeContext } from '../context';
import {
  getAccount,
  logIn,
  LOGIN_NONCE_FIELD,
  register,
  REGISTER_NONCE_FIELD,
  requireAccounts,
} from '../lib/account';
import { accountProblems } from '../lib/account-problems';
import { ErrorNotice } from '../lib/error-notice';
import { LoginIsland, RegisterIsland } from '../components/AccountIslands';
import accountStyles from './account.css?url';
import type { Route } from './+types/account';
import { AccountDashboard } from '../components/AccountDashboard';
import { attributionInputNames } from '../lib/attribution';
import { accountHomeT } from '../messages-account-home';
import { readForm } from '../lib/form-body';
import { pageTitle } from '../lib/site-title';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAccounts(context.get(storeContext));
  const account = await getAccount(context.get(storeContext).apiFetch);
  return {
    passwordReset: new URL(request.url).searchParams.get('password-reset') === 'true',
    loggedIn: account.logged_in,
    displayName: account.display_name,
    logoutUrl: account.logout_url,
    loginNonce: account.nonces[LOGIN_NONCE_FIELD],
    registerNonce: account.nonces[REGISTER_NONCE_FIELD],
  };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * WooCommerce's my-account login and register forms, as plain form posts (the submit button's
 * name says which). Success: 303 back to /my-account/, the store's login cookies passed on.
 * Refusal: the page again with the store's message, the typed name or email kept, never the
 * password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAccounts(context.get(storeContext));
  const form = await readForm(request);
  const { apiFetch } = context.get(storeContext);
  const which = form.has('register') ? 'register' : 'login';
  const values =
    which === 'register'
      ? { email: text(form, 'email').trim() }
      : { username: text(form, 'username').trim() };
  try {
    if (which === 'register') {
      await register(apiFetch, {
        email: values.email ?? '',
        password: text(form, 'password'),
        nonce: text(form, REGISTER_NONCE_FIELD),
        // The hidden order attribution inputs, passed on as posted: the store keeps them as
        // customer meta (empty without marketing consent or JavaScript).
        attribution: Object.fromEntries(
          attributionInputNames().map((name) => [name, text(form, name)]),
        ),
      });
    } else {
      await logIn(apiFetch, {
        username: values.username ?? '',
        password: text(form, 'password'),
        rememberme: form.has('rememberme'),
        nonce: text(form, LOGIN_NONCE_FIELD),
      });
    }
  } catch (error) {
    const problems = accountProblems(error);
    if (!problems) throw error;
    return data({ form: which, values, ...problems }, { status: 400 });
  }
  return redirect('/my-account/', 303);
}

/**
 * An island page (decision 0082): the browser hydrates the forms' islands (`account` in
 * `app/islands.client.tsx`) and the layout's live parts, not the router. The dashboard is links.
 */
export const handle = { islands: 'account' };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, accountHomeT.format('account.title')) }];
}

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.loggedIn) {
    return (
      <>
        <h1>{accountHomeT.format('account.title')}</h1>
        <AccountDashboard displayName={loaderData.displayName} logoutUrl={loaderData.logoutUrl} />
      </>
    );
  }
  const login = actionData?.form === 'login' ? actionData : undefined;
  const registration = actionData?.form === 'register' ? actionData : undefined;
  return (
    <>
      <h1>{accountHomeT.format('account.title')}</h1>
      {loaderData.passwordReset && !actionData ? (
        <p className="woocommerce-message" role="status">
          {accountHomeT.format('account.lostPassword.done')}
        </p>
      ) : null}
      <div className="account-forms">
        <section aria-labelledby="login-heading">
          <h2 id="login-heading">{accountHomeT.format('account.login')}</h2>
          <ErrorNotice messages={login?.messages ?? []} id="login-errors" occurrence={login} />
          <LoginIsland nonce={loaderData.loginNonce} refused={login} />
        </section>
        <section aria-labelledby="register-heading">
          <h2 id="register-heading">{accountHomeT.format('account.register')}</h2>
          <ErrorNotice
            messages={registration?.messages ?? []}
            id="register-errors"
            occurrence={registration}
          />
          <RegisterIsland
            nonce={loaderData.registerNonce}
            refused={registration}
            submitLabel={accountHomeT.format('account.register')}
          />
        </section>
      </div>
    </>
  );
}
