/**
 * The checkout's terms checkbox (WooCommerce's `woocommerce_terms_page_id`): when the store has a
 * terms page, an order is placed only with `terms` ticked. WooCommerce asks only when the form
 * says it showed the box (`terms-field`); the store asks every time it has a terms page, so a
 * form that leaves the box out cannot skip it.
 */
import type { StoreSettings } from '../routes/context';

/** WooCommerce's refusal, on the `terms` field. */
export const TERMS_REFUSAL = {
  id: 'terms',
  notice: 'Please read and accept the terms and conditions to proceed with your order.',
} as const;

/** Whether a posted `terms` value is a ticked box (`on`, `1`, `true`, `yes`). */
export function termsAccepted(value: unknown): boolean {
  return typeof value === 'string' && ['on', '1', 'true', 'yes'].includes(value.toLowerCase());
}

/** The refusal for a form that must accept the terms and did not, else `undefined`. */
export function termsProblem(
  settings: Pick<StoreSettings, 'termsUrl'>,
  form: Record<string, unknown>,
): typeof TERMS_REFUSAL | undefined {
  if (settings.termsUrl === null) return undefined;
  return termsAccepted(form.terms) ? undefined : TERMS_REFUSAL;
}

/** Whether `value` can be a terms page link: a same-origin path, or an http(s) URL. */
export function isTermsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '';
  } catch {
    return false;
  }
}
