import { data } from 'react-router';
import { NotFound as NotFoundMessage } from '../components/NotFound';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Page not found' }];
}

export default function NotFound() {
  return <NotFoundMessage />;
}
