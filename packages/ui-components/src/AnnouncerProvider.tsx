import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { AnnounceOptions, Announcer, CancelAnnouncement, Politeness } from './announcer';
import { createDeferredAnnouncer } from './announcer-deferred';
import { liveRegionAttributes } from './announcer-live-region';

/** The package's own loader of the announcer's code (a plain `import()`). */
const loadOwn = () => import('./announcer');

const AnnouncerContext = createContext<Announcer | null>(null);

/** Props of {@link AnnouncerProvider}. */
export interface AnnouncerProviderProps {
  /** The page (or app) whose components announce through this provider. */
  children?: ReactNode;
  /**
   * An announcer made with `createAnnouncer()`, e.g. one that framework-free code
   * (cart-queue's `announce` option) shares with React, or with `createDeferredAnnouncer()`
   * to load its code through the app's own loader.
   * @default a new announcer owned by the provider, whose code loads with the first
   *   announcement (`createDeferredAnnouncer`)
   */
  announcer?: Announcer | undefined;
  /**
   * False to render no live regions: for a page that renders one announcer through several
   * React roots (islands hydrated on their own), where one provider renders the regions and the
   * others, given the same `announcer`, only let their components announce through it.
   * @default true
   */
  regions?: boolean | undefined;
}

function LiveRegion({
  announcer,
  politeness,
}: {
  announcer: Announcer;
  politeness: Politeness;
}): ReactElement {
  const snapshot = useSyncExternalStore(
    announcer.subscribe,
    announcer.getSnapshot,
    announcer.getSnapshot,
  );
  return (
    <div className="cw-announcer cw-visually-hidden" {...liveRegionAttributes(politeness)}>
      {snapshot[politeness].map((entry) => (
        <div key={entry.id}>{entry.message}</div>
      ))}
    </div>
  );
}

/**
 * Renders the page's one polite and one assertive live region (server-rendered, so
 * they exist before anything is announced) and lets every component below announce
 * into them through {@link useAnnounce}: messages are queued, so one never cuts off
 * another. Mount it once, near the root. The queue's code loads with the first
 * announcement; a message's delay counts from when it was announced.
 *
 * @example
 * <AnnouncerProvider>
 *   <App />
 * </AnnouncerProvider>
 */
export function AnnouncerProvider({
  children,
  announcer,
  regions = true,
}: AnnouncerProviderProps): ReactElement {
  const [owned] = useState(() => announcer ?? createDeferredAnnouncer({ load: loadOwn }));
  const active = announcer ?? owned;
  useEffect(() => {
    if (announcer) return undefined;
    return () => owned.destroy();
  }, [announcer, owned]);
  return (
    <AnnouncerContext.Provider value={active}>
      {children}
      {regions ? (
        <>
          <LiveRegion announcer={active} politeness="polite" />
          <LiveRegion announcer={active} politeness="assertive" />
        </>
      ) : null}
    </AnnouncerContext.Provider>
  );
}

let fallback: { announcer: Announcer; users: number; unmount: () => void } | null = null;

/**
 * The shared announcer of components without a provider. Its code (`announcer-fallback`)
 * loads at once: it renders the regions into `document.body` (`mountAnnouncer`) before its
 * queue takes the first message, so the regions exist before anything is added to them.
 */
function makeFallback(doc: Document): NonNullable<typeof fallback> {
  let unmount: (() => void) | undefined;
  let gone = false;
  const announcer = createDeferredAnnouncer({
    load: () =>
      import('./announcer-fallback').then((module) => {
        if (!gone) unmount ??= module.mountAnnouncer(announcer, doc);
        return module;
      }),
  });
  void announcer.load();
  return {
    announcer,
    users: 0,
    unmount: () => {
      gone = true;
      unmount?.();
    },
  };
}

/**
 * Queues a message for the page's live regions. Use it for feedback that has no
 * visible place of its own, or that must be heard when it appears.
 *
 * Without an {@link AnnouncerProvider} above, a shared announcer renders its regions
 * into `document.body` while any component using this hook is mounted (from a chunk
 * loaded when the first one mounts), so announcements still work (but are not
 * server-rendered).
 *
 * @returns `announce(message, options?)`, stable across renders; it returns a
 *   function that drops the message if it is still waiting.
 * @example
 * const announce = useAnnounce();
 * announce('“Beanie” has been added to your cart', { delayMs: 1000 });
 */
export function useAnnounce(): (message: string, options?: AnnounceOptions) => CancelAnnouncement {
  const provided = useContext(AnnouncerContext);
  useEffect(() => {
    if (provided) return undefined;
    fallback ??= makeFallback(document);
    fallback.users += 1;
    return () => {
      if (!fallback) return;
      fallback.users -= 1;
      if (fallback.users === 0) {
        fallback.unmount();
        fallback.announcer.destroy();
        fallback = null;
      }
    };
  }, [provided]);
  return useCallback(
    (message: string, options?: AnnounceOptions) => {
      const announcer = provided ?? fallback?.announcer;
      // Before the effect ran (during render) or on the server there is nowhere to say it.
      return announcer ? announcer.announce(message, options) : () => undefined;
    },
    [provided],
  );
}

/**
 * Announces `message` whenever it changes to a non-empty text (declarative
 * {@link useAnnounce}). A message still waiting when it changes, or when the component
 * unmounts, is dropped; one already read out is left alone.
 *
 * @example
 * useAnnouncement(status === 'error' ? 'Could not update the cart.' : '', {
 *   politeness: 'assertive',
 * });
 */
export function useAnnouncement(message: string, options: AnnounceOptions = {}): void {
  const announce = useAnnounce();
  const { politeness, delayMs } = options;
  useEffect(() => {
    if (message === '') return undefined;
    return announce(message, { politeness, delayMs });
  }, [announce, message, politeness, delayMs]);
}
