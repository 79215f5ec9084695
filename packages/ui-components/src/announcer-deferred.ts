import { UiComponentsError } from './errors';
import type {
  Announcer,
  AnnouncerOptions,
  AnnouncerSnapshot,
  CancelAnnouncement,
  Politeness,
} from './announcer';

/** What a deferred announcer's loader resolves to: the `./announcer` entry. */
export interface AnnouncerModule {
  createAnnouncer(options?: AnnouncerOptions): Announcer;
}

/** Options of {@link createDeferredAnnouncer}. */
export interface DeferredAnnouncerOptions extends AnnouncerOptions {
  /**
   * Loads the announcer's code, e.g. `() => import('@cartwright/ui-components/announcer')`
   * through the app's chunk loader. Called with the first announcement; after a failure,
   * with the next one.
   */
  load: () => Promise<AnnouncerModule>;
  /**
   * The clock the delays are kept by while the code loads.
   * @default Date.now
   */
  now?: (() => number) | undefined;
}

/** An {@link Announcer} whose code loads with its first announcement. */
export interface DeferredAnnouncer extends Announcer {
  /** Loads the code now (it is otherwise loaded by the first announcement). */
  load(): Promise<void>;
}

const NOTHING: AnnouncerSnapshot = { polite: [], assertive: [] };

/**
 * An announcer whose queue, gap and clear timing (`createAnnouncer`) load with the first
 * announcement. Until then it is an empty store that notes each message with the time it is
 * due; when the code arrives the notes are handed to the real announcer in the order they are
 * due, each with what is left of its delay, so nothing is lost or reordered and a message whose
 * delay outlasts the load is read exactly when it would have been. A load that fails keeps the
 * notes for the next announcement's load.
 *
 * @throws {UiComponentsError} `invalid_announcement` from `announce`, as `createAnnouncer`'s.
 * @example
 * const announcer = createDeferredAnnouncer({
 *   load: () => import('@cartwright/ui-components/announcer'),
 * });
 * <AnnouncerProvider announcer={announcer}>…</AnnouncerProvider>
 */
export function createDeferredAnnouncer({
  load,
  now = Date.now,
  ...options
}: DeferredAnnouncerOptions): DeferredAnnouncer {
  /** A message waiting for the code: when it is due, and its cancel once handed over. */
  interface Note {
    message: string;
    politeness: Politeness;
    due: number;
    cancel?: CancelAnnouncement;
  }
  let notes: Note[] = [];
  let real: Announcer | null = null;
  let loading: Promise<void> | null = null;
  let destroyed = false;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const start = (): Promise<void> =>
    (loading ??= load().then(
      (module) => {
        if (destroyed || real) return;
        real = module.createAnnouncer(options);
        real.subscribe(emit);
        const at = now();
        for (const note of notes.sort((a, b) => a.due - b.due)) {
          note.cancel = real.announce(note.message, {
            politeness: note.politeness,
            delayMs: Math.max(0, note.due - at),
          });
        }
        notes = [];
        emit();
      },
      () => {
        loading = null;
      },
    ));

  return {
    announce(message, announceOptions = {}) {
      if (real) return real.announce(message, announceOptions);
      const { politeness = 'polite', delayMs = 0 } = announceOptions;
      if (
        (politeness !== 'polite' && politeness !== 'assertive') ||
        !Number.isFinite(delayMs) ||
        delayMs < 0
      ) {
        throw new UiComponentsError(
          'invalid_announcement',
          'Announcer: politeness must be "polite" or "assertive", delayMs 0 or more',
          { input: announceOptions },
        );
      }
      if (message.trim() === '' || destroyed) return () => undefined;
      const note: Note = { message, politeness, due: now() + delayMs };
      notes.push(note);
      void start();
      return () => {
        notes = notes.filter((other) => other !== note);
        note.cancel?.();
      };
    },
    clear(politeness) {
      notes = politeness ? notes.filter((note) => note.politeness !== politeness) : [];
      real?.clear(politeness);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => (real ? real.getSnapshot() : NOTHING),
    destroy() {
      destroyed = true;
      notes = [];
      real?.destroy();
      listeners.clear();
    },
    load: start,
  };
}
