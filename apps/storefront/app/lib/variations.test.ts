import { describe, expect, test } from 'vitest';
import {
  chosenVariation,
  productChoiceOf,
  selectionFromQuery,
  valueState,
  type ProductChoice,
} from './variations';

const variation = (id: number, grind: string, size: string, inStock = true) => ({
  id,
  values: { attribute_pa_grind: grind, attribute_pa_size: size },
  amount: '1300',
  regularAmount: null,
  inStock,
  lowStockRemaining: null,
  maxQuantity: 10,
  sku: `V${id}`,
  image: null,
});

/** The demo coffee: filter/1 kg does not exist, espresso/1 kg is sold out. */
const COFFEE: ProductChoice = {
  attributes: [
    {
      name: 'Grind',
      field: 'attribute_pa_grind',
      terms: ['whole-bean', 'espresso', 'filter'].map((slug) => ({ slug, name: slug })),
    },
    {
      name: 'Size',
      field: 'attribute_pa_size',
      terms: ['250-g', '1-kg'].map((slug) => ({ slug, name: slug })),
    },
  ],
  variations: [
    variation(1, 'whole-bean', '250-g'),
    variation(2, 'whole-bean', '1-kg'),
    variation(3, 'espresso', '250-g'),
    variation(4, 'espresso', '1-kg', false),
    variation(5, 'filter', '250-g'),
  ],
};

describe('the choice of a variable product', () => {
  test('a full choice names its variation; a partial or non-existent one names none', () => {
    expect(
      chosenVariation(COFFEE, { attribute_pa_grind: 'espresso', attribute_pa_size: '250-g' })?.id,
    ).toBe(3);
    expect(chosenVariation(COFFEE, { attribute_pa_grind: 'espresso' })).toBeUndefined();
    expect(
      chosenVariation(COFFEE, { attribute_pa_grind: 'filter', attribute_pa_size: '1-kg' }),
    ).toBeUndefined();
  });

  test('values are available, sold out or unavailable given the other choices', () => {
    const size = (grind: string, slug: string) =>
      valueState(COFFEE, { attribute_pa_grind: grind }, 'attribute_pa_size', slug);
    expect(size('filter', '250-g')).toBe('available');
    expect(size('filter', '1-kg')).toBe('unavailable');
    expect(size('espresso', '1-kg')).toBe('soldOut');
    // The value being changed does not limit itself: another grind stays choosable.
    expect(
      valueState(
        COFFEE,
        { attribute_pa_grind: 'filter', attribute_pa_size: '250-g' },
        'attribute_pa_grind',
        'espresso',
      ),
    ).toBe('available');
    expect(valueState(COFFEE, {}, 'attribute_pa_size', '1-kg')).toBe('available');
  });

  test('a link’s attribute_… arguments preselect only values the product has', () => {
    const query = new URLSearchParams(
      'attribute_pa_grind=filter&attribute_pa_size=2-kg&attribute_pa_colour=red&x=1',
    );
    expect(selectionFromQuery(COFFEE, query)).toEqual({ attribute_pa_grind: 'filter' });
  });

  test('the choice is read from the Store API answers, matching values by attribute name', () => {
    const choice = productChoiceOf(
      {
        attributes: [
          {
            id: 1,
            name: 'Size',
            taxonomy: 'pa_size',
            has_variations: true,
            terms: [{ id: 9, name: 'M', slug: 'm' }],
          },
        ],
        variations: [{ id: 27, attributes: [{ name: 'Size', value: 'm' }] }],
      },
      [
        {
          id: 27,
          name: 'Check Tee',
          sku: 'cw-check-tee-m',
          on_sale: false,
          is_in_stock: true,
          is_purchasable: true,
          low_stock_remaining: null,
          images: [],
          prices: { price: '2100', regular_price: '2100' },
          add_to_cart: { maximum: 10 },
        } as never,
      ],
    );
    expect(choice.attributes).toEqual([
      { name: 'Size', field: 'attribute_pa_size', terms: [{ slug: 'm', name: 'M' }] },
    ]);
    expect(choice.variations).toMatchObject([
      { id: 27, values: { attribute_pa_size: 'm' }, amount: '2100', maxQuantity: 10 },
    ]);
  });
});
