import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { liveRegion } from './__fixtures__/live-region';
import { productImage, usd } from './__fixtures__/products';
import { CartCount, MiniCart } from './index';
import type { MiniCartItem, MiniCartProps } from './index';

const items: MiniCartItem[] = [
  {
    key: 'a1b2',
    productId: 15,
    name: 'Beanie with Logo',
    quantity: 2,
    price: '1800',
    removeUrl: '#/cart/?remove_item=a1b2&_wpnonce=n',
    href: '#/product/beanie-with-logo/',
    sku: 'woo-beanie-logo',
    image: { src: productImage('#2b6cb0', 'Beanie') },
  },
  {
    key: 'c3d4',
    productId: 16,
    name: 'Hoodie with Zipper',
    quantity: 1,
    price: '4500',
    removeUrl: '#/cart/?remove_item=c3d4&_wpnonce=n',
    href: '#/product/hoodie-with-zipper/',
    image: { src: productImage('#c05621', 'Hoodie') },
  },
];

const meta = {
  title: 'Cart/MiniCart',
  component: MiniCart,
  args: {
    items,
    subtotal: '8100',
    currency: usd,
    cartUrl: '#/cart/',
    checkoutUrl: '#/checkout/',
    onRemove: fn(),
  },
  decorators: [
    // One mini-cart is shown at about the width of a header drop-down; AllStates opts out.
    (Story, { parameters }) =>
      parameters['fullWidth'] === true ? (
        <Story />
      ) : (
        <div style={{ maxWidth: '22rem' }}>
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof MiniCart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByText('Subtotal:').parentElement).toHaveTextContent('$81.00');
    await userEvent.click(canvas.getByRole('link', { name: 'Remove Beanie with Logo from cart' }));
    await expect(args.onRemove).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'a1b2' }),
      expect.anything(),
    );
  },
};

export const Removing: Story = {
  args: { removing: ['c3d4'] },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getAllByRole('listitem')[1]!;
    await expect(row).toHaveAttribute('aria-busy', 'true');
    const overlay = row.querySelector('.blockOverlay')!;
    // It fades in (150 ms), then stays at the spec's 0.6: skip to the end of the fade.
    for (const animation of overlay.getAnimations()) animation.finish();
    await expect(getComputedStyle(overlay).opacity).toBe('0.6');
    // The overlay covers the whole row and takes its clicks.
    const remove = within(row).getByRole('link', { name: 'Remove Hoodie with Zipper from cart' });
    const box = remove.getBoundingClientRect();
    await expect(document.elementFromPoint(box.left + 4, box.top + 4)).toBe(overlay);
  },
};

export const Empty: Story = {
  args: { items: [], subtotal: '0' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No products in the cart.')).toBeVisible();
  },
};

export const Announcing: Story = {
  args: { announcement: '“Beanie with Logo” has been added to your cart' },
  play: async ({ canvasElement }) => {
    // Said when the announcer's code (loaded with the page's first message) has arrived.
    await waitFor(() =>
      expect(liveRegion(canvasElement)).toHaveTextContent(
        '“Beanie with Logo” has been added to your cart',
      ),
    );
  },
};

/** Removal as cart-queue drives it: the row is blocked, then the cart re-renders without it. */
function WithController(props: MiniCartProps) {
  const [lines, setLines] = useState(props.items);
  const [removing, setRemoving] = useState<string[]>([]);
  const subtotal = lines.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
  return (
    <>
      <CartCount count={lines.reduce((sum, line) => sum + line.quantity, 0)} href="#/cart/" />
      <MiniCart
        {...props}
        items={lines}
        subtotal={subtotal}
        removing={removing}
        onRemove={(item) => {
          setRemoving((keys) => [...keys, item.key]);
          setTimeout(() => {
            setLines((current) => current.filter((line) => line.key !== item.key));
            setRemoving((keys) => keys.filter((key) => key !== item.key));
          }, 400);
        }}
      />
    </>
  );
}

export const Interactive: Story = {
  render: (args) => <WithController {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await userEvent.click(
      canvas.getByRole('link', { name: 'Remove Hoodie with Zipper from cart' }),
    );
    await expect(canvas.getAllByRole('listitem')[1]).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    await expect(canvas.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await expect(canvas.getByText('Subtotal:').parentElement).toHaveTextContent('$36.00');
  },
};

export const AllStates: Story = {
  parameters: { fullWidth: true },
  render: (args) => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))',
        gap: '2rem',
        alignItems: 'start',
      }}
    >
      <section aria-label="Two items">
        <MiniCart {...args} />
      </section>
      <section aria-label="Removing one item">
        <MiniCart {...args} removing={['c3d4']} liveRegion={null} />
      </section>
      <section aria-label="Empty cart">
        <MiniCart {...args} items={[]} subtotal="0" liveRegion={null} />
      </section>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link', { name: 'Checkout' })).toHaveLength(2);
    await expect(canvas.getByText('No products in the cart.')).toBeVisible();
  },
};

/** A variation's line lists the options chosen under its name (WooCommerce's `dl.variation`). */
export const WithVariation: Story = {
  args: {
    items: [
      {
        key: 'e5f6',
        productId: 31,
        name: 'Roaster’s Choice Coffee',
        quantity: 1,
        price: '1300',
        removeUrl: '#/cart/?remove_item=e5f6&_wpnonce=n',
        href: '#/product/roasters-choice-coffee/?attribute_pa_grind=espresso',
        variation: [
          { attribute: 'Grind', value: 'Espresso' },
          { attribute: 'Size', value: '250 g' },
        ],
        image: { src: productImage('#8a5a2b', 'Coffee') },
      },
      ...items,
    ],
    subtotal: '9400',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const line = canvas.getByText('Espresso').closest('li')!;
    await expect(within(line).getByText('Grind:')).toBeVisible();
    await expect(within(line).getByText('250 g')).toBeVisible();
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'إتمام الطلب' })).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'إزالة Beanie with Logo من السلة' }),
    ).toBeVisible();
  },
};
