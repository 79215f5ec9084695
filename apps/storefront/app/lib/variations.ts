/**
 * A variable product's choice of options on the product page, free of React: which variation a
 * choice names, and which values are still possible given the others.
 */
import type { StoreProduct } from '@cartwright/store-api-client/store';
import type { VariationSelection } from '@cartwright/ui-components';

/** One attribute the shopper chooses, with its form field (`attribute_pa_size`) and values. */
export interface OptionAttribute {
  name: string;
  field: string;
  terms: { slug: string; name: string }[];
}

/** One variation as the page needs it (loader data: only what is shown). */
export interface OptionVariation {
  id: number;
  /** Field name → term slug. */
  values: Record<string, string>;
  amount: string;
  regularAmount: string | null;
  inStock: boolean;
  lowStockRemaining: number | null;
  maxQuantity: number;
  sku: string;
  image: { src: string; alt: string } | null;
}

/** The choice a page offers: attributes in order, and the variations that exist. */
export interface ProductChoice {
  attributes: OptionAttribute[];
  variations: OptionVariation[];
}

/** Field name → chosen slug (`''` or absent: not chosen). */
export type Selection = VariationSelection;

/** WordPress's field for an attribute: `attribute_{taxonomy}`, or of its name for a local one. */
function fieldOf(attribute: { name: string; taxonomy?: string | null }): string {
  const key =
    attribute.taxonomy && attribute.taxonomy !== ''
      ? attribute.taxonomy
      : attribute.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '');
  return `attribute_${key}`;
}

/**
 * The choice of a variable product from its Store API answer and its variations' answers
 * (`GET products/{id}` of each). Variations that could not be read are left out.
 */
export function productChoiceOf(
  product: Pick<StoreProduct, 'attributes' | 'variations'>,
  variations: readonly StoreProduct[],
): ProductChoice {
  const attributes = (product.attributes ?? [])
    .filter((attribute) => attribute.has_variations)
    .map((attribute) => ({
      name: attribute.name,
      field: fieldOf(attribute),
      terms: attribute.terms.map((term) => ({ slug: term.slug, name: term.name })),
    }));
  const byName = new Map(attributes.map((attribute) => [attribute.name, attribute.field]));
  const details = new Map(variations.map((variation) => [variation.id, variation]));
  return {
    attributes,
    variations: (product.variations ?? []).flatMap((ref) => {
      const variation = details.get(ref.id);
      if (variation === undefined) return [];
      const values: Record<string, string> = {};
      for (const value of ref.attributes) {
        const field = byName.get(value.name);
        if (field !== undefined) values[field] = value.value;
      }
      const image = variation.images[0];
      return [
        {
          id: variation.id,
          values,
          amount: variation.prices.price,
          regularAmount: variation.on_sale ? variation.prices.regular_price : null,
          inStock: variation.is_in_stock && variation.is_purchasable,
          lowStockRemaining: variation.low_stock_remaining,
          maxQuantity: variation.add_to_cart.maximum ?? 0,
          sku: variation.sku,
          image: image ? { src: image.src, alt: image.alt || variation.name } : null,
        },
      ];
    }),
  };
}

/**
 * The variation a full choice names, and how a value stands given the other choices: the
 * option picker's rules, in ui-components with the picker (`VariationSelects`).
 */
export { chosenVariation, variationOptionState as valueState } from '@cartwright/ui-components';

/** The selection a page opens with: `?attribute_pa_size=m` values that the product has. */
export function selectionFromQuery(choice: ProductChoice, query: URLSearchParams): Selection {
  const selection: Record<string, string> = {};
  for (const attribute of choice.attributes) {
    const value = query.get(attribute.field);
    if (value !== null && attribute.terms.some((term) => term.slug === value)) {
      selection[attribute.field] = value;
    }
  }
  return selection;
}
