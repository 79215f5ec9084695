import { COMING_SOON_DISMISS_BODY } from '@cartwright/ui-components';
import type { Route } from './+types/coming-soon-dismiss';
import { storeContext } from '../context';
import { refererPath } from '../lib/same-origin';
import { readForm } from '../lib/form-body';

const USER_ROUTE = /^\/wp-json\/(wp\/v2\/users\/\d+)$/;

/**
 * The coming-soon banner's dismiss link without JavaScript: `GET /coming-soon/dismiss/?_wpnonce=…
 * &rest_url=…` (the link's href), or the same fields posted. Sends the call the banner's script
 * sends (`rest_url`, which must be a user route of this store, with `_wpnonce` as `X-WP-Nonce`
 * and the shopper's cookies), then goes back to the page. As with the script, the outcome is not
 * read. The nonce is the shopper's own `wp_rest` nonce, so a link planted elsewhere carries none
 * that works for anyone else.
 */
async function dismiss(
  request: Request,
  context: Route.LoaderArgs['context'],
  fields: URLSearchParams | FormData,
) {
  const url = new URL(request.url);
  const back = refererPath(request.headers.get('referer'), url.origin);
  const nonce = fields.get('_wpnonce');
  const restUrl = fields.get('rest_url');
  if (typeof nonce === 'string' && nonce !== '' && typeof restUrl === 'string') {
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

export async function action({ request, context }: Route.ActionArgs) {
  return dismiss(request, context, await readForm(request));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return dismiss(request, context, new URL(request.url).searchParams);
}
