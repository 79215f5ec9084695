import { data } from 'react-router';
import { NotFound as NotFoundMessage } from '../components/NotFound';
import type { Route } from './+types/not-found';
import { shopT } from '../messages';
import { pageTitle } from '../lib/site-title';

export function loader() {
  return data(null, { status: 404 });
}

/**
 * An island page (decision 0084) with no islands of its own: the browser hydrates only the
 * layout's live parts (the header cart, search, privacy) when a shopper comes to them. The page's
 * link back to the shop is a plain link.
 */
export const handle = { islands: 'layout' };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, shopT.format('notFound.title')) }];
}

export default function NotFound() {
  return <NotFoundMessage />;
}
