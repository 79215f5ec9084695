import type { PluralMessage } from './messages';

/** `VariationSelects`'s texts, in English: bundled with the components only (see `CORE_MESSAGES`). */
export const VARIATION_SELECTS_MESSAGES = {
  // VariationSelects (a variable product's options)
  'variationSelects.label': 'Product options',
  'variationSelects.choose': 'Choose an option',
  'variationSelects.soldOut': '{value} (sold out)',
  'variationSelects.unavailable': '{value} (unavailable)',
  'variationSelects.clear': 'Clear options',
} satisfies Record<string, string | PluralMessage>;
