import { createElement, Fragment, useSyncExternalStore } from 'react';
import type { ReactElement } from 'react';
import { toFormFields } from '../record';
import type { AttributionSnapshot, AttributionTracker } from '../tracker';

/**
 * Reads an {@link AttributionTracker} in React and re-renders on every change.
 * Thin on purpose: page views and consent are driven from outside (the app's
 * router and consent store), not from effects here.
 *
 * @example
 * const { values, reason } = useAttribution(tracker);
 */
export function useAttribution(tracker: AttributionTracker): AttributionSnapshot {
  return useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
}

/** Props of {@link AttributionInputs}. */
export interface AttributionInputsProps {
  /** The tracker whose current values the inputs carry. */
  tracker: AttributionTracker;
}

/**
 * The 16 hidden `wc_order_attribution_{field}` inputs for a classic checkout or
 * registration form, kept up to date (empty while tracking is off or consent pending).
 *
 * @example
 * <form method="post" action="/?wc-ajax=checkout">
 *   <AttributionInputs tracker={tracker} />
 * </form>
 */
export function AttributionInputs({ tracker }: AttributionInputsProps): ReactElement {
  const { values } = useAttribution(tracker);
  return createElement(
    Fragment,
    null,
    Object.entries(toFormFields(values)).map(([name, value]) =>
      createElement('input', { key: name, type: 'hidden', name, value }),
    ),
  );
}
