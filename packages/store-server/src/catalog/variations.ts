/**
 * Variable products: a parent with attributes (Size, Grind…) whose buyable combinations are its
 * variations, each a product row of its own (`type: 'variation'`, `parentId`) with its own price,
 * SKU and stock, as in WooCommerce. This module loads what the catalogue, the cart and orders need
 * to know about them, and resolves a shopper's choice (`[{attribute, value}]`) to one variation
 * with WooCommerce's Store API errors.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import {
  attributeTerms,
  attributes,
  productAttributeTerms,
  products,
  variationAttributes,
  type LineVariation,
} from '../db/schema';
import { RestError, invalidParams } from '../http/rest-error';

export interface AttributeTerm {
  id: number;
  name: string;
  slug: string;
}

/** One attribute of a product, with the terms the product offers, in the shop's order. */
export interface ProductAttribute {
  id: number;
  name: string;
  /** `pa_size`. */
  taxonomy: string;
  usedForVariations: boolean;
  terms: AttributeTerm[];
}

/** A variation's value for one attribute. */
export interface ChosenValue {
  attributeId: number;
  taxonomy: string;
  /** The attribute's name, `Size`. */
  name: string;
  term: AttributeTerm;
}

/** One variation of a variable product, as its parent describes it. */
export interface VariationSummary {
  id: number;
  regularPrice: number;
  salePrice: number | null;
  price: number;
  stockQuantity: number | null;
  stockStatus: 'instock' | 'outofstock' | 'onbackorder';
  values: ChosenValue[];
}

/** What a variable product has: its attributes and its published variations. */
export interface ProductOptions {
  attributes: ProductAttribute[];
  variations: VariationSummary[];
}

/** What a variation knows of its parent, and its own values in the parent's attribute order. */
export interface VariationOf {
  parentId: number;
  parentSlug: string;
  parentName: string;
  /** The parent's variation attributes (for the allowed values of each). */
  attributes: ProductAttribute[];
  values: ChosenValue[];
}

interface Row {
  id: number;
  type: 'simple' | 'variable' | 'variation';
  parentId: number | null;
}

/**
 * Loads the options of the variable products among `rows` and the parent of each variation
 * among them: a few queries for all rows together.
 */
export async function loadVariationData(
  db: Database,
  rows: readonly Row[],
): Promise<{ options: Map<number, ProductOptions>; parents: Map<number, VariationOf> }> {
  const options = new Map<number, ProductOptions>();
  const parents = new Map<number, VariationOf>();
  const variableIds = rows.filter((row) => row.type === 'variable').map((row) => row.id);
  const variationRows = rows.filter((row) => row.type === 'variation' && row.parentId !== null);
  const parentIds = [...new Set(variationRows.map((row) => row.parentId!))];
  const withAttributes = [...new Set([...variableIds, ...parentIds])];
  if (withAttributes.length === 0) return { options, parents };

  const attributeRows = await db
    .select({
      productId: productAttributeTerms.productId,
      position: productAttributeTerms.position,
      usedForVariations: productAttributeTerms.usedForVariations,
      attributeId: attributes.id,
      attributeName: attributes.name,
      attributeSlug: attributes.slug,
      termId: attributeTerms.id,
      termName: attributeTerms.name,
      termSlug: attributeTerms.slug,
    })
    .from(productAttributeTerms)
    .innerJoin(attributeTerms, eq(attributeTerms.id, productAttributeTerms.termId))
    .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId))
    .where(inArray(productAttributeTerms.productId, withAttributes))
    .orderBy(
      asc(productAttributeTerms.productId),
      asc(productAttributeTerms.position),
      asc(attributes.id),
      asc(attributeTerms.menuOrder),
      asc(attributeTerms.id),
    );
  const attributesOf = new Map<number, ProductAttribute[]>();
  for (const row of attributeRows) {
    let list = attributesOf.get(row.productId);
    if (list === undefined) attributesOf.set(row.productId, (list = []));
    let attribute = list.find((candidate) => candidate.id === row.attributeId);
    if (attribute === undefined) {
      attribute = {
        id: row.attributeId,
        name: row.attributeName,
        taxonomy: `pa_${row.attributeSlug}`,
        usedForVariations: row.usedForVariations,
        terms: [],
      };
      list.push(attribute);
    }
    attribute.terms.push({ id: row.termId, name: row.termName, slug: row.termSlug });
  }

  const children =
    variableIds.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            parentId: products.parentId,
            regularPrice: products.regularPrice,
            salePrice: products.salePrice,
            price: products.price,
            stockQuantity: products.stockQuantity,
            stockStatus: products.stockStatus,
          })
          .from(products)
          .where(and(inArray(products.parentId, variableIds), eq(products.status, 'publish')))
          .orderBy(asc(products.menuOrder), asc(products.id));

  const variationIds = [...children.map((child) => child.id), ...variationRows.map((r) => r.id)];
  const valueRows =
    variationIds.length === 0
      ? []
      : await db
          .select({
            variationId: variationAttributes.variationId,
            attributeId: variationAttributes.attributeId,
            termId: variationAttributes.termId,
          })
          .from(variationAttributes)
          .where(inArray(variationAttributes.variationId, variationIds));

  /** A variation's values, in its parent's attribute order. */
  const valuesOf = (variationId: number, parentId: number): ChosenValue[] => {
    const values: ChosenValue[] = [];
    for (const attribute of attributesOf.get(parentId) ?? []) {
      const row = valueRows.find(
        (candidate) =>
          candidate.variationId === variationId && candidate.attributeId === attribute.id,
      );
      const term = attribute.terms.find((candidate) => candidate.id === row?.termId);
      if (term !== undefined) {
        values.push({
          attributeId: attribute.id,
          taxonomy: attribute.taxonomy,
          name: attribute.name,
          term,
        });
      }
    }
    return values;
  };

  for (const id of variableIds) {
    options.set(id, {
      attributes: attributesOf.get(id) ?? [],
      variations: children
        .filter((child) => child.parentId === id)
        .map(({ parentId: _parentId, ...child }) => ({ ...child, values: valuesOf(child.id, id) })),
    });
  }

  if (variationRows.length > 0) {
    const parentRows = await db
      .select({ id: products.id, slug: products.slug, name: products.name })
      .from(products)
      .where(inArray(products.id, parentIds));
    for (const row of variationRows) {
      const parent = parentRows.find((candidate) => candidate.id === row.parentId);
      if (parent === undefined) continue;
      parents.set(row.id, {
        parentId: parent.id,
        parentSlug: parent.slug,
        parentName: parent.name,
        attributes: (attributesOf.get(parent.id) ?? []).filter((a) => a.usedForVariations),
        values: valuesOf(row.id, parent.id),
      });
    }
  }
  return { options, parents };
}

/** `Size: S, Grind: Espresso`: the Store API's `variation` text of a variation. */
export function variationText(values: readonly ChosenValue[]): string {
  return values.map((value) => `${value.name}: ${value.term.name}`).join(', ');
}

/** `?attribute_pa_size=s&attribute_pa_grind=espresso`: a variation's link on its parent's page. */
export function variationQuery(values: readonly ChosenValue[]): string {
  return values
    .map(
      (value) =>
        `attribute_${encodeURIComponent(value.taxonomy)}=${encodeURIComponent(value.term.slug)}`,
    )
    .join('&');
}

/** A cart line's `variation` (and an order line's): what was chosen, by name. */
export function lineVariation(values: readonly ChosenValue[]): LineVariation[] {
  return values.map((value) => ({
    raw_attribute: `attribute_${value.taxonomy}`,
    attribute: value.name,
    value: value.term.name,
  }));
}

/**
 * WooCommerce's cart item key for a variation: the MD5 of the parent id, the variation id and
 * each `attribute_pa_…` name followed by its value, joined by `_` (so `25_27_attribute_pa_sizem`).
 */
export function variationItemKey(variationId: number, of: VariationOf): string {
  const chosen = of.values.map((value) => `attribute_${value.taxonomy}${value.term.slug}`).join('');
  const parts = [String(of.parentId), String(variationId)];
  if (chosen !== '') parts.push(chosen);
  return createHash('md5').update(parts.join('_')).digest('hex');
}

/** One `{attribute, value}` of an add-to-cart request, as posted. */
export interface PostedAttribute {
  attribute: string;
  value: string;
}

/** Longer posted values match no term (term slugs are short). */
const MAX_VALUE_LENGTH = 200;

/** WordPress's `sanitize_title` for the plain values an option can have: `Whole Bean` → `whole-bean`. */
function slugOf(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Which attribute of `list` a posted name means: its taxonomy (`pa_size`), its field name
 * (`attribute_pa_size`) or its label (`Size`, any case), as the Store API accepts them.
 */
function attributeNamed(list: readonly ProductAttribute[], name: string) {
  if (name.length > MAX_VALUE_LENGTH) return undefined;
  const wanted = name.trim().toLowerCase();
  return list.find(
    (attribute) =>
      attribute.taxonomy === wanted ||
      `attribute_${attribute.taxonomy}` === wanted ||
      attribute.name.toLowerCase() === wanted,
  );
}

/** The posted values that name one of `list`'s attributes, by attribute id (slugs). */
function readPosted(
  list: readonly ProductAttribute[],
  posted: readonly PostedAttribute[],
): Map<number, string> {
  const chosen = new Map<number, string>();
  for (const item of posted) {
    const attribute = attributeNamed(list, item.attribute);
    if (attribute === undefined || item.value.trim() === '') continue;
    // No term is this long: a longer value is kept out of the slug regexes and matches none.
    chosen.set(attribute.id, item.value.length > MAX_VALUE_LENGTH ? '\u0000' : slugOf(item.value));
  }
  return chosen;
}

function missingAttributes(): RestError {
  return new RestError(
    'woocommerce_rest_missing_attributes',
    'Missing attributes for variable product.',
    400,
  );
}

function noMatchingVariation(): RestError {
  return new RestError(
    'woocommerce_rest_variation_id_from_variation_data',
    'No matching variation found.',
    400,
  );
}

/** 400 `woocommerce_rest_invalid_variation_data`, naming the attribute and its allowed values. */
function invalidValue(attribute: ProductAttribute): RestError {
  return new RestError(
    'woocommerce_rest_invalid_variation_data',
    `Invalid value posted for ${attribute.name}. Allowed values: ${attribute.terms
      .map((term) => term.slug)
      .join(', ')}`,
    400,
  );
}

/**
 * The variation a shopper chose of a variable product: the one whose every value was posted
 * (WooCommerce's `find_matching_product_variation`; a partial choice matches none).
 *
 * @throws {RestError} 400 `woocommerce_rest_missing_attributes` when nothing usable was posted,
 *   `woocommerce_rest_variation_id_from_variation_data` when no variation has those values
 */
export function findVariation(
  options: ProductOptions,
  posted: readonly PostedAttribute[],
): VariationSummary {
  const usable = options.attributes.filter((attribute) => attribute.usedForVariations);
  const chosen = readPosted(usable, posted);
  if (chosen.size === 0) throw missingAttributes();
  const match = options.variations.find(
    (variation) =>
      variation.values.length > 0 &&
      variation.values.every((value) => chosen.get(value.attributeId) === value.term.slug),
  );
  if (match === undefined) throw noMatchingVariation();
  return match;
}

/**
 * Checks what was posted along with a variation's own id: every value posted for one of its
 * parent's attributes must be the variation's own.
 *
 * @throws {RestError} 400 `woocommerce_rest_invalid_variation_data`
 */
export function checkPostedForVariation(of: VariationOf, posted: readonly PostedAttribute[]): void {
  const chosen = readPosted(of.attributes, posted);
  for (const attribute of of.attributes) {
    const value = chosen.get(attribute.id);
    if (value === undefined) continue;
    const own = of.values.find((candidate) => candidate.attributeId === attribute.id);
    if (own !== undefined && own.term.slug !== value) throw invalidValue(attribute);
  }
}

/** More options than any product has: a longer list is refused before it is read. */
const MAX_POSTED = 50;

/**
 * The `variation` argument of `cart/add-item` as WordPress's schema reads it: absent is none; a
 * list of `{attribute?, value?}` objects whose fields, when present, are strings.
 *
 * @throws {RestError} 400 `rest_invalid_param` with WordPress's `rest_invalid_type` messages
 */
export function readVariationParam(value: unknown): PostedAttribute[] {
  if (value === undefined || value === null) return [];
  const invalid = (param: string, message: string) =>
    invalidParams([
      { name: 'variation', code: 'rest_invalid_type', message: `${param} ${message}` },
    ]);
  // WordPress makes a lone string a one-item list, whose item is then not an object.
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) throw invalid('variation', 'is not of type array.');
  if (list.length > MAX_POSTED) {
    throw invalidParams([
      {
        name: 'variation',
        code: 'rest_too_many_items',
        message: `variation must contain at most ${MAX_POSTED} items.`,
      },
    ]);
  }
  return list.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw invalid(`variation[${index}]`, 'is not of type object.');
    }
    const record = item as Record<string, unknown>;
    for (const field of ['attribute', 'value'] as const) {
      if (record[field] !== undefined && typeof record[field] !== 'string') {
        throw invalid(`variation[${index}][${field}]`, 'is not of type string.');
      }
    }
    return {
      attribute: typeof record.attribute === 'string' ? record.attribute : '',
      value: typeof record.value === 'string' ? record.value : '',
    };
  });
}

/**
 * The options a classic form posts (WooCommerce's variable add-to-cart form): every
 * `attribute_pa_…` field, as `{attribute, value}`.
 */
export function postedFormAttributes(params: Record<string, unknown>): PostedAttribute[] {
  const posted: PostedAttribute[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name.startsWith('attribute_') && typeof value === 'string' && posted.length < MAX_POSTED) {
      posted.push({ attribute: name, value });
    }
  }
  return posted;
}

/**
 * What an add-to-cart of `product` with the options `posted` puts in the cart, and under which
 * item key: a simple product as it is; a variable product's matching variation; a variation
 * itself, once the posted options agree with it.
 *
 * @throws {RestError} 400 with the Store API's codes for a missing or invalid choice
 */
export async function resolveVariation<
  P extends {
    id: number;
    type: string;
    options: ProductOptions | null;
    variationOf: VariationOf | null;
  },
>(
  product: P,
  posted: readonly PostedAttribute[],
  load: (id: number) => Promise<P | undefined>,
): Promise<{ product: P; itemKey: string }> {
  let chosen = product;
  if (product.type === 'variable') {
    const match = findVariation(product.options ?? { attributes: [], variations: [] }, posted);
    const variation = await load(match.id);
    if (variation === undefined) throw noMatchingVariation();
    chosen = variation;
  } else if (product.type === 'variation' && product.variationOf !== null) {
    checkPostedForVariation(product.variationOf, posted);
  }
  if (chosen.type === 'variation' && chosen.variationOf !== null) {
    return { product: chosen, itemKey: variationItemKey(chosen.id, chosen.variationOf) };
  }
  return { product: chosen, itemKey: simpleItemKey(chosen.id) };
}

/** WooCommerce's key for a line of a product without options: the MD5 of its id. */
function simpleItemKey(productId: number): string {
  return createHash('md5').update(String(productId)).digest('hex');
}

/** What an order line keeps of a variation: its id and the options chosen (none otherwise). */
export function orderLineVariation(product: {
  id: number;
  type: string;
  variationOf: VariationOf | null;
}): { variationId: number; variation: LineVariation[] } {
  if (product.type !== 'variation' || product.variationOf === null) {
    return { variationId: 0, variation: [] };
  }
  return { variationId: product.id, variation: lineVariation(product.variationOf.values) };
}
