import { COMING_SOON_DISMISS_BODY } from '@cartwright/ui-components';
import type { Route } from './+types/coming-soon-dismiss';
import { storeContext } from '../context';
import { refererPath } from '../lib/same-origin';
import { readForm } from '../lib/form-body';

const USER_ROUTE = /^\/wp-json\/(wp\/v2\/users\/\d+)$/;

/**
 * `POST /coming-soon/dismiss/`: the coming-soon banner's dismiss button without JavaScript.
 * Sends the same call the banner's script sends (the form's `rest_url`, which must be a user
 * route of this store, with its `_wpnonce` as `X-WP-Nonce` and the shopper's cookies), then goes
 * back to the page. As with the script, the outcome is not read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = refererPath(request.headers.get('referer'), url.origin);
  const form = await readForm(request);
  const nonce = form.get('_wpnonce');
  const restUrl = form.get('rest_url');
  if (typeof nonce === 'string' && typeof restUrl === 'string') {
    let path: string | undefined;
    try {
      path = USER_ROUTE.exec(new URL(restUrl, url.origin).pathname)?.[1];
    } catch {
      path = undefined;
    }
    if (path !== undefined) {
      await context
        .get(storeContext)
        .apiFetch({
          path,
          method: 'POST',
          headers: {
            'X-WP-Nonce': nonce,
            'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
          },
          body: COMING_SOON_DISMISS_BODY,
          parse: false,
        })
        .catch(() => undefined);
    }
  }
  return new Response(null, {
    status: 303,
    headers: { Location: back, 'Cache-Control': 'no-store' },
  });
}

/** A GET (a bookmarked or reloaded URL) just goes home. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: '/' } });
}
