import type { ApiFetch } from '@cartwright/store-api-client';
import { storeLinkPath } from './same-origin';

/** What the pages need to know about the store's cart behaviour. */
export interface StoreSettings {
  /** WooCommerce's `cart_redirect_after_add`. */
  redirectAfterAdd: boolean;
  /** WooCommerce's `wc_ajax_url`, e.g. '/?wc-ajax=%%endpoint%%'. */
  wcAjaxUrl: string;
  /** The server providers configuration (wire contract §4.2): `[]` when the store has none. */
  addressProviders: { id: string; name: string; branding_html: string }[];
  /** The countries the store's own address search covers. */
  addressAutocompleteCountries: string[];
  /** The shop's terms page as a path on this origin, or `null`: no terms checkbox at checkout. */
  termsUrl: string | null;
  /** How orders show tax: WooCommerce's `woocommerce_tax_display_cart` and how prices were entered. */
  tax: { displayCart: 'incl' | 'excl'; pricesIncludeTax: boolean };
}

/** A real WooCommerce has no settings route of ours: its defaults (and the spec's shop). */
const WOOCOMMERCE_DEFAULTS: StoreSettings = {
  redirectAfterAdd: true,
  wcAjaxUrl: '/?wc-ajax=%%endpoint%%',
  addressProviders: [],
  addressAutocompleteCountries: [],
  termsUrl: null,
  tax: { displayCart: 'excl', pricesIncludeTax: false },
};

function taxOf(value: unknown): StoreSettings['tax'] {
  const tax = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    displayCart: tax.tax_display_cart === 'incl' ? 'incl' : 'excl',
    pricesIncludeTax: tax.prices_include_tax === true,
  };
}

function providersOf(value: unknown): StoreSettings['addressProviders'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, name, branding_html } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') return [];
    return [
      {
        id,
        name: typeof name === 'string' ? name : id,
        branding_html: typeof branding_html === 'string' ? branding_html : '',
      },
    ];
  });
}

function countriesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (code): code is string => typeof code === 'string' && /^[A-Z]{2}$/.test(code),
  );
}

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
    const body = await apiFetch<{
      cart_redirect_after_add?: unknown;
      wc_ajax_url?: unknown;
      address_providers?: unknown;
      address_autocomplete_countries?: unknown;
      terms_url?: unknown;
      tax?: unknown;
    }>({
      path: 'cartwright/v1/settings',
    });
    value = {
      redirectAfterAdd: body.cart_redirect_after_add !== 'no',
      wcAjaxUrl:
        typeof body.wc_ajax_url === 'string' && body.wc_ajax_url.startsWith('/')
          ? body.wc_ajax_url
          : WOOCOMMERCE_DEFAULTS.wcAjaxUrl,
      addressProviders: providersOf(body.address_providers),
      addressAutocompleteCountries: countriesOf(body.address_autocomplete_countries),
      // Only ever a link on this origin, whatever host the store wrote.
      termsUrl: storeLinkPath(body.terms_url),
      tax: taxOf(body.tax),
    };
  } catch {
    // Not our store server (or it is restarting): WooCommerce's defaults.
  }
  cached = { value, until: now + TTL_MS };
  return value;
}
