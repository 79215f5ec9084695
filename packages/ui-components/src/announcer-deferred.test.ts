import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import * as announcerModule from './announcer';
import { createDeferredAnnouncer, type AnnouncerModule } from './announcer-deferred';
import { isUiComponentsError } from './errors';

/** A load that resolves (or fails) when the test says so. */
function heldLoad() {
  const calls: Array<{ resolve: (m: AnnouncerModule) => void; reject: (e: Error) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<AnnouncerModule>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

const texts = (announcer: { getSnapshot: () => announcerModule.AnnouncerSnapshot }) => ({
  polite: announcer.getSnapshot().polite.map((entry) => entry.message),
  assertive: announcer.getSnapshot().assertive.map((entry) => entry.message),
});

describe('createDeferredAnnouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('loads nothing until the first message, then once', async () => {
    const { load, calls } = heldLoad();
    const announcer = createDeferredAnnouncer({ load });
    announcer.subscribe(() => undefined);
    announcer.announce('');
    expect(load).not.toHaveBeenCalled();
    announcer.announce('Added');
    announcer.announce('Removed');
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]?.resolve(announcerModule);
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(announcer).polite).toEqual(['Added']);
    await vi.advanceTimersByTimeAsync(announcerModule.ANNOUNCER_GAP_MS);
    expect(texts(announcer).polite).toEqual(['Added', 'Removed']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a delay outlasting the load is kept exactly, counted from the announcement', async () => {
    const { load, calls } = heldLoad();
    const announcer = createDeferredAnnouncer({ load });
    announcer.announce('Showing all 3 results', { delayMs: 2000 });
    await vi.advanceTimersByTimeAsync(300);
    calls[0]?.resolve(announcerModule);
    await vi.advanceTimersByTimeAsync(1699);
    expect(texts(announcer).polite).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(announcer).polite).toEqual(['Showing all 3 results']);
  });

  test('hands over what waited in the order it fell due, each region on its own', async () => {
    const { load, calls } = heldLoad();
    const announcer = createDeferredAnnouncer({ load });
    const changes = vi.fn();
    announcer.subscribe(changes);
    announcer.announce('Due at 1000', { delayMs: 1000 });
    announcer.announce('Due at 0');
    announcer.announce('Could not add', { politeness: 'assertive' });
    await vi.advanceTimersByTimeAsync(1500);
    announcer.announce('Due at 1500');
    calls[0]?.resolve(announcerModule);
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toHaveBeenCalled();
    expect(texts(announcer)).toEqual({ polite: ['Due at 0'], assertive: ['Could not add'] });
    await vi.advanceTimersByTimeAsync(announcerModule.ANNOUNCER_GAP_MS * 2);
    expect(texts(announcer).polite).toEqual(['Due at 0', 'Due at 1000', 'Due at 1500']);
  });

  test('a message cancelled while the code loads is never said; a failed load loses nothing', async () => {
    const { load, calls } = heldLoad();
    const announcer = createDeferredAnnouncer({ load });
    const cancel = announcer.announce('Gone');
    announcer.announce('Kept');
    cancel();
    calls[0]?.reject(new Error('chunk failed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(announcer).polite).toEqual([]);
    // The next message loads again, and the one that waited comes first.
    announcer.announce('Next');
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]?.resolve(announcerModule);
    await vi.advanceTimersByTimeAsync(announcerModule.ANNOUNCER_GAP_MS);
    expect(texts(announcer).polite).toEqual(['Kept', 'Next']);
  });

  test('refuses bad options at once, as the real announcer does', () => {
    const { load } = heldLoad();
    const announcer = createDeferredAnnouncer({ load });
    for (const options of [{ delayMs: -1 }, { delayMs: Number.NaN }]) {
      expect(() => announcer.announce('x', options)).toThrow(
        expect.objectContaining({ code: 'invalid_announcement' }),
      );
    }
    let caught: unknown;
    try {
      announcer.announce('x', { politeness: 'rude' as 'polite' });
    } catch (error) {
      caught = error;
    }
    expect(isUiComponentsError(caught) && caught.code).toBe('invalid_announcement');
    expect(load).not.toHaveBeenCalled();
  });

  test('clear and destroy drop what waits for the code', async () => {
    const { load, calls } = heldLoad();
    const announcer = createDeferredAnnouncer({ load });
    announcer.announce('Polite');
    announcer.announce('Assertive', { politeness: 'assertive' });
    announcer.clear('polite');
    calls[0]?.resolve(announcerModule);
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(announcer)).toEqual({ polite: [], assertive: ['Assertive'] });
    announcer.destroy();
    expect(texts(announcer)).toEqual({ polite: [], assertive: [] });
  });
});
