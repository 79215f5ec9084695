/**
 * A wc-ajax answer's `product_url` (WooCommerce sends it when an add is refused: "choose
 * options on the product page") names the store's own origin, which in proxy mode is not the
 * shopper's. The page may only navigate same-origin, so the link is moved to the storefront's
 * origin; anything else in the answer is left as the store sent it.
 *
 * Returns the body to send: the same text when there is nothing to change (not JSON, no
 * `product_url`, or one on another origin altogether).
 */
export function mapProductUrl(body: string, storeOrigin: string, ourOrigin: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const answer = parsed as Record<string, unknown>;
  const url = answer.product_url;
  if (typeof url !== 'string') return body;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return body;
  }
  if (target.origin !== storeOrigin) return body;
  return JSON.stringify({
    ...answer,
    product_url: ourOrigin + target.pathname + target.search + target.hash,
  });
}
