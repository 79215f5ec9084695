/**
 * A path on this site to send the shopper back to: `raw` when it is a root-relative path of
 * this origin (no `//host`, no `/\host`, no scheme), else `fallback`.
 */
export function localRedirect(raw: string | null | undefined, origin: string, fallback = '/') {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//')) return fallback;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
