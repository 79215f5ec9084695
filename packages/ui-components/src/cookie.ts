/**
 * The value of cookie `name` in a `Cookie` header or `document.cookie`: the first of that name,
 * trimmed, percent-decoded when it decodes (a malformed escape is returned as written, never a
 * `URIError`), `=` inside the value kept. Undefined when there is none.
 *
 * @example readCookie("a=1; store_notice0=hidden", "store_notice0") // "hidden"
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
