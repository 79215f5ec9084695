/**
 * The page's consent, order attribution and store analytics, wired together once per page
 * (browser only; `null` during server rendering):
 * - our consent store provides the WP Consent API (`wp_has_consent`, `wp_set_consent`, the
 *   `wp_consent_*` cookies and events) and Google Consent Mode v2 signals, from the moment the
 *   page's code runs (another script may ask at load, and without the globals it would read
 *   "no consent framework: consent");
 * - order attribution follows "marketing": the landing touch is held in memory until a
 *   decision, stored on a grant, dropped on a denial, and every `sbjs_*` cookie is removed
 *   when consent is withdrawn;
 * - store analytics follow "statistics": events are held until a decision, sent on a grant
 *   (no reload), dropped on a denial.
 *
 * Only the consent store is loaded with every page (decision 0055). The attribution tracker
 * and the analytics client are lazy chunks (`lib/privacy-attribution`, `lib/privacy-analytics`),
 * loaded when consent allows them, or when there is something of theirs to delete (a denial
 * with their cookies still there). Until then the page keeps a log here: each page view, each
 * change of consent and of the viewer, with its time. A chunk replays its log on arrival, in
 * order and on the log's clock, then follows the page live: the same cookies and the same
 * events, in the same order, as if it had been there from the start.
 */
import { consentFor, createConsentStore } from '@cartwright/consent-analytics';
import type {
  AnalyticsCommonProps,
  AnalyticsConfig,
  ConsentCategory,
  ConsentSnapshot,
  ConsentStore,
} from '@cartwright/consent-analytics';
import { googleConsentMode, wpConsentApiProvider } from '@cartwright/consent-analytics/adapters';
import type { AttributionSnapshot } from '@cartwright/order-attribution';
import { loadAnalytics, loadAttribution, loadSessionTracker } from './chunks';
import { pageFlags } from './consent';

/** One thing that happened on the page, as the lazy trackers replay it. */
export interface PrivacyStep {
  /** When it happened (`Date.now()`). */
  at: number;
  /** Consent at that moment. */
  consent: ConsentSnapshot;
  /** A page view at this URL. */
  view?: string;
  /** Whether the page view goes to analytics too (false: the store has no analytics route). */
  analytics?: boolean;
  /** The store's common properties for the viewer from now on (login, logout). */
  storeProps?: AnalyticsCommonProps;
}

/** What a started tracker takes from the page after its replay. */
export interface PrivacySink {
  add: (step: PrivacyStep) => void;
}

/** The attribution as a component reads it: `null` until the tracker is loaded. */
export interface AttributionSource {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => AttributionSnapshot | null;
}

/** Everything the pages use for privacy-respecting tracking. */
export interface Privacy {
  consent: ConsentStore;
  /** The order attribution (the checkout and register forms' hidden fields). */
  attribution: AttributionSource;
  /** The store's common properties for the viewer, when they change (login, logout). */
  setStoreProps(storeProps: AnalyticsCommonProps): void;
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

/** What the analytics chunk is started with besides its log. */
export interface AnalyticsStart {
  storeProps: AnalyticsCommonProps;
  pages: AnalyticsConfig['pages'];
  features: AnalyticsConfig['features'];
}

/** A lazy tracker: its log until it starts, then its sink. */
interface Lazy {
  log: PrivacyStep[];
  sink?: PrivacySink;
  loading?: boolean;
}

let privacy: Privacy | null | undefined;

/** Whether the page holds a cookie whose name starts with `prefix`. */
const hasCookie = (prefix: string) =>
  document.cookie.split(';').some((part) => part.trimStart().startsWith(prefix));

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
  wpConsentApiProvider().connect(consent);
  googleConsentMode().connect(consent);

  const step = (extra: Omit<PrivacyStep, 'at' | 'consent'> = {}): PrivacyStep => ({
    at: Date.now(),
    consent: consent.getSnapshot(),
    ...extra,
  });
  const attribution: Lazy = { log: [step()] };
  const analytics: Lazy = { log: [step()] };
  const start: AnalyticsStart = {
    storeProps: settings.storeProps,
    pages: pageFlags(window.location.pathname),
    features: settings.features,
  };
  let attributionSnapshot: () => AttributionSnapshot | null = () => null;
  const attributionListeners = new Set<() => void>();

  /**
   * Whether a tracker following `category` is needed now: consent allows it, or it was
   * refused while the tracker's cookies (`cookiePrefix`) are still there to delete.
   */
  const needed = (category: ConsentCategory, cookiePrefix?: string) => {
    const decision = consentFor(consent.getSnapshot(), category);
    return (
      decision === 'granted' ||
      (decision === 'denied' && cookiePrefix !== undefined && hasCookie(cookiePrefix))
    );
  };

  /**
   * Starts `lazy` once: `begin` loads its chunks and gives the function that replays the log and
   * returns the sink, run in the same task as the hand-over (no step falls between the two).
   * A failed chunk is tried again at the next step.
   */
  const load = (lazy: Lazy, begin: () => Promise<(log: PrivacyStep[]) => PrivacySink>) => {
    if (lazy.sink || lazy.loading) return;
    lazy.loading = true;
    begin().then(
      (startWith) => {
        lazy.sink = startWith(lazy.log);
        lazy.log = [];
      },
      () => {
        lazy.loading = false;
      },
    );
  };

  /** Loads what consent (or a cookie left to delete) now calls for. */
  const wake = () => {
    if (needed('marketing', 'sbjs_')) {
      load(attribution, async () => {
        const { startAttribution } = await loadAttribution();
        return (log) => {
          const tracker = startAttribution(consent, log);
          attributionSnapshot = tracker.getSnapshot;
          const notify = () => {
            for (const listener of [...attributionListeners]) listener();
          };
          tracker.subscribe(notify);
          notify();
          return {
            add: (next) => void (next.view !== undefined && tracker.pageView({ url: next.view })),
          };
        };
      });
    }
    const sessionCookie = settings.features.sessionTracking
      ? 'woocommerceanalytics_session='
      : undefined;
    if (needed('statistics', sessionCookie)) {
      load(analytics, async () => {
        const [{ startAnalytics }, session] = await Promise.all([
          loadAnalytics(),
          settings.features.sessionTracking ? loadSessionTracker() : undefined,
        ]);
        return (log) => startAnalytics(consent, log, start, session?.createSessionTracker());
      });
    }
  };

  /** Hands `next` to a started tracker, or logs it for the replay. */
  const record = (lazy: Lazy, next: PrivacyStep) => {
    if (lazy.sink) lazy.sink.add(next);
    else lazy.log.push(next);
  };

  // A started tracker follows the store itself; the others log each change for their replay.
  consent.subscribe(() => {
    for (const lazy of [attribution, analytics]) if (!lazy.sink) lazy.log.push(step());
    wake();
  });
  wake();

  privacy = {
    consent,
    attribution: {
      subscribe(listener) {
        attributionListeners.add(listener);
        return () => void attributionListeners.delete(listener);
      },
      getSnapshot: () => attributionSnapshot(),
    },
    setStoreProps(storeProps) {
      record(analytics, step({ storeProps }));
    },
    pageView({ analytics: toAnalytics = true } = {}) {
      const view = window.location.href;
      record(attribution, step({ view }));
      if (toAnalytics) record(analytics, step({ view, analytics: true }));
      wake();
    },
  };
  return privacy;
}
