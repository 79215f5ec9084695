// Small URL helpers that work on absolute URLs, root-relative paths and REST paths
// alike (the URL class alone cannot parse the last two).

/** Whether `url` names its own origin (has a scheme, or is protocol-relative). */
export const isAbsoluteUrl = (url: string): boolean => /^([a-z][\w+.-]*:|\/\/)/i.test(url);

/** The page's URL in a browser, `undefined` on a server. */
export const pageUrl = (): string | undefined =>
  (globalThis as { location?: { href?: string } }).location?.href;

/**
 * The origin `url` resolves to: against the page in a browser, or a placeholder
 * origin shared by all relative URLs when there is no page (so two relative URLs
 * compare as same-origin and a relative one never matches an absolute one).
 * `undefined` for an unparsable URL.
 */
export function resolveOrigin(url: string): string | undefined {
  try {
    return new URL(url, pageUrl() ?? 'http://relative.invalid/').origin;
  } catch {
    return undefined;
  }
}

/** Appends `_locale=user` before any fragment, unless the query already has a `_locale`. */
export const withUserLocale = (url: string | undefined): string | undefined =>
  url === undefined || /[?&]_locale\b/.test(url.split('#')[0] ?? '')
    ? url
    : url.replace(/^[^#]*/, (head) => `${head}${head.includes('?') ? '&' : '?'}_locale=user`);

/**
 * The site (home) URL of a REST root: `https://shop.example/wp-json/` and
 * `https://shop.example/?rest_route=/` both give `https://shop.example/`.
 */
export const siteOf = (root: string): string => root.replace(/(\?rest_route=.*|wp-json\/)$/, '');
