/** A parsed query string: scalar params are strings, `name[]=`/`name[k]=` params are arrays. */
export type QueryParams = Record<string, string | string[]>;

const BRACKETED = /^([^[\]]+)\[[^\]]*\]$/;

/**
 * Parses a query string the way PHP fills `$_GET`, so the store reads parameters exactly as
 * WordPress would: a repeated plain key keeps its **last** value (`page=1&page=2` is page 2),
 * `key[]=a&key[]=b` collects an array, and malformed percent-encoding never throws (bad escapes
 * stay literal, invalid UTF-8 becomes U+FFFD). The result has no prototype, so `__proto__` is an
 * ordinary key.
 */
export function parseQueryString(raw: string): QueryParams {
  const result = Object.create(null) as QueryParams;
  for (const [key, value] of new URLSearchParams(raw)) {
    if (key === '') continue;
    const bracketed = BRACKETED.exec(key);
    if (bracketed !== null) {
      const name = bracketed[1]!;
      const existing = result[name];
      // Appended in place: copying the array per entry made a 1 MiB form of `a[]=` quadratic.
      if (Array.isArray(existing)) existing.push(value);
      else result[name] = [value];
    } else {
      result[key] = value;
    }
  }
  return result;
}

/**
 * Re-encodes a query string with `page` replaced, keeping every other argument (for the `Link`
 * header). Input is re-serialised from decoded pairs, so the output is always plain ASCII.
 */
export function withPage(raw: string, page: number): string {
  const pairs: string[] = [];
  for (const [key, value] of new URLSearchParams(raw)) {
    if (key === 'page' || key.startsWith('page[')) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  }
  pairs.push(`page=${page}`);
  return pairs.join('&');
}
