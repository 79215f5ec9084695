import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { usd } from './__fixtures__/products';
import { CouponForm, MessagesProvider, type CouponFormOutcome } from './index';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CouponForm', () => {
  test('without onCouponSubmit both are plain post forms to the action, with WooCommerce’s names', () => {
    const { container } = render(
      <CouponForm coupons={[{ code: 'lab10', discount: '420' }]} currency={usd} action="/cart/" />,
    );
    const forms = [...container.querySelectorAll('form')];
    expect(forms.map((form) => [form.getAttribute('method'), form.getAttribute('action')])).toEqual(
      [
        ['post', '/cart/'],
        ['post', '/cart/'],
      ],
    );
    const remove = screen.getByRole('button', { name: 'Remove coupon lab10' });
    expect([remove.getAttribute('name'), remove.getAttribute('value')]).toEqual([
      'remove_coupon',
      'lab10',
    ]);
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveAttribute(
      'name',
      'coupon_code',
    );
    expect(screen.getByText('-$4.20')).toHaveClass('cw-coupon__amount');
  });

  test('a coupon that takes nothing off still reads as a discount, as WooCommerce writes it: -$0.00', () => {
    render(
      <CouponForm coupons={[{ code: 'freeship', discount: '0' }]} currency={usd} action="/cart/" />,
    );
    expect(screen.getByText('-$0.00')).toHaveClass('cw-coupon__amount');
  });

  test('onCouponSubmit gets the button that submitted, so its name and value go along', async () => {
    const onCouponSubmit = vi.fn<(submitter: HTMLButtonElement | HTMLFormElement) => void>();
    render(
      <CouponForm
        coupons={[{ code: 'lab10', discount: '420' }]}
        currency={usd}
        action="/cart/"
        onCouponSubmit={onCouponSubmit}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'SAVE5{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove coupon lab10' }));
    expect(onCouponSubmit).toHaveBeenCalledTimes(2);
    const [apply, remove] = onCouponSubmit.mock.calls.map(([submitter]) => submitter);
    expect(apply).toBe(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(remove).toBe(screen.getByRole('button', { name: 'Remove coupon lab10' }));
  });

  test('a refusal is an alert focused after it appears, again for each new outcome', async () => {
    vi.useFakeTimers();
    // jsdom has no media queries or scrolling: reduced motion, so the scroll is one call.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const refusal = (): CouponFormOutcome => ({ ok: false, message: 'Coupon "x" does not exist.' });
    const { rerender } = render(
      <CouponForm coupons={[]} currency={usd} action="/cart/" outcome={refusal()} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Coupon "x" does not exist.');
    // The focus and the scroll start once their code (loaded with the first notice) is there.
    await act(() => vi.dynamicImportSettled());
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveFocus();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(alert).toHaveFocus();
    act(() => screen.getByRole('textbox').focus());
    // The same text refused again: a new outcome, focused again.
    rerender(<CouponForm coupons={[]} currency={usd} action="/cart/" outcome={refusal()} />);
    await act(() => vi.dynamicImportSettled());
    expect(scrollTo).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  test('a success is said in the status region and empties the field once not busy', async () => {
    const { rerender } = render(<CouponForm coupons={[]} currency={usd} action="/cart/" />);
    const field = screen.getByRole('textbox', { name: 'Coupon code' });
    await userEvent.type(field, 'lab10');
    rerender(<CouponForm coupons={[]} currency={usd} action="/cart/" busy />);
    expect(screen.getByRole('button', { name: 'Apply coupon' })).toBeDisabled();
    expect(field).toHaveValue('lab10');
    const ok = { ok: true, message: 'Coupon code applied successfully.' };
    rerender(
      <CouponForm
        coupons={[{ code: 'lab10', discount: '420' }]}
        currency={usd}
        action="/cart/"
        outcome={ok}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Coupon code applied successfully.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).toHaveValue('');
  });

  test('a translation replaces its texts, the code filled in', () => {
    render(
      <MessagesProvider
        locale="fr-FR"
        messages={{
          'couponForm.removeLabel': 'Retirer le code {code}',
          'couponForm.label': 'Code promo',
        }}
      >
        <CouponForm coupons={[{ code: 'lab10', discount: '420' }]} currency={usd} action="/cart/" />
      </MessagesProvider>,
    );
    expect(screen.getByRole('button', { name: 'Retirer le code lab10' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code promo' })).toBeInTheDocument();
  });
});
