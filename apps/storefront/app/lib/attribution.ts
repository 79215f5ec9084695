import { ATTRIBUTION_FIELDS, FIELD_PREFIX, toExtensionData } from '@cartwright/order-attribution';
import type { AttributionExtensionData } from '@cartwright/order-attribution';

/** The hidden attribution inputs' names (`wc_order_attribution_source_type`, …). */
export const ATTRIBUTION_INPUT_NAMES: readonly string[] = ATTRIBUTION_FIELDS.map(
  (field) => `${FIELD_PREFIX}${field}`,
);

/**
 * The Store API checkout `extensions` for the posted hidden inputs (spec §3): every field under
 * `woocommerce/order-attribution`, a missing one as `''`. The store skips empty and `(none)`
 * values, as WooCommerce does.
 */
export function attributionExtensions(values: Record<string, string>): AttributionExtensionData {
  const record: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) record[field] = values[`${FIELD_PREFIX}${field}`] ?? '';
  return toExtensionData(record);
}
