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

/**
 * The page a form was posted from (its `Referer`), as a path to send the shopper back to when it
 * is a page of this site; else `fallback`.
 */
export function refererPath(referer: string | null, origin: string, fallback = '/'): string {
  if (!referer) return fallback;
  try {
    const page = new URL(referer);
    return page.origin === origin
      ? localRedirect(`${page.pathname}${page.search}`, origin, fallback)
      : fallback;
  } catch {
    return fallback;
  }
}
