// Small URL helpers that work on absolute URLs, root-relative paths and REST paths
// alike (the URL class alone cannot parse the last two).

/** The page's URL in a browser, `undefined` on a server. */
export const pageUrl = (): string | undefined =>
  (globalThis as { location?: { href?: string } }).location?.href;

/**
 * The origin every relative URL resolves to when there is no page: a reserved
 * name, so two relative URLs compare as same-origin and never match a real one.
 */
export const RELATIVE_ORIGIN = 'http://relative.invalid';

/**
 * The origin `url` resolves to: against the page in a browser, or
 * {@link RELATIVE_ORIGIN} when there is no page. `undefined` for an unparsable URL.
 */
export function resolveOrigin(url: string): string | undefined {
  try {
    return new URL(url, pageUrl() ?? RELATIVE_ORIGIN).origin;
  } catch {
    return undefined;
  }
}

/** Appends `_locale=user` before any fragment, unless the query already has a `_locale`. */
export const withUserLocale = (url: string | undefined): string | undefined =>
  // `^[^#]*` always matches once: the part before any fragment.
  url?.replace(/^[^#]*/, (head) =>
    /[?&]_locale\b/.test(head) ? head : `${head}${head.includes('?') ? '&' : '?'}_locale=user`,
  );

/**
 * The site (home) URL of a REST root: `https://shop.example/wp-json/` and
 * `https://shop.example/?rest_route=/` both give `https://shop.example/`.
 */
export const siteOf = (root: string): string => root.replace(/(\?rest_route=.*|wp-json\/)$/, '');
