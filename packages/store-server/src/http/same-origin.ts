/** Longest redirect target accepted (WordPress's own URLs are far shorter; anything longer is dropped). */
const MAX_LENGTH = 2000;

/**
 * The one rule for sending a shopper somewhere the request named (`redirect_to`, `Referer`, the
 * page a cart link was on): only a path on this site's origin, never another host. Returns the
 * path (with query and fragment) to put in `Location`, or `undefined` to use the caller's
 * fallback. Relative paths resolve against the origin, as `wp_safe_redirect` allows.
 *
 * The returned path starts with exactly one `/`, so a browser cannot read it as another host
 * (`//evil.example/x` or `/\evil.example/x` as a path would be).
 *
 * @example
 * sameOriginPath('/cart/?x=1', 'https://shop.example'); // '/cart/?x=1'
 * sameOriginPath('https://shop.example//evil.example/', 'https://shop.example'); // '/evil.example/'
 * sameOriginPath('//evil.example/x', 'https://shop.example'); // undefined
 * sameOriginPath('javascript:alert(1)', 'https://shop.example'); // undefined
 */
export function sameOriginPath(raw: unknown, origin: string): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return undefined;
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  let base: URL;
  let url: URL;
  try {
    base = new URL(`${origin}/`);
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  let start = 0;
  while (start < url.pathname.length - 1 && url.pathname[start + 1] === '/') start++;
  return `${url.pathname.slice(start)}${url.search}${url.hash}`;
}
