import { useRef, useState } from 'react';
import { useFetcher, useInRouterContext } from 'react-router';

/** A form sent without leaving the page ({@link useAction}). */
export interface PageAction<T> {
  /** The last answer; undefined before the first, or after a router action's redirect. */
  data: T | undefined;
  /** True while a form is on its way. */
  busy: boolean;
  /** Sends the fields, to the page's action or to `action`'s. */
  submit: (form: FormData, action?: string) => void;
}

/**
 * A form sent without leaving the page: on a router page, to the route's action through a
 * fetcher (the loaders read again after it); on an island page, where no router runs its actions,
 * through `send` in the browser (decision 0084). An answer that comes after a later form's is
 * dropped: the last form sent is the one shown. Whether a tree has a router never changes while
 * it lives, so each branch calls the same hooks on every render (as `lib/routing`'s hooks do).
 */
export function useAction<T>(send: (form: FormData) => Promise<T>): PageAction<T> {
  if (useInRouterContext()) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- a tree's router (or none) is fixed for its life
    const fetcher = useFetcher<T>();
    return {
      data: fetcher.data as T | undefined,
      busy: fetcher.state !== 'idle',
      submit: (form, action) => void fetcher.submit(form, { method: 'post', action }),
    };
  }
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a tree's router (or none) is fixed for its life
  const [state, setState] = useState<{ data?: T; busy: boolean }>({ busy: false });
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a tree's router (or none) is fixed for its life
  const last = useRef(0);
  return {
    data: state.data,
    busy: state.busy,
    submit: (form) => {
      const sent = (last.current += 1);
      setState((now) => ({ ...now, busy: true }));
      // `send` answers every form, refusals included; a rejection leaves the last answer shown.
      const settle = (next: (now: typeof state) => typeof state) => {
        if (last.current === sent) setState(next);
      };
      send(form).then(
        (data) => settle(() => ({ data, busy: false })),
        () => settle((now) => ({ ...now, busy: false })),
      );
    },
  };
}
