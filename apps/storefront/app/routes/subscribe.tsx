import { nestFields, SUBSCRIPTION_HONEYPOT } from '@cartwright/ui-components';
import { data, Link } from 'react-router';
import type { Route } from './+types/subscribe';
import { storeContext } from '../context';
import { getAccount } from '../lib/account';
import { refererPath } from '../lib/same-origin';
import { loadSite } from '../lib/site.server';
import { addMessages, SUBSCRIPTION_MESSAGES } from '@cartwright/ui-components';
import { shopT } from '../messages';

// The subscription form's texts are ui-components' own catalogue, not its core one.
addMessages(SUBSCRIPTION_MESSAGES);
import { readForm } from '../lib/form-body';
import { pageTitle } from '../lib/site-title';

/** `name=value` of each `Set-Cookie` line, joined as a `Cookie` header. */
function cookiePairs(setCookies: readonly string[]): string[] {
  return setCookies.map((line) => line.split(';')[0]?.trim() ?? '').filter((pair) => pair !== '');
}

/**
 * `POST /subscribe/`: the footer's subscription form without JavaScript. Sends what the form's
 * script sends (spec §4 "Subscription form": the fields as nested JSON, `X-WP-Nonce`, the
 * shopper's cookies) to the store's subscription endpoint, and shows the outcome with the form's
 * own texts. The nonce is the shopper's `wp_rest` nonce from the account route; a first-time
 * guest gets a session there, whose cookie goes with the subscription and on to the browser.
 * A filled honeypot succeeds without sending anything, as the script does. A GET (a bookmark or
 * a reload) shows the page with its way back and no outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = refererPath(request.headers.get('referer'), url.origin, '/shop/');
  const store = context.get(storeContext);
  const success = {
    status: 'success' as const,
    message: shopT.format('subscription.success'),
    back,
  };
  const failure = () =>
    data(
      { status: 'error' as const, message: shopT.format('subscription.error'), back },
      { status: 400 },
    );

  const form = await readForm(request);
  const honeypot = form.get(SUBSCRIPTION_HONEYPOT);
  form.delete(SUBSCRIPTION_HONEYPOT);
  if (typeof honeypot === 'string' && honeypot !== '') return success;
  const entries: [string, string][] = [];
  form.forEach((value, name) => {
    if (typeof value === 'string') entries.push([name, value]);
  });

  const site = await loadSite(request, store.apiFetch);
  const endpoint = site.subscriptionEndpoint;
  // A same-origin path or URL (loadSite checked it); the call needs its route under /wp-json/.
  const path =
    endpoint === null
      ? null
      : /^\/wp-json\/(.+)$/.exec(new URL(endpoint, url.origin).pathname)?.[1];
  if (!path) return failure();
  try {
    const account = await getAccount(store.apiFetch);
    const cookie = [request.headers.get('cookie') ?? '', ...cookiePairs(store.setCookies)]
      .filter((part) => part !== '')
      .join('; ');
    await store.apiFetch({
      path,
      method: 'POST',
      headers: { 'X-WP-Nonce': account.nonces.wp_rest, ...(cookie ? { cookie } : {}) },
      data: nestFields(entries),
      parse: false,
    });
    // A refusal rejects (below); an answer in 2xx is a subscription.
    return success;
  } catch {
    // Spec §8: the failure text is the catalogue's; the answer's body is not shown.
    return failure();
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, shopT.format('subscribe.title')) }];
}

/** The outcome, with the form's own texts, and the way back to the page the shopper was on. */
export default function Subscribe({ actionData }: Route.ComponentProps) {
  const failed = actionData?.status === 'error';
  return (
    <section className="subscribe-page" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title">{shopT.format('subscribe.title')}</h1>
      {actionData ? (
        <p
          className={`woocommerce-${failed ? 'error' : 'message'}`}
          role={failed ? 'alert' : 'status'}
        >
          {actionData.message}
        </p>
      ) : null}
      <p>
        <Link to={actionData?.back ?? '/shop/'}>{shopT.format('subscribe.back')}</Link>
      </p>
    </section>
  );
}
