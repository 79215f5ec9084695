import { loadRouteChunk } from '../lib/chunks';
import { island } from './Island';

// Loaded through the page's chunk loader (the 120 s rule), from here rather than `lib/chunks`: the
// chunks' file names and preload lists stay out of the shell every page loads (decision 0060).
const loadCatalogIslands = () =>
  loadRouteChunk('catalog-islands', () => import('./catalog-islands'));

// The add-to-cart forms are server-rendered and work as plain forms (the store adds and
// redirects); their code (the button's states, the cart queue's add, the variation choice)
// loads when a shopper comes to one: a pointer over it, focus or a touch in it. A click before
// the code is held and done again once it is in (decision 0067).

/** A simple product's add-to-cart form: the listings' cards and the product page. */
export const AddToCartIsland = island({
  name: 'add-to-cart',
  onIslandPages: true,
  load: async () => (await loadCatalogIslands()).ProductAddToCart,
  // Imported on the server only: a static import would put the form's code in the page's chunk.
  server: import.meta.env.SSR ? (await import('./catalog-islands')).ProductAddToCart : undefined,
});

/** A variable product's form: the option selects, the quantity and the button. */
export const VariationFormIsland = island({
  name: 'variation-form',
  load: async () => (await loadCatalogIslands()).VariationForm,
  server: import.meta.env.SSR ? (await import('./catalog-islands')).VariationForm : undefined,
});
