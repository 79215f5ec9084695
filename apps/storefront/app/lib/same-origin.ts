/**
 * The storefront's one rule for where the shopper may be sent: every redirect the storefront
 * issues, every link or form target built from server data, and every client-side navigation a
 * cart answer asks for goes through this module (docs/security.md, "Same-origin navigation").
 *
 * A target is accepted only as a path on this origin. It is parsed as the browser parses it
 * (WHATWG URL: tabs and newlines dropped, `\` read as `/`), its origin compared with ours, and
 * the path it resolves to is checked again, so `//host`, `/\host`, `/.//host`, `java\tscript:`
 * and the like can never come out. Encoded separators (`%2F`, `%5C`) and NUL in the path are
 * refused: they are ambiguous to the next server that decodes them.
 */

/** Longer targets are refused (a redirect target is a path, not a payload). */
export const MAX_TARGET_LENGTH = 2048;

/** `%2F` (`/`), `%5C` (`\`) or `%00` anywhere in a path, any case. */
const AMBIGUOUS_ESCAPE = /%(?:2f|5c|00)/i;

/**
 * `raw` as a root-relative path (`/path?query#hash`) of `origin` when it is one — an absolute
 * URL of this origin or a path (relative paths resolve against the site root) — else null.
 *
 * @example toSameOriginPath('https://shop.example/cart/?a=1', 'https://shop.example') // '/cart/?a=1'
 * @example toSameOriginPath('//evil.example/', 'https://shop.example') // null
 */
export function toSameOriginPath(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_TARGET_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return null;
  }
  const path = checkedPath(url);
  return path === null ? null : `${path}${url.hash}`;
}

/**
 * The path of a link the store gave (a permalink, a remove link, an order-received URL): the
 * path and query of any http(s) URL, whatever its host — behind a proxy the store writes its
 * own origin — so the link can only ever lead to this origin. Null for anything else.
 */
export function storeLinkPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_TARGET_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://site.invalid/');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return checkedPath(url);
}

/**
 * The page a form was posted from (its `Referer`) as a path to go back to, when it is a page of
 * this origin; else `fallback`.
 */
export function refererPath(referer: string | null | undefined, origin: string, fallback = '/') {
  if (!referer) return fallback;
  let page: URL;
  try {
    page = new URL(referer);
  } catch {
    return fallback;
  }
  if (page.origin !== origin) return fallback;
  return toSameOriginPath(`${page.pathname}${page.search}`, origin) ?? fallback;
}

/** The checked `path?query` of a parsed URL, or null when it could leave the origin. */
function checkedPath(url: URL): string | null {
  const path = url.pathname;
  // A path that starts `//` or `/\` is read as another host by the browser (`/.//evil`
  // normalises to `//evil`).
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (AMBIGUOUS_ESCAPE.test(path)) return null;
  return `${path}${url.search}`;
}
