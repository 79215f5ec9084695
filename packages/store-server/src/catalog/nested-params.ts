/**
 * PHP reads `name[0][field]=a` and `name[0][field][]=a&name[0][field][]=b` into a list of
 * objects; WooCommerce's Store API takes `calculate_attribute_counts` and `attributes` that way.
 * The store's query parser keeps one level of brackets only, so these are read from the raw
 * query string here, with plain string operations (no pattern matching on the input).
 */

/** One `name[i]` object: each field a string, or a list for `field[]`. */
export type NestedObject = Record<string, string | string[]>;

/** The most objects a list may hold; WooCommerce shops have a handful of attributes. */
const MAX_OBJECTS = 50;

/**
 * Reads `name[i][field]` and `name[i][field][]` pairs into objects in index order. Returns
 * `undefined` when the query has no such key; `invalid` when `name` is present in another shape
 * (`name=x`, `name[]=x`, `name[0]=x`), which WordPress answers with "is not of type object".
 */
export function readNestedObjects(
  rawQuery: string,
  name: string,
): NestedObject[] | 'invalid' | undefined {
  const prefix = `${name}[`;
  const byIndex = new Map<string, NestedObject>();
  let seen = false;
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    if (key === name) return 'invalid';
    if (!key.startsWith(prefix)) continue;
    seen = true;
    const indexEnd = key.indexOf(']', prefix.length);
    if (indexEnd === -1) return 'invalid';
    const index = key.slice(prefix.length, indexEnd);
    const rest = key.slice(indexEnd + 1);
    if (!rest.startsWith('[')) return 'invalid';
    const fieldEnd = rest.indexOf(']');
    if (fieldEnd === -1) return 'invalid';
    const field = rest.slice(1, fieldEnd);
    const tail = rest.slice(fieldEnd + 1);
    if (field === '' || (tail !== '' && tail !== '[]')) return 'invalid';
    let object = byIndex.get(index);
    if (object === undefined) {
      if (byIndex.size >= MAX_OBJECTS) return 'invalid';
      object = Object.create(null) as NestedObject;
      byIndex.set(index, object);
    }
    if (tail === '[]') {
      const existing = object[field];
      if (Array.isArray(existing)) existing.push(value);
      else object[field] = [value];
    } else {
      object[field] = value;
    }
  }
  if (!seen) return undefined;
  // PHP keeps insertion order; numeric indexes are what clients send, in order.
  return [...byIndex.values()];
}

/** The raw query string of a request URL (after the first `?`). */
export function rawQueryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index + 1);
}
