import { catalogT } from '../messages-catalog';
import {
  AttributeFilter as AttributeFilterLinks,
  currencyFromStoreApi,
  PriceFilter as PriceFilterForm,
  type AttributeFilterLinkProps,
  type AttributeFilterTerm,
} from '@cartwright/ui-components';
import type { StoreCurrency } from '@cartwright/store-api-client';
import { Link, useSubmit } from 'react-router';
import { categoryPath } from '../lib/catalog';
import { withQuery } from '../lib/catalog-filters';

/** The price range of the products a filter applies to, from `products/collection-data`. */
export interface PriceRangeData {
  min: string;
  max: string;
  currency: StoreCurrency;
}

/**
 * ui-components' price filter (a GET form that works without JavaScript), submitted by the
 * router when scripts run, so the result loads in place and the page keeps its scroll.
 */
export function PriceFilter({
  range,
  ...props
}: {
  action: string;
  range: PriceRangeData;
  minText: string;
  maxText: string;
  /** The listing's other arguments (ordering, attribute filters). */
  keep: Record<string, string>;
}) {
  const submit = useSubmit();
  return (
    <PriceFilterForm
      min={range.min}
      max={range.max}
      currency={currencyFromStoreApi(range.currency)}
      {...props}
      onFilterSubmit={(form) => void submit(form, { preventScrollReset: true })}
    />
  );
}

/** One attribute's choices, each a link that adds or removes it (WooCommerce's layered nav). */
export interface AttributeFilterView {
  /** The attribute's slug (`size` for `pa_size`). */
  name: string;
  label: string;
  terms: AttributeFilterTerm[];
}

const filterLink = ({ href, children, ...props }: AttributeFilterLinkProps) => (
  <Link to={href} preventScrollReset {...props}>
    {children}
  </Link>
);

/** ui-components' attribute filter with the router's links. */
export function AttributeFilter({ filter }: { filter: AttributeFilterView }) {
  return <AttributeFilterLinks {...filter} renderLink={filterLink} />;
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
      <h2 id="active-filters-heading">{catalogT.format('filter.active')}</h2>
      <ul>
        {filters.map((filter) => (
          <li key={filter.href}>
            <Link
              to={filter.href}
              preventScrollReset
              aria-label={catalogT.format('filter.remove', { filter: filter.label })}
            >
              <span aria-hidden="true">×</span> {filter.label}
            </Link>
          </li>
        ))}
      </ul>
      {filters.length > 1 ? (
        <p>
          <Link to={clearHref}>{catalogT.format('filter.clearAll')}</Link>
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

/** The shop's categories with their product counts (WooCommerce's "Product categories"). */
export function CategoryList({
  categories,
  current,
  headingId = 'category-list-heading',
  heading = catalogT.format('filter.categories'),
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
            <span className="count">
              {catalogT.format('filter.count', { count: category.count })}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export { categoryPath, withQuery };
