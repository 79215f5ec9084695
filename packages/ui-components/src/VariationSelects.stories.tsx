import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { coffee } from './__fixtures__/variations';
import {
  PRODUCT_CARD_MESSAGES,
  useMessages,
  VariationSelects,
  type VariationChoice,
  type VariationSelection,
} from './index';

const meta = {
  title: 'Product/VariationSelects',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Records the picker's calls. */
const selected = fn<(field: string, slug: string) => void>();

/** The picker as a product page holds it: the selection in state, Clear once scripts run. */
function Picker({
  choice = coffee,
  initial = {},
  stock = false,
}: {
  choice?: VariationChoice;
  initial?: VariationSelection;
  /** Show the chosen variation's stock line under the picker, as the product page does. */
  stock?: boolean;
}) {
  const t = useMessages(PRODUCT_CARD_MESSAGES);
  const [selection, setSelection] = useState<VariationSelection>(initial);
  const variation = choice.variations.find((candidate) =>
    choice.attributes.every(
      (attribute) =>
        selection[attribute.field] &&
        candidate.values[attribute.field] === selection[attribute.field],
    ),
  );
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <VariationSelects
        choice={choice}
        selection={selection}
        onSelect={(field, slug) => {
          selected(field, slug);
          setSelection((now) => ({ ...now, [field]: slug }));
        }}
        onClear={() => setSelection({})}
      />
      {stock && variation ? (
        <p className={variation.inStock ? 'stock in-stock' : 'stock out-of-stock'}>
          {variation.inStock ? 'In stock' : t.format('productCard.outOfStock')}
        </p>
      ) : null}
    </form>
  );
}
const optionTexts = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((option) =>
    option.disabled ? `${option.text} [disabled]` : option.text,
  );

export const Default: Story = {
  render: () => <Picker />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Product options' })).toBeVisible();
    const grind = canvas.getByRole('combobox', { name: 'Grind' });
    await expect(grind).toHaveValue('');
    await expect(grind).toBeRequired();
    await expect(grind).toHaveAttribute('name', 'attribute_pa_grind');
    await expect(optionTexts(grind)).toEqual([
      'Choose an option',
      'Whole bean',
      'Espresso',
      'Filter',
    ]);
    // Nothing chosen: nothing to clear.
    await expect(canvas.queryByRole('button', { name: 'Clear options' })).toBeNull();
  },
};

export const Chosen: Story = {
  render: () => <Picker />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    selected.mockClear();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Grind' }), 'Whole bean');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Size' }), '1 kg');
    await expect(selected.mock.calls).toEqual([
      ['attribute_pa_grind', 'whole-bean'],
      ['attribute_pa_size', '1-kg'],
    ]);
    await expect(canvas.getByRole('combobox', { name: 'Size' })).toHaveValue('1-kg');
    const clear = canvas.getByRole('button', { name: 'Clear options' });
    await userEvent.click(clear);
    await expect(canvas.getByRole('combobox', { name: 'Grind' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'Size' })).toHaveValue('');
  },
};

/** Filter coffee comes in 250 g only: 1 kg is disabled and says why. */
export const UnavailableCombination: Story = {
  render: () => <Picker initial={{ attribute_pa_grind: 'filter' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const size = canvas.getByRole('combobox', { name: 'Size' });
    await expect(optionTexts(size)).toEqual([
      'Choose an option',
      '250 g',
      '1 kg (unavailable) [disabled]',
    ]);
    await expect(canvas.getByRole('option', { name: '1 kg (unavailable)' })).toBeDisabled();
    // The other way round: with 1 kg chosen, the filter grind is the unavailable one.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Grind' }), '');
    await userEvent.selectOptions(size, '1 kg');
    await expect(optionTexts(canvas.getByRole('combobox', { name: 'Grind' }))).toEqual([
      'Choose an option',
      'Whole bean',
      'Espresso (sold out) [disabled]',
      'Filter (unavailable) [disabled]',
    ]);
  },
};

/**
 * A sold-out variation chosen (a link to `?attribute_pa_grind=espresso&attribute_pa_size=1-kg`):
 * the choice shows, its value says "(sold out)", and the stock line says so.
 */
export const OutOfStockChosen: Story = {
  render: () => (
    <Picker initial={{ attribute_pa_grind: 'espresso', attribute_pa_size: '1-kg' }} stock />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const size = canvas.getByRole('combobox', { name: 'Size' });
    await expect(size).toHaveValue('1-kg');
    await expect((size as HTMLSelectElement).selectedOptions[0]).toHaveTextContent(
      '1 kg (sold out)',
    );
    await expect((size as HTMLSelectElement).selectedOptions[0]).toBeDisabled();
    await expect(canvas.getByText('Out of stock')).toHaveClass('out-of-stock');
    await expect(canvas.getByRole('button', { name: 'Clear options' })).toBeVisible();
  },
};

/** Right to left: the Arabic catalogue's texts. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  render: () => (
    <Picker
      choice={{
        ...coffee,
        attributes: [
          { ...coffee.attributes[0]!, name: 'الطحن' },
          { ...coffee.attributes[1]!, name: 'الحجم' },
        ],
      }}
      initial={{ attribute_pa_grind: 'filter' }}
      stock
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'خيارات المنتج' })).toBeVisible();
    const size = canvas.getByRole('combobox', { name: 'الحجم' });
    await expect(optionTexts(size)).toEqual(['اختر خيارًا', '250 g', '1 kg (غير متوفر) [disabled]']);
    await expect(canvas.getByRole('button', { name: 'مسح الخيارات' })).toBeVisible();
    // The label starts at the right, above its select.
    const label = canvasElement.querySelector('label')!;
    await expect(label.getBoundingClientRect().right).toBeCloseTo(
      canvas.getByRole('combobox', { name: 'الطحن' }).getBoundingClientRect().right,
      0,
    );
  },
};
