import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, productCategories, products } from '../db/schema';

/** A product category as the Store API sends it (`GET /wc/store/v1/products/categories`). */
export interface StoreApiCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent: number;
  /** Published products in the category. */
  count: number;
  /** The category's image; the demo catalogue has none. */
  image: null;
  /** Reviews of the category's published products. */
  review_count: number;
  permalink: string;
}

/** Every category with its counts, in menu order then name (WooCommerce's term order). */
export async function listCategories(
  db: Database,
  origin: string,
  id?: number,
): Promise<StoreApiCategory[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      parent: categories.parent,
      count: sql<number>`count(${products.id})::int`,
      reviewCount: sql<number>`coalesce(sum(${products.reviewCount}), 0)::int`,
    })
    .from(categories)
    .leftJoin(productCategories, eq(productCategories.categoryId, categories.id))
    .leftJoin(
      products,
      and(eq(products.id, productCategories.productId), eq(products.status, 'publish')),
    )
    .where(id === undefined ? undefined : eq(categories.id, id))
    .groupBy(categories.id)
    .orderBy(asc(categories.menuOrder), asc(categories.name));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parent: row.parent,
    count: row.count,
    image: null,
    review_count: row.reviewCount,
    permalink: `${origin}/product-category/${row.slug}/`,
  }));
}
