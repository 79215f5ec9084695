import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { eur, usd } from './__fixtures__/products';
import { Price, PriceRange } from './index';

const meta = {
  title: 'Catalogue/Price',
  component: Price,
  args: { amount: '1999', currency: usd },
} satisfies Meta<typeof Price>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('$19.99');
  },
};

export const OnSale: Story = {
  args: { amount: '1999', regularAmount: '2500' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('del')).toHaveTextContent('$25.00');
    // Read by screen readers, but clipped to a 1px box on screen.
    for (const text of ['Original price was: $25.00.', 'Current price is: $19.99.']) {
      const { width, height } = canvas.getByText(text).getBoundingClientRect();
      await expect(width * height).toBeLessThanOrEqual(1);
    }
  },
};

export const SuffixCurrency: Story = {
  args: { amount: '123456', regularAmount: '150000', currency: eur },
};

export const NoDecimals: Story = {
  args: {
    amount: 1250000,
    currency: { ...usd, code: 'JPY', symbol: '¥', minorUnit: 0, prefix: '¥' },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('¥1,250,000');
  },
};

export const LargeAmount: Story = {
  args: { amount: '123456789012' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('$1,234,567,890.12');
  },
};

/** A price range (a variable product before a choice): "$13.00 – $42.00", read "to". */
export const Range: Story = {
  render: (args) => <PriceRange min="1300" max="4200" currency={args.currency} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('$13.00 – to $42.00');
    await expect(within(canvasElement).getByText('–')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** A range whose ends are equal is one price. */
export const RangeEqualEnds: Story = {
  render: (args) => <PriceRange min="1800" max="1800" currency={args.currency} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.cw-price__amount')).toHaveLength(1);
    await expect(canvasElement).toHaveTextContent('$18.00');
  },
};

/** The range right to left, in the Arabic catalogue. */
export const RangeRightToLeft: Story = {
  ...Range,
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('$13.00 – إلى $42.00');
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  args: { amount: '1999', regularAmount: '2500' },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('السعر الحالي: $19.99.');
  },
};

export const AllStates: Story = {
  render: (args) => (
    <ul style={{ display: 'grid', gap: '0.5rem', listStyle: 'none', padding: 0 }}>
      <li>
        <Price {...args} />
      </li>
      <li>
        <Price {...args} regularAmount="2500" />
      </li>
      <li>
        <Price amount="123456" regularAmount="150000" currency={eur} />
      </li>
      <li>
        <Price {...args} amount="123456789012" />
      </li>
    </ul>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(4);
  },
};
