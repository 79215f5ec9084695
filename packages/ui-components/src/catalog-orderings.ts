// WooCommerce's catalogue orderings: data the result count and the ordering menu share, in a
// module of its own so a page that shows the count does not load the menu's code with it.

/** WooCommerce's catalogue orderings and their labels (filter `woocommerce_catalog_orderby`). */
export const CATALOG_ORDERINGS = [
  { value: 'menu_order', label: 'Default sorting' },
  { value: 'popularity', label: 'Sort by popularity' },
  { value: 'rating', label: 'Sort by average rating' },
  { value: 'date', label: 'Sort by latest' },
  { value: 'price', label: 'Sort by price: low to high' },
  { value: 'price-desc', label: 'Sort by price: high to low' },
] as const;

/**
 * The ordering WooCommerce puts first on search results, in place of "Default sorting"
 * (which it drops there): the store's order by relevance to the search.
 */
export const SEARCH_ORDERINGS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'popularity', label: 'Sort by popularity' },
  { value: 'rating', label: 'Sort by average rating' },
  { value: 'date', label: 'Sort by latest' },
  { value: 'price', label: 'Sort by price: low to high' },
  { value: 'price-desc', label: 'Sort by price: high to low' },
] as const;

/** One of WooCommerce's `orderby` values (`relevance` on search results only). */
export type CatalogOrderBy = (typeof CATALOG_ORDERINGS)[number]['value'] | 'relevance';
export type ShopOrderBy = (typeof CATALOG_ORDERINGS)[number]['value'];

/** True when `value` is one of WooCommerce's `orderby` values. */
export function isCatalogOrderBy(value: unknown): value is ShopOrderBy {
  return CATALOG_ORDERINGS.some((option) => option.value === value);
}
