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
import {
  createAnnouncer,
  type AnnounceOptions,
  type Announcer,
  type CancelAnnouncement,
  type Politeness,
} from './announcer';
import { liveRegionAttributes, mountAnnouncer } from './announcer-dom';

const AnnouncerContext = createContext<Announcer | null>(null);

/** Props of {@link AnnouncerProvider}. */
export interface AnnouncerProviderProps {
  /** The page (or app) whose components announce through this provider. */
  children?: ReactNode;
  /**
   * An announcer made with `createAnnouncer()`, e.g. one that framework-free code
   * (cart-queue's `announce` option) shares with React.
   * @default a new announcer owned by the provider
   */
  announcer?: Announcer | undefined;
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
 * another. Mount it once, near the root.
 *
 * @example
 * <AnnouncerProvider>
 *   <App />
 * </AnnouncerProvider>
 */
export function AnnouncerProvider({ children, announcer }: AnnouncerProviderProps): ReactElement {
  const [owned] = useState(() => announcer ?? createAnnouncer());
  const active = announcer ?? owned;
  useEffect(() => {
    if (announcer) return undefined;
    return () => owned.destroy();
  }, [announcer, owned]);
  return (
    <AnnouncerContext.Provider value={active}>
      {children}
      <LiveRegion announcer={active} politeness="polite" />
      <LiveRegion announcer={active} politeness="assertive" />
    </AnnouncerContext.Provider>
  );
}

let fallback: { announcer: Announcer; users: number; unmount: () => void } | null = null;

/**
 * Queues a message for the page's live regions. Use it for feedback that has no
 * visible place of its own, or that must be heard when it appears.
 *
 * Without an {@link AnnouncerProvider} above, a shared announcer renders its regions
 * into `document.body` while any component using this hook is mounted, so
 * announcements still work (but are not server-rendered).
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
    fallback ??= (() => {
      const shared = createAnnouncer();
      return { announcer: shared, users: 0, unmount: mountAnnouncer(shared, document) };
    })();
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
