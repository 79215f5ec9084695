import { MAX_INT } from './product-query';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  like,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, media, productCategories, productImages, products } from '../db/schema';
import { attributeCondition } from './attributes';
import type { ProductQuery } from './product-query';
import { loadVariationData, type ProductOptions, type VariationOf } from './variations';

/** A product row as the catalogue hands it out (without the internal search text). */
export type ProductRow = Omit<typeof products.$inferSelect, 'searchText'>;

/** Every product column but `search_text`, which only search reads (it repeats the descriptions). */
const { searchText: _searchText, ...productColumns } = getTableColumns(products);

export interface CategorySummary {
  id: number;
  name: string;
  slug: string;
}

export interface ImageSummary {
  id: number;
  path: string;
  name: string;
  alt: string;
  width: number;
  height: number;
}

/** A product with its categories (by name) and gallery (in order). */
export interface ProductRecord extends ProductRow {
  categories: CategorySummary[];
  images: ImageSummary[];
  /** A variable product's attributes and variations; `null` for other types. */
  options: ProductOptions | null;
  /** A variation's parent and chosen values; `null` for other types. */
  variationOf: VariationOf | null;
}

const MATCH_NOTHING = sql`false`;

/** Escapes LIKE wildcards so a search for `50%` finds "50%", not everything. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const onSale = or(
  and(isNotNull(products.salePrice), lt(products.salePrice, products.regularPrice)),
  // A variable product is on sale when one of its variations is (catalog/variations.ts).
  sql`exists (select 1 from ${products} as v where v.parent_id = ${products.id} and v.status = 'publish' and v.sale_price < v.regular_price)`,
)!;

/** A product's lowest and highest price: its variations' for a variable product. */
const variationPrice = (fn: 'min' | 'max') =>
  sql<number>`coalesce((select ${sql.raw(fn)}(v.price) from ${products} as v where v.parent_id = ${products.id} and v.status = 'publish'), ${products.price})`;
export const lowestPrice = variationPrice('min');
export const highestPrice = variationPrice('max');

/** The SQL condition a product query's filters make (published products only). */
export function whereClause(query: ProductQuery): SQL {
  // Variations are bought through their variable product, never listed on their own.
  const conditions: SQL[] = [eq(products.status, 'publish'), ne(products.type, 'variation')];
  for (const term of query.search ?? []) {
    // WooCommerce's search: every term in the name, a description or the SKU, case-insensitive.
    // `search_text` holds those four, lower-cased and joined by U+0001, which no term contains
    // (cleanText turns control characters into spaces), so a match never spans two fields and
    // `lower(text) LIKE lower(pattern)` is what ILIKE does. The trigram index serves it.
    conditions.push(like(products.searchText, sql`lower(${likePattern(term)})`));
  }
  if (query.categoryIds !== undefined || query.categorySlugs !== undefined) {
    const ids = query.categoryIds ?? [];
    const slugs = query.categorySlugs ?? [];
    if (ids.length === 0 && slugs.length === 0) {
      conditions.push(MATCH_NOTHING);
    } else {
      const matches: SQL[] = [];
      if (ids.length > 0) matches.push(inArray(productCategories.categoryId, ids));
      if (slugs.length > 0) matches.push(inArray(categories.slug, slugs));
      conditions.push(
        sql`exists (select 1 from ${productCategories} inner join ${categories} on ${categories.id} = ${productCategories.categoryId} where ${productCategories.productId} = ${products.id} and (${or(...matches)}))`,
      );
    }
  }
  if (query.include !== undefined) {
    conditions.push(
      query.include.length === 0 ? MATCH_NOTHING : inArray(products.id, query.include),
    );
  }
  if (query.slugs !== undefined) conditions.push(inArray(products.slug, query.slugs));
  if (query.skus !== undefined) conditions.push(inArray(products.sku, query.skus));
  if (query.onSale !== undefined) conditions.push(query.onSale ? onSale : not(onSale));
  // WooCommerce compares a price range with the filter: a variable product matches when its
  // variations' range overlaps [min_price, max_price] (highest ≥ min, lowest ≤ max).
  if (query.minPrice !== undefined) conditions.push(gte(highestPrice, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(lowestPrice, query.maxPrice));
  if (query.stockStatus !== undefined) {
    conditions.push(inArray(products.stockStatus, query.stockStatus));
  }
  const byAttributes = attributeCondition(query.attributes ?? [], query.attributeRelation);
  if (byAttributes !== undefined) conditions.push(byAttributes);
  return and(...conditions)!;
}

function orderClause(query: ProductQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const byId = direction(products.id);
  switch (query.orderby) {
    case 'date':
      return [direction(products.createdAt), byId];
    case 'modified':
      return [direction(products.modifiedAt), byId];
    case 'id':
      return [byId];
    case 'include': {
      // WordPress's `post__in` ordering: the order the ids were given in.
      const ids = query.include ?? [];
      if (ids.length === 0) return [byId];
      const positions = sql.join(
        // The positions are our own integers, inlined so PostgreSQL sorts them as numbers.
        ids.map((id, index) => sql`when ${id} then ${sql.raw(String(index))}`),
        sql` `,
      );
      return [sql`case ${products.id} ${positions} end`, asc(products.id)];
    }
    case 'title':
      return [direction(sql`lower(${products.name})`), byId];
    case 'slug':
      return [direction(products.slug), byId];
    case 'price':
      return [direction(products.price), byId];
    case 'popularity':
      return [direction(products.totalSales), byId];
    case 'rating':
      return [direction(products.averageRating), byId];
    case 'menu_order':
      // WooCommerce sorts "default sorting" by menu order, then title.
      return [direction(products.menuOrder), asc(sql`lower(${products.name})`), byId];
    case 'comment_count':
      return [direction(products.reviewCount), byId];
  }
}

/** Adds categories and images to product rows (one query each, for all rows). */
export async function withRelations(db: Database, rows: ProductRow[]): Promise<ProductRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [categoryRows, imageRows, variationData] = await Promise.all([
    db
      .select({
        productId: productCategories.productId,
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
      })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, ids))
      .orderBy(asc(categories.name), asc(categories.id)),
    db
      .select({
        productId: productImages.productId,
        id: media.id,
        path: media.path,
        name: media.name,
        alt: media.alt,
        width: media.width,
        height: media.height,
      })
      .from(productImages)
      .innerJoin(media, eq(media.id, productImages.mediaId))
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
    loadVariationData(db, rows),
  ]);
  return rows.map((row) => ({
    ...row,
    categories: categoryRows
      .filter((category) => category.productId === row.id)
      .map(({ id, name, slug }) => ({ id, name, slug })),
    images: imageRows
      .filter((image) => image.productId === row.id)
      .map(({ productId: _productId, ...image }) => image),
    options: variationData.options.get(row.id) ?? null,
    variationOf: variationData.parents.get(row.id) ?? null,
  }));
}

/** One page of published products matching `query`, and how many match in total. */
export async function findProducts(
  db: Database,
  query: ProductQuery,
): Promise<{ total: number; items: ProductRecord[] }> {
  const where = whereClause(query);
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  const total = counted?.n ?? 0;
  const offset = (query.page - 1) * query.perPage;
  if (offset >= total) return { total, items: [] };
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(where)
    .orderBy(...orderClause(query))
    .limit(query.perPage)
    .offset(offset);
  return { total, items: await withRelations(db, rows) };
}

/** A published product by id or slug, or `undefined`. */
export async function findProduct(
  db: Database,
  key: { id: number } | { slug: string },
): Promise<ProductRecord | undefined> {
  // An id no row can have (PostgreSQL's integer) is no product: never sent to the database.
  if ('id' in key && !(Number.isInteger(key.id) && key.id >= 1 && key.id <= MAX_INT)) {
    return undefined;
  }
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.status, 'publish'),
        'id' in key ? eq(products.id, key.id) : eq(products.slug, key.slug),
      ),
    )
    .limit(1);
  const [record] = await withRelations(db, rows);
  return record;
}

/** An uploaded file by its path below the uploads base (`2025/01/name.svg`). */
export async function findMedia(
  db: Database,
  path: string,
): Promise<{ bytes: Buffer; mimeType: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ bytes: media.bytes, mimeType: media.mimeType, createdAt: media.createdAt })
    .from(media)
    .where(eq(media.path, path))
    .limit(1);
  return row;
}
