/**
 * Consent as the server sees it (the WP Consent API cookies `wp_consent_{category}`, wire
 * contract §7.4), so the first HTML already knows whether the banner is needed: no flash of a
 * banner for a shopper who has chosen, no banner popping in after hydration for one who has not.
 */
import { readWpConsentCookies } from '@cartwright/consent-analytics/adapters';
import type { ConsentCategory, ConsentState } from '@cartwright/consent-analytics';

/** The WP Consent API's cookie prefix (`wp_consent_statistics`, …). */
export const CONSENT_COOKIE_PREFIX = 'wp_consent';

/** The shopper's explicit choices, by category. */
export type ConsentChoices = Partial<Record<ConsentCategory, ConsentState>>;

/** The categories the banner decides that tracking waits for. */
const TRACKING_CATEGORIES: readonly ConsentCategory[] = ['statistics', 'marketing'];

/**
 * The choices recorded in a `Cookie` header (`allow` → granted, `deny` → denied), by the rule
 * the browser's consent adapter reads them with (consent-analytics' `readWpConsentCookies`).
 */
export function readConsentChoices(cookieHeader: string | null | undefined): ConsentChoices {
  return readWpConsentCookies(cookieHeader, CONSENT_COOKIE_PREFIX);
}

/** Whether the shopper still has to choose (statistics or marketing undecided). */
export function needsConsentChoice(choices: ConsentChoices): boolean {
  return TRACKING_CATEGORIES.some((category) => choices[category] === undefined);
}

/** The analytics page context flags (spec §2) for a storefront path. */
export function pageFlags(pathname: string): { isCart: boolean; isAccountPage: boolean } {
  return {
    isCart: pathname === '/cart' || pathname.startsWith('/cart/'),
    isAccountPage: pathname === '/my-account' || pathname.startsWith('/my-account/'),
  };
}
