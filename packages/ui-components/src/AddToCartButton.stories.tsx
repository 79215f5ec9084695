import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { liveRegion } from './__fixtures__/live-region';
import { productImage, usd } from './__fixtures__/products';
import { AddToCartButton, ProductCard, ProductGrid, QuantityInput, useAnnounce } from './index';
import type { AddToCartButtonProps, AddToCartStatus } from './index';

const meta = {
  title: 'Cart/AddToCartButton',
  component: AddToCartButton,
  args: {
    productId: 15,
    name: 'Beanie with Logo',
    sku: 'woo-beanie-logo',
    cartUrl: '#/cart/',
    // In stories the form must not post the preview frame away.
    onAdd: fn(),
  },
  argTypes: {
    status: {
      control: 'inline-radio',
      options: ['idle', 'loading', 'added', 'error'],
      description: 'The state from cart-queue',
    },
    showViewCart: { control: 'boolean' },
    disableWhileLoading: { control: 'boolean' },
    quantity: { control: { type: 'number', min: 1 } },
    name: { control: 'text' },
  },
} satisfies Meta<typeof AddToCartButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', {
      name: 'Add to cart: “Beanie with Logo”',
    });
    await expect(button).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(button);
    await expect(args.onAdd).toHaveBeenCalledOnce();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    // The spinner is drawn by CSS after the label.
    await expect(getComputedStyle(button, '::after').borderTopStyle).toBe('solid');
  },
};

export const Added: Story = {
  args: { status: 'added' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link', { name: 'View cart' })).toBeNull();
  },
};

export const AddedWithViewCart: Story = {
  args: { status: 'added', showViewCart: true },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'View cart' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '#/cart/');
  },
};

export const Error: Story = {
  args: { status: 'error' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Said when the announcer's code (loaded with the page's first message) has arrived.
    await waitFor(() =>
      expect(liveRegion(canvasElement, 'assertive')).toHaveTextContent(
        'Sorry, “Beanie with Logo” could not be added to your cart. Please try again.',
      ),
    );
    await expect(canvas.getByRole('button')).toHaveAccessibleDescription(
      'Sorry, “Beanie with Logo” could not be added to your cart. Please try again.',
    );
  },
};

export const AsLink: Story = {
  args: { href: '#/shop/?add-to-cart=15' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Add to cart: “Beanie with Logo”',
    });
    await expect(link).toHaveAttribute('href', '#/shop/?add-to-cart=15');
  },
};

export const WithQuantity: Story = {
  args: {
    quantityField: <QuantityInput label="Beanie with Logo quantity" hideLabel max={9} />,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('spinbutton', { name: 'Beanie with Logo quantity' });
    await userEvent.clear(field);
    await userEvent.type(field, '4');
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ product_id: '15', quantity: '4' }),
      expect.anything(),
    );
  },
};

/** What cart-queue drives: idle → loading → added with "View cart", focus kept. */
function WithController(props: AddToCartButtonProps) {
  const [status, setStatus] = useState<AddToCartStatus>('idle');
  const announce = useAnnounce();
  return (
    <>
      <AddToCartButton
        {...props}
        status={status}
        showViewCart={status === 'added'}
        onAdd={(data) => {
          setStatus('loading');
          setTimeout(() => setStatus('added'), 300);
          // cart-queue announces the success message 1000 ms after the add is done.
          announce(data.success_message, { delayMs: 1300 });
        }}
      />
    </>
  );
}

export const Interactive: Story = {
  render: (args) => <WithController {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button');
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveFocus();
    await waitFor(() => expect(canvas.getByRole('link', { name: 'View cart' })).toBeVisible());
    await expect(button).toHaveClass('added');
    await expect(button).toHaveFocus();
    await waitFor(() =>
      expect(liveRegion(canvasElement)).toHaveTextContent(
        '“Beanie with Logo” has been added to your cart',
      ),
    );
  },
};

const cards: Array<[string, string, AddToCartStatus, boolean]> = [
  ['Beanie', '#2b6cb0', 'idle', false],
  ['Cap', '#b7791f', 'loading', false],
  ['Hoodie', '#c05621', 'added', true],
  ['Belt', '#2f855a', 'error', false],
];

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1.5rem' }}>
      <ProductGrid label="Products">
        {cards.map(([name, colour, status, showViewCart], index) => (
          <ProductCard
            key={name}
            name={name}
            href={`#/product/${name.toLowerCase()}/`}
            price={{ amount: 1800 + index * 700, currency: usd }}
            image={{ src: productImage(colour, name), alt: '' }}
            imageLoading="eager"
          >
            <AddToCartButton
              {...args}
              productId={20 + index}
              name={name}
              href={`#/shop/?add-to-cart=${20 + index}`}
              status={status}
              showViewCart={showViewCart}
            />
          </ProductCard>
        ))}
      </ProductGrid>
      <AddToCartButton
        {...args}
        quantityField={<QuantityInput label="Beanie with Logo quantity" />}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link', { name: /^Add to cart: / })).toHaveLength(4);
    await expect(canvas.getByRole('link', { name: 'Add to cart: “Cap”' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('link', { name: 'View cart' })).toBeVisible();
    await waitFor(() => expect(liveRegion(canvasElement, 'assertive')).toHaveTextContent('“Belt”'));
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  args: { status: 'added', showViewCart: true },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'أضف إلى السلة: “Beanie with Logo”' });
    const link = canvas.getByRole('link', { name: 'عرض السلة' });
    // "View cart" follows the button: to its left, right to left.
    await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(
      button.getBoundingClientRect().left + 1,
    );
  },
};
