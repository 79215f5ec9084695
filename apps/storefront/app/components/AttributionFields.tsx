import { toFormFields } from '@cartwright/order-attribution';
import type { AttributionSnapshot } from '@cartwright/order-attribution';
import { useSyncExternalStore } from 'react';
import { usePrivacy } from './Privacy';

const noSubscription = () => () => {};
const EMPTY_FIELDS = toFormFields({});

/**
 * The 16 hidden `wc_order_attribution_{field}` inputs for a checkout or register form (spec §3),
 * kept up to date with the page's attribution; empty while rendered on the server, without
 * JavaScript, or without marketing consent (the store then stores nothing).
 */
export function AttributionFields() {
  // Null until the tracker is loaded (it is, once marketing consent allows it).
  const tracker = usePrivacy()?.attribution;
  const snapshot = useSyncExternalStore<AttributionSnapshot | null>(
    tracker?.subscribe ?? noSubscription,
    () => tracker?.getSnapshot() ?? null,
    () => null,
  );
  const fields = snapshot ? toFormFields(snapshot.values) : EMPTY_FIELDS;
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
