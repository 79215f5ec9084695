import { useId, useReducer, useRef } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useAnnouncement } from './AnnouncerProvider';
import { useMessages } from './MessagesProvider';
import { SUBSCRIPTION_MESSAGES } from './messages-subscription';
import { nestFields } from './subscription';
import type { SubscriptionPayload } from './subscription';

/** The honeypot field's name: people never see it, bots fill it in. */
export const SUBSCRIPTION_HONEYPOT = 'cw_website';

/** Where the form is: waiting, sending, done, or failed (and ready to try again). */
export type SubscriptionStatus = 'idle' | 'submitting' | 'success' | 'error';

/** Props of {@link SubscriptionForm}. */
export interface SubscriptionFormProps {
  /**
   * The contact endpoint, `/wp-json/{plugin}/v1/contact`.
   * @example '/wp-json/hostinger-reach/v1/contact'
   */
  endpoint: string;
  /**
   * For the default `send`: the `wp_rest` nonce sent as `X-WP-Nonce`, or a function that fetches
   * a fresh one when the form is sent (so a page can be cached without a per-shopper nonce).
   * @default undefined (no `X-WP-Nonce`)
   * @example () => fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text())
   */
  nonce?: string | (() => Promise<string>) | undefined;
  /**
   * The form's id, sent as the hidden `id` field.
   * @example 'footer-subscription'
   */
  formId: string;
  /**
   * The contact list, sent as the hidden `group` field.
   * @default ''
   */
  group?: string | undefined;
  /**
   * Sent as the hidden `metadata.plugin` field (nested as `{metadata: {plugin}}`).
   * @default 'hostinger-reach'
   */
  plugin?: string | undefined;
  /**
   * Show the optional name field.
   * @default true
   */
  showName?: boolean | undefined;
  /**
   * Show the optional surname field.
   * @default true
   */
  showSurname?: boolean | undefined;
  /**
   * `inline` puts the fields and the button on one line.
   * @default 'default'
   */
  layout?: 'default' | 'inline' | undefined;
  /**
   * A URL the form posts to without JavaScript (form-encoded). Without it a shopper without
   * JavaScript posts back to the page.
   * @default undefined
   */
  action?: string | undefined;
  /**
   * Field labels and the button's text.
   * @default the message catalogue's `subscription.email`, `.name`, `.surname` and `.submit` ('Email', 'Name', 'Surname', 'Subscribe')
   */
  labels?: Partial<Record<'email' | 'name' | 'surname' | 'submit', string>> | undefined;
  /**
   * Sends the payload to `endpoint`: resolves when the store took it (any 2xx), rejects
   * otherwise. Inject your REST client here (it then owns the nonce, its refresh and timeouts).
   * @default a `fetch` POST of the JSON payload with `X-WP-Nonce` (from `nonce`) and the cookies,
   * rejecting on a non-2xx status
   */
  send?: ((payload: SubscriptionPayload, endpoint: string) => Promise<unknown>) | undefined;
  /**
   * The state to start in (stories, or a page that already knows the outcome).
   * @default { status: 'idle' }
   */
  initialState?: { status: SubscriptionStatus; message?: string } | undefined;
  /**
   * Called after a successful subscription (not for a honeypot hit).
   * @default undefined
   */
  onSuccess?: (() => void) | undefined;
}

interface State {
  status: SubscriptionStatus;
  message: string;
}

type Action =
  { type: 'submit' } | { type: 'succeed'; message: string } | { type: 'fail'; message: string };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'submit':
      return { status: 'submitting', message: '' };
    case 'succeed':
      return { status: 'success', message: action.message };
    case 'fail':
      return { status: 'error', message: action.message };
  }
}

/**
 * The subscription form of the Hostinger Reach block (spec §4 "Subscription form", wire contract
 * §2.3): email (required), optional name and surname, hidden `group`, `id` and `metadata.plugin`.
 * On submit the button is disabled and the fields go as JSON (dot names nested, no field name
 * can reach a prototype) through `send` (by default with `X-WP-Nonce` and the cookies). Success
 * resets the form, shows "Thanks for subscribing." and hides the button; any failure shows
 * "Something went wrong. Please try again." (spec §8: the answer's body is not shown) and
 * re-enables it. The outcome is announced. A
 * second submit while one is on its way sends nothing; a filled honeypot sends nothing and
 * shows success.
 *
 * @example
 * <SubscriptionForm endpoint={settings.subscriptionEndpoint} nonce={fetchRestNonce} formId="footer" />
 */
export function SubscriptionForm({
  endpoint,
  nonce,
  formId,
  group = '',
  plugin = 'hostinger-reach',
  showName = true,
  showSurname = true,
  layout = 'default',
  action,
  labels,
  send,
  initialState,
  onSuccess,
}: SubscriptionFormProps): ReactElement {
  const t = useMessages(SUBSCRIPTION_MESSAGES);
  const text = {
    email: labels?.email ?? t.format('subscription.email'),
    name: labels?.name ?? t.format('subscription.name'),
    surname: labels?.surname ?? t.format('subscription.surname'),
    submit: labels?.submit ?? t.format('subscription.submit'),
  };
  const [state, dispatch] = useReducer(reducer, {
    status: initialState?.status ?? 'idle',
    message: initialState?.message ?? '',
  });
  const inFlight = useRef(false);
  const ids = useId();
  useAnnouncement(state.message, {
    politeness: state.status === 'error' ? 'assertive' : 'polite',
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The guard is a ref: two clicks in one frame see the same rendered state.
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    const data = new FormData(form);
    dispatch({ type: 'submit' });
    const succeed = () => {
      form.reset();
      dispatch({ type: 'succeed', message: t.format('subscription.success') });
    };
    const honeypot = data.get(SUBSCRIPTION_HONEYPOT);
    data.delete(SUBSCRIPTION_HONEYPOT);
    if (typeof honeypot === 'string' && honeypot !== '') {
      succeed();
      return;
    }
    const entries: [string, string][] = [];
    data.forEach((value, name) => {
      if (typeof value === 'string') entries.push([name, value]);
    });
    const deliver =
      send ??
      (async (payload: SubscriptionPayload) => {
        const restNonce = typeof nonce === 'function' ? await nonce() : nonce;
        const response = await fetch(endpoint, {
          method: 'POST',
          credentials: 'include',
          headers: {
            'Content-Type': 'application/json',
            ...(restNonce === undefined ? {} : { 'X-WP-Nonce': restNonce }),
          },
          body: JSON.stringify(payload),
        });
        if (!response.ok) throw new Error(`The subscription answered HTTP ${response.status}.`);
      });
    void (async () => {
      try {
        await deliver(nestFields(entries), endpoint);
        succeed();
        onSuccess?.();
      } catch {
        dispatch({ type: 'fail', message: t.format('subscription.error') });
      } finally {
        inFlight.current = false;
      }
    })();
  };

  const fieldsClass = `hostinger-reach-block-form-fields cw-subscription__fields${
    layout === 'inline'
      ? ' hostinger-reach-block-form-fields--inline cw-subscription__fields--inline'
      : ''
  }`;
  return (
    <div className="hostinger-reach-block-subscription-form-wrapper cw-subscription">
      <form
        id={formId}
        className="hostinger-reach-block-subscription-form"
        method="post"
        action={action}
        onSubmit={submit}
        aria-busy={state.status === 'submitting' ? true : undefined}
      >
        <input type="hidden" name="group" value={group} />
        <input type="hidden" name="id" value={formId} />
        <input type="hidden" name="metadata.plugin" value={plugin} />
        <div className={fieldsClass}>
          <div className="cw-subscription__field">
            <label htmlFor={`${ids}-email`}>
              {text.email}
              <span aria-hidden="true"> *</span>
            </label>
            <input
              id={`${ids}-email`}
              type="email"
              name="email"
              required
              autoComplete="email"
              className="cw-subscription__input"
            />
          </div>
          {showName ? (
            <div className="cw-subscription__field">
              <label htmlFor={`${ids}-name`}>{text.name}</label>
              <input
                id={`${ids}-name`}
                type="text"
                name="name"
                autoComplete="given-name"
                className="cw-subscription__input"
              />
            </div>
          ) : null}
          {showSurname ? (
            <div className="cw-subscription__field">
              <label htmlFor={`${ids}-surname`}>{text.surname}</label>
              <input
                id={`${ids}-surname`}
                type="text"
                name="surname"
                autoComplete="family-name"
                className="cw-subscription__input"
              />
            </div>
          ) : null}
          <div className="cw-subscription__honeypot" aria-hidden="true">
            <label htmlFor={`${ids}-hp`}>{t.format('subscription.honeypot')}</label>
            <input
              id={`${ids}-hp`}
              type="text"
              name={SUBSCRIPTION_HONEYPOT}
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          {state.status === 'success' ? null : (
            <button
              type="submit"
              className="hostinger-reach-block-submit cw-button cw-subscription__submit"
              disabled={state.status === 'submitting'}
            >
              {text.submit}
            </button>
          )}
        </div>
        <div
          className={`reach-subscription-message cw-subscription__message${
            state.status === 'success' ? ' is-success' : state.status === 'error' ? ' is-error' : ''
          }`}
          hidden={state.message === ''}
        >
          {state.message}
        </div>
      </form>
    </div>
  );
}
