import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ANNOUNCER_GAP_MS, createAnnouncer } from './announcer';
import { AnnouncerProvider, useAnnounce, useAnnouncement } from './AnnouncerProvider';
import { MessagesProvider, useMessages } from './MessagesProvider';
import { MINI_CART_MESSAGES } from './messages-mini-cart';

function Announces({ message, delayMs }: { message: string; delayMs?: number }) {
  useAnnouncement(message, { delayMs });
  return null;
}

describe('AnnouncerProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('renders a polite and an assertive live region, empty at first', () => {
    render(<AnnouncerProvider />);
    const regions = screen.getAllByRole('log');
    expect(regions.map((region) => region.getAttribute('aria-live'))).toEqual([
      'polite',
      'assertive',
    ]);
    expect(regions.every((region) => region.textContent === '')).toBe(true);
  });

  test('with regions={false} renders no live region, and its components announce through the announcer given', () => {
    const announcer = createAnnouncer();
    function Adds() {
      const announce = useAnnounce();
      useEffect(() => {
        announce('Added');
      }, [announce]);
      return null;
    }
    render(
      <AnnouncerProvider announcer={announcer} regions={false}>
        <Adds />
      </AnnouncerProvider>,
    );
    expect(screen.queryAllByRole('log')).toEqual([]);
    expect(announcer.getSnapshot().polite.map((entry) => entry.message)).toEqual(['Added']);
  });

  test('reads two components’ messages one after the other', async () => {
    function Both() {
      const announce = useAnnounce();
      useEffect(() => {
        announce('Added');
        announce('Showing all 3 results');
      }, [announce]);
      return null;
    }
    render(
      <AnnouncerProvider>
        <Both />
      </AnnouncerProvider>,
    );
    const polite = screen.getAllByRole('log')[0];
    // The queue's code loads with the first message; the first is shown as it arrives.
    expect(polite).toHaveTextContent('');
    await act(() => vi.dynamicImportSettled());
    expect(polite).toHaveTextContent(/^Added$/);
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCER_GAP_MS));
    expect([...(polite?.children ?? [])].map((node) => node.textContent)).toEqual([
      'Added',
      'Showing all 3 results',
    ]);
  });

  test('drops a delayed message whose component unmounted before it was due', async () => {
    const announcer = createAnnouncer();
    const view = render(
      <AnnouncerProvider announcer={announcer}>
        <Announces message="Later" delayMs={2000} />
      </AnnouncerProvider>,
    );
    view.rerender(<AnnouncerProvider announcer={announcer} />);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(announcer.getSnapshot().polite).toEqual([]);
  });

  test('announces through regions in the body when no provider is mounted', async () => {
    const view = render(<Announces message="No provider needed" />);
    // The regions come with their chunk, loaded as the first user mounts.
    await act(() => vi.dynamicImportSettled());
    const region = document.body.querySelector('[data-cw-announcer="polite"]');
    view.rerender(<Announces message="Now said" />);
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCER_GAP_MS));
    expect([...(region?.children ?? [])].map((node) => node.textContent)).toEqual([
      'No provider needed',
      'Now said',
    ]);
    view.unmount();
    expect(document.body.querySelector('[data-cw-announcer]')).toBeNull();
  });
});

describe('MessagesProvider', () => {
  // Uses the mini-cart's texts, which come with its catalogue (as MiniCart passes it).
  function Checkout() {
    const t = useMessages(MINI_CART_MESSAGES);
    return (
      <p>
        {t.format('miniCart.checkout')} · {t.format('miniCart.viewCart')} · {t.locale}
      </p>
    );
  }

  test('uses the English defaults without a provider', () => {
    render(<Checkout />);
    expect(screen.getByText('Checkout · View cart · en-US')).toBeInTheDocument();
  });

  test('lays nested overrides over the outer ones and keeps the outer locale', () => {
    render(
      <MessagesProvider locale="fr-FR" messages={{ 'miniCart.viewCart': 'Voir le panier' }}>
        <MessagesProvider messages={{ 'miniCart.checkout': 'Commander' }}>
          <Checkout />
        </MessagesProvider>
      </MessagesProvider>,
    );
    expect(screen.getByText('Commander · Voir le panier · fr-FR')).toBeInTheDocument();
  });
});
