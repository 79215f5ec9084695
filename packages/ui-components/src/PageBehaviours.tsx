import {
  createContext,
  useContext,
  useEffect,
  useRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { useMessages } from './MessagesProvider';
import type * as PageBehaviours from './page-behaviours';
import type { NoticeArrival, ScrollToNoticeOptions } from './page-behaviours';

/** What a page-behaviours loader resolves to: the `./page-behaviours` entry. */
export type PageBehavioursModule = typeof PageBehaviours;

let ownLoad: Promise<PageBehavioursModule> | null = null;

/** The package's own loader: one load shared, a failed one tried again on the next use. */
function loadOwn(): Promise<PageBehavioursModule> {
  ownLoad ??= import('./page-behaviours').catch((error: unknown) => {
    ownLoad = null;
    throw error;
  });
  return ownLoad;
}

const PageBehavioursContext =
  /* @__PURE__ */ createContext<() => Promise<PageBehavioursModule>>(loadOwn);

/** Props of {@link PageBehavioursProvider}. */
export interface PageBehavioursProviderProps {
  /**
   * Loads the behaviours' code (`import('@cartwright/ui-components/page-behaviours')`), e.g.
   * through the app's chunk loader with its timeout. Called when a notice first needs it.
   */
  load: () => Promise<PageBehavioursModule>;
  children?: ReactNode;
}

/**
 * Says how the components below load the code of the page behaviours (the focus and the
 * scroll of a notice), which loads only when a notice first needs it. Without it they load
 * it with a plain `import()`.
 *
 * @example
 * <PageBehavioursProvider load={() => loader.load('page-behaviours', () => import('@cartwright/ui-components/page-behaviours'))}>
 *   <App />
 * </PageBehavioursProvider>
 */
export function PageBehavioursProvider({
  load,
  children,
}: PageBehavioursProviderProps): ReactElement {
  return <PageBehavioursContext.Provider value={load}>{children}</PageBehavioursContext.Provider>;
}

/**
 * Runs `start` on the notice in `ref` once the behaviours' code is there, with what it needs
 * to keep the spec's times from the notice's arrival rather than from the code's: when it
 * appeared (`performance.now()`) and what had focus then. The returned stop runs on unmount
 * or when `key` changes; a load that fails leaves the notice as it is (no focus, no scroll).
 */
function useLazyBehaviour(
  ref: RefObject<Element | null>,
  active: boolean,
  key: readonly unknown[],
  start: (module: PageBehavioursModule, element: Element, arrival: NoticeArrival) => () => void,
): void {
  const load = useContext(PageBehavioursContext);
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return undefined;
    const arrival = { at: performance.now(), focused: element.ownerDocument.activeElement };
    let stop: (() => void) | null = null;
    let gone = false;
    load().then(
      (module) => {
        if (!gone) stop = start(module, element, arrival);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` lists what `start` uses
  }, [ref, active, load, ...key]);
}

/**
 * Focuses the referenced alert notice 500 ms after it mounts (spec §4 "Page
 * behaviours"), unless the shopper has moved focus meanwhile. Cancelled on unmount.
 * Its code loads when it first mounts active; the 500 ms count from the mount.
 *
 * @example
 * const ref = useRef<HTMLDivElement>(null);
 * useAlertFocus(ref, errors.length > 0);
 * <div ref={ref} role="alert" tabIndex={-1}>…</div>
 */
export function useAlertFocus(ref: RefObject<HTMLElement | null>, active = true): void {
  useLazyBehaviour(ref, active, [], (module, element, arrival) =>
    module.focusAlertAfterLoad(element as HTMLElement, module.alertFocusSince(arrival)),
  );
}

/**
 * Scrolls the referenced notice into view when it mounts (or `active` turns on):
 * 100 px above it, over 1000 ms, instantly under `prefers-reduced-motion` (spec §4).
 * The animation stops on unmount. Its code loads when it first mounts active; the
 * 1000 ms count from the mount.
 *
 * @example
 * useScrollToNotice(noticeRef, submitted && errors.length > 0);
 */
export function useScrollToNotice(
  ref: RefObject<Element | null>,
  active = true,
  options?: ScrollToNoticeOptions,
): void {
  const offsetPx = options?.offsetPx;
  const durationMs = options?.durationMs;
  const win = options?.window;
  useLazyBehaviour(ref, active, [offsetPx, durationMs, win], (module, element, arrival) =>
    module.scrollToNotice(element, { offsetPx, durationMs, window: win, startedAt: arrival.at }),
  );
}

/** Props of {@link AlertNotice}. */
export interface AlertNoticeProps {
  id?: string | undefined;
  /** @default 'notice notice-error' */
  className?: string | undefined;
  /**
   * Names this showing of the notice: a new value (a new refusal of the same form, even with
   * the same text) focuses and scrolls to it again.
   */
  occurrence?: unknown;
  children: ReactNode;
}

/**
 * An error notice as spec §4's page behaviours want it: announced as an alert, focused 500 ms
 * after it appears (unless the shopper has moved focus meanwhile) and scrolled to, 100 px above
 * it over 1000 ms (at once under reduced motion). The code of the focus and the scroll loads
 * when the first notice appears (see {@link PageBehavioursProvider}); both count from the
 * notice's arrival, so the load hides in the 500 ms.
 *
 * @example
 * {error ? <AlertNotice occurrence={submission}>{error}</AlertNotice> : null}
 */
export function AlertNotice({
  id,
  className = 'notice notice-error',
  occurrence,
  children,
}: AlertNoticeProps): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  useLazyBehaviour(ref, true, [occurrence], (module, element, arrival) =>
    module.showAlertNotice(element as HTMLElement, arrival),
  );
  return (
    <div ref={ref} id={id} className={className} role="alert" tabIndex={-1}>
      {children}
    </div>
  );
}

/** Props of {@link SkipLink}. */
export interface SkipLinkProps {
  /**
   * The main region's fragment.
   * @default '#main'
   */
  href?: `#${string}` | undefined;
  /**
   * The link text.
   * @default the catalogue's 'skipLink.label' ("Skip to content")
   */
  children?: ReactNode;
}

/**
 * "Skip to content": the page's first tab stop, hidden until focused, moving keyboard
 * focus to the main region (the target gets `tabindex="-1"` if it
 * cannot take focus), so the next Tab continues inside it. Needs `styles.css`.
 *
 * @example
 * <SkipLink href="#main" />
 * <main id="main" tabIndex={-1}>…</main>
 */
export function SkipLink({ href = '#main', children }: SkipLinkProps): ReactElement {
  const t = useMessages();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = event.currentTarget.ownerDocument.getElementById(
      decodeURIComponent(href.slice(1)),
    );
    if (!target) return;
    // Focus (which scrolls it into view) instead of following the fragment: the
    // address stays as it is, so a router or a <base href> never turns the jump into
    // a navigation. Without JavaScript the link jumps natively.
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
  };
  return (
    <a className="cw-skip-link" href={href} onClick={onClick}>
      {children ?? t.format('skipLink.label')}
    </a>
  );
}
