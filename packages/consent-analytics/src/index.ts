export { CONSENT_CATEGORIES, canLoadAnalytics, createConsentStore } from './consent-store';
export type {
  ConsentCategory,
  ConsentListener,
  ConsentSnapshot,
  ConsentState,
  ConsentStore,
  ConsentStoreOptions,
} from './consent-store';
export { ConsentAnalyticsError, isConsentAnalyticsError } from './errors';
export type { ConsentAnalyticsErrorCode } from './errors';
