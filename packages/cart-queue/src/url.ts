/** Longer URLs from store data are not followed. */
export const MAX_URL_LENGTH = 2048;

/**
 * `raw` resolved against `origin` (`location.origin`) when it is an http(s) URL of that origin,
 * else null: the one rule for every navigation driven by store data (a `product_url`, the cart
 * URL, a remove link). Anything that is not a non-empty string — `undefined` included — is null,
 * never a path like `/undefined`.
 *
 * @example toSameOriginUrl('/cart/', 'https://shop.example') // 'https://shop.example/cart/'
 * @example toSameOriginUrl('//evil.example/', 'https://shop.example') // null
 */
export function toSameOriginUrl(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin && /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
