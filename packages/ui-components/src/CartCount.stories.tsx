import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CartCount } from './index';

const meta = {
  title: 'Cart/CartCount',
  component: CartCount,
  args: { count: 3, href: '#/cart/' },
} satisfies Meta<typeof CartCount>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Cart, 3 items' });
    await expect(link).toHaveTextContent('3');
  },
};

export const Empty: Story = { args: { count: 0 } };

export const OneItem: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  },
};

export const Many: Story = { args: { count: 128 } };

export const AllStates: Story = {
  render: (args) => (
    <nav aria-label="Cart counts" style={{ display: 'flex', gap: '1.5rem' }}>
      {[0, 1, 3, 128].map((count) => (
        <CartCount key={count} {...args} count={count} />
      ))}
    </nav>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(4);
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  args: { count: 3 },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAccessibleName('السلة، ٣ منتجات');
  },
};
