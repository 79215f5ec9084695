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
