/** Parses a `Cookie` request header into name → value (values percent-decoded when valid). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (header === undefined || header === '') return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    const name = part.slice(0, index).trim();
    if (name === '' || cookies.has(name)) continue;
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** How a cookie is set. */
export interface CookieOptions {
  /** Unix seconds; omit for a browser-session cookie, `0` to delete it. */
  expires?: number;
  secure: boolean;
  httpOnly?: boolean;
}

/**
 * A `Set-Cookie` value for a cookie on path `/` (as WordPress and WooCommerce set theirs), with
 * `SameSite=Lax` and `HttpOnly` unless told otherwise. The value is percent-encoded as PHP's
 * `setcookie` does.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/'];
  if (options.expires !== undefined) {
    const expires = options.expires === 0 ? 0 : options.expires * 1000;
    parts.push(`Expires=${new Date(expires).toUTCString()}`);
    if (options.expires === 0) parts.push('Max-Age=0');
  }
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}
