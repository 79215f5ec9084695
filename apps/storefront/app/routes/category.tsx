import { getCollectionData, getProductCategories } from '@cartwright/store-api-client/store';
import type { StoreProductCategory } from '@cartwright/store-api-client';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { data, Link, redirect } from 'react-router';
import {
  ActiveFilters,
  CategoryList,
  categoryPath,
  PriceFilter,
  type ActiveFilter,
} from '../components/CatalogFilters';
import { DEFAULT_ORDERBY, loadListing, ProductListing } from '../components/ProductListing';
import { storeContext } from '../context';
import { parsePageParam } from '../lib/catalog';
import {
  filterQuery,
  hasFilters,
  readCatalogFilters,
  storeApiFilters,
  withQuery,
} from '../lib/catalog-filters';
import { sanitizeProductHtml } from '../lib/sanitize.server';
import { pageTitle } from '../lib/site-title';
import { shopT } from '../messages';
import type { Route } from './+types/category';

/** The category's ancestors, top first (WooCommerce's breadcrumb), guarding against cycles. */
function ancestorsOf(category: StoreProductCategory, all: StoreProductCategory[]) {
  const trail: { name: string; slug: string }[] = [];
  let parent = all.find((c) => c.id === category.parent);
  while (parent && trail.length < 10 && parent.id !== category.id) {
    trail.unshift({ name: parent.name, slug: parent.slug });
    const next = parent.parent;
    parent = all.find((c) => c.id === next);
  }
  return trail;
}

/**
 * `/product-category/{slug}/` (and `/page/{n}/`): the category's products with WooCommerce's
 * ordering, a price filter (`?min_price=&max_price=`, in the shop's currency), breadcrumbs and
 * the category's description, sanitised.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = parsePageParam(params.page);
  if (page === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const base = categoryPath(params.slug);
  if (params.page === '1') throw redirect(`${base}${url.search}`, 301);
  const { apiFetch } = context.get(storeContext);
  const categories = await getProductCategories(apiFetch);
  const category = categories.find((c) => c.slug === params.slug);
  if (category === undefined) throw data(null, { status: 404 });

  // The range is over the category without the price filter, so it also gives the currency
  // the filter's amounts are read in.
  const collection = await getCollectionData(apiFetch, {
    category: String(category.id),
    calculate_price_range: true,
  });
  const range = collection.price_range;
  const filters = readCatalogFilters(url, range?.currency_minor_unit ?? 2);
  const listing = await loadListing(apiFetch, url, page, undefined, {
    category: String(category.id),
    ...storeApiFilters(filters),
  });
  if (page > 1 && page > listing.totalPages) throw data(null, { status: 404 });

  const orderBy = listing.orderBy;
  const kept = {
    ...(orderBy === DEFAULT_ORDERBY ? {} : { orderby: orderBy }),
    ...filterQuery(filters),
  };
  const without = (...names: string[]) =>
    withQuery(
      base,
      Object.fromEntries(Object.entries(kept).filter(([name]) => !names.includes(name))),
    );
  const active: ActiveFilter[] = [];
  if (range) {
    const currency = currencyFromStoreApi(range);
    if (filters.minPrice !== undefined) {
      active.push({
        label: shopT.format('filter.min', { amount: formatPrice(filters.minPrice, currency) }),
        href: without('min_price'),
      });
    }
    if (filters.maxPrice !== undefined) {
      active.push({
        label: shopT.format('filter.max', { amount: formatPrice(filters.maxPrice, currency) }),
        href: without('max_price'),
      });
    }
  }

  return {
    ...listing,
    category: {
      name: category.name,
      slug: category.slug,
      descriptionHtml: sanitizeProductHtml(category.description),
      ancestors: ancestorsOf(category, categories),
    },
    categories: categories
      .filter((c) => c.count > 0)
      .map(({ id, name, slug, count }) => ({ id, name, slug, count })),
    priceRange: range ? { min: range.min_price, max: range.max_price, currency: range } : null,
    minText: filters.minText,
    maxText: filters.maxText,
    filtered: hasFilters(filters),
    kept,
    active,
    clearHref: without(...Object.keys(filterQuery(filters))),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: shopT.format('notFound.title') }];
  const suffix = loaderData.page > 1 ? ` – Page ${loaderData.page}` : '';
  return [
    { title: pageTitle(matches, `${loaderData.category.name}${suffix}`) },
    // Filtered variants of a category are not pages of their own for search engines.
    ...(loaderData.filtered ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, kept, priceRange } = loaderData;
  const base = categoryPath(category.slug);
  return (
    <div className="category-page">
      <nav aria-label={shopT.format('product.breadcrumb')} className="breadcrumb">
        <Link to="/shop/">{shopT.format('shop.title')}</Link>
        {category.ancestors.map((ancestor) => (
          <span key={ancestor.slug}>
            {' '}
            <span aria-hidden="true">/</span>{' '}
            <Link to={categoryPath(ancestor.slug)}>{ancestor.name}</Link>
          </span>
        ))}{' '}
        <span aria-hidden="true">/</span> <span aria-current="page">{category.name}</span>
      </nav>
      <h1>{category.name}</h1>
      {category.descriptionHtml ? (
        <div
          className="term-description"
          dangerouslySetInnerHTML={{ __html: category.descriptionHtml }}
        />
      ) : null}
      <div className="catalog-layout">
        <div className="catalog-layout__main">
          <ProductListing
            listing={loaderData}
            heading={null}
            action={base}
            keep={Object.fromEntries(Object.entries(kept).filter(([name]) => name !== 'orderby'))}
            pagePath={(n) => withQuery(n === 1 ? base : `${base}page/${n}/`, kept)}
            empty={
              loaderData.filtered ? (
                <div className="catalog-empty">
                  <p>{shopT.format('category.none')}</p>
                  <p>
                    <Link to={loaderData.clearHref}>
                      {shopT.format('category.clear', { name: category.name })}
                    </Link>
                  </p>
                </div>
              ) : (
                <p>{shopT.format('category.empty')}</p>
              )
            }
          />
        </div>
        <aside className="catalog-layout__filters" aria-label={shopT.format('filter.label')}>
          <ActiveFilters filters={loaderData.active} clearHref={loaderData.clearHref} />
          {priceRange ? (
            <PriceFilter
              action={base}
              range={priceRange}
              minText={loaderData.minText}
              maxText={loaderData.maxText}
              keep={kept}
            />
          ) : null}
          <CategoryList categories={loaderData.categories} current={category.slug} />
        </aside>
      </div>
    </div>
  );
}
