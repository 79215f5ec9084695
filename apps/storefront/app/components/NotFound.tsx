import { Link } from 'react-router';

/** The page body for a URL that matches nothing: a route, a product or a shop page. */
export function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        The page you asked for does not exist. <Link to="/shop/">Browse the shop</Link>.
      </p>
    </>
  );
}
