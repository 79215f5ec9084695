import type { ProductQuery, StoreAttributeFilter } from '@cartwright/store-api-client';

/**
 * The classic catalogue's filters as WooCommerce's widgets put them in the URL, and their
 * translation to the Store API:
 * - price: `?min_price=10&max_price=20` in the shop's currency (major units), which the Store
 *   API takes in minor units (`min_price=1000`);
 * - attributes: `?filter_size=m,l&query_type_size=or` (WooCommerce's layered navigation), which
 *   the Store API takes as `attributes[0][attribute]=pa_size&attributes[0][slug][]=m…`.
 */
export interface CatalogFilters {
  /** The price bounds as the shopper typed them (shown back in the form), or `''`. */
  minText: string;
  maxText: string;
  /** The same bounds in minor units, when they are numbers. */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  attributes: AttributeFilter[];
}

export interface AttributeFilter {
  /** The attribute's name without `pa_` (`size` for `filter_size`). */
  name: string;
  /** Chosen term slugs. */
  slugs: string[];
  /** `or`: any chosen term; `and`: every one (WooCommerce's default for layered navigation). */
  queryType: 'or' | 'and';
}

/** A price as a shopper writes it: digits, optionally a decimal point and up to 2 more digits. */
const AMOUNT = /^\d{1,9}(?:\.\d{0,2})?$/;
/** An attribute name or term slug as WordPress makes them (sanitize_title), bounded in length. */
const SLUG = /^[a-z0-9_-]{1,64}$/;
/** The most attribute filters and terms read from one URL. */
const MAX_ATTRIBUTES = 10;
const MAX_TERMS = 20;

function readAmount(raw: string | null, minorUnit: number): [string, number | undefined] {
  const text = (raw ?? '').trim().slice(0, 16);
  if (!AMOUNT.test(text)) return ['', undefined];
  return [text, Math.round(Number(text) * 10 ** minorUnit)];
}

/** Reads the filters of a catalogue URL; anything malformed is left out, as WooCommerce does. */
export function readCatalogFilters(url: URL, minorUnit: number): CatalogFilters {
  const [minText, minPrice] = readAmount(url.searchParams.get('min_price'), minorUnit);
  const [maxText, maxPrice] = readAmount(url.searchParams.get('max_price'), minorUnit);
  const attributes: AttributeFilter[] = [];
  for (const [key, value] of url.searchParams) {
    if (!key.startsWith('filter_') || attributes.length >= MAX_ATTRIBUTES) continue;
    const name = key.slice('filter_'.length);
    if (!SLUG.test(name) || attributes.some((a) => a.name === name)) continue;
    const slugs = [
      ...new Set(
        value
          .slice(0, 2000)
          .split(',')
          .map((slug) => slug.trim().toLowerCase())
          .filter((slug) => SLUG.test(slug)),
      ),
    ].slice(0, MAX_TERMS);
    if (slugs.length === 0) continue;
    const queryType = url.searchParams.get(`query_type_${name}`) === 'or' ? 'or' : 'and';
    attributes.push({ name, slugs, queryType });
  }
  return { minText, maxText, minPrice, maxPrice, attributes };
}

/** The Store API arguments for these filters (`GET /products` and `collection-data`). */
export function storeApiFilters(
  filters: CatalogFilters,
): Pick<ProductQuery, 'min_price' | 'max_price' | 'attributes'> {
  const attributes: StoreAttributeFilter[] = filters.attributes.map((filter) => ({
    attribute: `pa_${filter.name}`,
    slug: filter.slugs,
    operator: filter.queryType === 'or' ? 'in' : 'and',
  }));
  return {
    ...(filters.minPrice === undefined ? {} : { min_price: filters.minPrice }),
    ...(filters.maxPrice === undefined ? {} : { max_price: filters.maxPrice }),
    ...(attributes.length === 0 ? {} : { attributes }),
  };
}

/** The query arguments a listing keeps across its forms and pages (not the page itself). */
export function filterQuery(filters: CatalogFilters): Record<string, string> {
  const kept: Record<string, string> = {};
  if (filters.minText !== '') kept.min_price = filters.minText;
  if (filters.maxText !== '') kept.max_price = filters.maxText;
  for (const filter of filters.attributes) {
    kept[`filter_${filter.name}`] = filter.slugs.join(',');
    if (filter.queryType === 'or') kept[`query_type_${filter.name}`] = 'or';
  }
  return kept;
}

export const hasFilters = (filters: CatalogFilters) =>
  filters.minText !== '' || filters.maxText !== '' || filters.attributes.length > 0;

/** `path` with the query arguments, `?` only when there are some. */
export function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}
