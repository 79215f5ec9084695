/** Field names that could reach an object's prototype; never used as keys of the payload. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A JSON object of form fields, nested one level at the first dot (no prototype). */
export type SubscriptionPayload = Record<string, string | Record<string, string>>;

/**
 * The subscription form's JSON body (spec §3 "Subscription payload"): every field by name; a
 * name with a dot, `a.b`, split at its first dot and nested as `{a: {b: value}}` (wire contract
 * §2.3). A field whose name, or either half of it, is `__proto__`, `constructor` or `prototype` is
 * left out, so no field name can reach a prototype; objects are made without one. A later field
 * of the same name wins; a plain value and a nested group of the same name: the later wins too.
 *
 * @example
 * nestFields([['email', 'a@b.co'], ['metadata.plugin', 'hostinger-reach']]);
 * // { email: 'a@b.co', metadata: { plugin: 'hostinger-reach' } }
 */
export function nestFields(entries: Iterable<readonly [string, string]>): SubscriptionPayload {
  const payload = Object.create(null) as SubscriptionPayload;
  for (const [name, value] of entries) {
    const dot = name.indexOf('.');
    if (dot === -1) {
      if (UNSAFE_KEYS.has(name)) continue;
      payload[name] = value;
      continue;
    }
    const main = name.slice(0, dot);
    const sub = name.slice(dot + 1);
    if (UNSAFE_KEYS.has(main) || UNSAFE_KEYS.has(sub)) continue;
    let group = payload[main];
    if (typeof group !== 'object') {
      group = Object.create(null) as Record<string, string>;
      payload[main] = group;
    }
    group[sub] = value;
  }
  return payload;
}
