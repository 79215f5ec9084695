import { data, Form, redirect } from 'react-router';
import { ResetPasswordIsland } from '../components/AccountIslands';
import { storeContext } from '../context';
import { requireAccounts } from '../lib/account';
import { AccountField } from '../lib/account-field';
import { ErrorNotice } from '../lib/error-notice';
import { readForm } from '../lib/form-body';
import {
  checkReset,
  formProblems,
  LOST_PASSWORD_NONCE_FIELD,
  LOST_PASSWORD_PATH,
  readResetKey,
  requestReset,
  RESET_PASSWORD_NONCE_FIELD,
  resetCookie,
  resetKeyFromCookie,
  resetNonces,
  resetPassword,
} from '../lib/password-reset';
import { pageTitle } from '../lib/site-title';
import { lostPasswordT } from '../messages-account-lost-password';
import accountStyles from './account.css?url';
import type { Route } from './+types/account-lost-password';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

const isSecure = (request: Request) => new URL(request.url).protocol === 'https:';

/**
 * `/my-account/lost-password/`, WooCommerce's flow:
 * - the emailed link `?key=…&id=…&login=…` moves the key into a cookie for this page only and
 *   redirects to `?show-reset-form=true`, so the key leaves the address bar at once;
 * - `?show-reset-form=true` shows the new-password form while the key is live (else the
 *   lost-password form with WooCommerce's "This key is invalid…");
 * - `?reset-link-sent=true` says the email is on its way;
 * - otherwise the lost-password form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  requireAccounts(store);
  const url = new URL(request.url);
  const params = url.searchParams;
  if (params.has('key') && params.has('id')) {
    const reset = readResetKey(params.get('id'), params.get('key'));
    store.setCookies.push(resetCookie(reset, isSecure(request)));
    throw redirect(`${LOST_PASSWORD_PATH}?show-reset-form=true`);
  }
  const nonces = await resetNonces(store.apiFetch);
  if (params.get('reset-link-sent') === 'true') return { view: 'sent' as const, nonces };
  if (params.get('show-reset-form') === 'true') {
    const reset = resetKeyFromCookie(request.headers.get('cookie'));
    const live = reset === null ? null : await checkReset(store.apiFetch, reset);
    if (live !== null) return { view: 'reset' as const, nonces, login: live.login };
    return { view: 'lost' as const, nonces, invalidKey: true };
  }
  return { view: 'lost' as const, nonces };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Plain form posts. The lost-password form: 303 to `?reset-link-sent=true` (the same for any
 * name or email). The new-password form: 303 to `/my-account/?password-reset=true`, the cookie
 * cleared; a refusal shows the store's message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAccounts(store);
  const form = await readForm(request);
  if (form.has('password_1')) {
    const reset = resetKeyFromCookie(request.headers.get('cookie'));
    try {
      if (reset === null) {
        return data(
          { form: 'lost' as const, values: {}, invalidKey: true, messages: [], fields: {} },
          { status: 400 },
        );
      }
      await resetPassword(
        store.apiFetch,
        reset,
        { password1: text(form, 'password_1'), password2: text(form, 'password_2') },
        text(form, RESET_PASSWORD_NONCE_FIELD),
      );
    } catch (error) {
      const problems = formProblems(error);
      if (!problems) throw error;
      return data({ form: 'reset' as const, values: {}, ...problems }, { status: 400 });
    }
    store.setCookies.push(resetCookie(null, isSecure(request)));
    return redirect('/my-account/?password-reset=true', 303);
  }
  const userLogin = text(form, 'user_login').trim();
  try {
    await requestReset(store.apiFetch, userLogin, text(form, LOST_PASSWORD_NONCE_FIELD));
  } catch (error) {
    const problems = formProblems(error);
    if (!problems) throw error;
    return data(
      { form: 'lost' as const, values: { user_login: userLogin }, ...problems },
      { status: error instanceof Error && 'status' in error && error.status === 429 ? 429 : 400 },
    );
  }
  return redirect(`${LOST_PASSWORD_PATH}?reset-link-sent=true`, 303);
}

/**
 * An island page (decisions 0082, 0087): the new-password form (its password toggles) is an
 * island of the `account` registry; the lost-password form and the sent notice are plain.
 */
export const handle = { islands: 'account' };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, lostPasswordT.format('account.lostPassword.title')) }];
}

export default function LostPassword({ loaderData, actionData }: Route.ComponentProps) {
  const title = lostPasswordT.format('account.lostPassword.title');
  if (loaderData.view === 'sent') {
    return (
      <>
        <h1>{title}</h1>
        <p className="woocommerce-message" role="status">
          {lostPasswordT.format('account.lostPassword.sent')}
        </p>
        <p>{lostPasswordT.format('account.lostPassword.sentText')}</p>
      </>
    );
  }
  const showReset = loaderData.view === 'reset' && actionData?.form !== 'lost';
  const fields: Record<string, string> = actionData?.fields ?? {};
  const invalidKey =
    (loaderData.view === 'lost' && 'invalidKey' in loaderData && loaderData.invalidKey) ||
    (actionData !== undefined && 'invalidKey' in actionData && actionData.invalidKey);
  const messages = [
    ...(invalidKey ? [lostPasswordT.format('account.lostPassword.invalidKey')] : []),
    ...(actionData?.messages ?? []),
  ];
  if (showReset) {
    return (
      <>
        <h1>{title}</h1>
        <ErrorNotice messages={messages} id="reset-errors" occurrence={actionData} />
        <ResetPasswordIsland
          nonce={loaderData.nonces.reset}
          fields={fields}
          refusal={JSON.stringify(actionData ?? null)}
        />
      </>
    );
  }
  const values: Record<string, string> = actionData?.values ?? {};
  return (
    <>
      <h1>{title}</h1>
      <ErrorNotice
        messages={messages}
        id="lost-password-errors"
        occurrence={actionData ?? invalidKey}
      />
      <Form
        method="post"
        action={LOST_PASSWORD_PATH}
        className="woocommerce-ResetPassword lost_reset_password account-form"
        key={`lost-${JSON.stringify(actionData ?? null)}`}
        noValidate
      >
        <p>{lostPasswordT.format('account.lostPassword.intro')}</p>
        <AccountField
          name="user_login"
          label={lostPasswordT.format('account.lostPassword.login')}
          autoComplete="username"
          required
          defaultValue={values?.user_login ?? ''}
          error={fields.user_login}
        />
        <input type="hidden" name="wc_reset_password" value="true" />
        <input type="hidden" name={LOST_PASSWORD_NONCE_FIELD} value={loaderData.nonces.lost} />
        <button type="submit" className="cw-button" value="Reset password">
          {lostPasswordT.format('account.lostPassword.submit')}
        </button>
      </Form>
    </>
  );
}
