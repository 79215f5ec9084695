import { loadRouteChunk } from '../lib/chunks';
import { island } from './Island';

// Loaded through the page's chunk loader (the 120 s rule), from here rather than `lib/chunks`: the
// chunks' file names and preload lists stay out of the shell every page loads (decision 0060).
const loadCatalogIslands = () =>
  loadRouteChunk('catalog-islands', () => import('./catalog-islands'));
const loadListingIslands = () =>
  loadRouteChunk('listing-islands', () => import('./listing-islands'));

// The add-to-cart forms are server-rendered and work as plain forms (the store adds and
// redirects); their code (the button's states, the cart queue's add, the variation choice)
// loads when a shopper comes to one: a pointer over it, focus or a touch in it. A click before
// the code is held and done again once it is in (decision 0067). When a client-side navigation
// to a catalogue page begins, their code starts loading beside its data (decisions 0074, 0075).

/** The routes of the product listings: the shop, a category, search results (`routes.ts`). */
const LISTINGS = [
  'shop',
  'shop-paged',
  'category',
  'category-paged',
  'routes/home',
  'search-paged',
];
/** And the product page. */
const CATALOGUE = [...LISTINGS, 'routes/product'];

/** A simple product's add-to-cart form: the listings' cards and the product page. */
export const AddToCartIsland = island({
  name: 'add-to-cart',
  routes: CATALOGUE,
  onIslandPages: true,
  load: async () => (await loadCatalogIslands()).ProductAddToCart,
  // Imported on the server only: a static import would put the form's code in the page's chunk.
  server: import.meta.env.SSR ? (await import('./catalog-islands')).ProductAddToCart : undefined,
});

/** A variable product's form: the option selects, the quantity and the button. */
export const VariationFormIsland = island({
  name: 'variation-form',
  routes: ['routes/product'],
  load: async () => (await loadCatalogIslands()).VariationForm,
  server: import.meta.env.SSR ? (await import('./catalog-islands')).VariationForm : undefined,
});

/** A listing's sort-by form (a GET form with a select; the page sorts through the router). */
export const OrderingIsland = island({
  name: 'ordering',
  routes: LISTINGS,
  load: async () => (await loadListingIslands()).CatalogOrdering,
  server: import.meta.env.SSR ? (await import('./listing-islands')).CatalogOrdering : undefined,
});

/**
 * A listing's page links: plain links (a page load) until a shopper comes to them, then the
 * router's; a click before the code is held and followed through the router once it is in.
 */
export const PaginationIsland = island({
  name: 'pagination',
  routes: LISTINGS,
  load: async () => (await loadListingIslands()).Pagination,
  server: import.meta.env.SSR ? (await import('./listing-islands')).Pagination : undefined,
});
