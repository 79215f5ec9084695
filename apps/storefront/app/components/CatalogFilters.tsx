import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import type { StoreCurrency } from '@cartwright/store-api-client';
import { Form, Link } from 'react-router';
import { withQuery } from '../lib/catalog-filters';
import { shopT } from '../messages';

/** The price range of the products a filter applies to, from `products/collection-data`. */
export interface PriceRangeData {
  min: string;
  max: string;
  currency: StoreCurrency;
}

/** Hidden inputs that carry the listing's other query arguments through a GET form. */
function Kept({ query, except }: { query: Record<string, string>; except: readonly string[] }) {
  return (
    <>
      {Object.entries(query)
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/**
 * WooCommerce's price filter as a plain GET form (`?min_price=10&max_price=20`, in the shop's
 * currency), so it works without JavaScript; with it, the router loads the result in place.
 */
export function PriceFilter({
  action,
  range,
  minText,
  maxText,
  keep,
}: {
  action: string;
  range: PriceRangeData;
  minText: string;
  maxText: string;
  /** The listing's other arguments (ordering, attribute filters). */
  keep: Record<string, string>;
}) {
  const currency = currencyFromStoreApi(range.currency);
  const unit = 10 ** range.currency.currency_minor_unit;
  const low = Math.floor(Number(range.min) / unit);
  const high = Math.ceil(Number(range.max) / unit);
  const step = range.currency.currency_minor_unit > 0 ? String(1 / unit) : '1';
  return (
    <section className="catalog-filter price-filter" aria-labelledby="price-filter-heading">
      <h2 id="price-filter-heading">{shopT.format('filter.price')}</h2>
      <p id="price-filter-range" className="catalog-filter__hint">
        {shopT.format('filter.priceRange', {
          min: formatPrice(range.min, currency),
          max: formatPrice(range.max, currency),
        })}
      </p>
      <Form method="get" action={action} preventScrollReset className="price-filter__form">
        <div className="price-filter__fields">
          <label>
            <span>
              {shopT.format('filter.minPrice', { symbol: range.currency.currency_symbol })}
            </span>
            <input
              type="number"
              name="min_price"
              inputMode="decimal"
              min={0}
              step={step}
              placeholder={String(low)}
              defaultValue={minText}
              key={`min-${minText}`}
              aria-describedby="price-filter-range"
            />
          </label>
          <label>
            <span>
              {shopT.format('filter.maxPrice', { symbol: range.currency.currency_symbol })}
            </span>
            <input
              type="number"
              name="max_price"
              inputMode="decimal"
              min={0}
              step={step}
              placeholder={String(high)}
              defaultValue={maxText}
              key={`max-${maxText}`}
              aria-describedby="price-filter-range"
            />
          </label>
        </div>
        <Kept query={keep} except={['min_price', 'max_price', 'paged', 'product-page']} />
        <button type="submit" className="cw-button">
          {shopT.format('filter.apply')}
        </button>
      </Form>
    </section>
  );
}

/** One attribute's choices, each a link that adds or removes it (WooCommerce's layered nav). */
export interface AttributeFilterView {
  /** The attribute's slug (`size` for `pa_size`). */
  name: string;
  label: string;
  terms: { slug: string; name: string; count: number; chosen: boolean; href: string }[];
}

/**
 * WooCommerce's "Filter by attribute" as links (`?filter_size=m,l&query_type_size=or`): they
 * work without JavaScript, and each says whether it is chosen.
 */
export function AttributeFilter({ filter }: { filter: AttributeFilterView }) {
  const headingId = `attribute-filter-${filter.name}`;
  return (
    <nav className="catalog-filter attribute-filter" aria-labelledby={headingId}>
      <h2 id={headingId}>{shopT.format('filter.attribute', { attribute: filter.label })}</h2>
      <ul>
        {filter.terms.map((term) => (
          <li key={term.slug} className={term.chosen ? 'chosen' : undefined}>
            <Link
              to={term.href}
              rel="nofollow"
              preventScrollReset
              aria-label={shopT.format(term.chosen ? 'filter.termChosen' : 'filter.term', {
                term: term.name,
                count: term.count,
              })}
            >
              <span className="attribute-filter__box" aria-hidden="true">
                {term.chosen ? '✓' : ''}
              </span>
              {term.name}
            </Link>{' '}
            <span className="count" aria-hidden="true">
              ({term.count})
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One active filter and the link that removes it (WooCommerce's "Active filters" widget). */
export interface ActiveFilter {
  label: string;
  /** The listing without this filter. */
  href: string;
}

export function ActiveFilters({
  filters,
  clearHref,
}: {
  filters: ActiveFilter[];
  clearHref: string;
}) {
  if (filters.length === 0) return null;
  return (
    <section className="catalog-filter active-filters" aria-labelledby="active-filters-heading">
      <h2 id="active-filters-heading">{shopT.format('filter.active')}</h2>
      <ul>
        {filters.map((filter) => (
          <li key={filter.href}>
            <Link
              to={filter.href}
              preventScrollReset
              aria-label={shopT.format('filter.remove', { filter: filter.label })}
            >
              <span aria-hidden="true">×</span> {filter.label}
            </Link>
          </li>
        ))}
      </ul>
      {filters.length > 1 ? (
        <p>
          <Link to={clearHref}>{shopT.format('filter.clearAll')}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** A category as the listings link it. */
export interface CategoryLink {
  id: number;
  name: string;
  slug: string;
  count: number;
}

export const categoryPath = (slug: string) => `/product-category/${encodeURIComponent(slug)}/`;

/** The shop's categories with their product counts (WooCommerce's "Product categories"). */
export function CategoryList({
  categories,
  current,
  headingId = 'category-list-heading',
  heading = shopT.format('filter.categories'),
}: {
  categories: CategoryLink[];
  current?: string;
  headingId?: string;
  heading?: string;
}) {
  if (categories.length === 0) return null;
  return (
    <nav className="catalog-filter category-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={categoryPath(category.slug)}
              {...(category.slug === current ? { 'aria-current': 'page' as const } : {})}
            >
              {category.name}
            </Link>{' '}
            <span className="count">{shopT.format('filter.count', { count: category.count })}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export { withQuery };
