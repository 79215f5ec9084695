import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { usd } from './__fixtures__/products';
import { CouponForm } from './index';

/** Stands in for a router's submission, so the story's forms never post. */
const submitted = fn<(submitter: HTMLButtonElement | HTMLFormElement) => void>();

const meta = {
  title: 'Checkout/CouponForm',
  component: CouponForm,
  parameters: { layout: 'padded' },
  args: { coupons: [], currency: usd, action: '#/cart/', onCouponSubmit: submitted },
} satisfies Meta<typeof CouponForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The name and value each submitted field and button carries, as the post would send them. */
const posted = (submitter: HTMLButtonElement | HTMLFormElement) =>
  submitter instanceof HTMLButtonElement
    ? [...new FormData(submitter.form!, submitter)]
    : [...new FormData(submitter)];

/** No coupon applied: the field and its button, no chips, nothing said. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Coupon code' });
    await expect(field).toHaveValue('');
    await expect(field).toHaveAttribute('name', 'coupon_code');
    await expect(canvas.getByRole('button', { name: 'Apply coupon' })).toBeEnabled();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Typing a code and pressing Enter posts `coupon_code` with `apply_coupon`. */
export const Typing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Coupon code' });
    submitted.mockClear();
    await userEvent.type(field, 'lab10');
    await expect(field).toHaveValue('lab10');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply coupon' }));
    await expect(submitted).toHaveBeenCalledTimes(1);
    await expect(posted(submitted.mock.calls[0]![0])).toEqual([
      ['coupon_code', 'lab10'],
      ['apply_coupon', '1'],
    ]);
  },
};

/** Applying: the buttons wait while the store answers. */
export const Busy: Story = {
  args: { busy: true, coupons: [{ code: 'lab10', discount: '420' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Apply coupon' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove coupon lab10' })).toBeDisabled();
  },
};

/** The store refused the code: its text as an alert, focused after it appears. */
export const StoreError: Story = {
  args: {
    outcome: { ok: false, message: 'Coupon "nope" cannot be applied because it does not exist.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      'Coupon "nope" cannot be applied because it does not exist.',
    );
    await waitFor(() => expect(alert).toHaveFocus(), { timeout: 2000 });
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** One coupon applied: the store's success text, a chip with its discount and remove button. */
export const OneApplied: Story = {
  args: {
    coupons: [{ code: 'lab10', discount: '420' }],
    outcome: { ok: true, message: 'Coupon code applied successfully.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Coupon code applied successfully.');
    const list = canvas.getByRole('list', { name: 'Applied coupons' });
    const [chip] = within(list).getAllByRole('listitem');
    await expect(chip).toHaveTextContent('lab10 -$4.20');
    submitted.mockClear();
    await userEvent.click(within(list).getByRole('button', { name: 'Remove coupon lab10' }));
    await expect(posted(submitted.mock.calls[0]![0])).toEqual([['remove_coupon', 'lab10']]);
  },
};

/** Two coupons: a chip each, each remove button naming its code. */
export const TwoApplied: Story = {
  args: {
    coupons: [
      { code: 'lab10', discount: '420' },
      { code: 'summer5', discount: '500' },
    ],
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Applied coupons' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['lab10 -$4.20×', 'summer5 -$5.00×']);
    await expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Remove coupon lab10', 'Remove coupon summer5']);
  },
};

/** Right to left (the Arabic example catalogue), with a coupon and a refusal. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  args: {
    coupons: [{ code: 'lab10', discount: '420' }],
    outcome: { ok: false, message: 'القسيمة "nope" غير موجودة.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('القسيمة "nope" غير موجودة.');
    await expect(canvas.getByRole('list', { name: 'القسائم المطبقة' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إزالة القسيمة lab10' })).toBeVisible();
    const field = canvas.getByRole('textbox', { name: 'رمز القسيمة' });
    const apply = canvas.getByRole('button', { name: 'تطبيق القسيمة' });
    // The field starts at the right; its button follows to its left (or below, when narrow).
    await expect(field.getBoundingClientRect().right).toBeGreaterThan(
      apply.getBoundingClientRect().left,
    );
    await expect(field.getBoundingClientRect().right).toBeGreaterThanOrEqual(
      apply.getBoundingClientRect().right,
    );
    // The discount reads "-$4.20" here too: the minus left of the price, not "$4.20-".
    const amount = canvasElement.querySelector('.cw-coupon__amount')!;
    await expect(amount).toHaveTextContent('-$4.20');
    const [minus, price] = [...amount.childNodes].map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect();
    });
    await expect(minus!.left).toBeLessThan(price!.left);
  },
};
