/**
 * The order-attribution tracker, a lazy chunk of `lib/privacy` (decision 0055): loaded when
 * "marketing" is granted, or refused while `sbjs_*` cookies are left to delete.
 */
import { consentFor } from '@cartwright/consent-analytics';
import type { ConsentSnapshot, ConsentStore } from '@cartwright/consent-analytics';
import { createAttributionTracker } from '@cartwright/order-attribution';
import type { AttributionTracker, AttributionTrackerOptions } from '@cartwright/order-attribution';
import type { PrivacyStep } from './privacy';

const marketing = (snapshot: ConsentSnapshot) => consentFor(snapshot, 'marketing');

/**
 * A tracker that has seen the page's `log` (each page view and consent change, on the log's
 * clock, as if it had been there from the start) and follows `consent` from now on.
 * `options` are the tracker's (the page's cookies, domain and user agent by default).
 */
export function startAttribution(
  consent: ConsentStore,
  log: readonly PrivacyStep[],
  options: Omit<AttributionTrackerOptions, 'consent' | 'now'> = {},
): AttributionTracker {
  let clock: number | undefined;
  const tracker = createAttributionTracker({
    ...options,
    consent: marketing(log[0]?.consent ?? consent.getSnapshot()),
    now: () => clock ?? Date.now(),
  });
  for (const step of log) {
    clock = step.at;
    tracker.setConsent(marketing(step.consent));
    if (step.view !== undefined) tracker.pageView({ url: step.view });
  }
  clock = undefined;
  tracker.setConsent(marketing(consent.getSnapshot()));
  consent.subscribe((snapshot) => tracker.setConsent(marketing(snapshot)));
  return tracker;
}
