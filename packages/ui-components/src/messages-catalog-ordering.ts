import type { PluralMessage } from './messages';

/** `CatalogOrdering`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const CATALOG_ORDERING_MESSAGES = {
  // CatalogOrdering
  'ordering.label': 'Shop order',
  'ordering.menu_order': 'Default sorting',
  'ordering.popularity': 'Sort by popularity',
  'ordering.rating': 'Sort by average rating',
  'ordering.date': 'Sort by latest',
  'ordering.price': 'Sort by price: low to high',
  'ordering.price-desc': 'Sort by price: high to low',
  'ordering.submit': 'Sort',
} satisfies Record<string, string | PluralMessage>;
