import { randomBytes } from 'node:crypto';

/**
 * The storefront's response headers against the browser-side attacks of issue 13 (finding 6),
 * in one place: the host server sets {@link BASELINE_HEADERS} on every response, entry.server
 * the Content-Security-Policy on every page, the root middleware Cache-Control on personal ones.
 */

/** On every response of the storefront's origin (app, assets, store paths). */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  // No type guessing: a JSON answer or an upload is never run as a script or a page.
  'X-Content-Type-Options': 'nosniff',
  // No framing by other sites (clickjacking the checkout or the account forms); for browsers
  // without CSP frame-ancestors.
  'X-Frame-Options': 'SAMEORIGIN',
  // Other sites see our origin, never a path with an order key or a query.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** A fresh nonce for one response (128 random bits, base64). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The pages' Content-Security-Policy. Scripts run only from this origin or, inline, with this
 * response's nonce (the paint-deferred loader of decision 0027, React Router's context and
 * route-module scripts, the entry module the loader restores); nothing is loaded from another
 * origin (product images come from the store's /wp-content/uploads/ on this origin); forms post
 * only here; no plugins, no `<base>`, no framing by other sites. Inline `style` attributes stay
 * allowed (React writes a few; style injection is not script execution). In development, Vite's
 * HMR WebSocket (its own port) may connect too.
 */
export function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The first path segments whose pages are one shopper's own (cart, checkout, account). */
const PERSONAL_SECTIONS = new Set(['cart', 'checkout', 'my-account']);

/**
 * Whether a page (or its `.data` request) is one shopper's own: the cart, the checkout with
 * its order-received page, my-account. These, and every response that sets a cookie, are
 * `Cache-Control: private, no-store`.
 */
export function isPersonalPath(pathname: string): boolean {
  const section = /^\/([a-z-]{1,20})(?:[/.]|$)/.exec(pathname)?.[1];
  return section !== undefined && PERSONAL_SECTIONS.has(section);
}

/** What personal pages and cookie-setting responses are sent with. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
