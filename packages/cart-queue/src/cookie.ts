import type { CartReceiveOptions } from './cart';

/**
 * The value of cookie `name` in a `Cookie` header or `document.cookie`: the first of that name,
 * trimmed, percent-decoded when it decodes (a malformed escape is returned as written, never a
 * `URIError`), `=` inside the value kept. Undefined when there is none.
 *
 * @example readCookie('a=1; woocommerce_cart_hash=abc', 'woocommerce_cart_hash') // 'abc'
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

/** `document.cookie`'s value of `name` (undefined without a document). */
export function documentCookie(name: string): string | undefined {
  return readCookie((globalThis as { document?: { cookie?: string } }).document?.cookie, name);
}

/**
 * True when a cart was read with a `woocommerce_cart_hash` the browser no longer holds: an answer
 * to a cart change set a newer one after that read began, so the read shows an older cart. A read
 * without a hash is never older.
 */
export function isOlderRead(
  read: CartReceiveOptions | undefined,
  readCookieOf: (name: string) => string | undefined = documentCookie,
): boolean {
  return (
    read?.cartHash !== undefined && read.cartHash !== (readCookieOf('woocommerce_cart_hash') ?? '')
  );
}
