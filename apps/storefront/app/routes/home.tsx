import { catalogT } from '../messages-catalog';
import { getProductCategories } from '@cartwright/store-api-client/store';
import { SEARCH_ORDERINGS } from '@cartwright/ui-components';
import { data, Link, redirect } from 'react-router';
import { CategoryList, type CategoryLink } from '../components/CategoryList';
import { loadListing, ProductListing } from '../components/ProductListing';
import { SiteSearch } from '../components/SiteSearch';
import { SEARCH_ORDERBY } from '../lib/ordering';
import { storeContext } from '../context';
import { parsePageParam } from '../lib/catalog';
import { pageTitle } from '../lib/site-title';
import type { Route } from './+types/home';

/** The longest search we send on (WordPress has no limit; nobody types more). */
const MAX_SEARCH_LENGTH = 200;

/**
 * The front page. The demo store has no front page of its own, so `/` is the shop; with `?s=`
 * it is WordPress's search, as WooCommerce's product search form sends it
 * (`/?s=mug&post_type=product`, later pages at `/page/2/?s=…`).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get('s');
  if (raw === null) {
    if (params.page !== undefined) throw data(null, { status: 404 });
    return redirect('/shop/', 302);
  }
  const page = parsePageParam(params.page);
  if (page === null) throw data(null, { status: 404 });
  if (params.page === '1') throw redirect(`/${url.search}`, 301);
  const search = raw.trim().slice(0, MAX_SEARCH_LENGTH);
  const listing = await loadListing(
    context.get(storeContext).apiFetch,
    url,
    page,
    search || undefined,
  );
  if (page > 1 && page > listing.totalPages) throw data(null, { status: 404 });
  // Nothing found: the page suggests where to look instead (the categories that have products).
  let suggestions: CategoryLink[] = [];
  if (listing.total === 0) {
    const categories = await getProductCategories(context.get(storeContext).apiFetch);
    suggestions = categories
      .filter((c) => c.count > 0)
      .map(({ id, name, slug, count }) => ({ id, name, slug, count }));
  }
  return { ...listing, search, suggestions };
}

/**
 * An island page (decision 0082), as /shop/ is: the browser hydrates the cards' add-to-cart forms
 * (`catalog` in `app/islands-hydrate.tsx`), the "search again" field of an empty result with the
 * header's (a layout island), and the layout's live parts, not the router. Sorting and page links
 * are the form and links they are without JavaScript: each loads its page.
 */
export const handle = { islands: 'catalog' };

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData || !('search' in loaderData)) return [];
  const suffix = loaderData.page > 1 ? ` – Page ${loaderData.page}` : '';
  return [
    {
      title: pageTitle(
        matches,
        catalogT.format('search.title', { search: loaderData.search }) + suffix,
      ),
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  if (!('search' in loaderData)) return null;
  const { search, orderBy } = loaderData;
  const query = new URLSearchParams({ s: search, post_type: 'product' });
  if (orderBy !== SEARCH_ORDERBY) query.set('orderby', orderBy);
  return (
    <ProductListing
      listing={loaderData}
      heading={<h1>{catalogT.format('search.title', { search })}</h1>}
      action="/"
      keep={{ s: search, post_type: 'product' }}
      orderings={SEARCH_ORDERINGS}
      pagePath={(n) => (n === 1 ? `/?${query}` : `/page/${n}/?${query}`)}
      empty={
        <div className="search-empty">
          <p>{catalogT.format('search.none')}</p>
          <p>
            {catalogT.format('search.help')}{' '}
            <Link to="/shop/">{catalogT.format('search.browse')}</Link>
          </p>
          <SiteSearch
            label={catalogT.format('search.again')}
            id="search-again-field"
            className="search-empty__again"
          />
          <CategoryList
            categories={loaderData.suggestions}
            headingId="search-suggestions-heading"
            heading={catalogT.format('search.suggestCategories')}
          />
        </div>
      }
    />
  );
}
