import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { productImage, usd } from './__fixtures__/products';
import { ProductCard, ProductGrid } from './index';

const colours = [
  '#2b6cb0',
  '#c05621',
  '#2f855a',
  '#6b46c1',
  '#b7791f',
  '#c53030',
  '#2c7a7b',
  '#4a5568',
];
const names = ['Beanie', 'Hoodie', 'Sunglasses', 'T-shirt', 'Cap', 'Belt', 'Scarf', 'Socks'];

const meta = {
  title: 'Catalogue/ProductGrid',
  component: ProductGrid,
  args: { label: 'Products' },
} satisfies Meta<typeof ProductGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <ProductGrid {...args}>
      {names.map((name, index) => (
        <ProductCard
          key={name}
          name={name}
          href={`#/product/${name.toLowerCase()}/`}
          price={{ amount: 1200 + index * 350, currency: usd }}
          image={{ src: productImage(colours[index] ?? '#4a5568', name), alt: '' }}
          // The first row is above the fold: load it eagerly, the rest lazily.
          imageLoading={index < 4 ? 'eager' : 'lazy'}
        />
      ))}
    </ProductGrid>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Products' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(names.length);
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('list', { name: 'Products' }),
    ).toBeEmptyDOMElement();
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  ...Default,
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Products' });
    const [first, second] = within(list).getAllByRole('listitem');
    // The first product sits at the right, the second to its left.
    await expect(first!.getBoundingClientRect().left).toBeGreaterThan(
      second!.getBoundingClientRect().left,
    );
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '2rem' }}>
      {Default.render?.(args, {} as never)}
      <ProductGrid label="Related products">{[]}</ProductGrid>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list', { name: 'Products' })).toBeVisible();
  },
};
