import { ATTRIBUTION_FIELDS, FIELD_PREFIX } from '@cartwright/order-attribution';
import type { AttributionSnapshot, AttributionValues } from '@cartwright/order-attribution';
import { useSyncExternalStore } from 'react';
import { usePrivacy } from './Privacy';

const noSubscription = () => () => {};

/**
 * The hidden inputs for the tracker's values: `wc_order_attribution_{field}` for each of the 16
 * fields, in the fields' order. The tracker's snapshot holds every field as a string already
 * (`''` when empty), so this needs only the field names (the `fields` module, which the checkout
 * and account routes load anyway), not the `record` module's `toFormFields`, which checks and
 * fills in a record from elsewhere (decision 0063).
 */
const inputsOf = (values: Readonly<Partial<AttributionValues>>): Array<[string, string]> =>
  ATTRIBUTION_FIELDS.map((field) => [`${FIELD_PREFIX}${field}`, values[field] ?? '']);

const EMPTY_INPUTS = inputsOf({});

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
  const inputs = snapshot ? inputsOf(snapshot.values) : EMPTY_INPUTS;
  return (
    <>
      {inputs.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
