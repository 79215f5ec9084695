/**
 * A variable product's choice of options, free of React: which variation a choice names, and
 * how each value stands given the values chosen for the other attributes.
 */

/** One attribute the shopper chooses: its label, its form field and its values. */
export interface VariationAttribute {
  /** The attribute's name as shown (`Size`). */
  name: string;
  /** The form field WooCommerce reads: `attribute_pa_size`, or `attribute_{name}` for a local attribute. */
  field: string;
  /** The values in the shop's order. */
  terms: ReadonlyArray<{ slug: string; name: string }>;
}

/** One variation, as far as the choice needs it. */
export interface VariationCandidate {
  /** Field → term slug; `''` (or no entry) for "any value" of that attribute. */
  values: Readonly<Record<string, string>>;
  /** Whether it can be bought now. */
  inStock: boolean;
}

/** The choice a product page offers: its attributes in order, and the variations that exist. */
export interface VariationChoice<V extends VariationCandidate = VariationCandidate> {
  attributes: readonly VariationAttribute[];
  variations: readonly V[];
}

/** Field → chosen slug (`''` or no entry: nothing chosen yet). */
export type VariationSelection = Readonly<Record<string, string>>;

/**
 * How a value stands given the other choices: `available` (some variation in stock has it),
 * `soldOut` (only sold-out ones do) or `unavailable` (no variation has it).
 */
export type VariationOptionState = 'available' | 'soldOut' | 'unavailable';

/** Whether `variation` agrees with every value chosen in `selection`. */
function agrees(variation: VariationCandidate, selection: VariationSelection): boolean {
  return Object.entries(selection).every(
    ([field, slug]) =>
      slug === '' || (variation.values[field] ?? '') === '' || variation.values[field] === slug,
  );
}

/**
 * The variation a complete choice names; `undefined` while an attribute is not chosen or when
 * no variation has the combination.
 *
 * @example
 * chosenVariation(choice, { attribute_pa_grind: 'filter', attribute_pa_size: '1-kg' });
 */
export function chosenVariation<V extends VariationCandidate>(
  choice: VariationChoice<V>,
  selection: VariationSelection,
): V | undefined {
  if (choice.attributes.some((attribute) => !selection[attribute.field])) return undefined;
  return choice.variations.find((variation) => agrees(variation, selection));
}

/**
 * How the value `slug` of the attribute `field` stands given the values chosen for the
 * others (the value chosen for `field` itself is replaced by `slug`).
 *
 * @example
 * variationOptionState(choice, { attribute_pa_grind: 'espresso' }, 'attribute_pa_size', '1-kg');
 * // 'unavailable' when no espresso variation comes in 1 kg
 */
export function variationOptionState(
  choice: VariationChoice,
  selection: VariationSelection,
  field: string,
  slug: string,
): VariationOptionState {
  const candidate = { ...selection, [field]: slug };
  const matching = choice.variations.filter((variation) => agrees(variation, candidate));
  if (matching.length === 0) return 'unavailable';
  return matching.some((variation) => variation.inStock) ? 'available' : 'soldOut';
}
