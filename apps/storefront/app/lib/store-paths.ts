import { toSameOriginPath } from './same-origin';

/** A request target in its one canonical form, or why it has none (answered with a 400). */
export type CanonicalTarget =
  { ok: true; url: string; pathname: string; search: string } | { ok: false; reason: string };

/** `%2F` (`/`), `%5C` (`\`) or `%00` in a path, any case. */
const AMBIGUOUS_ESCAPE = /%(?:2f|5c|00)/i;

/**
 * The one path every decision on a request is made on (finding 1 of issue 13): which process
 * answers it (store or app), whether it is redirected, and what the router matches. The path is
 * decoded once and normalised (dot segments resolved, only what must be escaped is escaped), so
 * `/wp-%6Ason/` and `/wp-json/` are the same request. Forms that servers read differently are
 * refused rather than guessed: an encoded `/` or `\`, a `\`, NUL, an empty segment (`//`),
 * invalid percent-encoding or UTF-8, a target that is not a path. The query is passed on as it
 * came (its parameters are decoded by whoever reads them).
 *
 * @example canonicalTarget('/wp-%6Ason/wc/%73tore/v1/cart?x=1') // { ok: true, url: '/wp-json/wc/store/v1/cart?x=1', … }
 */
export function canonicalTarget(rawUrl: string): CanonicalTarget {
  if (!rawUrl.startsWith('/')) return { ok: false, reason: 'not a path' };
  const q = rawUrl.indexOf('?');
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const search = q === -1 ? '' : rawUrl.slice(q);
  if (AMBIGUOUS_ESCAPE.test(rawPath)) return { ok: false, reason: 'encoded separator or NUL' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, reason: 'invalid percent-encoding' };
  }
  if (decoded.includes('\\') || decoded.includes('\0')) {
    return { ok: false, reason: 'backslash or NUL' };
  }
  if (decoded.includes('//')) return { ok: false, reason: 'empty path segment' };
  // Escape again only what must be: `%`, `?` and `#` first (they are data here), then what the
  // URL parser escapes (spaces, quotes, non-ASCII); dot segments are resolved by it.
  const pathname = new URL(
    decoded.replaceAll('%', '%25').replaceAll('?', '%3F').replaceAll('#', '%23'),
    'http://site.invalid',
  ).pathname;
  if (pathname.includes('//')) return { ok: false, reason: 'empty path segment' };
  return { ok: true, url: `${pathname}${search}`, pathname, search };
}

/**
 * The WooCommerce / WordPress wire paths the storefront's origin hands to the
 * store (DESIGN.md "The wire is the contract"). Everything else is the app.
 * `url` is a canonical target ({@link canonicalTarget}); a raw one is canonicalised first and
 * is never a store path when it has no canonical form.
 */
export function isStorePath(url: string): boolean {
  const target = canonicalTarget(url);
  if (!target.ok) return false;
  const rawUrl = target.url;
  const q = rawUrl.indexOf('?');
  const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const search = q === -1 ? '' : rawUrl.slice(q + 1);
  if (pathname === '/wp-json' || pathname.startsWith('/wp-json/')) return true;
  if (pathname === '/wp-admin/admin-ajax.php' || pathname === '/wp-login.php') return true;
  if (pathname.startsWith('/wp-content/uploads/')) return true;
  if (search) {
    const params = new URLSearchParams(search);
    // WooCommerce answers wc-ajax on any URL; plain permalinks use ?rest_route=; the
    // no-JavaScript cart links (?add-to-cart=, ?remove_item=) work on any page too.
    if (params.has('wc-ajax') || params.has('rest_route')) return true;
    if (params.has('add-to-cart') || params.has('remove_item')) return true;
  }
  return false;
}

/**
 * WordPress serves pages with a trailing slash and redirects the other form.
 * Returns the canonical location — always a path of this origin (app/lib/same-origin.ts) — or
 * null when the URL needs no redirect (or has no canonical form: that is a 400, not a redirect).
 */
export function trailingSlashRedirect(method: string, url: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const target = canonicalTarget(url);
  if (!target.ok) return null;
  const { pathname, search } = target;
  if (pathname.endsWith('/') || pathname.startsWith('/__')) return null;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  return toSameOriginPath(`${pathname}/${search}`, 'http://site.invalid');
}
