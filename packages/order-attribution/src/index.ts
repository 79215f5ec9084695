export { ATTRIBUTION_FIELDS, EXTENSION_NAMESPACE, FIELD_PREFIX } from './fields';
export type {
  AttributionExtensionData,
  AttributionField,
  AttributionFormFields,
  AttributionRecord,
  AttributionValues,
} from './fields';
export { OrderAttributionError, isOrderAttributionError } from './errors';
export type { OrderAttributionErrorCode } from './errors';
export { formatSessionStartTime, toExtensionData, toFormFields } from './record';
export { DEFAULT_CLICK_IDS, DEFAULT_REFERRALS } from './defaults';
export { classifyTraffic, toSbjsTouch, urlParameters } from './classify';
export type {
  ClassificationRules,
  ClickIdRule,
  OrganicEngine,
  ReferralRule,
  TrafficInput,
  TrafficTouch,
  TrafficType,
} from './classify';
export { createAttributionTracker } from './tracker';
export type {
  AttributionConsent,
  AttributionEmptyReason,
  AttributionSnapshot,
  AttributionTracker,
  AttributionTrackerOptions,
  CookieJar,
  PageView,
} from './tracker';
export { parseSbjsCookies } from './sbjs';
export type { SbjsContainer, SbjsData } from './sbjs';
