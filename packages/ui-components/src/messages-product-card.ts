import type { PluralMessage } from './messages';

/** `ProductCard`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const PRODUCT_CARD_MESSAGES = {
  // ProductCard
  'productCard.sale': 'Sale!',
  'productCard.outOfStock': 'Out of stock',
} satisfies Record<string, string | PluralMessage>;
