/**
 * The category page's filters as an island (components/CategoryFiltersIsland.tsx): the active
 * filters, the price form, the attribute links and the category list, loaded (one chunk) when a
 * shopper comes to them (decision 0073), not with the page.
 */
export { CategoryFilters } from './CatalogFilters';
