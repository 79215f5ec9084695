import type { QueryParams } from '../http/query-string';
import { defineArgs } from '../http/args';
import { readAttributeFilters, type AttributeFilterQuery } from './attributes';
import { readNestedObjects } from './nested-params';

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
  /** `stock_status[]`: products in any of these stock states. */
  stockStatus: StockStatus[] | undefined;
  /** `attributes[i]`: products with (or without) the chosen attribute terms. */
  attributes: AttributeFilterQuery[] | undefined;
  /** How several attribute filters combine (`attribute_relation`). */
  attributeRelation: 'and' | 'in';
}

/** WooCommerce's stock states, in the order `products/collection-data` counts them. */
export const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** PostgreSQL `integer` bounds: ids outside them cannot exist, so they match nothing. */
export const MAX_INT = 2_147_483_647;
const INTEGER = /^\s*\+?\d+\s*$/;
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

const AMOUNT_MESSAGE = (name: string) =>
  `${name} must be a whole number of minor units (cents), for example 1500.`;

/** The arguments of `GET /products` (WooCommerce's collection params this store supports). */
const PRODUCT_ARGS = defineArgs({
  page: { type: 'integer', minimum: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
  orderby: { type: 'string', enum: PRODUCT_ORDERBY },
  order: { type: 'string', enum: ['asc', 'desc'] },
  search: { type: 'string' },
  include: { type: 'array', items: { type: 'integer' } },
  slug: { type: 'array', items: { type: 'string' } },
  sku: { type: 'array', items: { type: 'string' } },
  category: { type: 'array', items: { type: 'string' } },
  on_sale: { type: 'boolean', emptyIsFalse: true },
  min_price: {
    type: 'integer',
    minimum: 0,
    emptyIsAbsent: true,
    message: AMOUNT_MESSAGE('min_price'),
  },
  max_price: {
    type: 'integer',
    minimum: 0,
    emptyIsAbsent: true,
    message: AMOUNT_MESSAGE('max_price'),
  },
  stock_status: {
    type: 'array',
    items: { type: 'string', enum: STOCK_STATUSES },
    // WordPress lists the choices as a sentence (`wp_sprintf_l`); the lab answers this.
    message: 'stock_status[0] is not one of instock, outofstock, and onbackorder.',
  },
  attribute_relation: {
    type: 'string',
    enum: ['in', 'and'],
    message: 'attribute_relation is not one of in, and and.',
  },
});

/** Cleaned, non-empty text items; an explicit but empty filter (`slug=`) is no filter. */
function textItems(items: readonly string[] | undefined): string[] | undefined {
  const cleaned = items?.map(cleanText).filter((item) => item !== '');
  return cleaned === undefined || cleaned.length === 0 ? undefined : cleaned;
}

/** Ids a row could have: the others match nothing, so they are left out. */
const possibleIds = (ids: readonly number[]) => ids.filter((id) => id >= 0 && id <= MAX_INT);

/**
 * Validates the query of `GET /wp-json/wc/store/v1/products`. Unknown parameters are ignored,
 * as in WordPress; every bad known one is reported at once in a 400 `rest_invalid_param`.
 *
 * @throws {RestError} `rest_invalid_param`
 */
export function parseProductQuery(params: QueryParams, rawQuery = ''): ProductQuery {
  const args = PRODUCT_ARGS.read(params);
  const attributes = readAttributeFilters(readNestedObjects(rawQuery, 'attributes'));
  const searchText = args.search === undefined ? undefined : cleanText(args.search);
  const include =
    args.include === undefined || args.include.length === 0 ? undefined : possibleIds(args.include);
  const slugs = textItems(args.slug);
  const skus = textItems(args.sku);
  const minPrice = args.min_price === undefined ? undefined : Math.min(args.min_price, MAX_INT);
  const maxPrice = args.max_price === undefined ? undefined : Math.min(args.max_price, MAX_INT);

  let categoryIds: number[] | undefined;
  let categorySlugs: string[] | undefined;
  const categories = textItems(args.category);
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

  let search: string[] | undefined;
  if (searchText !== undefined && searchText !== '') {
    const terms = searchText.split(' ');
    search = terms.length > MAX_SEARCH_TERMS ? [searchText] : terms;
  }

  return {
    page: args.page ?? 1,
    perPage: args.per_page ?? 10,
    orderby: args.orderby ?? 'date',
    order: args.order ?? 'desc',
    search,
    categoryIds,
    categorySlugs,
    include,
    slugs,
    skus,
    onSale: args.on_sale,
    minPrice,
    maxPrice,
    stockStatus:
      args.stock_status === undefined || args.stock_status.length === 0
        ? undefined
        : (args.stock_status as StockStatus[]),
    attributes,
    attributeRelation: args.attribute_relation ?? 'and',
  };
}
