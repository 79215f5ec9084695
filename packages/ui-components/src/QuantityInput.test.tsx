import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { QuantityInput } from './index';

describe('QuantityInput', () => {
  test('is a labelled number field with its limits, posted in a plain form', () => {
    render(
      <form aria-label="Add">
        <QuantityInput label="Beanie quantity" defaultValue={2} min={1} max={12} step={1} />
      </form>,
    );
    const field = screen.getByRole('spinbutton', { name: 'Beanie quantity' });
    expect(field).toHaveValue(2);
    expect(field).toHaveAttribute('min', '1');
    expect(field).toHaveAttribute('max', '12');
    expect(field).toHaveAttribute('step', '1');
    expect(field).toHaveClass('qty');
    expect(new FormData(screen.getByRole<HTMLFormElement>('form')).get('quantity')).toBe('2');
  });

  test('the label can be for screen readers only', () => {
    render(<QuantityInput label="Cap quantity" hideLabel />);
    expect(screen.getByText('Cap quantity')).toHaveClass('cw-visually-hidden');
    expect(screen.getByRole('spinbutton', { name: 'Cap quantity' })).toHaveValue(1);
  });

  test.each([
    // [defaultValue, min, shown]
    [0, 1, 1],
    [-3, 0, 0],
    [5, 1, 5],
    [-3, -5, -3],
  ])('value %i with min %i shows %i', (defaultValue, min, shown) => {
    render(<QuantityInput defaultValue={defaultValue} min={min} />);
    expect(screen.getByRole('spinbutton')).toHaveValue(shown);
  });

  test('on mount a smaller value already in the field (server HTML, restored form) is raised to min', () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<QuantityInput min={2} defaultValue={3} />);
    const field = container.querySelector('input')!;
    field.value = '1'; // what the browser restored, or an older page's markup
    const onValueChange = vi.fn();
    let root: Root | undefined;
    try {
      act(() => {
        root = hydrateRoot(
          container,
          <QuantityInput min={2} defaultValue={3} onValueChange={onValueChange} />,
        );
      });
      expect(field.value).toBe('2');
      expect(onValueChange).toHaveBeenCalledExactlyOnceWith(2);
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  test('reports typed values, and never raises what the shopper types later', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<QuantityInput min={1} onValueChange={onValueChange} />);
    const field = screen.getByRole('spinbutton');
    await userEvent.clear(field);
    expect(onValueChange).toHaveBeenLastCalledWith(Number.NaN);
    await userEvent.type(field, '0');
    expect(onValueChange).toHaveBeenLastCalledWith(0);
    rerender(<QuantityInput min={1} onValueChange={onValueChange} />);
    expect(field).toHaveValue(0);
  });

  test.each([
    [{ min: 3, max: 2 }, 'min must not be above max'],
    [{ step: 0 }, 'step must be above 0'],
    [{ min: Number.NaN }, 'min must be a finite number'],
    [{ defaultValue: Number.POSITIVE_INFINITY }, 'defaultValue must be a finite number'],
  ])('refuses %o with invalid_quantity', (props, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<QuantityInput {...props} />)).toThrow(
      expect.objectContaining({ code: 'invalid_quantity', message: `QuantityInput: ${message}` }),
    );
  });
});
