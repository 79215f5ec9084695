/**
 * The Store API fields of variable products and variations (WooCommerce 10.2.4's answers, as
 * recorded in the lab): a variable product lists its attributes and variations, prices from its
 * cheapest variation with a `price_range`, and "Select options"; a variation is bought as itself.
 */
import type { ProductRecord } from './repository';
import type { StoreApiProduct } from './serialize';
import { amountHtml, formatAmount, DEFAULT_MAXIMUM_QUANTITY } from './serialize';
import { variationQuery, variationText } from './variations';

export interface StoreApiAttribute {
  id: number;
  name: string;
  taxonomy: string;
  has_variations: boolean;
  terms: { id: number; name: string; slug: string }[];
}

/** A variable product's `variations[]` entry: the variation's id and its values by slug. */
export interface StoreApiVariationRef {
  id: number;
  attributes: { name: string; value: string }[];
}

/** `$20.00 – $22.00`, with the range spelled out for screen readers. */
export function priceRangeHtml(min: number, max: number): string {
  const hidden = (cents: number) =>
    amountHtml(cents).replace(
      'class="woocommerce-Price-amount amount"',
      'class="woocommerce-Price-amount amount" aria-hidden="true"',
    );
  return (
    `${hidden(min)} <span aria-hidden="true">&ndash;</span> ${hidden(max)}` +
    `<span class="screen-reader-text">Price range: $${formatAmount(min)} through $${formatAmount(max)}</span>`
  );
}

/** The fields a variable product answers differently from a simple one. */
export function variableOptionsOf(
  product: ProductRecord,
  simple: StoreApiProduct,
): Partial<StoreApiProduct> {
  const options = product.options ?? { attributes: [], variations: [] };
  const variations = options.variations;
  const inStock = variations.some((variation) => variation.stockStatus !== 'outofstock');
  const purchasable = product.status === 'publish' && variations.length > 0;
  const fields: Partial<StoreApiProduct> = {
    type: 'variable',
    attributes: options.attributes.map((attribute) => ({
      id: attribute.id,
      name: attribute.name,
      taxonomy: attribute.taxonomy,
      has_variations: attribute.usedForVariations,
      terms: attribute.terms.map(({ id, name, slug }) => ({ id, name, slug })),
    })),
    variations: variations.map((variation) => ({
      id: variation.id,
      attributes: variation.values.map((value) => ({ name: value.name, value: value.term.slug })),
    })),
    has_options: true,
    is_purchasable: purchasable,
    is_in_stock: inStock,
    low_stock_remaining: null,
    stock_availability: inStock
      ? { text: '', class: 'in-stock' }
      : { text: 'Out of stock', class: 'out-of-stock' },
    add_to_cart: {
      ...simple.add_to_cart,
      text: purchasable ? 'Select options' : 'Read more',
      description: purchasable
        ? `Select options for “${product.name}”`
        : `Read more about “${product.name}”`,
      url: simple.permalink,
      maximum: DEFAULT_MAXIMUM_QUANTITY,
    },
  };
  if (variations.length > 0) {
    const prices = variations.map((variation) => variation.price);
    const min = Math.min(...prices);
    const max = Math.max(...prices);
    const minRegular = Math.min(...variations.map((variation) => variation.regularPrice));
    fields.on_sale = variations.some((variation) => variation.price < variation.regularPrice);
    fields.prices = {
      ...simple.prices,
      price: String(min),
      regular_price: String(minRegular),
      sale_price: String(min),
      price_range: min === max ? null : { min_amount: String(min), max_amount: String(max) },
    };
    fields.price_html = min === max ? amountHtml(min) : priceRangeHtml(min, max);
  }
  return fields;
}

/** The fields a variation answers differently from a simple product. */
export function variationFieldsOf(
  product: ProductRecord,
  simple: StoreApiProduct,
  origin: string,
): Partial<StoreApiProduct> {
  const of = product.variationOf;
  if (of === null) return { type: 'variation' };
  const parentLink = `${origin}/product/${of.parentSlug}/`;
  const query = variationQuery(of.values);
  const permalink = query === '' ? parentLink : `${parentLink}?${query}`;
  const label = `${of.parentName} – ${of.values.map((value) => value.term.name).join(', ')}`;
  const canAdd = simple.add_to_cart.text === 'Add to cart';
  return {
    type: 'variation',
    name: of.parentName,
    parent: of.parentId,
    variation: variationText(of.values),
    permalink,
    add_to_cart: {
      ...simple.add_to_cart,
      description: canAdd ? `Add “${label}” to your cart` : `Read more about “${label}”`,
      url: canAdd
        ? `${parentLink}?${query}${query === '' ? '' : '&'}variation_id=${product.id}&add-to-cart=${of.parentId}`
        : permalink,
    },
  };
}
