import { ATTRIBUTION_FIELDS, FIELD_PREFIX, toExtensionData } from '@cartwright/order-attribution';
import type { AttributionExtensionData } from '@cartwright/order-attribution';

/**
 * The hidden attribution inputs' names (`wc_order_attribution_source_type`, …). A function, not a
 * module-level list: the server's form readers use it, and a list computed when the module loads
 * kept order-attribution's field list in the browser bundles of every route importing this.
 */
export const attributionInputNames = (): string[] =>
  ATTRIBUTION_FIELDS.map((field) => `${FIELD_PREFIX}${field}`);

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
