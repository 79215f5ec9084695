import type { ApiFetch } from '@cartwright/store-api-client';

/**
 * The order's customer note, which the Store API's order does not carry: read from the store's
 * order summary (`cartwright/v1/orders/{id}?key=…`, the same key). `''` when there is none or the
 * store does not offer the route (a WooCommerce without the Cartwright routes).
 */
export async function orderNote(apiFetch: ApiFetch, orderId: number, key: string): Promise<string> {
  try {
    const summary = await apiFetch<{ customer_note?: unknown }>({
      path: `cartwright/v1/orders/${orderId}?key=${encodeURIComponent(key)}`,
    });
    return typeof summary.customer_note === 'string' ? summary.customer_note : '';
  } catch {
    return '';
  }
}
