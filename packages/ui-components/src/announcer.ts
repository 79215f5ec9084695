import { UiComponentsError } from './errors';

/**
 * How urgently a message is read: `polite` waits until the screen reader is idle,
 * `assertive` interrupts what it is reading (errors only).
 */
export type Politeness = 'polite' | 'assertive';

/** One message shown in a live region. */
export interface Announcement {
  /** Unique per announcement, so the same text twice is two additions (read twice). */
  readonly id: number;
  /** The text read out. */
  readonly message: string;
}

/** What the two live regions hold now. */
export interface AnnouncerSnapshot {
  /** Messages in the polite region, oldest first. */
  readonly polite: readonly Announcement[];
  /** Messages in the assertive region, oldest first. */
  readonly assertive: readonly Announcement[];
}

/** Options of {@link Announcer.announce}. */
export interface AnnounceOptions {
  /**
   * Which live region reads the message.
   * @default 'polite'
   */
  politeness?: Politeness | undefined;
  /**
   * Wait this long before queueing the message, e.g. spec §9's 1000 ms for the
   * add-to-cart success message or 2000 ms for the re-announced result count.
   * @default 0
   */
  delayMs?: number | undefined;
}

/**
 * Drops one announcement that is still waiting (its delay or its turn). A message
 * already in its region stays until it is cleared: removing it could cut it off.
 */
export type CancelAnnouncement = () => void;

/**
 * One announcement coordinator: a polite and an assertive live region, each fed
 * from a queue so one message never cuts off another. Each message is added to its
 * region as a new node (never replacing the text being read), the next one follows
 * at least {@link ANNOUNCER_GAP_MS} later, and each is removed again after
 * {@link ANNOUNCER_CLEAR_MS}. An external store: render `getSnapshot()` and re-render
 * on `subscribe`.
 */
export interface Announcer {
  /**
   * Queues `message` for its live region. Empty text is ignored (it never clears
   * another component's message); the same text already waiting is not queued twice.
   *
   * @throws {UiComponentsError} `invalid_announcement` for a negative or non-finite
   *   `delayMs` or an unknown `politeness`.
   * @example
   * announcer.announce('“Beanie” has been added to your cart', { delayMs: 1000 });
   */
  announce(message: string, options?: AnnounceOptions): CancelAnnouncement;
  /** Drops waiting messages and empties the region(s); both when `politeness` is omitted. */
  clear(politeness?: Politeness): void;
  /** Calls `listener` after every change of the snapshot; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** The regions' contents now (a new object after every change). */
  getSnapshot: () => AnnouncerSnapshot;
  /** Cancels every timer and empties both regions. */
  destroy(): void;
}

/** Options of {@link createAnnouncer}: the timers are injected for tests. */
export interface AnnouncerOptions {
  /**
   * Least time between two messages of the same region.
   * @default ANNOUNCER_GAP_MS (500)
   */
  gapMs?: number | undefined;
  /**
   * How long a shown message stays in its region before it is removed.
   * @default ANNOUNCER_CLEAR_MS (7000)
   */
  clearAfterMs?: number | undefined;
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

/**
 * Least time between two messages in one region (decision 0018): additions closer
 * together are merged or dropped by some screen reader and browser pairs.
 */
export const ANNOUNCER_GAP_MS = 500;

/** How long a shown message stays in its region (decision 0018; react-aria uses 7 s too). */
export const ANNOUNCER_CLEAR_MS = 7000;

const EMPTY: readonly Announcement[] = [];

function checkDuration(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new UiComponentsError('invalid_announcement', `Announcer: ${name} must be 0 or more`, {
      input: value,
    });
  }
}

/**
 * Makes an {@link Announcer}. Framework-free: React code uses `AnnouncerProvider` and
 * `useAnnounce()`; other code renders the regions with `mountAnnouncer()`.
 *
 * @example
 * const announcer = createAnnouncer();
 * const unmount = mountAnnouncer(announcer, document);
 * createCartController({ ..., announce: (message) => announcer.announce(message) });
 */
export function createAnnouncer(options: AnnouncerOptions = {}): Announcer {
  const gapMs = options.gapMs ?? ANNOUNCER_GAP_MS;
  const clearAfterMs = options.clearAfterMs ?? ANNOUNCER_CLEAR_MS;
  checkDuration('gapMs', gapMs);
  checkDuration('clearAfterMs', clearAfterMs);
  const schedule =
    options.setTimeout ??
    ((callback: () => void, ms: number) => globalThis.setTimeout(callback, ms));
  const cancel =
    options.clearTimeout ??
    ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));

  interface Region {
    waiting: Announcement[];
    shown: readonly Announcement[];
    /** The gap timer: while set, the next message waits. */
    gap: unknown;
  }
  const regions: Record<Politeness, Region> = {
    polite: { waiting: [], shown: EMPTY, gap: null },
    assertive: { waiting: [], shown: EMPTY, gap: null },
  };
  const timers = new Set<unknown>();
  const listeners = new Set<() => void>();
  let snapshot: AnnouncerSnapshot = { polite: EMPTY, assertive: EMPTY };
  let nextId = 1;

  const later = (callback: () => void, ms: number): unknown => {
    const handle: unknown = schedule(() => {
      timers.delete(handle);
      callback();
    }, ms);
    timers.add(handle);
    return handle;
  };
  const stop = (handle: unknown) => {
    if (handle === null || !timers.has(handle)) return;
    timers.delete(handle);
    cancel(handle);
  };
  const emit = () => {
    snapshot = { polite: regions.polite.shown, assertive: regions.assertive.shown };
    for (const listener of [...listeners]) listener();
  };
  const remove = (politeness: Politeness, id: number) => {
    const region = regions[politeness];
    if (!region.shown.some((entry) => entry.id === id)) return;
    region.shown = region.shown.filter((entry) => entry.id !== id);
    emit();
  };
  const pump = (politeness: Politeness) => {
    const region = regions[politeness];
    if (region.gap !== null) return;
    const entry = region.waiting.shift();
    if (!entry) return;
    region.shown = [...region.shown, entry];
    emit();
    later(() => remove(politeness, entry.id), clearAfterMs);
    if (gapMs === 0) {
      pump(politeness);
      return;
    }
    region.gap = later(() => {
      region.gap = null;
      pump(politeness);
    }, gapMs);
  };

  return {
    announce(message, announceOptions = {}) {
      const politeness = announceOptions.politeness ?? 'polite';
      const delayMs = announceOptions.delayMs ?? 0;
      if (politeness !== 'polite' && politeness !== 'assertive') {
        throw new UiComponentsError(
          'invalid_announcement',
          `Announcer: politeness must be "polite" or "assertive"`,
          { input: politeness },
        );
      }
      checkDuration('delayMs', delayMs);
      if (message.trim() === '') return () => undefined;
      const region = regions[politeness];
      const entry: Announcement = { id: nextId++, message };
      let cancelled = false;
      const enqueue = () => {
        if (cancelled || region.waiting.some((waiting) => waiting.message === message)) return;
        region.waiting.push(entry);
        pump(politeness);
      };
      const delay = delayMs > 0 ? later(enqueue, delayMs) : null;
      if (delay === null) enqueue();
      return () => {
        cancelled = true;
        stop(delay);
        region.waiting = region.waiting.filter((waiting) => waiting !== entry);
      };
    },
    clear(politeness) {
      const which: readonly Politeness[] = politeness ? [politeness] : ['polite', 'assertive'];
      for (const name of which) {
        regions[name].waiting = [];
        regions[name].shown = EMPTY;
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot() {
      return snapshot;
    },
    destroy() {
      for (const handle of [...timers]) stop(handle);
      for (const region of Object.values(regions)) {
        region.waiting = [];
        region.shown = EMPTY;
        region.gap = null;
      }
      emit();
      listeners.clear();
    },
  };
}
