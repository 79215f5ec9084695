import type { PluralMessage } from './messages';

/** `ConsentBanner`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const CONSENT_MESSAGES = {
  'consent.title': 'Cookies and privacy',
  'consent.text':
    'We use cookies to run the shop and, with your consent, to measure visits and remember which campaign brought you here.',
  'consent.acceptAll': 'Accept all',
  'consent.rejectAll': 'Reject all',
  'consent.choose': 'Choose',
  'consent.legend': 'Choose what to allow',
  'consent.save': 'Save choices',
  'consent.functional.label': 'Functional',
  'consent.functional.description': 'Needed for the cart, checkout and your account. Always on.',
  'consent.preferences.label': 'Preferences',
  'consent.preferences.description': 'Remember choices such as your region.',
  'consent.statistics.label': 'Statistics',
  'consent.statistics.description': 'Count visits and sales so the shop can improve.',
  'consent.statistics-anonymous.label': 'Anonymous statistics',
  'consent.statistics-anonymous.description': 'Statistics that cannot identify you.',
  'consent.marketing.label': 'Marketing',
  'consent.marketing.description': 'Remember which campaign brought you here.',
} satisfies Record<string, string | PluralMessage>;
