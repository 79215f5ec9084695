import { useContext, useEffect } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, useNavigation } from 'react-router';
import { followNavigation } from './Island';

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
function preloadRoutes(
  routes: Parameters<typeof matchRoutes>[0],
  pathname: string | undefined,
  key: string | undefined,
) {
  const manifest = (
    window as { __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> } }
  ).__reactRouterManifest;
  const matches = pathname === undefined ? null : matchRoutes(routes, pathname);
  const ids = (matches ?? []).map(({ route }) => route.id ?? '');
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
 * Rendered once by the page's layout: when a client-side navigation begins, the next page's
 * code starts loading beside its data (decision 0075), so it renders whole rather than one
 * chunk load or more after its data.
 */
export function NavigationPreloads(): null {
  const { state, location } = useNavigation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const next = state === 'loading' ? location : undefined;
  useEffect(() => {
    if (router) preloadRoutes(router.routes, next?.pathname, next?.key);
  }, [next?.pathname, next?.key, router]);
  return null;
}
