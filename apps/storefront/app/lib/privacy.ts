/**
 * The page's consent, order attribution and store analytics, wired together once per page
 * (browser only; `null` during server rendering):
 * - our consent store provides the WP Consent API (`wp_has_consent`, `wp_set_consent`, the
 *   `wp_consent_*` cookies and events) and Google Consent Mode v2 signals;
 * - order attribution follows "marketing": the landing touch is held in memory until a
 *   decision, stored on a grant, dropped on a denial, and every `sbjs_*` cookie is removed
 *   when consent is withdrawn;
 * - store analytics follow "statistics": events are held until a decision, sent on a grant
 *   (no reload), dropped on a denial.
 */
import { consentFor, createAnalytics, createConsentStore } from '@cartwright/consent-analytics';
import type {
  Analytics,
  AnalyticsCommonProps,
  AnalyticsConfig,
  ConsentStore,
  TrackedEvent,
} from '@cartwright/consent-analytics';
import { googleConsentMode, wpConsentApi } from '@cartwright/consent-analytics/adapters';
import { createSessionTracker } from '@cartwright/consent-analytics/session';
import { createAttributionTracker } from '@cartwright/order-attribution';
import type { AttributionTracker } from '@cartwright/order-attribution';
import { loadRestClient } from './chunks';
import { pageFlags } from './consent';

/** Everything the pages use for privacy-respecting tracking. */
export interface Privacy {
  consent: ConsentStore;
  attribution: AttributionTracker;
  analytics: Analytics;
  /**
   * Records a page view for attribution and, unless the store has no analytics route, for
   * analytics (on load and each navigation).
   */
  pageView(options?: { analytics?: boolean }): void;
}

/** What the page's server rendering says about privacy (the root loader's data). */
export interface PrivacySettings {
  /** The operator's `HONOUR_GPC`: whether the browser's Global Privacy Control signal counts. */
  honourGpc: boolean;
  /** The common properties the store gave for this viewer (spec §3); `{}` when it gave none. */
  storeProps: AnalyticsCommonProps;
  /** WooCommerce Analytics' feature flags for this page (the store's, or the page's default). */
  features: AnalyticsConfig['features'];
}

/**
 * Analytics batches go through the page's one REST client (store-api-client: the `wp_rest`
 * nonce, refreshed when stale, a timeout and typed errors), loaded with the first batch.
 */
async function sendAnalytics(endpoint: string, events: TrackedEvent[]): Promise<unknown> {
  return (await loadRestClient()).sendAnalytics(endpoint, events);
}

/** The analytics device type, as Jetpack's device detection names it. */
function deviceOf(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

let privacy: Privacy | null | undefined;

/**
 * The spec §3 common properties: the store's for this viewer over the page's own defaults (a
 * store that gives none: a guest on this site, in the spec's currency and time zone).
 */
export function analyticsCommonProps(storeProps: AnalyticsCommonProps): AnalyticsCommonProps {
  return {
    ui: 0,
    url: window.location.origin,
    store_admin: 0,
    store_currency: 'USD',
    timezone: '+00:00',
    is_guest: 1,
    ...storeProps,
    device: deviceOf(navigator.userAgent),
  };
}

/**
 * The page's {@link Privacy}, created on first use in the browser from the page's
 * {@link PrivacySettings}; `null` on the server.
 */
export function getPrivacy(settings: PrivacySettings): Privacy | null {
  if (privacy !== undefined) return privacy;
  if (typeof window === 'undefined') return null;
  const consent = createConsentStore({
    framework: true,
    consentType: 'optin',
    // Global Privacy Control counts only where the operator turned it on (decision 0049).
    gpc:
      settings.honourGpc &&
      (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
  });
  // Reads the wp_consent_* cookies into the store, then keeps them (and the events) in step.
  wpConsentApi().connect(consent);
  googleConsentMode().connect(consent);
  const attribution = createAttributionTracker({
    consent: consentFor(consent.getSnapshot(), 'marketing'),
  });
  consent.subscribe((snapshot) => attribution.setConsent(consentFor(snapshot, 'marketing')));
  const analytics = createAnalytics({
    consent,
    config: {
      // Spec §3 "Analytics common properties"; updated when the viewer changes (Privacy).
      commonProps: analyticsCommonProps(settings.storeProps),
      pages: pageFlags(window.location.pathname),
      // proxy: posted through `send`; off: left in window._wca for a Tracks script.
      features: settings.features,
    },
    send: sendAnalytics,
    ...(settings.features.sessionTracking ? { session: createSessionTracker() } : {}),
  });
  privacy = {
    consent,
    attribution,
    analytics,
    pageView({ analytics: toAnalytics = true } = {}) {
      attribution.pageView();
      if (!toAnalytics) return;
      analytics.pageView({
        url: window.location.href,
        ...pageFlags(window.location.pathname),
      });
    },
  };
  return privacy;
}
