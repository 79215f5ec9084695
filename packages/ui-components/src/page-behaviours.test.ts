import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ALERT_FOCUS_DELAY_MS,
  SCROLL_TO_NOTICE_DURATION_MS,
  focusAlertAfterLoad,
  scrollToNotice,
  type ScrollWindow,
} from './page-behaviours';

describe('focusAlertAfterLoad', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button>Elsewhere</button><div role="alert">Wrong password.</div>';
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  test('focuses the alert 500 ms after load, making it focusable first', () => {
    const alert = document.querySelector<HTMLElement>('[role="alert"]')!;
    focusAlertAfterLoad(alert);
    vi.advanceTimersByTime(ALERT_FOCUS_DELAY_MS - 1);
    expect(alert).not.toHaveFocus();
    vi.advanceTimersByTime(1);
    expect(alert).toHaveFocus();
    expect(alert).toHaveAttribute('tabindex', '-1');
  });

  test('leaves focus alone when the shopper moved it meanwhile, or when cancelled', () => {
    const alert = document.querySelector<HTMLElement>('[role="alert"]')!;
    const button = document.querySelector('button')!;
    focusAlertAfterLoad(alert);
    button.focus();
    vi.advanceTimersByTime(ALERT_FOCUS_DELAY_MS);
    expect(button).toHaveFocus();
    button.blur();
    focusAlertAfterLoad(alert)();
    vi.advanceTimersByTime(ALERT_FOCUS_DELAY_MS);
    expect(alert).not.toHaveFocus();
  });

  test('rejects a negative delay with invalid_options', () => {
    expect(() => focusAlertAfterLoad(document.body, { delayMs: -5 })).toThrow(
      expect.objectContaining({ code: 'invalid_options' }),
    );
  });
});

/** A window whose frames are run by hand, at the given times. */
function fakeWindow(reducedMotion: boolean, scrollY = 0) {
  const frames: Array<(time: number) => void> = [];
  const positions: number[] = [];
  const win: ScrollWindow = {
    scrollY,
    scrollTo: ({ top }) => positions.push(Math.round(top)),
    matchMedia: (query) => ({ matches: reducedMotion && query.includes('reduce') }),
    requestAnimationFrame: (callback) => frames.push(callback),
    cancelAnimationFrame: (handle) => {
      frames[handle - 1] = () => undefined;
    },
  };
  const runFrameAt = (time: number) => frames.at(-1)?.(time);
  return { win, positions, frames, runFrameAt };
}

function noticeAt(top: number): Element {
  const element = document.createElement('div');
  element.getBoundingClientRect = () => ({ top }) as DOMRect;
  return element;
}

describe('scrollToNotice', () => {
  test('stops 100 px above the notice after 1000 ms, eased', () => {
    const { win, positions, runFrameAt } = fakeWindow(false, 200);
    scrollToNotice(noticeAt(900), { window: win });
    runFrameAt(0);
    runFrameAt(SCROLL_TO_NOTICE_DURATION_MS / 2);
    runFrameAt(SCROLL_TO_NOTICE_DURATION_MS);
    // from 200 to 200 + 900 - 100 = 1000; halfway in time is halfway in distance (swing)
    expect(positions).toEqual([200, 600, 1000]);
  });

  test('jumps at once under prefers-reduced-motion', () => {
    const { win, positions, frames } = fakeWindow(true, 0);
    scrollToNotice(noticeAt(500), { window: win });
    expect(positions).toEqual([400]);
    expect(frames).toHaveLength(0);
  });

  test('never scrolls above the top of the page, and stops when cancelled', () => {
    const { win, positions, runFrameAt } = fakeWindow(false, 50);
    const stop = scrollToNotice(noticeAt(20), { window: win });
    runFrameAt(0);
    stop();
    runFrameAt(500);
    expect(positions).toEqual([50]);
    expect(Math.min(...positions)).toBeGreaterThanOrEqual(0);
  });

  test('rejects a negative offset with invalid_options', () => {
    const { win } = fakeWindow(false);
    expect(() => scrollToNotice(noticeAt(0), { window: win, offsetPx: -1 })).toThrow(
      expect.objectContaining({ code: 'invalid_options' }),
    );
  });
});
