import { data, Link } from 'react-router';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Page not found' }];
}

export default function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        The page you asked for does not exist. <Link to="/shop/">Browse the shop</Link>.
      </p>
    </>
  );
}
