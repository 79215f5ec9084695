import { PasswordInput } from '@cartwright/ui-components';
import { Form } from '../lib/routing';
import { AccountField } from '../lib/account-field';
import { ACCOUNT_DETAILS_NONCE_FIELD, RESET_PASSWORD_NONCE_FIELD } from '../lib/password-reset';
import { accountDetailsT } from '../messages-account-details';
import { lostPasswordT } from '../messages-account-lost-password';

/** The store's message on each field of a refused post, by the field's name. */
type FieldErrors = Readonly<Record<string, string | undefined>>;

/**
 * WooCommerce's new-password form (`form.lost_reset_password`, reached from the emailed link):
 * two password fields with their show/hide toggles, posted to the page. `refusal`: the post the
 * store refused (its field messages shown; the form renders afresh for each one, never keeping a
 * password).
 */
export function ResetPasswordForm({
  nonce,
  fields,
  refusal,
}: {
  nonce: string;
  fields: FieldErrors;
  /** This refusal, as a string that changes with each one (the page's action answer). */
  refusal: string;
}) {
  return (
    <Form
      method="post"
      className="woocommerce-ResetPassword lost_reset_password account-form"
      key={`reset-${refusal}`}
      noValidate
    >
      <p>{lostPasswordT.format('account.lostPassword.enterNew')}</p>
      <PasswordInput
        label={lostPasswordT.format('account.lostPassword.newPassword')}
        name="password_1"
        id="password_1"
        autoComplete="new-password"
        required
        error={fields['password_1']}
        description={lostPasswordT.format('account.passwordHint')}
      />
      <PasswordInput
        label={lostPasswordT.format('account.lostPassword.repeatPassword')}
        name="password_2"
        id="password_2"
        autoComplete="new-password"
        required
        error={fields['password_2']}
      />
      <input type="hidden" name="wc_reset_password" value="true" />
      <input type="hidden" name={RESET_PASSWORD_NONCE_FIELD} value={nonce} />
      <button type="submit" className="cw-button" value="Save">
        {lostPasswordT.format('account.lostPassword.save')}
      </button>
    </Form>
  );
}

/**
 * WooCommerce's account details form (`form.woocommerce-EditAccountForm`): the names and email
 * (the display name's help slides in while it has focus, spec §4) and the password change, each
 * password with its toggle. `values`: what the fields show (the saved details, or what a refused
 * post carried); `errors`: the store's message on each refused field.
 */
export function AccountDetailsForm({
  nonce,
  values,
  errors,
}: {
  nonce: string;
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
}) {
  const field = (name: string) => ({
    name,
    defaultValue: values[name] ?? '',
    error: errors[name],
  });
  return (
    // key: a refused post renders the form afresh with what it carried
    <Form
      method="post"
      className="woocommerce-EditAccountForm edit-account account-form"
      key={JSON.stringify([values, errors])}
      noValidate
    >
      <AccountField
        {...field('account_first_name')}
        label={accountDetailsT.format('account.details.firstName')}
        autoComplete="given-name"
        required
      />
      <AccountField
        {...field('account_last_name')}
        label={accountDetailsT.format('account.details.lastName')}
        autoComplete="family-name"
        required
      />
      <AccountField
        {...field('account_display_name')}
        label={accountDetailsT.format('account.details.displayName')}
        autoComplete="nickname"
        required
        description={accountDetailsT.format('account.details.displayNameHelp')}
      />
      <AccountField
        {...field('account_email')}
        type="email"
        label={accountDetailsT.format('account.details.email')}
        autoComplete="email"
        required
      />
      <fieldset className="cw-password-change">
        <legend>{accountDetailsT.format('account.details.passwordChange')}</legend>
        <PasswordInput
          label={accountDetailsT.format('account.details.currentPassword')}
          name="password_current"
          id="password_current"
          autoComplete="current-password"
          error={errors['password_current']}
        />
        <PasswordInput
          label={accountDetailsT.format('account.details.newPassword')}
          name="password_1"
          id="password_1"
          autoComplete="new-password"
          error={errors['password_1']}
          description={accountDetailsT.format('account.passwordHint')}
        />
        <PasswordInput
          label={accountDetailsT.format('account.details.confirmPassword')}
          name="password_2"
          id="password_2"
          autoComplete="new-password"
          error={errors['password_2']}
        />
      </fieldset>
      <input type="hidden" name={ACCOUNT_DETAILS_NONCE_FIELD} value={nonce} />
      <button type="submit" className="cw-button" name="save_account_details" value="Save changes">
        {accountDetailsT.format('account.details.save')}
      </button>
    </Form>
  );
}
