/**
 * Product attributes as the catalogue's filters see them: the Store API's
 * `products/attributes` and `products/attributes/{id}/terms`, the `attributes[]` filter of
 * `GET /products` and the attribute counts of `products/collection-data`. The tables are the
 * variable products' (catalog/variations.ts): a product has a term when
 * `product_attribute_terms` says so.
 */
import { and, asc, count, countDistinct, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attributeTerms, attributes, productAttributeTerms, products } from '../db/schema';
import { invalidParams } from '../http/rest-error';
import type { AttributeCounter } from './collection-data';
import type { NestedObject } from './nested-params';
import type { ProductQuery } from './product-query';
import { whereClause } from './repository';

/** An attribute as `GET /wc/store/v1/products/attributes` sends it (recorded from the lab). */
export interface StoreApiAttribute {
  id: number;
  name: string;
  taxonomy: string;
  type: 'select';
  order: 'menu_order';
  has_archives: boolean;
  /** How many terms the attribute has. */
  count: number;
}

/** A term as `GET /wc/store/v1/products/attributes/{id}/terms` sends it. */
export interface StoreApiAttributeTerm {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent: number;
  /** Published products that have the term. */
  count: number;
}

/** One `attributes[i]` of a product query. */
export interface AttributeFilterQuery {
  /** The attribute's slug without `pa_`. */
  slug: string;
  termSlugs: string[];
  termIds: number[];
  operator: 'in' | 'not_in' | 'and';
}

const OPERATORS = ['in', 'not_in', 'and'] as const;
const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined
    ? []
    : (Array.isArray(value) ? value : value.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== '');

/**
 * Reads `attributes[i][attribute|slug|term_id|operator]` as WooCommerce validates them. An entry
 * without `attribute` is skipped; an attribute that is not `pa_…` matches no taxonomy and is
 * dropped, as WooCommerce ignores unknown taxonomies.
 *
 * @throws {RestError} 400 `rest_invalid_param` naming `attributes`
 */
export function readAttributeFilters(
  objects: NestedObject[] | 'invalid' | undefined,
): AttributeFilterQuery[] | undefined {
  if (objects === undefined) return undefined;
  const problem = (message: string, code = 'rest_invalid_type') =>
    invalidParams([{ name: 'attributes', code, message }]);
  if (objects === 'invalid') throw problem('attributes[0] is not of type object.');
  const filters: AttributeFilterQuery[] = [];
  for (const [index, object] of objects.entries()) {
    const operator = object.operator ?? 'in';
    if (typeof operator !== 'string' || !(OPERATORS as readonly string[]).includes(operator)) {
      throw problem(
        `attributes[${index}][operator] is not one of in, not_in, and and.`,
        'rest_not_in_enum',
      );
    }
    const termIds: number[] = [];
    for (const id of listOf(object.term_id)) {
      if (!/^\d{1,10}$/.test(id)) {
        throw problem(`attributes[${index}][term_id][0] is not of type integer.`);
      }
      termIds.push(Number(id));
    }
    const taxonomy = object.attribute;
    if (typeof taxonomy !== 'string' || !taxonomy.startsWith('pa_')) continue;
    filters.push({
      slug: taxonomy.slice(3).toLowerCase(),
      termSlugs: listOf(object.slug).map((slug) => slug.toLowerCase()),
      termIds,
      operator: operator as AttributeFilterQuery['operator'],
    });
  }
  return filters;
}

/** Products with a term of `filter` matching `term` (one condition per term for `and`). */
function hasTerm(filter: AttributeFilterQuery, terms: SQL): SQL {
  return sql`exists (select 1 from ${productAttributeTerms} inner join ${attributeTerms} on ${attributeTerms.id} = ${productAttributeTerms.termId} inner join ${attributes} on ${attributes.id} = ${attributeTerms.attributeId} where ${productAttributeTerms.productId} = ${products.id} and ${attributes.slug} = ${filter.slug} and (${terms}))`;
}

/** Whether the shop has the filter's attribute at all. */
const known = (filter: AttributeFilterQuery) =>
  sql`exists (select 1 from ${attributes} where ${attributes.slug} = ${filter.slug})`;

/**
 * The condition the `attributes[]` filters make: `in` any chosen term, `and` every one, `not_in`
 * none; several filters combine by `relation` (`and` unless `in`). A filter naming no term is no
 * filter, and one whose attribute the shop lacks is left out, as WooCommerce ignores it.
 */
export function attributeCondition(
  filters: readonly AttributeFilterQuery[],
  relation: 'and' | 'in',
): SQL | undefined {
  const parts: { filter: AttributeFilterQuery; condition: SQL }[] = [];
  for (const filter of filters) {
    const chosen: SQL[] = [
      ...filter.termSlugs.map((slug) => eq(attributeTerms.slug, slug)),
      ...filter.termIds.map((id) => eq(attributeTerms.id, id)),
    ];
    if (chosen.length === 0) continue;
    let condition: SQL;
    if (filter.operator === 'and') {
      condition = and(...chosen.map((term) => hasTerm(filter, term)))!;
    } else {
      const any = hasTerm(filter, or(...chosen)!);
      condition = filter.operator === 'in' ? any : sql`not ${any}`;
    }
    parts.push({ filter, condition });
  }
  if (parts.length === 0) return undefined;
  if (relation === 'and') {
    return and(...parts.map(({ filter, condition }) => or(sql`not ${known(filter)}`, condition)));
  }
  // Any known filter's condition; every product when none of the attributes exists.
  return or(
    ...parts.map(({ filter, condition }) => and(known(filter), condition)),
    and(...parts.map(({ filter }) => sql`not ${known(filter)}`)),
  );
}

/** Every global attribute with its number of terms, in the shop's order. */
export async function listAttributes(db: Database, id?: number): Promise<StoreApiAttribute[]> {
  const rows = await db
    .select({
      id: attributes.id,
      name: attributes.name,
      slug: attributes.slug,
      terms: count(attributeTerms.id),
    })
    .from(attributes)
    .leftJoin(attributeTerms, eq(attributeTerms.attributeId, attributes.id))
    .where(id === undefined ? undefined : eq(attributes.id, id))
    .groupBy(attributes.id)
    .orderBy(asc(attributes.name), asc(attributes.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    taxonomy: `pa_${row.slug}`,
    type: 'select',
    order: 'menu_order',
    has_archives: false,
    count: row.terms,
  }));
}

/** An attribute's terms with their product counts, in the shop's order then by name. */
export async function listAttributeTerms(
  db: Database,
  attributeId: number,
): Promise<StoreApiAttributeTerm[]> {
  const rows = await db
    .select({
      id: attributeTerms.id,
      name: attributeTerms.name,
      slug: attributeTerms.slug,
      products: sql<number>`count(distinct ${products.id})::int`,
    })
    .from(attributeTerms)
    .leftJoin(productAttributeTerms, eq(productAttributeTerms.termId, attributeTerms.id))
    .leftJoin(
      products,
      and(
        eq(products.id, productAttributeTerms.productId),
        eq(products.status, 'publish'),
        ne(products.type, 'variation'),
      ),
    )
    .where(eq(attributeTerms.attributeId, attributeId))
    .groupBy(attributeTerms.id)
    .orderBy(asc(attributeTerms.menuOrder), asc(attributeTerms.name), asc(attributeTerms.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: '',
    parent: 0,
    count: row.products,
  }));
}

/**
 * `calculate_attribute_counts`: for each taxonomy, how many of the filtered products have each
 * term. With `query_type=or` the taxonomy's own filter is left out (choosing another term of it
 * widens the list, so its count is over the list without that filter), as WooCommerce counts.
 */
export const countAttributeTerms: AttributeCounter = async (db, filters, requests) => {
  const out: { term: number; count: number }[] = [];
  for (const request of requests) {
    if (!request.taxonomy.startsWith('pa_')) continue;
    const slug = request.taxonomy.slice(3).toLowerCase();
    const over: ProductQuery =
      request.queryType === 'or'
        ? { ...filters, attributes: filters.attributes?.filter((f) => f.slug !== slug) }
        : filters;
    const rows = await db
      .select({ term: attributeTerms.id, n: countDistinct(products.id) })
      .from(productAttributeTerms)
      .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
      .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
      .innerJoin(products, eq(products.id, productAttributeTerms.productId))
      .where(and(eq(attributes.slug, slug), whereClause(over)))
      .groupBy(attributeTerms.id)
      .orderBy(asc(attributeTerms.id));
    out.push(...rows.map((row) => ({ term: row.term, count: row.n })));
  }
  return out;
};
