import { Form, useLocation } from 'react-router';
import { shopT } from '../messages';

/**
 * The header's product search, as WooCommerce's product search widget sends it: a GET to
 * `/?s=…&post_type=product`, so it works without JavaScript; with it, the router loads the
 * results without a full page load. A `search` landmark; the field keeps the current search.
 */
export function SiteSearch() {
  const location = useLocation();
  const current =
    location.pathname === '/' || location.pathname.startsWith('/page/')
      ? (new URLSearchParams(location.search).get('s') ?? '')
      : '';
  return (
    <search className="site-search">
      <Form method="get" action="/" className="site-search__form">
        <label htmlFor="site-search-field" className="cw-visually-hidden">
          {shopT.format('search.label')}
        </label>
        <input
          type="search"
          id="site-search-field"
          name="s"
          // A new search page shows its own query in the field.
          key={current}
          defaultValue={current}
          autoComplete="off"
          maxLength={200}
        />
        <input type="hidden" name="post_type" value="product" />
        <button type="submit" className="cw-button">
          {shopT.format('search.submit')}
        </button>
      </Form>
    </search>
  );
}
