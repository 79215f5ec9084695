/**
 * What every page needs of the cart, apart from the cart and checkout pages' views (`lib/cart.ts`)
 * and the header mini-cart's lines (`lib/mini-cart.ts`, in its island; both link their lines
 * through `lib/line-links.ts`): the summary's subtotal, the cart cookies and the store's
 * notices. It is in the code every page loads (the `shell` chunk), so it stays small. The
 * warnings' words come with the cart's code (`components/cart-warnings.tsx`, decision 0070).
 */
import type { StoreCart } from '@cartwright/store-api-client';
import { readCookie, setCookieValue } from './cookies';
import { storeLinkPath } from './same-origin';

/** How the store shows tax in the cart (`extensions.cartwright` of our store; else excluding). */
export interface TaxDisplay {
  incl: boolean;
  pricesIncludeTax: boolean;
}

/** The cart's tax display, from our store's cart extension (WooCommerce's default otherwise). */
export function taxDisplayOf(cart: Pick<StoreCart, 'extensions'>): TaxDisplay {
  const ours = (cart.extensions as { cartwright?: Record<string, unknown> } | undefined)
    ?.cartwright;
  return {
    incl: ours?.tax_display_cart === 'incl',
    pricesIncludeTax: ours?.prices_include_tax === true,
  };
}

/** Adds minor-unit strings (absent or malformed parts count as 0). */
export function plus(...amounts: (string | null | undefined)[]): string {
  let sum = 0;
  for (const amount of amounts) if (positive(amount)) sum += Number(amount);
  return String(sum);
}

export const positive = (amount: string | null | undefined): amount is string =>
  typeof amount === 'string' && /^\d{1,15}$/.test(amount) && Number(amount) > 0;

/**
 * The subtotal of a cart's lines as the cart shows it (with their tax when the store shows
 * prices including tax), in minor units: the header's summary and its mini-cart show it.
 */
export function cartSubtotalOf(cart: Pick<StoreCart, 'totals' | 'extensions'>): string {
  const { totals } = cart;
  return taxDisplayOf(cart).incl
    ? plus(totals.total_items, totals.total_items_tax)
    : totals.total_items;
}

/** WooCommerce sets `woocommerce_items_in_cart` while the cart is not empty. */
export function hasCartCookie(cookieHeader: string | null): boolean {
  return (readCookie(cookieHeader, 'woocommerce_items_in_cart') ?? '') !== '';
}

/**
 * The cart hash the browser will hold once this response arrives: the store's newest
 * `woocommerce_cart_hash` Set-Cookie (an expired one is `''`), else the request's cookie,
 * else `''` (an empty cart). It is the hash the server-rendered page shows.
 */
export function renderedCartHash(
  cookieHeader: string | null,
  setCookies: readonly string[],
): string {
  let hash = readCookie(cookieHeader, 'woocommerce_cart_hash') ?? '';
  for (const header of setCookies) {
    // An emptied cart's cookie is expired with the value ''.
    hash = setCookieValue(header, 'woocommerce_cart_hash') ?? hash;
  }
  return hash;
}

/** The store sets `cartwright_notices=1` while the session holds notices for the next page. */
export function hasNoticesCookie(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, 'cartwright_notices') === '1';
}

/** A session notice from the store (`GET cartwright/v1/notices`): plain text, maybe a link. */
export interface StoreNotice {
  type: 'success' | 'error' | 'notice';
  message: string;
  link?: { href: string; label: string };
}

/** Keeps only well-formed notices, with links reduced to this origin's paths. */
export function toNotices(body: unknown): StoreNotice[] {
  const list = (body as { notices?: unknown } | null)?.notices;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): StoreNotice[] => {
    const notice = item as Partial<StoreNotice> | null;
    if (
      !notice ||
      (notice.type !== 'success' && notice.type !== 'error' && notice.type !== 'notice') ||
      typeof notice.message !== 'string'
    ) {
      return [];
    }
    const link = notice.link;
    return [
      {
        type: notice.type,
        message: notice.message,
        ...(link && typeof link.label === 'string' && typeof link.href === 'string'
          ? { link: { label: link.label, href: storeLinkPath(link.href) ?? '/cart/' } }
          : {}),
      },
    ];
  });
}
