import type { PluralMessage } from './messages';

/** `PriceFilter`'s and `AttributeFilter`'s texts, in English: bundled with the components only (see `CORE_MESSAGES`). */
export const FILTER_MESSAGES = {
  // PriceFilter (WooCommerce's "Filter by price" widget)
  'priceFilter.heading': 'Filter by price',
  'priceFilter.range': 'Prices here run from {min} to {max}.',
  'priceFilter.min': 'Min price ({symbol})',
  'priceFilter.max': 'Max price ({symbol})',
  'priceFilter.submit': 'Filter',

  // AttributeFilter (WooCommerce's "Filter by attribute", layered navigation)
  'attributeFilter.heading': 'Filter by {attribute}',
  'attributeFilter.term': {
    one: '{term} ({count} product)',
    other: '{term} ({count} products)',
  } as PluralMessage,
  /** A chosen term's link: `{term}` is the term's text above ("Filter (1 product)"). */
  'attributeFilter.chosen': '{term}, chosen: remove',
} satisfies Record<string, string | PluralMessage>;
