import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';
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

/** An island's component once its chunk has arrived, shared by every page of the visit. */
const loaded = new Map<string, ComponentType<never>>();

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
  onIslandPages = false,
}: IslandOptions<P>) {
  function Island(props: P & IslandProps) {
    const ref = useRef<HTMLDivElement>(null);
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
    // With no server markup to keep (out of date) and its code in: live at once (another island
    // of its name woke).
    const Shown =
      Live ?? ((outdated ? loaded.get(name) : undefined) as ComponentType<P> | undefined) ?? null;
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
  return Island;
}
