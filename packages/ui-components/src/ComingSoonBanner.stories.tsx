import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ComingSoonBanner } from './index';

const REST_URL = 'https://shop.example.com/wp-json/wp/v2/users/1';

const meta = {
  title: 'Site/ComingSoonBanner',
  component: ComingSoonBanner,
  args: {
    restUrl: REST_URL,
    restNonce: 'a1b2c3d4e5',
    send: fn(() => Promise.resolve()),
    onDismiss: fn(),
  },
} satisfies Meta<typeof ComingSoonBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

const banner = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('#coming-soon-footer-banner');

/** Shown to an administrator while the store is in coming-soon mode; dismissing saves and hides. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Dismiss' }));
    await expect(args.send).toHaveBeenCalledWith(REST_URL, 'a1b2c3d4e5');
    await waitFor(() => expect(banner(canvasElement)).toBeNull());
    await expect(args.onDismiss).toHaveBeenCalledWith(true);
  },
};

/** The call is on its way: the banner waits for it; another press sends nothing. */
export const Dismissing: Story = {
  args: { send: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('link', { name: 'Dismiss' });
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(args.send).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The store refuses the dismissal: the banner hides anyway (spec §8). */
export const DismissFails: Story = {
  args: { send: fn(() => Promise.reject(new Error('HTTP 403'))) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Dismiss' }));
    await waitFor(() => expect(banner(canvasElement)).toBeNull());
    await expect(args.onDismiss).toHaveBeenCalledWith(false);
  },
};

/** With a link to the visibility settings. */
export const WithSettingsLink: Story = {
  args: { settingsHref: '/wp-admin/admin.php?page=wc-settings&tab=site-visibility' },
};

/** Right to left. */
export const RightToLeft: Story = {
  args: {
    text: 'المتجر في وضع "قريبًا": أنت ومديرو المتجر فقط من يمكنهم رؤيته.',
    dismissLabel: 'إغلاق',
  },
  parameters: { dir: 'rtl' },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <ComingSoonBanner {...args} />
      <ComingSoonBanner {...args} settingsHref={WithSettingsLink.args?.settingsHref} />
    </div>
  ),
};
