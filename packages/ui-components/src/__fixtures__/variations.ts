import type { VariationChoice } from '../index';

const variation = (grind: string, size: string, inStock = true) => ({
  values: { attribute_pa_grind: grind, attribute_pa_size: size },
  inStock,
});

/**
 * The demo coffee by grind and size: there is no filter grind in 1 kg, and espresso in 1 kg
 * is sold out.
 */
export const coffee: VariationChoice = {
  attributes: [
    {
      name: 'Grind',
      field: 'attribute_pa_grind',
      terms: [
        { slug: 'whole-bean', name: 'Whole bean' },
        { slug: 'espresso', name: 'Espresso' },
        { slug: 'filter', name: 'Filter' },
      ],
    },
    {
      name: 'Size',
      field: 'attribute_pa_size',
      terms: [
        { slug: '250-g', name: '250 g' },
        { slug: '1-kg', name: '1 kg' },
      ],
    },
  ],
  variations: [
    variation('whole-bean', '250-g'),
    variation('whole-bean', '1-kg'),
    variation('espresso', '250-g'),
    variation('espresso', '1-kg', false),
    variation('filter', '250-g'),
  ],
};
