import { storeNoticeCookieName, STORE_NOTICE_HIDDEN } from '@cartwright/ui-components';
import type { Route } from './+types/store-notice-dismiss';
import { toSameOriginPath } from '../lib/same-origin';

/**
 * `/store-notice/dismiss/?id={noticeId}&redirect_to={path}`: the store notice's dismiss link
 * without JavaScript. Sets `store_notice{id}=hidden` (path `/`, a session cookie, as WooCommerce's
 * script does) and sends the shopper back to the page they were on, where the notice is then
 * left out of the HTML.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get('id') ?? '';
  const back = toSameOriginPath(url.searchParams.get('redirect_to'), url.origin) ?? '/';
  const headers = new Headers({ Location: back, 'Cache-Control': 'no-store' });
  if (/^[0-9a-f]{32}$/.test(id)) {
    headers.append(
      'Set-Cookie',
      `${storeNoticeCookieName(id)}=${STORE_NOTICE_HIDDEN}; Path=/; SameSite=Lax`,
    );
  }
  return new Response(null, { status: 303, headers });
}
