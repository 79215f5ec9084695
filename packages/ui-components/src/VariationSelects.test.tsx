import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { coffee } from './__fixtures__/variations';
import {
  chosenVariation,
  variationOptionState,
  VariationSelects,
  type VariationChoice,
  type VariationSelection,
} from './index';

describe('the rules of a choice', () => {
  test('a complete choice names its variation; an incomplete or missing one names none', () => {
    expect(
      chosenVariation(coffee, { attribute_pa_grind: 'espresso', attribute_pa_size: '1-kg' }),
    ).toBe(coffee.variations[3]);
    expect(chosenVariation(coffee, { attribute_pa_grind: 'espresso' })).toBeUndefined();
    expect(
      chosenVariation(coffee, { attribute_pa_grind: 'espresso', attribute_pa_size: '' }),
    ).toBeUndefined();
    expect(
      chosenVariation(coffee, { attribute_pa_grind: 'filter', attribute_pa_size: '1-kg' }),
    ).toBeUndefined();
  });

  test('a value is available, sold out or unavailable given the other choices', () => {
    const state = (selection: VariationSelection, field: string, slug: string) =>
      variationOptionState(coffee, selection, field, slug);
    expect(state({}, 'attribute_pa_size', '1-kg')).toBe('available');
    expect(state({ attribute_pa_grind: 'whole-bean' }, 'attribute_pa_size', '1-kg')).toBe(
      'available',
    );
    expect(state({ attribute_pa_grind: 'espresso' }, 'attribute_pa_size', '1-kg')).toBe('soldOut');
    expect(state({ attribute_pa_grind: 'filter' }, 'attribute_pa_size', '1-kg')).toBe(
      'unavailable',
    );
    // The value chosen for the attribute itself does not count against its other values.
    expect(
      state(
        { attribute_pa_grind: 'filter', attribute_pa_size: '250-g' },
        'attribute_pa_grind',
        'whole-bean',
      ),
    ).toBe('available');
  });

  test('a variation made for any value of an attribute matches every value of it', () => {
    const anyGrind: VariationChoice = {
      attributes: coffee.attributes,
      variations: [
        { values: { attribute_pa_grind: '', attribute_pa_size: '1-kg' }, inStock: true },
      ],
    };
    expect(
      variationOptionState(anyGrind, { attribute_pa_size: '1-kg' }, 'attribute_pa_grind', 'filter'),
    ).toBe('available');
    expect(variationOptionState(anyGrind, {}, 'attribute_pa_size', '250-g')).toBe('unavailable');
    expect(
      chosenVariation(anyGrind, { attribute_pa_grind: 'espresso', attribute_pa_size: '1-kg' }),
    ).toBe(anyGrind.variations[0]);
  });
});

function Picker({ initial = {}, clear = true }: { initial?: VariationSelection; clear?: boolean }) {
  const [selection, setSelection] = useState<VariationSelection>(initial);
  return (
    <form>
      <VariationSelects
        choice={coffee}
        selection={selection}
        onSelect={(field, slug) => setSelection((now) => ({ ...now, [field]: slug }))}
        {...(clear ? { onClear: () => setSelection({}) } : {})}
      />
    </form>
  );
}

const disabledOptions = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .filter((option) => (option as HTMLOptionElement).disabled)
    .map((option) => option.textContent);

describe('VariationSelects', () => {
  test('one labelled, required select per attribute, named as WooCommerce posts it', () => {
    const { container } = render(<Picker initial={{ attribute_pa_grind: 'filter' }} />);
    expect(screen.getByRole('group', { name: 'Product options' })).toBeDefined();
    const form = container.querySelector('form')!;
    expect([...new FormData(form)]).toEqual([
      ['attribute_pa_grind', 'filter'],
      ['attribute_pa_size', ''],
    ]);
    for (const name of ['Grind', 'Size']) {
      const select = screen.getByRole('combobox', { name });
      expect(select).toBeRequired();
      expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Choose an option');
    }
  });

  test('disables the combinations that do not exist or are sold out, and follows the choice', async () => {
    render(<Picker />);
    expect(disabledOptions('Size')).toEqual([]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grind' }), 'filter');
    expect(disabledOptions('Size')).toEqual(['1 kg (unavailable)']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grind' }), 'espresso');
    expect(disabledOptions('Size')).toEqual(['1 kg (sold out)']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '250-g');
    expect(disabledOptions('Grind')).toEqual([]);
  });

  test('"Clear options" shows once something is chosen and only with onClear, and clears', async () => {
    const { unmount } = render(<Picker />);
    expect(screen.queryByRole('button', { name: 'Clear options' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '1-kg');
    await userEvent.click(screen.getByRole('button', { name: 'Clear options' }));
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear options' })).toBeNull();
    unmount();
    render(<Picker initial={{ attribute_pa_size: '1-kg' }} clear={false} />);
    expect(screen.queryByRole('button', { name: 'Clear options' })).toBeNull();
  });

  test('reports each choice with its field', async () => {
    const onSelect = vi.fn();
    render(<VariationSelects choice={coffee} selection={{}} onSelect={onSelect} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '250-g');
    expect(onSelect).toHaveBeenCalledWith('attribute_pa_size', '250-g');
  });
});
