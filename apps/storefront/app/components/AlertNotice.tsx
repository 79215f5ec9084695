import { focusAlertAfterLoad, scrollToNotice } from '@cartwright/ui-components';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * An error notice as the spec's page behaviours want it (§4): announced as an alert, focused
 * 500 ms after it appears (unless the shopper has moved focus meanwhile) and scrolled to, 100 px
 * above it over 1000 ms (at once under reduced motion). Every error the storefront shows after a
 * refused form or a store error goes through it, so none is left below the fold.
 *
 * `occurrence` names this showing of the notice: a new value (a new refusal of the same form,
 * even with the same messages) focuses and scrolls again.
 */
export function AlertNotice({
  id,
  className = 'notice notice-error',
  occurrence,
  children,
}: {
  id?: string | undefined;
  className?: string | undefined;
  occurrence?: unknown;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const stopScroll = scrollToNotice(element);
    const cancelFocus = focusAlertAfterLoad(element);
    return () => {
      stopScroll();
      cancelFocus();
    };
  }, [occurrence]);
  return (
    <div ref={ref} id={id} className={className} role="alert" tabIndex={-1}>
      {children}
    </div>
  );
}
