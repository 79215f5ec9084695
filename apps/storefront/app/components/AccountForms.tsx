import { PasswordInput } from '@cartwright/ui-components';
import { Form, Link } from '../lib/routing';
import { LOGIN_NONCE_FIELD, REGISTER_NONCE_FIELD } from '../lib/account';
import { AccountField } from '../lib/account-field';
import { accountFormsT } from '../messages-account-forms';
import { AttributionFields } from './AttributionFields';

/** What a refused post of one of the forms carried back (the store's per-field messages). */
export interface RefusedAccountForm {
  values: { username?: string | undefined; email?: string | undefined };
  fields: Readonly<Record<string, string | undefined>>;
}

/**
 * WooCommerce's my-account login form (`form.woocommerce-form-login`): a plain form post to the
 * page's action, with the password's show/hide toggle. `refused`: the post the store refused,
 * whose name is kept (never the password) and whose field messages are shown.
 */
export function LoginForm({
  nonce,
  refused,
}: {
  nonce: string;
  refused?: RefusedAccountForm | undefined;
}) {
  return (
    // key: a refused post renders the form afresh with what it carried
    <Form
      method="post"
      className="woocommerce-form woocommerce-form-login login account-form"
      key={`login-${JSON.stringify(refused ?? null)}`}
      noValidate
    >
      <AccountField
        name="username"
        label={accountFormsT.format('account.username')}
        autoComplete="username"
        required
        defaultValue={refused?.values.username ?? ''}
        error={refused?.fields['username']}
      />
      <PasswordInput
        label={accountFormsT.format('account.password')}
        name="password"
        id="password"
        autoComplete="current-password"
        required
        error={refused?.fields['password']}
      />
      <p className="form-row">
        <label className="woocommerce-form__label-for-checkbox">
          <input type="checkbox" name="rememberme" value="forever" />{' '}
          {accountFormsT.format('account.rememberMe')}
        </label>
      </p>
      <input type="hidden" name={LOGIN_NONCE_FIELD} value={nonce} />
      <button type="submit" className="cw-button" name="login" value="Log in">
        {accountFormsT.format('account.logIn')}
      </button>
      <p className="woocommerce-LostPassword lost_password">
        <Link to="/my-account/lost-password/">
          {accountFormsT.format('account.lostPassword.link')}
        </Link>
      </p>
    </Form>
  );
}

/**
 * WooCommerce's my-account register form (`form.woocommerce-form-register`): email, a new
 * password with WordPress's hint, the privacy text and the hidden order-attribution inputs.
 */
export function RegisterForm({
  nonce,
  refused,
  submitLabel,
}: {
  nonce: string;
  refused?: RefusedAccountForm | undefined;
  /** The button's text: the page's "Register", which it also heads the form with. */
  submitLabel: string;
}) {
  return (
    <Form
      method="post"
      className="woocommerce-form woocommerce-form-register register account-form"
      key={`register-${JSON.stringify(refused ?? null)}`}
      noValidate
    >
      <AccountField
        name="email"
        id="reg_email"
        type="email"
        label={accountFormsT.format('form.email')}
        autoComplete="email"
        required
        defaultValue={refused?.values.email ?? ''}
        error={refused?.fields['email']}
      />
      <PasswordInput
        label={accountFormsT.format('account.password')}
        name="password"
        id="reg_password"
        autoComplete="new-password"
        required
        error={refused?.fields['password']}
        description={accountFormsT.format('account.passwordHint')}
      />
      <p className="woocommerce-privacy-policy-text">
        {accountFormsT.format('account.privacyText')}
      </p>
      <input type="hidden" name={REGISTER_NONCE_FIELD} value={nonce} />
      <AttributionFields />
      <button type="submit" className="cw-button" name="register" value="Register">
        {submitLabel}
      </button>
    </Form>
  );
}
