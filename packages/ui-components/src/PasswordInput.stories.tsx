import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordInput } from './index';

const meta = {
  title: 'Accounts/PasswordInput',
  component: PasswordInput,
  args: { label: 'Password', name: 'password' },
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Password');
    await userEvent.type(field, 'correct horse');
    await expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(field).toHaveAttribute('type', 'text');
    await expect(field).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(field).toHaveAttribute('type', 'password');
  },
};

export const Visible: Story = {
  args: { defaultVisible: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeVisible();
  },
};

export const NewPassword: Story = {
  args: {
    label: 'Password',
    autoComplete: 'new-password',
    required: true,
    description:
      'Hint: The password should be at least twelve characters long. To make it stronger, use upper and lower case letters, numbers, and symbols like ! " ? $ % ^ & ).',
  },
};

export const Error: Story = {
  args: { required: true, error: 'Please enter a stronger password.' },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText(/Password/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Please enter a stronger password.');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Show password' }),
    ).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    label: 'Choose a password for your new account with the Cartwright Demo Store',
    showLabel: 'Show the password you are typing',
    hideLabel: 'Hide the password you are typing',
    error:
      'An account is already registered with your email address. Please log in, or reset your password if you have forgotten it.',
  },
};

export const RightToLeft: Story = {
  args: {
    label: 'كلمة المرور',
    showLabel: 'إظهار كلمة المرور',
    hideLabel: 'إخفاء كلمة المرور',
    shownAnnouncement: 'كلمة المرور ظاهرة',
    hiddenAnnouncement: 'كلمة المرور مخفية',
  },
  render: (args) => (
    <div dir="rtl" lang="ar">
      <PasswordInput {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'إظهار كلمة المرور' }));
    await expect(canvas.getByLabelText('كلمة المرور')).toHaveAttribute('type', 'text');
  },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1.5rem', maxWidth: '28rem' }}>
      <PasswordInput label="Hidden (default)" name="a" />
      <PasswordInput label="Shown" name="b" defaultVisible />
      <PasswordInput
        label="New password, required, with a hint"
        name="c"
        autoComplete="new-password"
        required
        description="Use twelve characters or more."
      />
      <PasswordInput label="Error" name="d" error="Please enter an account password." />
      <PasswordInput label="Disabled" name="e" disabled />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: /password/ })).toHaveLength(5);
  },
};
