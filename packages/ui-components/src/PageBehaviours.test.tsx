import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ALERT_FOCUS_DELAY_MS,
  FIELD_DESCRIPTION_SLIDE_MS,
  AlertNotice,
  FieldDescription,
  MessagesProvider,
  PageBehavioursProvider,
  type PageBehavioursModule,
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
    // Its code loads when the notice mounts; the 500 ms count from the mount.
    await act(() => vi.dynamicImportSettled());
    await act(() => vi.advanceTimersByTimeAsync(ALERT_FOCUS_DELAY_MS - 1));
    expect(screen.getByRole('alert')).not.toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});

describe('AlertNotice', () => {
  beforeEach(() => {
    // jsdom has no media queries or scrolling: reduced motion, so the scroll is one call.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('loads its code when it appears and still focuses 500 ms after, though the code came late', async () => {
    vi.useFakeTimers();
    const module = await import('./page-behaviours');
    let arrive: (value: PageBehavioursModule) => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<PageBehavioursModule>((resolve) => {
          arrive = resolve;
        }),
    );
    const view = render(
      <PageBehavioursProvider load={load}>
        <p>No notice yet</p>
      </PageBehavioursProvider>,
    );
    expect(load).not.toHaveBeenCalled();
    view.rerender(
      <PageBehavioursProvider load={load}>
        <AlertNotice>Please enter a valid email address.</AlertNotice>
      </PageBehavioursProvider>,
    );
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(window.scrollTo).not.toHaveBeenCalled();
    arrive(module);
    await act(() => vi.advanceTimersByTimeAsync(ALERT_FOCUS_DELAY_MS - 300 - 1));
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).not.toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  test('leaves focus where the shopper put it while the code loaded', async () => {
    vi.useFakeTimers();
    const module = await import('./page-behaviours');
    let arrive: (value: PageBehavioursModule) => void = () => undefined;
    const load = () =>
      new Promise<PageBehavioursModule>((resolve) => {
        arrive = resolve;
      });
    render(
      <PageBehavioursProvider load={load}>
        <AlertNotice>Please enter a valid email address.</AlertNotice>
        <input aria-label="Email" />
      </PageBehavioursProvider>,
    );
    act(() => screen.getByRole('textbox').focus());
    arrive(module);
    await act(() => vi.advanceTimersByTimeAsync(ALERT_FOCUS_DELAY_MS));
    expect(screen.getByRole('textbox')).toHaveFocus();
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
