import type { ApiFetch } from '@cartwright/store-api-client';

/** What the pages need to know about the store's cart behaviour. */
export interface StoreSettings {
  /** WooCommerce's `cart_redirect_after_add`. */
  redirectAfterAdd: boolean;
  /** WooCommerce's `wc_ajax_url`, e.g. '/?wc-ajax=%%endpoint%%'. */
  wcAjaxUrl: string;
}

/** A real WooCommerce has no settings route of ours: its defaults (and the spec's shop). */
const WOOCOMMERCE_DEFAULTS: StoreSettings = {
  redirectAfterAdd: true,
  wcAjaxUrl: '/?wc-ajax=%%endpoint%%',
};

const TTL_MS = 60_000;
let cached: { value: StoreSettings; until: number } | null = null;

/**
 * The store's settings, read at most once a minute (they change when the shop owner
 * changes them, not per shopper). Falls back to WooCommerce's defaults when the store
 * does not offer `cartwright/v1/settings`.
 */
export async function getStoreSettings(apiFetch: ApiFetch): Promise<StoreSettings> {
  const now = Date.now();
  if (cached && cached.until > now) return cached.value;
  let value = WOOCOMMERCE_DEFAULTS;
  try {
    const body = await apiFetch<{ cart_redirect_after_add?: unknown; wc_ajax_url?: unknown }>({
      path: 'cartwright/v1/settings',
    });
    value = {
      redirectAfterAdd: body.cart_redirect_after_add !== 'no',
      wcAjaxUrl:
        typeof body.wc_ajax_url === 'string' && body.wc_ajax_url.startsWith('/')
          ? body.wc_ajax_url
          : WOOCOMMERCE_DEFAULTS.wcAjaxUrl,
    };
  } catch {
    // Not our store server (or it is restarting): WooCommerce's defaults.
  }
  cached = { value, until: now + TTL_MS };
  return value;
}
