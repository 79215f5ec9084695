import { data, Link, redirect } from 'react-router';
import { DEFAULT_ORDERBY, loadListing, ProductListing } from '../components/ProductListing';
import { storeContext } from '../context';
import { parsePageParam } from '../lib/catalog';
import { pageTitle } from '../lib/site-title';
import { shopT } from '../messages';
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
  return { ...listing, search };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData || !('search' in loaderData)) return [];
  const suffix = loaderData.page > 1 ? ` – Page ${loaderData.page}` : '';
  return [
    {
      title: pageTitle(
        matches,
        shopT.format('search.title', { search: loaderData.search }) + suffix,
      ),
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  if (!('search' in loaderData)) return null;
  const { search, orderBy } = loaderData;
  const query = new URLSearchParams({ s: search, post_type: 'product' });
  if (orderBy !== DEFAULT_ORDERBY) query.set('orderby', orderBy);
  return (
    <ProductListing
      listing={loaderData}
      heading={<h1>{shopT.format('search.title', { search })}</h1>}
      action="/"
      keep={{ s: search, post_type: 'product' }}
      pagePath={(n) => (n === 1 ? `/?${query}` : `/page/${n}/?${query}`)}
      empty={
        <div className="search-empty">
          <p>{shopT.format('search.none')}</p>
          <p>
            {shopT.format('search.help')} <Link to="/shop/">{shopT.format('search.browse')}</Link>
          </p>
        </div>
      }
    />
  );
}
