import type { StoreCart } from '@cartwright/store-api-client';
import type { CurrencyFields } from './catalog';
import { productPath } from './catalog';

/** A cart line as the pages render it (loader data: only what is shown). */
export interface CartLine {
  key: string;
  productId: number;
  name: string;
  quantity: number;
  price: string;
  lineTotal: string;
  href: string;
  removeUrl: string;
  sku: string;
  image: { src: string; alt: string } | null;
  min: number;
  max: number;
}

export interface CartView {
  lines: CartLine[];
  count: number;
  subtotal: string;
  total: string;
  currency: CurrencyFields;
}

/**
 * Only the path and query of an http(s) URL from the store: a link built from server
 * data can only ever point at this origin. Anything else becomes `fallback`.
 */
export function localPath(url: string | undefined, fallback: string): string {
  if (!url) return fallback;
  try {
    const parsed = new URL(url, 'http://local.invalid');
    if (!/^https?:$/.test(parsed.protocol)) return fallback;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return fallback;
  }
}

function slugOf(permalink: string | undefined): string | undefined {
  if (!permalink) return undefined;
  return localPath(permalink, '').split('?')[0]?.split('/').filter(Boolean).at(-1);
}

export function toCartView(cart: StoreCart): CartView {
  const totals = cart.totals;
  return {
    lines: cart.items.map((item) => {
      const extensions = item.extensions as { cartwright?: { remove_url?: string } } | undefined;
      const slug = slugOf(item.permalink);
      const image = item.images[0];
      return {
        key: item.key,
        productId: item.id,
        name: item.name,
        quantity: item.quantity,
        price: item.prices.price,
        lineTotal: item.totals.line_total,
        href: slug ? productPath(slug) : '/shop/',
        removeUrl: localPath(extensions?.cartwright?.remove_url, '/cart/'),
        sku: item.sku,
        image: image ? { src: image.thumbnail || image.src, alt: image.alt || item.name } : null,
        min: item.quantity_limits.minimum,
        max: item.quantity_limits.maximum,
      };
    }),
    count: cart.items_count,
    subtotal: totals.total_items,
    total: totals.total_price,
    currency: {
      currency_code: totals.currency_code,
      currency_symbol: totals.currency_symbol,
      currency_minor_unit: totals.currency_minor_unit,
      currency_decimal_separator: totals.currency_decimal_separator,
      currency_thousand_separator: totals.currency_thousand_separator,
      currency_prefix: totals.currency_prefix,
      currency_suffix: totals.currency_suffix,
    },
  };
}

/** WooCommerce sets `woocommerce_items_in_cart` while the cart is not empty. */
export function hasCartCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && /(?:^|;\s*)woocommerce_items_in_cart=[^;]/.test(cookieHeader);
}
