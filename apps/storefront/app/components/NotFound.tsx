import { Link } from '../lib/routing';
import { shopT } from '../messages';

/** The page body for a URL that matches nothing: a route, a product or a shop page. */
export function NotFound() {
  return (
    <>
      <h1>{shopT.format('notFound.title')}</h1>
      <p>
        {shopT.format('notFound.text')} <Link to="/shop/">{shopT.format('notFound.browse')}</Link>.
      </p>
    </>
  );
}
