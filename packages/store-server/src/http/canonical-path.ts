/**
 * The one canonical form of a request path. Routing, the auth hook and every path test read the
 * same string, so no check can be skipped by spelling a path another way (`/wp-json/wc/%73tore`,
 * `/wp-%6Ason`, `/wp-json//wc/store`, `/WP-JSON/wc/store`).
 *
 * The path is percent-decoded exactly once, segment by segment. Forms whose meaning differs between
 * a decoder and a router are refused rather than guessed: an encoded separator (`%2F`, `%5C`) or a
 * backslash, a dot segment (`.`, `..`, `%2e%2e`), malformed
 * percent-encoding or UTF-8 (a lone surrogate), and a target that is not an origin-form path.
 * Empty segments (`//`) collapse. Other characters (a NUL included) are not ambiguous: they reach
 * the route, whose own argument checks answer them. The result re-encodes only what a path cannot carry literally,
 * so a plain path is its own canonical form.
 */

export type CanonicalPathProblem =
  'not_origin_form' | 'invalid_encoding' | 'encoded_separator' | 'dot_segment';

export type CanonicalPath =
  { ok: true; path: string } | { ok: false; problem: CanonicalPathProblem };

/** RFC 3986 `pchar` minus `%`: characters a path segment may carry without encoding. */
const LITERAL = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@") {
  LITERAL[char.charCodeAt(0)] = 1;
}

function encodeSegment(segment: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < segment.length; i++) {
    const code = segment.charCodeAt(i);
    if (code < 128 && LITERAL[code] === 1) continue;
    // Everything else (including `%` and non-ASCII) goes through the standard encoder; surrogate
    // pairs stay together because the slice covers both halves.
    let end = i + 1;
    while (end < segment.length) {
      const next = segment.charCodeAt(end);
      if (next < 128 && LITERAL[next] === 1) break;
      end++;
    }
    out += segment.slice(start, i) + encodeURIComponent(segment.slice(i, end));
    start = end;
    i = end - 1;
  }
  return start === 0 ? segment : out + segment.slice(start);
}

/** Checks and re-encodes already-decoded segments (shared by paths and `rest_route` values). */
function fromSegments(segments: readonly string[], trailingSlash: boolean): CanonicalPath {
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment === '') continue;
    if (segment.includes('/') || segment.includes('\\')) {
      return { ok: false, problem: 'encoded_separator' };
    }
    if (segment === '.' || segment === '..') return { ok: false, problem: 'dot_segment' };
    try {
      kept.push(encodeSegment(segment));
    } catch {
      // A lone surrogate cannot be encoded (or routed): malformed, as WordPress would see it.
      return { ok: false, problem: 'invalid_encoding' };
    }
  }
  if (kept.length === 0) return { ok: true, path: '/' };
  return { ok: true, path: `/${kept.join('/')}${trailingSlash ? '/' : ''}` };
}

/**
 * The canonical form of a raw request path (no query string).
 *
 * @example
 * canonicalPath('/wp-json/wc/%73tore/v1/cart'); // { ok: true, path: '/wp-json/wc/store/v1/cart' }
 * canonicalPath('/wp-json//wc/store/v1/cart/'); // { ok: true, path: '/wp-json/wc/store/v1/cart/' }
 * canonicalPath('/wp-json/wc%2Fstore/v1/cart'); // { ok: false, problem: 'encoded_separator' }
 */
export function canonicalPath(raw: string): CanonicalPath {
  if (!raw.startsWith('/')) return { ok: false, problem: 'not_origin_form' };
  if (raw.includes('\\')) return { ok: false, problem: 'encoded_separator' };
  const parts = raw.split('/');
  const decoded: string[] = [];
  for (const part of parts) {
    try {
      decoded.push(part.includes('%') ? decodeURIComponent(part) : part);
    } catch {
      return { ok: false, problem: 'invalid_encoding' };
    }
  }
  return fromSegments(decoded, raw.length > 1 && raw.endsWith('/'));
}

/**
 * The canonical form of a path that arrived decoded already, such as WordPress's
 * `?rest_route=/wc/store/v1/cart` (the query parser decoded it once; it is not decoded again).
 */
export function canonicalDecodedPath(decoded: string): CanonicalPath {
  if (!decoded.startsWith('/')) return { ok: false, problem: 'not_origin_form' };
  if (decoded.includes('\\')) return { ok: false, problem: 'encoded_separator' };
  return fromSegments(decoded.split('/'), decoded.length > 1 && decoded.endsWith('/'));
}

/**
 * Whether a canonical path is `prefix` itself or below it, compared without regard to case
 * (WordPress matches REST routes case-insensitively, and so does the router here).
 *
 * @example
 * isPathUnder('/WP-JSON/wc/store/v1/cart', '/wp-json/wc/store'); // true
 * isPathUnder('/wp-jsonx', '/wp-json'); // false
 */
export function isPathUnder(path: string, prefix: string): boolean {
  if (path.length < prefix.length) return false;
  if (path.slice(0, prefix.length).toLowerCase() !== prefix) return false;
  return path.length === prefix.length || path[prefix.length] === '/';
}
