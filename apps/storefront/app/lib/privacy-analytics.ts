/**
 * Store analytics, a lazy chunk of `lib/privacy` (decision 0055): loaded when "statistics" is
 * granted, or refused while a session cookie is left to delete (with session tracking on).
 */
import { consentFor, createAnalytics } from '@cartwright/consent-analytics';
import type {
  AnalyticsCommonProps,
  AnalyticsSessionTracker,
  ConsentListener,
  ConsentSnapshot,
  ConsentStore,
  TrackedEvent,
} from '@cartwright/consent-analytics';
import { loadRestClient } from './chunks';
import { pageFlags } from './consent';
import type { AnalyticsStart, PrivacySink, PrivacyStep } from './privacy';

/**
 * Analytics batches go through the page's one REST client (store-api-client: the `wp_rest`
 * nonce, refreshed when stale, a timeout and typed errors), loaded with the first batch.
 */
async function sendAnalytics(endpoint: string, events: TrackedEvent[]): Promise<unknown> {
  return (await loadRestClient()).sendAnalytics(endpoint, events);
}

const noop = () => undefined;

/** The REST client, once loaded (for the send on leaving, which cannot wait for an import). */
let rest: Awaited<ReturnType<typeof loadRestClient>> | undefined;

/**
 * The batch left when the page is hidden: through the REST client with the nonce when it is in
 * (it is loaded and asked for as the analytics start), or else as a beacon, without it.
 */
function sendOnLeave(endpoint: string, body: Blob): boolean {
  return rest?.leaveWithAnalytics(endpoint, body) || navigator.sendBeacon(endpoint, body);
}

/** The analytics device type, as Jetpack's device detection names it. */
function deviceOf(userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

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
 * Analytics that have seen the page's `log` (each page view, viewer and consent change, on the
 * log's clock, as if they had been there from the start) and follow `consent` from now on.
 */
export function startAnalytics(
  consent: ConsentStore,
  log: readonly PrivacyStep[],
  start: AnalyticsStart,
  session: AnalyticsSessionTracker | undefined,
): PrivacySink {
  // Batches go through the REST client: with statistics granted, it comes now and asks for the
  // nonce, so a page left within the batch delay sends its last batch as this browser's.
  if (start.features.proxy && consentFor(consent.getSnapshot(), 'statistics') === 'granted') {
    loadRestClient().then((module) => {
      rest = module;
      module.prepareAnalytics();
    }, noop);
  }
  let clock: number | undefined;
  // The consent the analytics see: the log's, step by step, then the page's.
  let seen: ConsentSnapshot = log[0]?.consent ?? consent.getSnapshot();
  const listeners = new Set<ConsentListener>();
  const play = (snapshot: ConsentSnapshot) => {
    if (snapshot === seen) return;
    seen = snapshot;
    for (const listener of [...listeners]) listener(snapshot);
  };
  const analytics = createAnalytics({
    consent: {
      ...consent,
      getSnapshot: () => seen,
      subscribe(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
    config: {
      // Spec §3 "Analytics common properties"; updated when the viewer changes (Privacy).
      commonProps: analyticsCommonProps(start.storeProps),
      pages: start.pages,
      // proxy: posted through `send`; off: left in window._wca for a Tracks script.
      features: start.features,
    },
    send: sendAnalytics,
    sendBeacon: sendOnLeave,
    now: () => clock ?? Date.now(),
    ...(session ? { session } : {}),
  });
  const add = (step: PrivacyStep) => {
    if (step.storeProps) analytics.setCommonProps(analyticsCommonProps(step.storeProps));
    if (step.view !== undefined) {
      analytics.pageView({ url: step.view, ...pageFlags(new URL(step.view).pathname) });
    }
  };
  for (const step of log) {
    clock = step.at;
    play(step.consent);
    add(step);
  }
  clock = undefined;
  play(consent.getSnapshot());
  consent.subscribe(play);
  return { add };
}
