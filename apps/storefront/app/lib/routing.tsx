/**
 * Links, forms, the location and navigation for components that render on both kinds of page
 * (decision 0082): on a page React Router hydrates they are the router's own; on an island page
 * (`handle: { hydrate: false }`, no router in the browser) they are the document's: a plain
 * `<a>`, a plain `<form>` post, `window.location`, a page load. Whether a tree has a router
 * never changes while it lives, so each hook calls the same hooks on every render.
 */
import { createContext, useContext, type ComponentProps } from 'react';
import {
  Form as RouterForm,
  Link as RouterLink,
  useInRouterContext,
  useLocation as useRouterLocation,
  useNavigate as useRouterNavigate,
  useRevalidator as useRouterRevalidator,
  useRouteLoaderData,
  useSubmit as useRouterSubmit,
} from 'react-router';
import type { loader as rootLoader } from '../root';

/** The root route's data, as an island page's runtime reads it from the page. */
export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** The root's data on an island page, given by its runtime (`app/islands.client.tsx`). */
export const RootDataContext = createContext<Partial<RootData> | undefined>(undefined);

/** The root route's data: the router's, or on an island page the part of it the page carries. */
export function useRootData(): Partial<RootData> | undefined {
  const fromPage = useContext(RootDataContext);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed for the tree's life (above)
  return useInRouterContext() ? useRouteLoaderData<typeof rootLoader>('root') : fromPage;
}

/** A location's parts the components read (the router's has `state` and `key` too). */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** The page's location: the router's, or the document's (one key: it never changes). */
export function useLocation(): PageLocation {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed for the tree's life (above)
  if (useInRouterContext()) return useRouterLocation();
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: 'document' };
}

/** Goes to a path: through the router, or as a page load. */
export function useNavigate(): (to: string) => void {
  if (!useInRouterContext()) return documentNavigate;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed for the tree's life (above)
  const navigate = useRouterNavigate();
  return (to) => void navigate(to);
}

const documentNavigate = (to: string) => window.location.assign(to);

/**
 * Reads the page's data again: the router's revalidation. On an island page nothing: it has no
 * loader data, the next page load reads the store (notices included), and a reload would cancel
 * a page load already on its way (a form posted natively before the page's script ran, whose
 * answer set the store's notices cookie while this page was still shown).
 */
export function useRevalidator(): { revalidate: () => void } {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed for the tree's life (above)
  if (useInRouterContext()) return useRouterRevalidator();
  return documentRevalidator;
}

const documentRevalidator = { revalidate: () => {} };

/** Sends a GET form's fields to `action`: through the router, or as a page load. */
export function useSubmitQuery(): (form: HTMLFormElement, action: string) => void {
  if (!useInRouterContext()) return submitQuery;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed for the tree's life (above)
  const submit = useRouterSubmit();
  return (form, action) => void submit(form, { method: 'get', action });
}

const submitQuery = (form: HTMLFormElement, action: string) => {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') query.append(name, value);
  }
  window.location.assign(`${action}?${query.toString()}`);
};

/** A link to one of the app's pages: the router's, or a plain `<a>`. */
export function Link({ to, ...props }: ComponentProps<typeof RouterLink> & { to: string }) {
  if (useInRouterContext()) return <RouterLink to={to} {...props} />;
  // What only the router reads stays off the element.
  const {
    children,
    prefetch: _prefetch,
    discover: _discover,
    replace: _replace,
    reloadDocument: _reload,
    viewTransition: _transition,
    ...rest
  } = props;
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/**
 * A form posted to this page: the router's, or a plain `<form>` the browser posts. Without an
 * `action`, to the page's path and query, as the router's form posts (the new-password form's
 * `?show-reset-form=true` is what its answer renders by).
 */
export function Form(props: ComponentProps<typeof RouterForm>) {
  if (useInRouterContext()) return <RouterForm {...props} />;
  const {
    method,
    action,
    navigate: _navigate,
    replace: _replace,
    reloadDocument: _reload,
    viewTransition: _transition,
    ...rest
  } = props;
  return (
    <form
      method={method}
      action={action ?? `${window.location.pathname}${window.location.search}`}
      {...rest}
    />
  );
}
