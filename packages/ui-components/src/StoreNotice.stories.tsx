import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoreNotice } from './index';

const ID = 'b1946ac92492d2347c6235b4d2611184';

const meta = {
  title: 'Site/StoreNotice',
  component: StoreNotice,
  args: {
    id: ID,
    text: 'This is a demo store for testing purposes — no orders shall be fulfilled.',
    dismissHref: `/store-notice/dismiss/?id=${ID}&redirect_to=%2F`,
    setCookie: fn(),
    onDismiss: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoreNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shown: the text and a dismiss link. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole('complementary', { name: 'Store notice' });
    await expect(notice).toHaveAttribute('data-notice-id', ID);
    await expect(within(notice).getByRole('button', { name: 'Dismiss' })).toHaveAttribute(
      'href',
      expect.stringContaining('/store-notice/dismiss/'),
    );
  },
};

/** Dismissed with the keyboard: the cookie is set and the notice is gone. */
export const Dismissed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Dismiss' }).focus();
    await userEvent.keyboard(' ');
    await expect(args.setCookie).toHaveBeenCalledWith(
      `store_notice${ID}=hidden; path=/; SameSite=Lax`,
    );
    await expect(args.onDismiss).toHaveBeenCalled();
    await expect(canvas.queryByRole('complementary')).toBeNull();
  },
};

/** The cookie already says hidden: the server renders nothing. */
export const HiddenByCookie: Story = {
  args: { hidden: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('complementary')).toBeNull();
  },
};

/** A long notice wraps; the dismiss link stays reachable. */
export const LongText: Story = {
  args: {
    text: 'Our warehouse is closed from December 24 to January 2. Orders placed during the holidays ship on January 3, and every order over $50 ships free until the end of January. Thank you for shopping with us!',
  },
};

/** Right to left. */
export const RightToLeft: Story = {
  args: {
    text: 'هذا متجر تجريبي لأغراض الاختبار — لن يتم تنفيذ أي طلبات.',
    dismissLabel: 'إغلاق',
    label: 'إشعار المتجر',
  },
  parameters: { dir: 'rtl' },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <StoreNotice {...args} label="Store notice (default)" />
      <StoreNotice
        {...args}
        label="Store notice (long text)"
        text={LongText.args?.text ?? args.text}
      />
      <p>A hidden notice renders nothing:</p>
      <StoreNotice {...args} hidden />
    </div>
  ),
};
