import {
  createContext,
  use,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';
import { useLocation } from '../lib/routing';
import { loadIslandControls } from '../lib/chunks';
import {
  actingControl,
  controlAt,
  placeOf,
  WAKE_EVENTS,
  type ControlPlace,
} from '../lib/island-page';
import type * as IslandControls from './island-controls';
import type { ControlState } from './island-controls';

/**
 * True while the server renders an island page (decision 0082) outside the layout's parts that
 * its runtime (`app/islands.client.tsx`) hydrates whole (root.tsx's `Part`): each island of the
 * route's content is then written in a wrapper of its own (`cw-part`, no box) with its props
 * (`data-props`, JSON: functions are left out). The runtime hydrates that wrapper as a root,
 * with the island inside it.
 */
export const IslandPageContext = createContext(false);

/**
 * Carrying what the shopper did to the server's markup over to the live one
 * (`island-controls`): loaded with an island's first waking, beside its code.
 */
let carry: typeof IslandControls | undefined;

const noop = () => {};

/** An island's component once its chunk has arrived, shared by every page of the visit. */
const loaded = new Map<string, ComponentType<never>>();

/** The preloads of the islands each route's pages always show, by the route's id. */
const shownOn = new Map<string, (() => void)[]>();
/** The ids of the routes a client-side navigation is loading, while it is, and its location's key. */
let heading: readonly string[] = [];
let headingKey: string | undefined;

/**
 * Called as a client-side navigation begins, with the ids of the routes it renders and its
 * location's key: the code of the islands those routes show starts loading beside the page's
 * data, so they render with it rather than empty, one chunk load later (decision 0075). An
 * island defined while the navigation loads (the next page's code arriving) starts at once.
 */
export function followNavigation(routeIds: readonly string[], key: string): void {
  // The router reports a navigation's loading state again as other things change, and with
  // other routes once it has found the ones the location needs (React Router discovers routes
  // lazily: before that, the location matched the catch-all's).
  if (key === headingKey && routeIds.join() === heading.join()) return;
  heading = routeIds;
  headingKey = key;
  for (const id of routeIds) for (const preload of shownOn.get(id) ?? []) preload();
}

/**
 * Called once the page at the location with `key` has been rendered: if that is where the
 * navigation being followed went, it is over (a later one has begun otherwise, and stays).
 */
export function navigationRendered(key: string): void {
  if (key !== headingKey) return;
  heading = [];
  headingKey = undefined;
}

/**
 * How long a client-side navigation waits for the code of an island the next page shows before
 * that page renders anyway, the island empty until its code is in (a slow or failed chunk must
 * not hold the shopper on the old page for the loader's 120 s).
 */
const NAVIGATION_WAIT_MS = 3000;

/** A wait that is over, as React's `use` reads one (its `status`): it does not suspend. */
const ARRIVED = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

export interface IslandOptions<P> {
  /** A name for the island's chunk, unique on the page. */
  name: string;
  /** Loads the component (through `lib/chunks`, so the spec's 120 s chunk timeout applies). */
  load: () => Promise<ComponentType<P>>;
  /**
   * The component for server rendering: pass it as `import.meta.env.SSR ? Component :
   * undefined`, so the browser bundle leaves it out and only `load` brings it.
   */
  server: ComponentType<P> | undefined;
  /**
   * The ids of the routes whose pages show the island (`['routes/cart']`): a client-side
   * navigation to one loads its code beside the page's data ({@link followNavigation}).
   */
  routes?: readonly string[];
  /**
   * True for an island an island page's runtime hydrates (it names it in its registry,
   * `app/islands.client.tsx`): on such a page the server writes it in a wrapper of its own with
   * its props. Without it an island page leaves the island's markup as it is without JavaScript
   * (plain links, a form the browser posts).
   * @default false
   */
  onIslandPages?: boolean;
}

/** What an island takes besides its component's props. */
export interface IslandProps {
  /** The wrapper's class. */
  className?: string | undefined;
  /**
   * True to load the island's code now, as if the shopper had come to it: when what the server
   * rendered into it is out of date (the page's cart changed under the header's mini-cart), or
   * the shopper came to it through something outside it (a pointer over the `<details>` the
   * island sits in). Its server markup stays and keeps working until the code is in.
   * @default false
   */
  awake?: boolean | undefined;
  /**
   * What the server's markup shows, as a string (a listing's URL, a product's id): when the page
   * renders the island with another `version` before its code is in, that markup is out of date
   * (a sort the shopper made elsewhere on the page moved the listing on) and goes, and the island
   * renders from its code, loading it now; until then it is empty. Without it, a dormant island
   * would keep offering the old markup's links and forms.
   */
  version?: string | undefined;
}

/**
 * A part of the page that is rendered on the server, hydrated later: its code is not loaded
 * with the page but when the shopper comes to use it (a pointer over it, focus inside, a
 * touch), or at once when it is first rendered in the browser (a client-side navigation that
 * shows it). Until then the server's markup stays as it is and works as it does without
 * JavaScript (a form still posts); what the shopper typed and where the focus was carry over.
 * For controls below the fold or for few visitors: the footer's newsletter form, the coming-soon
 * banner of a store manager.
 */
export function island<P extends object>({
  name,
  load,
  server,
  routes,
  onIslandPages = false,
}: IslandOptions<P>) {
  /** Whether a client-side navigation to a route that shows the island is loading. */
  const following = () => routes !== undefined && routes.some((id) => heading.includes(id));
  function Island(props: P & IslandProps) {
    const ref = useRef<HTMLDivElement>(null);
    // The location this render is for: the navigation's own in its render (a transition), the
    // page's current one in any other render while it loads, which must not wait (a render
    // outside a transition that suspends has no boundary to fall back to).
    const { key } = useLocation();
    const inNavigation = key === headingKey && following();
    // Rendered by a client-side navigation to a page that shows it, with no server markup to
    // stand in for it (first rendered there, or its markup out of date, below): the navigation,
    // a transition, waits for the island's code, so the page comes whole, as it waits for its
    // data (decision 0075). Only for the routes the island names, whose renders during their
    // navigation are the router's transitions; never while hydrating (no navigation then).
    const [navigatedTo] = useState(() => inNavigation);
    // The island's waking (its code's load), once the effect below has set it up.
    const wakeRef = useRef<(() => void) | null>(null);
    // Hydrating: the server's markup is there and stays until the code arrives. A fresh
    // client render (no server markup) loads at once.
    const [Live, setLive] = useState<ComponentType<P> | null>(
      () => (loaded.get(name) as ComponentType<P> | undefined) ?? null,
    );
    // The version the server's markup shows; a dormant island rendered with another one drops
    // that markup (a fresh, empty wrapper) and loads its code at once.
    const [serverVersion] = useState(props.version);
    const outdated = Live === null && props.version !== serverVersion;
    // With no server markup to keep (rendered by a navigation, or out of date) and its code in:
    // live at once. The code may have come while this render waited for it (below), or another
    // island of its name woke.
    const Shown =
      Live ??
      ((navigatedTo || outdated ? loaded.get(name) : undefined) as ComponentType<P> | undefined) ??
      null;
    const carried = useRef<ControlState | null>(null);
    // Clicks and submits that came before the code (their controls' places): held, and done
    // again, each of them in order, on the live markup (five quick clicks on "Add to cart" are
    // five adds).
    const held = useRef<ControlPlace[]>([]);
    // Set when the live markup is in: from then on clicks are the live code's own.
    const live = useRef(false);

    useEffect(() => {
      if (Shown !== null) return;
      const root = ref.current;
      if (root === null) return;
      if (outdated) {
        // What was held or typed belongs to the markup that went.
        held.current = [];
        carried.current = null;
      }
      let cancelled = false;
      let loading = false;
      // A pointer pressed on the server's markup: the markup is not swapped under it (the
      // press and its click would land on different elements and the click would be lost).
      let pressed = false;
      let arrived: ComponentType<P> | null = null;
      const goLive = () => {
        if (cancelled || live.current || arrived === null || pressed) return;
        carried.current = carry!.readControls(root);
        setLive(() => arrived);
      };
      const hold = (event: Event) => {
        if (live.current) return;
        // A submit, or a click on what acts by itself (a link, a button, a submit input).
        const element = actingControl(event);
        if (element === null) return;
        event.preventDefault();
        held.current.push(placeOf(root, element));
        wake();
      };
      // Between the code's arrival and React putting the live markup in, the shopper may still
      // type into the server's markup (or move the focus): read it again each time, so the live
      // controls get what was there at the swap, not at the arrival. Not on `change`: Chromium
      // fires it while React removes the focused server input, when the focus is already gone.
      const reread = () => {
        if (carried.current !== null && !live.current) carried.current = carry!.readControls(root);
      };
      const press = (event: Event) => {
        pressed = event.type === 'pointerdown';
        // After the click that follows the release (the same task), not before it.
        if (!pressed) setTimeout(goLive);
      };
      const listen = (on: boolean) => {
        const method = on ? 'addEventListener' : 'removeEventListener';
        for (const type of WAKE_EVENTS) root[method](type, wake);
        for (const type of ['pointerdown', 'pointerup', 'pointercancel']) root[method](type, press);
        root[method]('click', hold, true);
        root[method]('submit', hold, true);
        for (const type of ['input', 'focusin']) root[method](type, reread);
      };
      const wake = () => {
        if (loading) return;
        loading = true;
        Promise.all([load(), loadIslandControls()]).then(
          ([component, controls]) => {
            carry = controls;
            loaded.set(name, component as ComponentType<never>);
            arrived = component;
            goLive();
          },
          () => {
            // The chunk failed (or took 120 s): the server's markup keeps working as it does
            // without JavaScript (a held click or submit goes ahead natively); the next
            // approach tries again.
            loading = false;
            if (cancelled) return;
            // (The first: a form's native submit leaves the page.)
            const [first] = held.current;
            held.current = [];
            if (first === undefined) return;
            listen(false);
            const element = controlAt(root, first);
            if (element instanceof HTMLFormElement) element.submit();
            else element?.click();
            listen(true);
          },
        );
      };
      listen(true);
      wakeRef.current = wake;
      if (root.childElementCount === 0) wake();
      return () => {
        cancelled = true;
        wakeRef.current = null;
        listen(false);
      };
    }, [Shown, outdated]);

    // Woken by the page: what the server rendered is out of date, or the shopper came to the
    // island through something outside it.
    const { awake } = props;
    useEffect(() => {
      if (awake === true) wakeRef.current?.();
    }, [awake, Shown]);

    useLayoutEffect(() => {
      const root = ref.current;
      if (Shown === null || root === null) return;
      live.current = true;
      const told =
        carried.current !== null && carry?.restoreControls(root, carried.current) === true;
      carried.current = null;
      const actions = held.current;
      held.current = [];
      const replay = () => {
        for (const place of actions) {
          const element = controlAt(root, place);
          if (element instanceof HTMLFormElement) element.requestSubmit();
          else element?.click();
        }
      };
      // A select's choice the live markup was told of (above) is in the page's state only once
      // React has rendered it, after this commit: a held "Add to cart" done now would send the
      // choice as it was before (a variable product's form refusing an option chosen while its
      // code came, as incomplete). Done in the next task then, when that render is in.
      if (told && actions.length > 0) setTimeout(replay);
      else replay();
      // Live from its code in at render (above): it stays so, whatever the page renders next.
      if (Live === null) setLive(() => Shown);
    }, [Shown, Live]);

    // After every hook, and on this render's own terms, not on whether the code is in yet: React
    // goes on with a render that waited from its hooks as they were (or starts it again) once
    // the wait is over, and that render must call `use` again, the code having come meanwhile
    // (a hook it had not reached, or a wait it no longer makes, is an error). With the code in,
    // `arrival` is already fulfilled: no wait.
    if ((navigatedTo || outdated) && inNavigation) use(arrival());

    const { className, awake: _awake, version: _version, ...rest } = props;
    const islandPage = useContext(IslandPageContext);
    const Component = Shown ?? server;
    let element: ReactElement;
    if (Component !== undefined) {
      element = (
        <div ref={ref} className={className} data-island={name} data-live={Shown ? '' : undefined}>
          <Component {...(rest as P)} />
        </div>
      );
    } else if (outdated) {
      // Out of date: a new, empty wrapper (React drops the server's markup with the old one).
      element = <div key="outdated" ref={ref} className={className} data-island={name} />;
    } else {
      // Browser, code not here yet: keep whatever the server rendered inside.
      element = (
        <div
          ref={ref}
          className={className}
          data-island={name}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: '' }}
        />
      );
    }
    if (!islandPage || !onIslandPages) return element;
    return (
      <div className="cw-part" data-props={JSON.stringify(props)}>
        {element}
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  /**
   * Starts loading the island's code now, for an island the next page will probably show (a
   * client-side navigation has begun): rendered in the browser with no server markup to stand in
   * for it, it then shows at once rather than one chunk load after the page. A failure is left to
   * the island's own loading when it is rendered.
   */
  Island.preload = () =>
    load().then((component) => void loaded.set(name, component as ComponentType<never>), noop);
  /** What a navigation waits for: the island's code in, or {@link NAVIGATION_WAIT_MS} gone. */
  let waiting: Promise<void> | undefined;
  const arrival = () =>
    loaded.has(name)
      ? ARRIVED
      : (waiting ??= Promise.race([
          Island.preload(),
          new Promise<void>((resolve) => setTimeout(resolve, NAVIGATION_WAIT_MS)),
        ]));
  for (const id of routes ?? []) {
    shownOn.set(id, [...(shownOn.get(id) ?? []), Island.preload]);
    if (heading.includes(id)) void Island.preload();
  }
  return Island;
}
