import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { productImage, usd } from './__fixtures__/products';
import { ProductCard, ProductGrid } from './index';
import type { ProductCardProps } from './index';

const meta = {
  title: 'Catalogue/ProductCard',
  component: ProductCard,
  args: {
    name: 'Beanie with Logo',
    href: '#/product/beanie-with-logo/',
    price: { amount: '1800', currency: usd },
    image: { src: productImage('#2b6cb0', 'Beanie'), alt: 'Blue knitted beanie with a logo' },
  },
  decorators: [
    // One card alone is shown at about the width of a grid column; AllStates opts out.
    (Story, { parameters }) =>
      parameters['fullWidth'] === true ? (
        <Story />
      ) : (
        <div style={{ maxWidth: '16rem' }}>
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = canvas.getAllByRole('link');
    await expect(links).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: 'Beanie with Logo' })).toHaveAttribute(
      'href',
      '#/product/beanie-with-logo/',
    );
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('Beanie with Logo');
    await expect(canvas.getByText('$18.00')).toBeVisible();
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    link.focus();
    // The focus ring is drawn around the whole card (the link's stretched ::after).
    await expect(link).toHaveFocus();
    const ring = getComputedStyle(link, '::after');
    await expect(ring.outlineStyle).toBe('solid');
    await expect(ring.outlineWidth).toBe('3px');
  },
};

export const OnSale: Story = {
  args: {
    name: 'Hoodie with Zipper',
    href: '#/product/hoodie-with-zipper/',
    price: { amount: '4500', regularAmount: '5000', currency: usd },
    image: { src: productImage('#c05621', 'Hoodie'), alt: 'Orange zip hoodie' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Sale!')).toBeVisible();
    await expect(canvas.getByText('Original price was: $50.00.')).toBeInTheDocument();
    await expect(canvas.getByText('Current price is: $45.00.')).toBeInTheDocument();
  },
};

/** A variable product in a listing: its price range, as WooCommerce's loop shows it. */
export const VariablePriceRange: Story = {
  args: {
    name: 'Roaster’s Choice Coffee',
    price: { amount: '1300', maxAmount: '4200', currency: usd },
  },
  play: async ({ canvasElement }) => {
    const price = canvasElement.querySelector('.cw-product-card__price')!;
    await expect(price).toHaveTextContent('$13.00 – to $42.00');
    // The dash is hidden from screen readers, who hear "to"; the word is clipped on screen.
    await expect(within(price as HTMLElement).getByText('–')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    const { width, height } = within(price as HTMLElement)
      .getByText('to')
      .getBoundingClientRect();
    await expect(width * height).toBeLessThanOrEqual(1);
  },
};

/** A variable product whose variations all cost the same: one price, no range. */
export const VariableOnePrice: Story = {
  args: { price: { amount: '1800', maxAmount: '1800', currency: usd } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cw-product-card__price')).toHaveTextContent(
      /^\$18\.00$/,
    );
  },
};

/** The range right to left, in the Arabic catalogue. */
export const VariablePriceRangeRightToLeft: Story = {
  ...VariablePriceRange,
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cw-product-card__price')).toHaveTextContent(
      '$13.00 – إلى $42.00',
    );
  },
};

export const OutOfStock: Story = {
  args: {
    name: 'Sunglasses',
    href: '#/product/sunglasses/',
    price: { amount: '9000', currency: usd },
    image: { src: productImage('#2f855a', 'Shades'), alt: 'Green sunglasses' },
    inStock: false,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Out of stock')).toBeVisible();
  },
};

export const LongName: Story = {
  args: {
    name: 'Organic cotton long-sleeve T-shirt with embroidered WooCommerceStorefrontLogoExtraordinaire, limited edition',
    href: '#/product/long-sleeve-tee/',
    price: { amount: '2500', currency: usd },
    image: { src: productImage('#6b46c1', 'Tee'), alt: '' },
  },
  play: async ({ canvasElement }) => {
    // The name wraps instead of overflowing the card.
    const link = within(canvasElement).getByRole('link');
    const card = canvasElement.querySelector('.cw-product-card')!;
    await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(
      card.getBoundingClientRect().right,
    );
  },
};

export const NoImage: Story = {
  args: {
    name: 'Album',
    href: '#/product/album/',
    price: { amount: '1500', currency: usd },
    image: undefined,
  },
  play: async ({ canvasElement }) => {
    const media = canvasElement.querySelector('.cw-product-card__media')!;
    const { width, height } = media.getBoundingClientRect();
    // The placeholder keeps the same square box an image would have.
    await expect(width).toBeGreaterThan(0);
    await expect(Math.abs(width - height)).toBeLessThan(1);
  },
};

export const WithActions: Story = {
  args: {
    children: <button type="button">Add to cart</button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Add to cart' });
    // The button sits above the card's stretched link, so a click there reaches the button.
    const { left, top, width, height } = button.getBoundingClientRect();
    await expect(document.elementFromPoint(left + width / 2, top + height / 2)).toBe(button);
  },
};

const saleAndSoldOut: ProductCardProps = {
  name: 'Cap',
  href: '#/product/cap/',
  price: { amount: '1600', regularAmount: '1800', currency: usd },
  image: { src: productImage('#b7791f', 'Cap'), alt: 'Yellow cap' },
  inStock: false,
};

const allStates: Array<[string, ProductCardProps]> = [
  ['default', meta.args],
  ['sale', { ...meta.args, ...OnSale.args }],
  ['out-of-stock', { ...meta.args, ...OutOfStock.args }],
  ['long-name', { ...meta.args, ...LongName.args }],
  ['no-image', { ...meta.args, ...NoImage.args }],
  ['sale-and-sold-out', saleAndSoldOut],
];

export const AllStates: Story = {
  parameters: { fullWidth: true },
  render: () => (
    <ProductGrid label="Products">
      {allStates.map(([key, card]) => (
        <ProductCard key={key} {...card} imageLoading="eager">
          {card.inStock === false ? null : <button type="button">Add to cart</button>}
        </ProductCard>
      ))}
    </ProductGrid>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Products' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(allStates.length);
    await expect(within(list).getAllByRole('link')).toHaveLength(allStates.length);
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  args: {
    price: { amount: '1800', regularAmount: '2000', currency: usd },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('تخفيض!');
    const card = canvasElement.querySelector('.cw-product-card')!;
    // The sale badge sits in the start corner: the right one, right to left.
    await expect(
      card.getBoundingClientRect().right - badge.getBoundingClientRect().right,
    ).toBeLessThan(badge.getBoundingClientRect().left - card.getBoundingClientRect().left);
  },
};
