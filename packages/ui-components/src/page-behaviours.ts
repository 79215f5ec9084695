import { UiComponentsError } from './errors';

/** Spec §9: alert notices receive focus this long after the page loads. */
export const ALERT_FOCUS_DELAY_MS = 500;

/** Spec §9: scrolling to a notice stops this many pixels above it. */
export const SCROLL_TO_NOTICE_OFFSET_PX = 100;

/** Spec §9: scrolling to a notice takes this long (instant under reduced motion). */
export const SCROLL_TO_NOTICE_DURATION_MS = 1000;

/** Timers, injected so tests and non-browser hosts can supply their own. */
export interface BehaviourTimers {
  /**
   * Schedules a callback.
   * @default globalThis.setTimeout
   */
  setTimeout?: ((callback: () => void, ms: number) => unknown) | undefined;
  /**
   * Cancels what `setTimeout` scheduled.
   * @default globalThis.clearTimeout
   */
  clearTimeout?: ((handle: unknown) => void) | undefined;
}

function timersOf(options: BehaviourTimers) {
  return {
    schedule:
      options.setTimeout ??
      ((callback: () => void, ms: number) => globalThis.setTimeout(callback, ms)),
    cancel:
      options.clearTimeout ??
      ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)),
  };
}

/** Options of {@link focusAlertAfterLoad}. */
export interface FocusAlertOptions extends BehaviourTimers {
  /**
   * How long to wait before moving focus.
   * @default ALERT_FOCUS_DELAY_MS (500)
   */
  delayMs?: number | undefined;
  /**
   * What had focus when the alert appeared: if something else has it when the delay is
   * over, the shopper chose it, and focus stays there. For code that starts after the alert
   * appeared (a lazily loaded caller).
   * @default the document's active element now
   */
  focusedBefore?: Element | null | undefined;
}

/**
 * Moves focus to an alert notice 500 ms after the page loads (spec §4 "Page
 * behaviours"), so a screen reader reads it and the keyboard continues from it.
 * An element that is not focusable gets `tabindex="-1"` first. Nothing happens if the
 * element has left the page, or if the shopper has focused something else meanwhile.
 *
 * @returns a function that cancels the pending focus.
 * @throws {UiComponentsError} `invalid_options` for a negative or non-finite delay.
 * @example
 * const cancel = focusAlertAfterLoad(document.querySelector('[role="alert"]')!);
 */
export function focusAlertAfterLoad(
  element: HTMLElement,
  options: FocusAlertOptions = {},
): () => void {
  const delayMs = options.delayMs ?? ALERT_FOCUS_DELAY_MS;
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new UiComponentsError(
      'invalid_options',
      'focusAlertAfterLoad: delayMs must be 0 or more',
      {
        input: delayMs,
      },
    );
  }
  const { schedule, cancel } = timersOf(options);
  const doc = element.ownerDocument;
  const before = options.focusedBefore === undefined ? doc.activeElement : options.focusedBefore;
  const handle = schedule(() => {
    if (!element.isConnected) return;
    const active = doc.activeElement;
    // Do not steal focus from something the shopper chose in the meantime.
    if (active !== before && active !== null && active !== doc.body) return;
    if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
    element.focus();
  }, delayMs);
  return () => cancel(handle);
}

/** The parts of `window` that {@link scrollToNotice} uses. */
export interface ScrollWindow {
  /** The current vertical scroll position. */
  readonly scrollY: number;
  /** Scrolls to an absolute position. */
  scrollTo(options: { top: number; left?: number; behavior?: 'auto' | 'instant' }): void;
  /** Answers `(prefers-reduced-motion: reduce)`. */
  matchMedia(query: string): { matches: boolean };
  /** Schedules one animation frame. */
  requestAnimationFrame(callback: (time: number) => void): number;
  /** Cancels an animation frame. */
  cancelAnimationFrame(handle: number): void;
}

/** Options of {@link scrollToNotice}. */
export interface ScrollToNoticeOptions {
  /**
   * Stop this many pixels above the notice.
   * @default SCROLL_TO_NOTICE_OFFSET_PX (100)
   */
  offsetPx?: number | undefined;
  /**
   * How long the scroll takes.
   * @default SCROLL_TO_NOTICE_DURATION_MS (1000)
   */
  durationMs?: number | undefined;
  /**
   * The window to scroll.
   * @default the element's `ownerDocument.defaultView`
   */
  window?: ScrollWindow | undefined;
  /**
   * When the scroll is taken to have begun, on the animation frames' clock
   * (`performance.now()`): a caller that starts late (its code loaded after the notice
   * appeared) passes the notice's arrival, and the animation ends on time, `durationMs`
   * after it.
   * @default the first animation frame
   */
  startedAt?: number | undefined;
}

/**
 * Scrolls the page so `element` (a notice) sits 100 px below the top, over 1000 ms
 * with WooCommerce's easing, or at once when the shopper prefers reduced motion (spec
 * §4 "Page behaviours"). A wheel, touch or key press by the shopper is not fought:
 * call the returned function to stop the animation.
 *
 * @returns a function that stops the scroll where it is.
 * @throws {UiComponentsError} `invalid_options` for a negative or non-finite offset
 *   or duration, or when there is no window.
 * @example
 * scrollToNotice(document.querySelector('.woocommerce-error')!);
 */
export function scrollToNotice(element: Element, options: ScrollToNoticeOptions = {}): () => void {
  const offsetPx = options.offsetPx ?? SCROLL_TO_NOTICE_OFFSET_PX;
  const durationMs = options.durationMs ?? SCROLL_TO_NOTICE_DURATION_MS;
  for (const [name, value] of [
    ['offsetPx', offsetPx],
    ['durationMs', durationMs],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) {
      throw new UiComponentsError('invalid_options', `scrollToNotice: ${name} must be 0 or more`, {
        input: value,
      });
    }
  }
  const win = options.window ?? (element.ownerDocument.defaultView as ScrollWindow | null);
  if (!win) {
    throw new UiComponentsError('invalid_options', 'scrollToNotice: the element has no window', {
      input: element,
    });
  }
  const start = win.scrollY;
  const target = Math.max(0, start + element.getBoundingClientRect().top - offsetPx);
  const reduced = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced || durationMs === 0 || target === start) {
    win.scrollTo({ top: target, behavior: 'instant' });
    return () => undefined;
  }
  let frame = 0;
  let startTime: number | null = options.startedAt ?? null;
  const step = (time: number) => {
    startTime ??= time;
    const progress = Math.min(1, (time - startTime) / durationMs);
    // jQuery's "swing", which WooCommerce's notices animation uses.
    const eased = 0.5 - Math.cos(progress * Math.PI) / 2;
    win.scrollTo({ top: start + (target - start) * eased, behavior: 'instant' });
    if (progress < 1) frame = win.requestAnimationFrame(step);
  };
  frame = win.requestAnimationFrame(step);
  return () => win.cancelAnimationFrame(frame);
}

/** When a notice appeared, for code that starts after it did (a lazily loaded caller). */
export interface NoticeArrival {
  /** When it appeared, on `performance.now()`'s clock. */
  at: number;
  /** What had focus then. */
  focused: Element | null;
}

/**
 * {@link focusAlertAfterLoad}'s options for an alert that appeared at `arrival`: what is left
 * of the 500 ms, and what had focus then.
 */
export function alertFocusSince(arrival: NoticeArrival): FocusAlertOptions {
  return {
    delayMs: Math.max(0, ALERT_FOCUS_DELAY_MS - (performance.now() - arrival.at)),
    focusedBefore: arrival.focused,
  };
}

/**
 * An alert notice's two behaviours, counted from its arrival: scrolled to (100 px above it,
 * ending 1000 ms after it appeared) and focused 500 ms after it appeared, unless the shopper
 * moved focus meanwhile. `AlertNotice` runs it once this code has loaded.
 *
 * @returns a function that stops the scroll and cancels the focus.
 * @example
 * const stop = showAlertNotice(notice, { at: performance.now(), focused: document.activeElement });
 */
export function showAlertNotice(element: HTMLElement, arrival: NoticeArrival): () => void {
  const stopScroll = scrollToNotice(element, { startedAt: arrival.at });
  const cancelFocus = focusAlertAfterLoad(element, alertFocusSince(arrival));
  return () => {
    stopScroll();
    cancelFocus();
  };
}
