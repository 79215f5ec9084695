import { data } from 'react-router';
import { NotFound as NotFoundMessage } from '../components/NotFound';
import type { Route } from './+types/not-found';
import { shopT } from '../messages';
import { pageTitle } from '../lib/site-title';

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, shopT.format('notFound.title')) }];
}

export default function NotFound() {
  return <NotFoundMessage />;
}
