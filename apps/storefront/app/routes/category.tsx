import {
  getAttributeTerms,
  getCollectionData,
  getProductAttributes,
  getProductCategories,
} from '@cartwright/store-api-client/store';
import type { StoreProductCategory } from '@cartwright/store-api-client';
import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { data, Link, redirect } from 'react-router';
import type { ActiveFilter, AttributeFilterView } from '../components/CatalogFilters';
import { CategoryFiltersIsland } from '../components/CategoryFiltersIsland';
import { DEFAULT_ORDERBY, loadListing, ProductListing } from '../components/ProductListing';
import { storeContext } from '../context';
import { categoryPath, parsePageParam } from '../lib/catalog';
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
import { catalogT } from '../messages-catalog';

/**
 * The category's ancestors, top first (WooCommerce's breadcrumb), guarding against cycles; each
 * with its path, so the page's code in the browser does not need to build one.
 */
function ancestorsOf(category: StoreProductCategory, all: StoreProductCategory[]) {
  const trail: { name: string; slug: string; path: string }[] = [];
  let parent = all.find((c) => c.id === category.parent);
  while (parent && trail.length < 10 && parent.id !== category.id) {
    trail.unshift({ name: parent.name, slug: parent.slug, path: categoryPath(parent.slug) });
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
  const [categories, attributes] = await Promise.all([
    getProductCategories(apiFetch),
    getProductAttributes(apiFetch),
  ]);
  const category = categories.find((c) => c.slug === params.slug);
  if (category === undefined) throw data(null, { status: 404 });

  // The price range is over the category and its attribute filters, never the price filter
  // (WooCommerce leaves it out), so it also gives the currency the filter's amounts are in.
  const chosen = readCatalogFilters(url, 2).attributes;
  const collection = await getCollectionData(apiFetch, {
    category: String(category.id),
    ...storeApiFilters({ ...readCatalogFilters(url, 2), minPrice: undefined, maxPrice: undefined }),
    calculate_price_range: true,
  });
  const range = collection.price_range;
  const filters = readCatalogFilters(url, range?.currency_minor_unit ?? 2);
  const query = { category: String(category.id), ...storeApiFilters(filters) };
  // Each attribute's terms are counted over the list without the attribute's own choice, so
  // choosing another term ("or") shows what it would add.
  const [listing, counted] = await Promise.all([
    loadListing(apiFetch, url, page, undefined, query),
    attributes.length === 0
      ? null
      : getCollectionData(apiFetch, {
          ...query,
          calculate_attribute_counts: attributes.map((a) => ({
            taxonomy: a.taxonomy,
            query_type: 'or' as const,
          })),
        }),
  ]);
  const countOf = new Map((counted?.attribute_counts ?? []).map((row) => [row.term, row.count]));
  const termLists = await Promise.all(
    attributes.map((attribute) => getAttributeTerms(apiFetch, attribute.id)),
  );
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
  const attributeFilters: AttributeFilterView[] = [];
  attributes.forEach((attribute, index) => {
    const name = attribute.taxonomy.replace(/^pa_/, '');
    const current = chosen.find((filter) => filter.name === name)?.slugs ?? [];
    /** The listing with `slug` chosen or not: WooCommerce's `filter_x=a,b&query_type_x=or`. */
    const toggled = (slug: string) => {
      const next = current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
      const rest = Object.fromEntries(
        Object.entries(kept).filter(
          ([key]) => key !== `filter_${name}` && key !== `query_type_${name}`,
        ),
      );
      return withQuery(
        base,
        next.length === 0
          ? rest
          : { ...rest, [`filter_${name}`]: next.join(','), [`query_type_${name}`]: 'or' },
      );
    };
    const terms = (termLists[index] ?? [])
      .map((term) => ({
        slug: term.slug,
        name: term.name,
        count: countOf.get(term.id) ?? 0,
        chosen: current.includes(term.slug),
        href: toggled(term.slug),
      }))
      // A term no product here has is no choice, unless the shopper chose it already.
      .filter((term) => term.count > 0 || term.chosen);
    for (const term of terms.filter((t) => t.chosen)) {
      active.push({ label: `${attribute.name}: ${term.name}`, href: term.href });
    }
    if (terms.length > 0) attributeFilters.push({ name, label: attribute.name, terms });
  });
  if (range) {
    const currency = currencyFromStoreApi(range);
    if (filters.minPrice !== undefined) {
      active.push({
        label: catalogT.format('filter.min', { amount: formatPrice(filters.minPrice, currency) }),
        href: without('min_price'),
      });
    }
    if (filters.maxPrice !== undefined) {
      active.push({
        label: catalogT.format('filter.max', { amount: formatPrice(filters.maxPrice, currency) }),
        href: without('max_price'),
      });
    }
  }

  return {
    ...listing,
    category: {
      name: category.name,
      slug: category.slug,
      path: base,
      descriptionHtml: sanitizeProductHtml(category.description),
      ancestors: ancestorsOf(category, categories),
    },
    categories: categories
      .filter((c) => c.count > 0)
      .map(({ id, name, slug, count }) => ({ id, name, slug, count })),
    priceRange: range ? { min: range.min_price, max: range.max_price, currency: range } : null,
    attributeFilters,
    minText: filters.minText,
    maxText: filters.maxText,
    filtered: hasFilters(filters),
    kept,
    active,
    clearHref: without(...Object.keys(filterQuery(filters))),
  };
}

/**
 * An island page (decision 0084): the browser hydrates the cards' add-to-cart forms (`catalog`
 * in `app/islands-hydrate.tsx`) and the layout's live parts, not the router. Sorting, the
 * filters and page links are the forms and links they are without JavaScript: each loads its
 * page, and a form sent from the keyboard gives the new page's same field the focus.
 */
export const handle = { islands: 'catalog' };

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
  const base = category.path;
  return (
    <div className="category-page">
      <nav aria-label={catalogT.format('product.breadcrumb')} className="breadcrumb">
        <Link to="/shop/">{catalogT.format('shop.title')}</Link>
        {category.ancestors.map((ancestor) => (
          <span key={ancestor.slug}>
            {' '}
            <span aria-hidden="true">/</span> <Link to={ancestor.path}>{ancestor.name}</Link>
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
                  <p>{catalogT.format('category.none')}</p>
                  <p>
                    <Link to={loaderData.clearHref}>
                      {catalogT.format('category.clear', { name: category.name })}
                    </Link>
                  </p>
                </div>
              ) : (
                <p>{catalogT.format('category.empty')}</p>
              )
            }
          />
        </div>
        <aside className="catalog-layout__filters" aria-label={catalogT.format('filter.label')}>
          <CategoryFiltersIsland
            action={base}
            active={loaderData.active}
            clearHref={loaderData.clearHref}
            priceRange={priceRange}
            minText={loaderData.minText}
            maxText={loaderData.maxText}
            keep={kept}
            attributeFilters={loaderData.attributeFilters}
            categories={loaderData.categories}
            current={category.slug}
          />
        </aside>
      </div>
    </div>
  );
}
