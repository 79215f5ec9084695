import type { QueryParams } from '../http/query-string';
import { invalidParams, type InvalidParam } from '../http/rest-error';

/** `orderby` values of the Store API products collection (wire contract §5.2). */
export const PRODUCT_ORDERBY = [
  'date',
  'modified',
  'id',
  'include',
  'title',
  'slug',
  'price',
  'popularity',
  'rating',
  'menu_order',
  'comment_count',
] as const;

export type ProductOrderBy = (typeof PRODUCT_ORDERBY)[number];

/** A validated `GET /products` request. `[]` filters match nothing; `undefined` filters are off. */
export interface ProductQuery {
  page: number;
  perPage: number;
  orderby: ProductOrderBy;
  order: 'asc' | 'desc';
  /** Search terms; each must match the name, a description or the SKU. */
  search: string[] | undefined;
  categoryIds: number[] | undefined;
  categorySlugs: string[] | undefined;
  include: number[] | undefined;
  slugs: string[] | undefined;
  skus: string[] | undefined;
  onSale: boolean | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

/** PostgreSQL `integer` bounds: ids outside them cannot exist, so they match nothing. */
export const MAX_INT = 2_147_483_647;
const INTEGER = /^\s*\+?\d+\s*$/;
const SIGNED_INTEGER = /^\s*[+-]?\d+\s*$/;
/** WordPress splits a search into terms unless there are too many of them. */
const MAX_SEARCH_TERMS = 9;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * Makes user text safe for PostgreSQL and comparable: control characters (NUL included, which
 * PostgreSQL rejects in text) become spaces, runs of whitespace collapse, ends are trimmed.
 * Mirrors what WordPress's `sanitize_text_field` does to line breaks and tabs.
 */
export function cleanText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** Splits a comma list (or a `name[]` array) into cleaned, non-empty items. */
function list(value: string | string[]): string[] {
  const items = Array.isArray(value) ? value : value.split(',');
  return items.map(cleanText).filter((item) => item !== '');
}

/**
 * Validates the query of `GET /wp-json/wc/store/v1/products`. Unknown parameters are ignored,
 * as in WordPress; every bad known one is reported at once in a 400 `rest_invalid_param`.
 *
 * @throws {RestError} `rest_invalid_param`
 */
export function parseProductQuery(params: QueryParams): ProductQuery {
  const problems: InvalidParam[] = [];
  const notOfType = (name: string, type: string): undefined => {
    problems.push({ name, code: 'rest_invalid_type', message: `${name} is not of type ${type}.` });
    return undefined;
  };

  const integer = (name: string, min: number, max?: number): number | undefined => {
    const raw = params[name];
    if (raw === undefined) return undefined;
    if (Array.isArray(raw) || !SIGNED_INTEGER.test(raw)) return notOfType(name, 'integer');
    const value = Number(raw);
    if (value < min || (max !== undefined && value > max)) {
      problems.push({
        name,
        code: 'rest_out_of_bounds',
        message:
          max === undefined
            ? `${name} must be greater than or equal to ${min}`
            : `${name} must be between ${min} (inclusive) and ${max} (inclusive)`,
      });
      return undefined;
    }
    return value;
  };

  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const raw = params[name];
    if (raw === undefined) return undefined;
    if (Array.isArray(raw)) return notOfType(name, 'string');
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push({
      name,
      code: 'rest_not_in_enum',
      message: `${name} is not one of ${allowed.join(', ')}.`,
    });
    return undefined;
  };

  const text = (name: string): string | undefined => {
    const raw = params[name];
    if (raw === undefined) return undefined;
    if (Array.isArray(raw)) return notOfType(name, 'string');
    return cleanText(raw);
  };

  const textList = (name: string): string[] | undefined => {
    const raw = params[name];
    if (raw === undefined) return undefined;
    const items = list(raw);
    // An explicit but empty filter (`slug=`) is no filter, as in WordPress.
    return items.length === 0 ? undefined : items;
  };

  const idList = (name: string): number[] | undefined => {
    const items = textList(name);
    if (items === undefined) return undefined;
    const ids: number[] = [];
    for (const [index, item] of items.entries()) {
      if (!INTEGER.test(item)) {
        problems.push({
          name,
          code: 'rest_invalid_type',
          message: `${name}[${index}] is not of type integer.`,
        });
        return undefined;
      }
      const id = Number(item);
      if (id <= MAX_INT) ids.push(id);
    }
    return ids;
  };

  const boolean = (name: string): boolean | undefined => {
    const raw = params[name];
    if (raw === undefined) return undefined;
    if (!Array.isArray(raw)) {
      const value = raw.trim().toLowerCase();
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0' || value === '') return false;
    }
    return notOfType(name, 'boolean');
  };

  const amount = (name: string): number | undefined => {
    const raw = params[name];
    if (raw === undefined || raw === '') return undefined;
    if (Array.isArray(raw) || !INTEGER.test(raw)) {
      problems.push({
        name,
        code: 'rest_invalid_type',
        message: `${name} must be a whole number of minor units (cents), for example 1500.`,
      });
      return undefined;
    }
    return Math.min(Number(raw), MAX_INT);
  };

  const page = integer('page', 1);
  const perPage = integer('per_page', 1, 100);
  const orderby = oneOf('orderby', PRODUCT_ORDERBY);
  const order = oneOf('order', ['asc', 'desc'] as const);
  const searchText = text('search');
  const include = idList('include');
  const slugs = textList('slug');
  const skus = textList('sku');
  const onSale = boolean('on_sale');
  const minPrice = amount('min_price');
  const maxPrice = amount('max_price');

  let categoryIds: number[] | undefined;
  let categorySlugs: string[] | undefined;
  const categories = textList('category');
  if (categories !== undefined) {
    categoryIds = [];
    categorySlugs = [];
    for (const item of categories) {
      if (INTEGER.test(item)) {
        const id = Number(item);
        if (id <= MAX_INT) categoryIds.push(id);
      } else {
        categorySlugs.push(item.toLowerCase());
      }
    }
  }

  if (problems.length > 0) throw invalidParams(problems);

  let search: string[] | undefined;
  if (searchText !== undefined && searchText !== '') {
    const terms = searchText.split(' ');
    search = terms.length > MAX_SEARCH_TERMS ? [searchText] : terms;
  }

  return {
    page: page ?? 1,
    perPage: perPage ?? 10,
    orderby: orderby ?? 'date',
    order: order ?? 'desc',
    search,
    categoryIds,
    categorySlugs,
    include,
    slugs,
    skus,
    onSale,
    minPrice,
    maxPrice,
  };
}
