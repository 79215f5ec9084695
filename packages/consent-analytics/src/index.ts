export {
  CONSENT_CATEGORIES,
  canLoadAnalytics,
  consentFor,
  createConsentStore,
} from './consent-store';
export type {
  ConsentAdapter,
  ConsentCategory,
  ConsentDecision,
  ConsentListener,
  ConsentSnapshot,
  ConsentState,
  ConsentStore,
  ConsentStoreOptions,
  ConsentType,
} from './consent-store';
export { TRACK_ENDPOINT, createAnalytics, defineAnalyticsConfig } from './analytics';
export type {
  Analytics,
  AnalyticsCommonProps,
  AnalyticsConfig,
  AnalyticsConfigInput,
  AnalyticsEvent,
  AnalyticsOptions,
  TrackedEvent,
} from './analytics';
export { ConsentAnalyticsError, isConsentAnalyticsError } from './errors';
export type { ConsentAnalyticsErrorCode } from './errors';
export type { AnalyticsSessionTracker, SessionTouch } from './session';
