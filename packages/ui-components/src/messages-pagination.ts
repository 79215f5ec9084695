import type { PluralMessage } from './messages';

/** `Pagination`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const PAGINATION_MESSAGES = {
  // Pagination
  'pagination.label': 'Product pagination',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.page': 'Page {page}',
} satisfies Record<string, string | PluralMessage>;
