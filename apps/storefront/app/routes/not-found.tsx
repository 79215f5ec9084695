import { data } from 'react-router';
import { NotFound as NotFoundMessage } from '../components/NotFound';
import type { Route } from './+types/not-found';
import { shopT } from '../messages';

export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: shopT.format('notFound.title') }];
}

export default function NotFound() {
  return <NotFoundMessage />;
}
