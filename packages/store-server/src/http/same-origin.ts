import type { FastifyRequest } from 'fastify';
import { requestOrigin } from './origin';

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

/**
 * Whether a form post that would log someone in comes from another site (login CSRF). The
 * browser's `Origin` decides when sent: it must be this site's origin (the configured site URL,
 * or the origin the request itself was addressed to). Without `Origin`, `Sec-Fetch-Site` must be
 * `same-origin` or `none` (typed or bookmarked). A request with neither header is an old client
 * or a script, not a browser that a cross-site page can drive: it is let through, so no-JavaScript
 * login keeps working everywhere. `Origin: null` (sandboxed frames, opaque redirects) is refused.
 */
export function isCrossSitePost(request: FastifyRequest, siteUrl: string | undefined): boolean {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  };
  const origin = header('origin');
  if (origin !== undefined) {
    const allowed = new Set([
      new URL(requestOrigin(request, siteUrl)).origin,
      new URL(requestOrigin(request, undefined)).origin,
    ]);
    let posted: string;
    try {
      posted = new URL(origin).origin;
    } catch {
      return true;
    }
    return posted === 'null' || !allowed.has(posted);
  }
  const site = header('sec-fetch-site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}
