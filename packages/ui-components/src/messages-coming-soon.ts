import type { PluralMessage } from './messages';

/** `ComingSoonBanner`'s texts (spec §4 "Coming-soon footer banner"), in English: bundled with the component only (see `CORE_MESSAGES`). */
export const COMING_SOON_MESSAGES = {
  'comingSoon.text':
    'This store is in coming-soon mode: only you and other store managers can see it.',
  'comingSoon.settings': 'Change the store’s visibility',
  'comingSoon.dismiss': 'Dismiss',
} satisfies Record<string, string | PluralMessage>;
