import { catalogT } from '../messages-catalog';
import {
  AttributeFilter as AttributeFilterLinks,
  currencyFromStoreApi,
  PriceFilter as PriceFilterForm,
  type AttributeFilterLinkProps,
  type AttributeFilterTerm,
} from '@cartwright/ui-components';
import type { StoreCurrency } from '@cartwright/store-api-client';
import { Link, useSubmitQuery } from '../lib/routing';
import { CategoryList, type CategoryLink } from './CategoryList';

/** The price range of the products a filter applies to, from `products/collection-data`. */
export interface PriceRangeData {
  min: string;
  max: string;
  currency: StoreCurrency;
}

/**
 * ui-components' price filter (a GET form that works without JavaScript), submitted by the
 * page itself when scripts run (a page load to the same URL the form would have sent).
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
  const submit = useSubmitQuery();
  return (
    <PriceFilterForm
      min={range.min}
      max={range.max}
      currency={currencyFromStoreApi(range.currency)}
      {...props}
      onFilterSubmit={(form) => submit(form, props.action)}
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
  <Link to={href} {...props}>
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

/** What the category page's filters show (the route's loader data). */
export interface CategoryFiltersProps {
  /** The category's listing URL without its page part: the price filter's action. */
  action: string;
  active: ActiveFilter[];
  /** The listing without any filter. */
  clearHref: string;
  /** The price range over the category and its attribute filters; none when it has no products. */
  priceRange: PriceRangeData | null;
  minText: string;
  maxText: string;
  /** The listing's query arguments (ordering, filters), which the price filter carries. */
  keep: Record<string, string>;
  attributeFilters: AttributeFilterView[];
  categories: CategoryLink[];
  /** The category shown (marked in the category list). */
  current: string;
}

/**
 * The category page's filters, the active ones first, then the price, each attribute's terms and
 * the shop's categories: GET forms and links that work without JavaScript, the router's once
 * their code is in (an island: components/CategoryFiltersIsland.tsx).
 */
export function CategoryFilters({
  action,
  active,
  clearHref,
  priceRange,
  minText,
  maxText,
  keep,
  attributeFilters,
  categories,
  current,
}: CategoryFiltersProps) {
  return (
    <>
      <ActiveFilters filters={active} clearHref={clearHref} />
      {priceRange ? (
        <PriceFilter
          action={action}
          range={priceRange}
          minText={minText}
          maxText={maxText}
          keep={keep}
        />
      ) : null}
      {attributeFilters.map((filter) => (
        <AttributeFilter key={filter.name} filter={filter} />
      ))}
      <CategoryList categories={categories} current={current} />
    </>
  );
}
