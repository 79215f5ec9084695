import type { PluralMessage } from './messages';

/** `ResultCount`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const RESULT_COUNT_MESSAGES = {
  // ResultCount
  'resultCount.single': 'Showing the single result',
  'resultCount.all': { other: 'Showing all {count} results' } as PluralMessage,
  'resultCount.range': { other: 'Showing {first}–{last} of {count} results' } as PluralMessage,
  'resultCount.sortedBy': ', sorted by {ordering}',
  'resultCount.sorted.menu_order': 'default',
  'resultCount.sorted.popularity': 'popularity',
  'resultCount.sorted.rating': 'average rating',
  'resultCount.sorted.date': 'latest',
  'resultCount.sorted.price': 'price: low to high',
  'resultCount.sorted.price-desc': 'price: high to low',
} satisfies Record<string, string | PluralMessage>;
