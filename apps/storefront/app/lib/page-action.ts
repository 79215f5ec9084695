import { useRef, useState } from 'react';

/** A form sent without leaving the page ({@link useAction}). */
export interface PageAction<T> {
  /** The last answer; undefined before the first. */
  data: T | undefined;
  /** True while a form is on its way. */
  busy: boolean;
  /** Sends the fields. */
  submit: (form: FormData) => void;
}

/**
 * A form sent without leaving the page, through `send` in the browser (decision 0084): on an
 * island page no router runs the route's action. An answer that comes after a later form's is
 * dropped: the last form sent is the one shown.
 */
export function useAction<T>(send: (form: FormData) => Promise<T>): PageAction<T> {
  const [state, setState] = useState<{ data?: T; busy: boolean }>({ busy: false });
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
