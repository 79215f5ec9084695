/** One chosen option of a variation, as a Store API cart or order line lists it. */
export interface ChosenOption {
  attribute: string;
  value: string;
}

/**
 * The options chosen for a variation's line (cart, checkout, order received), under its name:
 * WooCommerce's `dl.variation` ("Grind: Espresso"). Nothing for a line without options.
 */
export function VariationDetails({ options }: { options: readonly ChosenOption[] | undefined }) {
  if (options === undefined || options.length === 0) return null;
  return (
    <dl className="variation">
      {options.map((option) => (
        <div key={option.attribute}>
          <dt>{option.attribute}:</dt> <dd>{option.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Only well-formed options from a store's answer (a line from a real WooCommerce, or ours). */
export function chosenOptionsOf(raw: unknown): ChosenOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    const option = item as { attribute?: unknown; value?: unknown } | null;
    return typeof option?.attribute === 'string' && typeof option.value === 'string'
      ? [{ attribute: option.attribute, value: option.value }]
      : [];
  });
}
