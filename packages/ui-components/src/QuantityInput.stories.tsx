import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { QuantityInput } from './index';

const meta = {
  title: 'Cart/QuantityInput',
  component: QuantityInput,
  args: { label: 'Quantity' },
} satisfies Meta<typeof QuantityInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('spinbutton', { name: 'Quantity' });
    await expect(field).toHaveValue(1);
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await expect(field).toHaveValue(3);
  },
};

export const HiddenLabel: Story = {
  args: { label: 'Beanie with Logo quantity', hideLabel: true },
};

export const WithLimits: Story = {
  args: { min: 2, max: 6, step: 2, defaultValue: 4 },
};

export const BelowMinRaised: Story = {
  args: { min: 1, defaultValue: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('spinbutton')).toHaveValue(1);
  },
};

export const CartLine: Story = {
  args: { label: 'Hoodie with Zipper quantity', hideLabel: true, min: 0, defaultValue: 3 },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 2 },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', justifyItems: 'start' }}>
      <QuantityInput label="Default" />
      <QuantityInput label="Hidden label (Beanie quantity)" hideLabel />
      <QuantityInput label="From 2 to 6, in steps of 2" min={2} max={6} step={2} defaultValue={4} />
      <QuantityInput label="Raised to min" min={1} defaultValue={0} />
      <QuantityInput label="Cart line (0 removes)" min={0} defaultValue={3} />
      <QuantityInput label="Disabled" disabled defaultValue={2} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('spinbutton')).toHaveLength(6);
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  args: { label: undefined, defaultValue: 2 },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('spinbutton', { name: 'الكمية' })).toHaveValue(2);
  },
};
