import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SubscriptionForm } from './index';

const meta = {
  title: 'Site/SubscriptionForm',
  component: SubscriptionForm,
  args: {
    endpoint: '/wp-json/hostinger-reach/v1/contact',
    nonce: 'a1b2c3d4e5',
    formId: 'footer-subscription',
    group: 'Newsletter',
    send: fn(() => Promise.resolve()),
    onSuccess: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '28rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SubscriptionForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const message = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.reach-subscription-message')!;

/** Empty and ready. */
export const Idle: Story = {};

/** Subscribing: JSON with `metadata.plugin` nested, then the thanks and no button. */
export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(message(canvasElement)).toHaveTextContent('Thanks for subscribing.'),
    );
    await expect(args.send).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'ada@example.com',
        metadata: { plugin: 'hostinger-reach' },
      }),
      '/wp-json/hostinger-reach/v1/contact',
    );
    await expect(canvas.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    await expect(args.onSuccess).toHaveBeenCalled();
  },
};

/** Sending: the button is disabled until the store answers. */
export const Submitting: Story = {
  args: { send: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(canvas.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  },
};

/** The store failed: the spec's message, the button enabled again. */
export const Failure: Story = {
  args: { send: fn(() => Promise.reject(new Error('HTTP 500'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(message(canvasElement)).toHaveTextContent('Something went wrong. Please try again.'),
    );
    await expect(canvas.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  },
};

/** After a success, as the page shows it. */
export const Subscribed: Story = {
  args: { initialState: { status: 'success', message: 'Thanks for subscribing.' } },
};

/** Email only, on one line. */
export const InlineEmailOnly: Story = {
  args: { showName: false, showSurname: false, layout: 'inline' },
};

/** Long labels wrap. */
export const LongLabels: Story = {
  args: {
    labels: {
      email: 'Your email address, where we send one letter a month',
      submit: 'Subscribe to the monthly letter',
    },
  },
};

/** Right to left with the Arabic catalogue. */
export const RightToLeft: Story = {
  args: {
    labels: { email: 'البريد الإلكتروني', name: 'الاسم', surname: 'اسم العائلة', submit: 'اشترك' },
  },
  parameters: { dir: 'rtl' },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '2rem' }}>
      <SubscriptionForm {...args} formId="all-idle" />
      <SubscriptionForm
        {...args}
        formId="all-error"
        initialState={{ status: 'error', message: 'Something went wrong. Please try again.' }}
      />
      <SubscriptionForm
        {...args}
        formId="all-success"
        initialState={{ status: 'success', message: 'Thanks for subscribing.' }}
      />
      <SubscriptionForm
        {...args}
        formId="all-inline"
        showName={false}
        showSurname={false}
        layout="inline"
      />
    </div>
  ),
};
