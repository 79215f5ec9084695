import { useSyncExternalStore } from 'react';
import type { ConsentSnapshot, ConsentStore } from '../consent-store';

/**
 * Reads a {@link ConsentStore} in React and re-renders on every change. Thin on
 * purpose: the rules live in the core (`canLoadAnalytics`), not in effects.
 *
 * @example
 * const consent = useConsent(consentStore);
 * return canLoadAnalytics(consent) ? <Analytics /> : <ConsentBanner store={consentStore} />;
 */
export function useConsent(store: ConsentStore): ConsentSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
