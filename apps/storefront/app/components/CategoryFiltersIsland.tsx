import type { CategoryFiltersProps } from './CatalogFilters';
import { island } from './Island';
import { loadRouteChunk } from '../lib/chunks';

// Through the page's chunk loader (the 120 s rule), from the category route's own code: the
// chunk's file name and preload list stay out of the shell (decision 0060).
const loadCategoryFilters = async () =>
  (await loadRouteChunk('category-filters', () => import('./category-filters'))).CategoryFilters;

/**
 * The category page's filters (decision 0073): the server's GET form and links, working as they
 * do without JavaScript, until a shopper comes to them (a pointer, focus, a touch, a value typed);
 * then their code loads and the router takes over. A link followed or the form sent before the
 * code is in is held and done once, through the router, when it is; typed prices carry over.
 */
const FiltersIsland = island({
  name: 'category-filters',
  load: loadCategoryFilters,
  // Imported on the server only: a static import would put the filters' code in the route's chunk.
  server: import.meta.env.SSR ? (await import('./category-filters')).CategoryFilters : undefined,
});

/**
 * The island, never showing filters of another listing than the page's: its `version` is what
 * its markup shows, so when the page moves to another listing (a sort, a page link, the empty
 * listing's "Clear filters", a breadcrumb to a parent category) before the filters' code is in,
 * the server's markup goes and the code loads at once (it shows nothing until then). Once the
 * code is in, the live filters follow the page in place (the focus stays where it is).
 */
export function CategoryFiltersIsland(props: CategoryFiltersProps) {
  return <FiltersIsland version={JSON.stringify(props)} {...props} />;
}
