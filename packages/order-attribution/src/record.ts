import { invalid } from './errors';
import { ATTRIBUTION_FIELDS, EXTENSION_NAMESPACE, FIELD_PREFIX } from './fields';
import type {
  AttributionExtensionData,
  AttributionFormFields,
  AttributionRecord,
  AttributionValues,
} from './fields';

/**
 * Formats a session start as `YYYY-MM-DD HH:MM:SS` in UTC, zero-padded: what
 * sourcebuster writes to `sbjs_current_add.fd` when WooCommerce initialises it
 * with `timezone_offset: '0'` (wire contract §3.8 "Dates").
 *
 * @throws {OrderAttributionError} `invalid_date` for anything but a valid `Date`.
 *
 * @example
 * formatSessionStartTime(new Date('2026-03-07T09:05:03Z')); // '2026-03-07 09:05:03'
 */
export function formatSessionStartTime(date: Date): string {
  if (!(date instanceof Date) || isNaN(+date)) throw invalid('invalid_date', 'session start time');
  // ISO 8601 in UTC (`2026-03-07T09:05:03.999Z`) up to the seconds, with a space for the `T`.
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Every field of `record` as a string, `''` when missing or null (spec §3: "a
 * missing value becomes an empty string"), each key after `prefix`. Keys other than the 16
 * fields are ignored.
 *
 * @throws {OrderAttributionError} `invalid_record` if `record` is not an object or
 * a field is neither a string nor null/undefined (WooCommerce refuses those too).
 */
function toValues(record: AttributionRecord, prefix = ''): AttributionValues {
  if (!record || typeof record !== 'object' || Array.isArray(record)) {
    throw invalid('invalid_record', 'attribution record');
  }
  const values = {} as Record<string, unknown>;
  for (const field of ATTRIBUTION_FIELDS) {
    const value = (values[prefix + field] = record[field] ?? '');
    if (typeof value !== 'string') {
      throw invalid('invalid_record', `attribution field ${field}: ${typeof value}`);
    }
  }
  return values as AttributionValues;
}

/**
 * The hidden checkout/registration inputs for `record`: all 16
 * `wc_order_attribution_{field}` names, in field order, `''` for a missing value.
 *
 * @throws {OrderAttributionError} `invalid_record` (see {@link AttributionRecord}).
 *
 * @example
 * for (const [name, value] of Object.entries(toFormFields(record))) {
 *   form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
 * }
 */
export function toFormFields(record: AttributionRecord): AttributionFormFields {
  return toValues(record, FIELD_PREFIX) as unknown as AttributionFormFields;
}

/**
 * The Store API checkout extension data for `record`, keyed by
 * {@link EXTENSION_NAMESPACE}, with all 16 fields as strings (`''` when missing).
 *
 * @throws {OrderAttributionError} `invalid_record` (see {@link AttributionRecord}).
 *
 * @example
 * await apiFetch({
 *   path: '/wc/store/v1/checkout',
 *   method: 'POST',
 *   data: { billing_address, shipping_address, payment_method, extensions: { ...toExtensionData(record) } },
 * });
 */
export function toExtensionData(record: AttributionRecord): AttributionExtensionData {
  return { [EXTENSION_NAMESPACE]: toValues(record) };
}
