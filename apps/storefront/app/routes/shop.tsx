import { data, redirect } from 'react-router';
import { DEFAULT_ORDERBY, loadListing, ProductListing } from '../components/ProductListing';
import { storeContext } from '../context';
import { parsePageParam } from '../lib/catalog';
import type { Route } from './+types/shop';
import { pageTitle } from '../lib/site-title';
import { catalogT } from '../messages-catalog';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = parsePageParam(params.page);
  if (page === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (params.page === '1') throw redirect(`/shop/${url.search}`, 301);
  const listing = await loadListing(context.get(storeContext).apiFetch, url, page);
  if (page > 1 && page > listing.totalPages) throw data(null, { status: 404 });
  return listing;
}

/**
 * An island page (decision 0082): the browser hydrates the cards' add-to-cart forms (`catalog` in
 * `app/islands.client.tsx`) and the layout's live parts, not the router. Sorting, filters and
 * page links are the forms and links they are without JavaScript: each loads its page.
 */
export const handle = { islands: 'catalog' };

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const suffix = loaderData && loaderData.page > 1 ? ` – Page ${loaderData.page}` : '';
  return [{ title: pageTitle(matches, `Shop${suffix}`) }];
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { orderBy } = loaderData;
  const query = orderBy === DEFAULT_ORDERBY ? '' : `?orderby=${orderBy}`;
  return (
    <ProductListing
      listing={loaderData}
      heading={<h1>{catalogT.format('shop.title')}</h1>}
      action="/shop/"
      pagePath={(n) => (n === 1 ? `/shop/${query}` : `/shop/page/${n}/${query}`)}
      empty={<p>{catalogT.format('shop.noProducts')}</p>}
    />
  );
}
