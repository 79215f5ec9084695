import { PasswordInput } from '@cartwright/ui-components';
import { data, Form, Link, redirect } from 'react-router';
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
import { AccountField, AccountLayout, ErrorNotice } from '../lib/account-nav';
import accountStyles from './account.css?url';
import type { Route } from './+types/account';
import { RichMessage } from '../components/RichMessage';
import { AttributionFields } from '../components/AttributionFields';
import { attributionInputNames } from '../lib/attribution';
import { accountT } from '../messages-account';
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

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, accountT.format('account.title')) }];
}

/** WordPress's default privacy text under the register form (WooCommerce's setting). */
const PRIVACY_TEXT = accountT.format('account.privacyText');

/** WordPress's `wp_get_password_hint()`, shown with the new password. */
const PASSWORD_HINT = accountT.format('account.passwordHint');

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.loggedIn) {
    return (
      <>
        <h1>{accountT.format('account.title')}</h1>
        <AccountLayout logoutUrl={loaderData.logoutUrl}>
          <p>
            <RichMessage
              id="account.hello"
              t={accountT}
              parts={{
                name: <strong>{loaderData.displayName}</strong>,
                logout: loaderData.logoutUrl ? (
                  <a href={loaderData.logoutUrl}>{accountT.format('account.nav.logout')}</a>
                ) : (
                  accountT.format('account.nav.logout')
                ),
              }}
            />
          </p>
          <p>
            <RichMessage
              id="account.dashboard"
              t={accountT}
              parts={{
                orders: (
                  <Link to="/my-account/orders/">{accountT.format('account.recentOrders')}</Link>
                ),
                addresses: (
                  <Link to="/my-account/edit-address/">
                    {accountT.format('account.addressesLink')}
                  </Link>
                ),
                details: (
                  <Link to="/my-account/edit-account/">
                    {accountT.format('account.dashboardDetails')}
                  </Link>
                ),
              }}
            />
          </p>
        </AccountLayout>
      </>
    );
  }
  const login = actionData?.form === 'login' ? actionData : undefined;
  const registration = actionData?.form === 'register' ? actionData : undefined;
  return (
    <>
      <h1>{accountT.format('account.title')}</h1>
      {loaderData.passwordReset && !actionData ? (
        <p className="woocommerce-message" role="status">
          {accountT.format('account.lostPassword.done')}
        </p>
      ) : null}
      <div className="account-forms">
        <section aria-labelledby="login-heading">
          <h2 id="login-heading">{accountT.format('account.login')}</h2>
          <ErrorNotice messages={login?.messages ?? []} id="login-errors" occurrence={login} />
          {/* key: a refused post renders the form afresh with what it carried */}
          <Form
            method="post"
            className="woocommerce-form woocommerce-form-login login account-form"
            key={`login-${JSON.stringify(login ?? null)}`}
            noValidate
          >
            <AccountField
              name="username"
              label={accountT.format('account.username')}
              autoComplete="username"
              required
              defaultValue={login?.values.username ?? ''}
              error={login?.fields.username}
            />
            <PasswordInput
              label={accountT.format('account.password')}
              name="password"
              id="password"
              autoComplete="current-password"
              required
              error={login?.fields.password}
            />
            <p className="form-row">
              <label className="woocommerce-form__label-for-checkbox">
                <input type="checkbox" name="rememberme" value="forever" />{' '}
                {accountT.format('account.rememberMe')}
              </label>
            </p>
            <input type="hidden" name={LOGIN_NONCE_FIELD} value={loaderData.loginNonce} />
            <button type="submit" className="cw-button" name="login" value="Log in">
              {accountT.format('account.logIn')}
            </button>
            <p className="woocommerce-LostPassword lost_password">
              <Link to="/my-account/lost-password/">
                {accountT.format('account.lostPassword.link')}
              </Link>
            </p>
          </Form>
        </section>
        <section aria-labelledby="register-heading">
          <h2 id="register-heading">{accountT.format('account.register')}</h2>
          <ErrorNotice
            messages={registration?.messages ?? []}
            id="register-errors"
            occurrence={registration}
          />
          <Form
            method="post"
            className="woocommerce-form woocommerce-form-register register account-form"
            key={`register-${JSON.stringify(registration ?? null)}`}
            noValidate
          >
            <AccountField
              name="email"
              id="reg_email"
              type="email"
              label={accountT.format('form.email')}
              autoComplete="email"
              required
              defaultValue={registration?.values.email ?? ''}
              error={registration?.fields.email}
            />
            <PasswordInput
              label={accountT.format('account.password')}
              name="password"
              id="reg_password"
              autoComplete="new-password"
              required
              error={registration?.fields.password}
              description={PASSWORD_HINT}
            />
            <p className="woocommerce-privacy-policy-text">{PRIVACY_TEXT}</p>
            <input type="hidden" name={REGISTER_NONCE_FIELD} value={loaderData.registerNonce} />
            <AttributionFields />
            <button type="submit" className="cw-button" name="register" value="Register">
              {accountT.format('account.register')}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
