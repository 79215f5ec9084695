import { and, asc, count, countDistinct, eq, gt, max, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { productCategories, products } from '../db/schema';
import { defineArgs } from '../http/args';
import type { QueryParams } from '../http/query-string';
import { invalidParams } from '../http/rest-error';
import { countAttributeTerms } from './attributes';
import { readNestedObjects } from './nested-params';
import { parseProductQuery, STOCK_STATUSES, type ProductQuery } from './product-query';
import { highestPrice, lowestPrice, whereClause } from './repository';
import { CURRENCY } from './serialize';

/** One `calculate_attribute_counts[i]`: an attribute taxonomy and how its terms combine. */
export interface AttributeCountRequest {
  taxonomy: string;
  queryType: 'or' | 'and';
}

/** A validated `GET /products/collection-data` request. */
export interface CollectionDataQuery {
  /** The product filters the figures are computed over (the same as `GET /products`). */
  filters: ProductQuery;
  priceRange: boolean;
  stockStatusCounts: boolean;
  ratingCounts: boolean;
  attributeCounts: AttributeCountRequest[] | undefined;
  taxonomyCounts: string[] | undefined;
}

/** `products/collection-data` as WooCommerce 10.2.4 answers it (recorded from the lab). */
export interface CollectionData {
  /** Lowest and highest active price, in minor units as strings; `null` when nothing matches. */
  price_range: ({ min_price: string; max_price: string } & typeof CURRENCY) | null;
  attribute_counts: { term: number; count: number }[] | null;
  rating_counts: { rating: number; count: number }[] | null;
  /** Each state with its count; WooCommerce sends the counts as strings. */
  stock_status_counts: { status: string; count: string }[] | null;
  taxonomy_counts: { term: number; count: number }[] | null;
}

const FLAGS = defineArgs({
  calculate_price_range: { type: 'boolean' },
  calculate_stock_status_counts: { type: 'boolean' },
  calculate_rating_counts: { type: 'boolean' },
  calculate_taxonomy_counts: { type: 'array', items: { type: 'string' } },
});

const notAnObject = (name: string) =>
  invalidParams([
    { name, code: 'rest_invalid_type', message: `${name}[0] is not of type object.` },
  ]);

/**
 * Validates `GET /wp-json/wc/store/v1/products/collection-data`: the `calculate_*` flags, the
 * attribute list (`calculate_attribute_counts[0][taxonomy]=pa_size&…[0][query_type]=or`) read
 * from the raw query, and every `GET /products` filter.
 *
 * @throws {RestError} 400 `rest_invalid_param`
 */
export function parseCollectionDataQuery(
  params: QueryParams,
  rawQuery: string,
): CollectionDataQuery {
  const flags = FLAGS.read(params);
  const filters = parseProductQuery(params, rawQuery);
  const objects = readNestedObjects(rawQuery, 'calculate_attribute_counts');
  if (objects === 'invalid') throw notAnObject('calculate_attribute_counts');
  let attributeCounts: AttributeCountRequest[] | undefined;
  if (objects !== undefined) {
    attributeCounts = [];
    for (const object of objects) {
      const taxonomy = object.taxonomy;
      const queryType = object.query_type ?? 'or';
      // WooCommerce skips an entry without a taxonomy; a query type other than and/or is "or".
      if (typeof taxonomy !== 'string' || taxonomy === '') continue;
      attributeCounts.push({ taxonomy, queryType: queryType === 'and' ? 'and' : 'or' });
    }
  }
  return {
    filters,
    priceRange: flags.calculate_price_range ?? false,
    stockStatusCounts: flags.calculate_stock_status_counts ?? false,
    ratingCounts: flags.calculate_rating_counts ?? false,
    attributeCounts,
    taxonomyCounts: flags.calculate_taxonomy_counts,
  };
}

/** Counts attribute terms over the filtered products (catalog/attributes.ts). */
export type AttributeCounter = (
  db: Database,
  filters: ProductQuery,
  requests: AttributeCountRequest[],
) => Promise<{ term: number; count: number }[]>;

/**
 * The figures a filter UI needs, as WooCommerce computes them: the price range ignores the
 * price filter (so the slider keeps its full span), the stock counts ignore the stock filter,
 * and every other filter applies.
 */
export async function collectionData(
  db: Database,
  query: CollectionDataQuery,
  countAttributes: AttributeCounter = countAttributeTerms,
): Promise<CollectionData> {
  const { filters } = query;
  const [priceRange, stockStatusCounts, ratingCounts, attributeCounts, taxonomyCounts] =
    await Promise.all([
      query.priceRange ? priceRangeOf(db, filters) : null,
      query.stockStatusCounts ? stockCountsOf(db, filters) : null,
      query.ratingCounts ? ratingCountsOf(db, filters) : null,
      query.attributeCounts === undefined
        ? null
        : countAttributes(db, filters, query.attributeCounts),
      query.taxonomyCounts === undefined
        ? null
        : taxonomyCountsOf(db, filters, query.taxonomyCounts),
    ]);
  return {
    price_range: priceRange,
    attribute_counts: attributeCounts,
    rating_counts: ratingCounts,
    stock_status_counts: stockStatusCounts,
    taxonomy_counts: taxonomyCounts,
  };
}

async function priceRangeOf(
  db: Database,
  filters: ProductQuery,
): Promise<CollectionData['price_range']> {
  const [row] = await db
    .select({ low: min(lowestPrice), high: max(highestPrice) })
    .from(products)
    .where(whereClause({ ...filters, minPrice: undefined, maxPrice: undefined }));
  if (row?.low == null || row.high == null) return null;
  return { min_price: String(row.low), max_price: String(row.high), ...CURRENCY };
}

async function stockCountsOf(
  db: Database,
  filters: ProductQuery,
): Promise<NonNullable<CollectionData['stock_status_counts']>> {
  const rows = await db
    .select({ status: products.stockStatus, n: count() })
    .from(products)
    .where(whereClause({ ...filters, stockStatus: undefined }))
    .groupBy(products.stockStatus);
  return STOCK_STATUSES.map((status) => ({
    status,
    count: String(rows.find((row) => row.status === status)?.n ?? 0),
  }));
}

async function ratingCountsOf(
  db: Database,
  filters: ProductQuery,
): Promise<NonNullable<CollectionData['rating_counts']>> {
  const rating = sql<number>`round(${products.averageRating})::int`;
  const rows = await db
    .select({ rating, n: count() })
    .from(products)
    .where(and(whereClause(filters), gt(products.averageRating, '0')))
    .groupBy(rating)
    .orderBy(asc(rating));
  return rows.map((row) => ({ rating: Number(row.rating), count: row.n }));
}

/** `product_cat` counts per category over the filtered products; other taxonomies have none. */
async function taxonomyCountsOf(
  db: Database,
  filters: ProductQuery,
  taxonomies: string[],
): Promise<NonNullable<CollectionData['taxonomy_counts']>> {
  if (!taxonomies.includes('product_cat')) return [];
  const rows = await db
    .select({ term: productCategories.categoryId, n: countDistinct(products.id) })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(whereClause(filters))
    .groupBy(productCategories.categoryId)
    .orderBy(asc(productCategories.categoryId));
  return rows.map((row) => ({ term: row.term, count: row.n }));
}
