// Small URL helpers that work on absolute URLs, root-relative paths and REST paths
// alike (the URL class alone cannot parse the last two).

const SCHEME = /^[a-z][a-z\d+\-.]*:/i;

/** Whether `url` names its own origin (has a scheme, or is protocol-relative). */
export function isAbsoluteUrl(url: string): boolean {
  return SCHEME.test(url) || url.startsWith('//');
}

function splitHash(url: string): [string, string] {
  const index = url.indexOf('#');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}

/** Whether the query string of `url` has the argument `name` (with or without a value). */
export function hasQueryArg(url: string, name: string): boolean {
  const [beforeHash] = splitHash(url);
  const index = beforeHash.indexOf('?');
  if (index === -1) return false;
  return new URLSearchParams(beforeHash.slice(index + 1)).has(name);
}

/** Appends `name=value` to the query of `url`, before any fragment. */
export function appendQueryArg(url: string, name: string, value: string): string {
  const [beforeHash, hash] = splitHash(url);
  const separator = beforeHash.includes('?')
    ? beforeHash.endsWith('?') || beforeHash.endsWith('&')
      ? ''
      : '&'
    : '?';
  return `${beforeHash}${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}${hash}`;
}

// Stands in for "the page's origin" when there is no page (server side), so two
// relative URLs still compare as same-origin and a relative one never matches an absolute one.
const NO_PAGE_BASE = 'http://relative.invalid/';

/**
 * The origin `url` resolves to: against `location.href` in a browser, or a
 * placeholder origin shared by all relative URLs when there is no page.
 * Returns `undefined` for an unparsable URL.
 */
export function resolveOrigin(url: string): string | undefined {
  const base = (globalThis as { location?: { href?: unknown } }).location?.href;
  try {
    return new URL(url, typeof base === 'string' ? base : NO_PAGE_BASE).origin;
  } catch {
    return undefined;
  }
}
