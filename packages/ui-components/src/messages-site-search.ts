import type { PluralMessage } from './messages';

/** `SiteSearch`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const SITE_SEARCH_MESSAGES = {
  // SiteSearch (the header's product search)
  'siteSearch.label': 'Search products',
  'siteSearch.submit': 'Search',
} satisfies Record<string, string | PluralMessage>;
