import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ANNOUNCER_CLEAR_MS, ANNOUNCER_GAP_MS, createAnnouncer, type Announcer } from './announcer';
import { attachAnnouncer } from './announcer-attach';
import { mountAnnouncer } from './announcer-dom';

function texts(announcer: Announcer) {
  const snapshot = announcer.getSnapshot();
  return {
    polite: snapshot.polite.map((entry) => entry.message),
    assertive: snapshot.assertive.map((entry) => entry.message),
  };
}

describe('createAnnouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('adds queued messages one gap apart, so none replaces another', async () => {
    const announcer = createAnnouncer();
    const seen: string[][] = [];
    announcer.subscribe(() => seen.push(texts(announcer).polite));
    announcer.announce('First');
    announcer.announce('Second');
    announcer.announce('Third');
    expect(texts(announcer).polite).toEqual(['First']);
    await vi.advanceTimersByTimeAsync(ANNOUNCER_GAP_MS - 1);
    expect(texts(announcer).polite).toEqual(['First']);
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(announcer).polite).toEqual(['First', 'Second']);
    await vi.advanceTimersByTimeAsync(ANNOUNCER_GAP_MS);
    expect(seen).toEqual([['First'], ['First', 'Second'], ['First', 'Second', 'Third']]);
  });

  test('removes each message once it has stayed its time', async () => {
    const announcer = createAnnouncer();
    announcer.announce('Gone later');
    await vi.advanceTimersByTimeAsync(ANNOUNCER_CLEAR_MS - 1);
    expect(texts(announcer).polite).toEqual(['Gone later']);
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(announcer).polite).toEqual([]);
  });

  test('waits the requested delay before queueing', async () => {
    const announcer = createAnnouncer();
    announcer.announce('“Beanie” has been added to your cart', { delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(texts(announcer).polite).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(announcer).polite).toEqual(['“Beanie” has been added to your cart']);
  });

  test('keeps the polite and the assertive queues apart', () => {
    const announcer = createAnnouncer();
    announcer.announce('Polite');
    announcer.announce('Urgent', { politeness: 'assertive' });
    expect(texts(announcer)).toEqual({ polite: ['Polite'], assertive: ['Urgent'] });
  });

  test('gives the same text twice two entries, so it is read twice', async () => {
    const announcer = createAnnouncer();
    announcer.announce('Cart updated.');
    await vi.advanceTimersByTimeAsync(ANNOUNCER_GAP_MS);
    announcer.announce('Cart updated.');
    const ids = announcer.getSnapshot().polite.map((entry) => entry.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  test('does not queue a text that is already waiting, nor an empty one', async () => {
    const announcer = createAnnouncer();
    announcer.announce('Shown');
    announcer.announce('Waiting');
    announcer.announce('Waiting');
    announcer.announce('   ');
    await vi.advanceTimersByTimeAsync(ANNOUNCER_GAP_MS * 3);
    expect(texts(announcer).polite).toEqual(['Shown', 'Waiting']);
  });

  test('drops a cancelled message that is still waiting but keeps one already shown', async () => {
    const announcer = createAnnouncer();
    const cancelShown = announcer.announce('Shown');
    const cancelDelayed = announcer.announce('Delayed', { delayMs: 1000 });
    const cancelQueued = announcer.announce('Queued');
    cancelShown();
    cancelDelayed();
    cancelQueued();
    await vi.advanceTimersByTimeAsync(2000);
    expect(texts(announcer).polite).toEqual(['Shown']);
  });

  test('clears one region or both, and destroy stops every timer', async () => {
    const announcer = createAnnouncer();
    announcer.announce('A');
    announcer.announce('B', { politeness: 'assertive' });
    announcer.clear('assertive');
    expect(texts(announcer)).toEqual({ polite: ['A'], assertive: [] });
    announcer.announce('Later', { delayMs: 100 });
    announcer.destroy();
    await vi.advanceTimersByTimeAsync(1000);
    expect(texts(announcer)).toEqual({ polite: [], assertive: [] });
    expect(vi.getTimerCount()).toBe(0);
  });

  test.each([[{ delayMs: -1 }], [{ delayMs: Number.NaN }], [{ politeness: 'loud' }]])(
    'rejects the options %j with invalid_announcement',
    (options) => {
      expect(() => createAnnouncer().announce('x', options as never)).toThrow(
        expect.objectContaining({ name: 'UiComponentsError', code: 'invalid_announcement' }),
      );
    },
  );

  test('uses injected timers', () => {
    const scheduled: number[] = [];
    const announcer = createAnnouncer({
      gapMs: 10,
      clearAfterMs: 20,
      setTimeout: (_callback, ms) => scheduled.push(ms),
      clearTimeout: () => undefined,
    });
    announcer.announce('x');
    expect(scheduled).toEqual([20, 10]);
  });
});

describe('mountAnnouncer', () => {
  test('renders both regions into the body and keeps them in step with the announcer', () => {
    vi.useFakeTimers();
    const announcer = createAnnouncer();
    const unmount = mountAnnouncer(announcer, document);
    const polite = document.querySelector('[data-cw-announcer="polite"]');
    const assertive = document.querySelector('[data-cw-announcer="assertive"]');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    announcer.announce('Hello');
    announcer.announce('Oops', { politeness: 'assertive' });
    expect(polite?.textContent).toBe('Hello');
    expect(assertive?.textContent).toBe('Oops');
    vi.advanceTimersByTime(ANNOUNCER_CLEAR_MS);
    expect(polite?.textContent).toBe('');
    unmount();
    expect(document.querySelector('[data-cw-announcer]')).toBeNull();
    vi.useRealTimers();
  });
});

describe('attachAnnouncer', () => {
  test('fills regions already in the page, and its detach stops that and leaves them', () => {
    vi.useFakeTimers();
    const announcer = createAnnouncer();
    document.body.innerHTML =
      '<div data-cw-announcer="polite" aria-live="polite"></div>' +
      '<div data-cw-announcer="assertive" aria-live="assertive"></div>';
    const polite = document.querySelector('[data-cw-announcer="polite"]')!;
    const assertive = document.querySelector('[data-cw-announcer="assertive"]')!;
    const detach = attachAnnouncer(announcer, { polite, assertive });
    announcer.announce('Added to cart');
    announcer.announce('Out of stock', { politeness: 'assertive' });
    expect(polite.textContent).toBe('Added to cart');
    expect(assertive.textContent).toBe('Out of stock');
    // One element per message, so a screen reader reads each addition on its own.
    expect(polite.children).toHaveLength(1);
    vi.advanceTimersByTime(ANNOUNCER_CLEAR_MS);
    expect(polite.textContent).toBe('');
    detach();
    announcer.announce('Not shown');
    expect(polite.textContent).toBe('');
    expect(document.querySelectorAll('[data-cw-announcer]')).toHaveLength(2);
    document.body.innerHTML = '';
    vi.useRealTimers();
  });
});
