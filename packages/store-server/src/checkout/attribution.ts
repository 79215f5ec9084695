/** The order attribution record as the shop sees it (wire contract §3.4). */
import { ORDER_ATTRIBUTION_FIELDS } from './request';
import { trimWhere } from '../http/text';

/**
 * WooCommerce's origin label for an order's attribution: "Source: {src}" for utm,
 * "Organic: {src}", "Referral: {src}", "Direct" for typein, "Mobile app", "Web admin", else
 * "Unknown". `{src}` has its parentheses trimmed and its first letter upper-cased (`ucfirst`).
 */
export function originLabel(attribution: Readonly<Record<string, string>> | null): string {
  const source = trimWhere(attribution?.utm_source ?? '', (char) => char === '(' || char === ')');
  const src = source.charAt(0).toUpperCase() + source.slice(1);
  switch (attribution?.source_type) {
    case 'utm':
      return `Source: ${src}`;
    case 'organic':
      return `Organic: ${src}`;
    case 'referral':
      return `Referral: ${src}`;
    case 'typein':
      return 'Direct';
    case 'mobile_app':
      return 'Mobile app';
    case 'admin':
      return 'Web admin';
    default:
      return 'Unknown';
  }
}

/**
 * The stored values as WooCommerce's order meta: `_wc_order_attribution_{field}` → value, in the
 * fields' order (wire contract §3.1), then `device_type`; absent fields left out.
 */
export function attributionMeta(
  attribution: Readonly<Record<string, string>> | null,
): { key: string; value: string }[] {
  const meta: { key: string; value: string }[] = [];
  for (const field of [...ORDER_ATTRIBUTION_FIELDS, 'device_type']) {
    const value = attribution?.[field];
    if (value !== undefined) meta.push({ key: `${ATTRIBUTION_META_PREFIX}${field}`, value });
  }
  return meta;
}

/** The stored meta key prefix, on orders and (after registration) on customers. */
export const ATTRIBUTION_META_PREFIX = '_wc_order_attribution_';
