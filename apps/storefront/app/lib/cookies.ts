/**
 * The storefront's one cookie reader, for `Cookie` request headers on the server and
 * `document.cookie` in the browser (the consent cookies are read by consent-analytics'
 * `readWpConsentCookies`, the store notice's by ui-components' `isStoreNoticeHidden`).
 */

/**
 * The value of cookie `name`: the first of that name, trimmed, percent-decoded when it decodes
 * (a malformed escape is returned as written, never a `URIError`), `=` inside the value kept.
 * Undefined when there is none.
 *
 * @example readCookie('a=1; woocommerce_items_in_cart=1', 'woocommerce_items_in_cart') // '1'
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > -1 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The cookie a `Set-Cookie` line sets, when it is `name`: its value (`''` when expired). */
export function setCookieValue(setCookie: string, name: string): string | undefined {
  return readCookie(setCookie.split(';', 1)[0], name);
}
