import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  ALERT_FOCUS_DELAY_MS,
  FIELD_DESCRIPTION_SLIDE_MS,
  FieldDescription,
  MessagesProvider,
  SkipLink,
  useAlertFocus,
  useFieldDescription,
} from './index';

afterEach(() => {
  vi.useRealTimers();
});

describe('useAlertFocus', () => {
  function Notice() {
    const ref = useRef<HTMLDivElement>(null);
    useAlertFocus(ref);
    return (
      <div ref={ref} role="alert" tabIndex={-1}>
        Please enter a valid email address.
      </div>
    );
  }

  test('focuses the alert 500 ms after it mounts', async () => {
    vi.useFakeTimers();
    render(<Notice />);
    await act(() => vi.advanceTimersByTimeAsync(ALERT_FOCUS_DELAY_MS - 1));
    expect(screen.getByRole('alert')).not.toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});

describe('FieldDescription', () => {
  function Field() {
    const { fieldProps, descriptionProps } = useFieldDescription();
    return (
      <>
        <label>
          Username <input {...fieldProps} />
        </label>
        <FieldDescription {...descriptionProps}>Used to log in.</FieldDescription>
        <button type="button">Next</button>
      </>
    );
  }

  test('shows while the field has focus and slides out over 250 ms, staying its description', async () => {
    vi.useFakeTimers();
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    const description = document.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(input).toHaveAccessibleDescription('Used to log in.');
    expect(description).not.toBeVisible();
    act(() => input.focus());
    expect(description).toBeVisible();
    expect(description).toHaveAttribute('data-state', 'open');
    act(() => input.blur());
    expect(description).toHaveAttribute('data-state', 'closing');
    await act(() => vi.advanceTimersByTimeAsync(FIELD_DESCRIPTION_SLIDE_MS - 1));
    expect(description).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(description).toHaveAttribute('data-state', 'closed');
    expect(description).not.toBeVisible();
  });
});

describe('SkipLink', () => {
  test('is the first tab stop and moves focus to the main region', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink />
        <a href="#x">Shop</a>
        <main id="main">
          <button type="button">Inside</button>
        </main>
      </>,
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
  });

  test('takes its text from the catalogue', () => {
    render(
      <MessagesProvider messages={{ 'skipLink.label': 'Aller au contenu' }}>
        <SkipLink href="#content" />
      </MessagesProvider>,
    );
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveAttribute(
      'href',
      '#content',
    );
  });
});
