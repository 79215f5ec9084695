/**
 * Links, forms, the location and navigation for the components of an island page (decisions
 * 0082, 0088): the document's own. A link is a plain `<a>`, a form a plain `<form>` the browser
 * posts, a navigation a page load. The browser never starts React Router; only the server's
 * render runs inside it, and reads the location from it.
 */
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { useLocation as useRouterLocation } from 'react-router';
import type { loader as rootLoader } from '../root';

/** The root route's data, as an island page's runtime reads it from the page. */
export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/**
 * The root's data: given by root.tsx's layout on the server, and on an island page by its
 * runtime (`app/islands-hydrate.tsx`) from the JSON the page carries.
 */
export const RootDataContext = createContext<Partial<RootData> | undefined>(undefined);

/** The root route's data (the part of it the page carries, in the browser). */
export function useRootData(): Partial<RootData> | undefined {
  return useContext(RootDataContext);
}

/** A location's parts the components read. */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The document's location (it never changes while the page lives). */
function useDocumentLocation(): PageLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** The location the server renders: the request's, as the router read it. */
function useServerLocation(): PageLocation {
  const { pathname, search, hash } = useRouterLocation();
  return { pathname, search, hash };
}

/**
 * The page's location. The server's branch is left out of the browser's build, and with it the
 * router (decision 0088).
 */
export const useLocation: () => PageLocation = import.meta.env.SSR
  ? useServerLocation
  : useDocumentLocation;

/** Sends a GET form's fields to `action` as a page load. */
export function useSubmitQuery(): (form: HTMLFormElement, action: string) => void {
  return submitQuery;
}

const submitQuery = (form: HTMLFormElement, action: string) => {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') query.append(name, value);
  }
  window.location.assign(`${action}?${query.toString()}`);
};

/** A link to one of the app's pages: a plain `<a>`. */
export function Link({
  to,
  children,
  ...props
}: Omit<ComponentProps<'a'>, 'href'> & { to: string; children?: ReactNode }) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  );
}

/**
 * A form the browser posts. Without an `action`, to the page's path and query, as the router's
 * form posted (the new-password form's `?show-reset-form=true` is what its answer renders by).
 */
export function Form({ action, ...props }: ComponentProps<'form'> & { action?: string }) {
  const { pathname, search } = useLocation();
  return <form action={action ?? `${pathname}${search}`} {...props} />;
}
