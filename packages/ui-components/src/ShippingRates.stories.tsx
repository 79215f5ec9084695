import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { usd } from './__fixtures__/products';
import { ShippingRates, type ShippingRatesRate } from './index';

const meta = {
  title: 'Checkout/ShippingRates',
  component: ShippingRates,
  parameters: { layout: 'padded' },
  args: { needed: true, currency: usd, packages: [] },
} satisfies Meta<typeof ShippingRates>;

export default meta;
type Story = StoryObj<typeof meta>;

const rate = (
  rateId: string,
  name: string,
  price: string,
  selected = false,
): ShippingRatesRate => ({
  rateId,
  name,
  price,
  selected,
});

/** Stands in for the storefront's fetcher that chooses a rate at once. */
const chosen = fn<(packageId: number, rateId: string) => void>();

const SEVERAL = [
  rate('flat_rate:1', 'Flat rate', '500', true),
  rate('free_shipping:2', 'Free shipping', '0'),
  rate('local_pickup:3', 'Local pickup', '0'),
];

export const OneRate: Story = {
  args: { packages: [{ packageId: 0, rates: [rate('flat_rate:1', 'Flat rate', '500', true)] }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Shipping method' });
    const radio = within(group).getByRole('radio', { name: 'Flat rate: $5.00' });
    await expect(radio).toBeChecked();
    await expect(radio).toHaveAttribute('name', 'shipping_method[0]');
    await expect(radio).toHaveAttribute('value', 'flat_rate:1');
  },
};

/** Several rates, the flat rate chosen; picking another calls `onChoose` with it. */
export const SeveralOneChosen: Story = {
  args: { packages: [{ packageId: 0, rates: SEVERAL }], onChoose: chosen },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const radios = canvas.getAllByRole('radio');
    await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'flat_rate:1',
      'free_shipping:2',
      'local_pickup:3',
    ]);
    await expect(canvas.getByRole('radio', { name: 'Flat rate: $5.00' })).toBeChecked();
    chosen.mockClear();
    await userEvent.click(canvas.getByRole('radio', { name: 'Local pickup' }));
    await expect(chosen).toHaveBeenCalledTimes(1);
    await expect(chosen).toHaveBeenCalledWith(0, 'local_pickup:3');
    await expect(canvas.getByRole('radio', { name: 'Flat rate: $5.00' })).not.toBeChecked();
  },
};

/** A free rate shows its name alone (WooCommerce shows no ": $0.00"). */
export const FreeShipping: Story = {
  args: {
    packages: [
      {
        packageId: 0,
        rates: [
          rate('free_shipping:2', 'Free shipping', '0', true),
          rate('flat_rate:1', 'Flat rate', '500'),
        ],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const free = canvas.getByRole('radio', { name: 'Free shipping' });
    await expect(free).toBeChecked();
    await expect(canvas.getByText('Free shipping')).toHaveTextContent(/^Free shipping$/);
  },
};

/** Local pickup chosen, from a second package's id (`shipping_method[1]`). */
export const LocalPickup: Story = {
  args: {
    packages: [
      {
        packageId: 1,
        rates: [
          rate('flat_rate:1', 'Flat rate', '1250'),
          rate('local_pickup:3', 'Local pickup', '0', true),
        ],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pickup = canvas.getByRole('radio', { name: 'Local pickup' });
    await expect(pickup).toBeChecked();
    await expect(pickup).toHaveAttribute('name', 'shipping_method[1]');
    await expect(pickup).toHaveAttribute('id', 'shipping_method_1_local_pickup_3');
    await expect(canvas.getByRole('radio', { name: 'Flat rate: $12.50' })).not.toBeChecked();
  },
};

/** An address no zone ships to: WooCommerce's text, no group. */
export const NoRates: Story = {
  args: { packages: [{ packageId: 0, rates: [] }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(/^There are no shipping options available\. Please ensure/),
    ).toBeVisible();
    await expect(canvas.queryByRole('group')).toBeNull();
  },
};

/** Right to left (the Arabic example catalogue): each radio before its label, from the right. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  args: {
    packages: [
      {
        packageId: 0,
        rates: [
          rate('flat_rate:1', 'سعر ثابت', '500', true),
          rate('local_pickup:3', 'استلام محلي', '0'),
        ],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'طريقة الشحن' });
    const radio = within(group).getByRole('radio', { name: 'سعر ثابت: $5.00' });
    await expect(radio).toBeChecked();
    const label = canvas.getByText('سعر ثابت: $5.00');
    await expect(radio.getBoundingClientRect().left).toBeGreaterThan(
      label.getBoundingClientRect().right - 1,
    );
  },
};

/** Right to left without rates. */
export const NoRatesRightToLeft: Story = {
  parameters: { dir: 'rtl' },
  args: { packages: [{ packageId: 0, rates: [] }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^لا توجد خيارات شحن متاحة/)).toBeVisible();
  },
};
