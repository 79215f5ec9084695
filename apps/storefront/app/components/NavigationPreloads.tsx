import { useContext, useEffect, useRef } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, useLocation } from 'react-router';
import { followNavigation, navigationRendered } from './Island';

/** What the page knows of a route's code (React Router's manifest, in the page). */
interface ManifestRoute {
  module: string;
  imports?: string[];
}

/** The modules this page has asked the browser to preload. */
const asked = new Set<string>();

/**
 * Starts loading the code of the routes `pathname` renders, all at once: React Router imports a
 * route's module when a navigation needs it, and its imports are found only as each arrives (the
 * checkout's took three round trips after the route's own); preloaded, they come in parallel,
 * beside the page's data (a module the page has already is not fetched again: the browser's
 * module map has it). And the code of the islands those routes show (`island`'s `routes`).
 */
function preloadRoutes(routes: Parameters<typeof matchRoutes>[0], pathname: string, key: string) {
  const manifest = (
    window as { __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> } }
  ).__reactRouterManifest;
  const ids = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.id ?? '');
  for (const id of ids) {
    const entry = manifest?.routes[id];
    for (const href of entry ? [entry.module, ...(entry.imports ?? [])] : []) {
      if (asked.has(href)) continue;
      asked.add(href);
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'modulepreload', href }),
      );
    }
  }
  followNavigation(ids, key);
}

/**
 * Puts the focus where a page loaded in full would start a screen reader and the keyboard: on
 * the page's first notice, if it shows one, or else its heading (the first `h1` in `main`),
 * made focusable by script only; `main` itself when there is neither. Without it the focus
 * stayed on the link that was followed, or fell to the body when that link went with the old
 * page, and nothing said the page had changed. The scroll is left to React Router's scroll
 * restoration (the top, or where a page gone back to was).
 */
function focusPageStart() {
  // The first of the page's notices and its heading, in the document's order: a notice the
  // navigation brought ("… has been added to your cart.") is above the heading, and a reader
  // starting at the heading would pass it by.
  const start =
    document.querySelector<HTMLElement>('#main .notice, #main h1') ??
    document.getElementById('main');
  start?.setAttribute('tabindex', '-1');
  start?.focus({ preventScroll: true });
}

/**
 * Rendered once by the page's layout: when a client-side navigation begins, the next page's
 * code starts loading beside its data (decision 0075), so it renders whole rather than one
 * chunk load or more after its data.
 *
 * The start is heard from the router itself, as it happens, not from a render of the page: the
 * router's updates are React transitions, and when the next page's data comes before React has
 * rendered the "loading" one (a busy main thread) React renders both as one, so a page that
 * waited for a render showing the navigation would never see it begin.
 */
export function NavigationPreloads(): null {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(
    () =>
      router?.subscribe(({ navigation }) => {
        if (navigation.state === 'loading')
          preloadRoutes(router.routes, navigation.location.pathname, navigation.location.key);
      }),
    [router],
  );
  // The navigation is over once the page it went to has been rendered (its islands have waited).
  // Then, unless it went to a fragment, the focus starts at the new page's first notice or
  // heading when it was left on a followed link or fell to the body; a control that started the
  // navigation and is still there (a sort select, a filter's or the search's form, a quantity
  // field) keeps it.
  const { key, hash } = useLocation();
  const shown = useRef(key);
  useEffect(() => {
    navigationRendered(key);
    const focused = document.activeElement;
    if (
      key !== shown.current &&
      !hash &&
      (focused === document.body || focused instanceof HTMLAnchorElement)
    )
      focusPageStart();
    shown.current = key;
  }, [key, hash]);
  return null;
}
