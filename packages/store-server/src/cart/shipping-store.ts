/**
 * Shipping's I/O: the zones and methods from the database, and the shopper's addresses and
 * chosen rates in the session's data (WooCommerce keeps `customer` and
 * `chosen_shipping_methods` in its session). Writes merge into the session's JSON, so other
 * keys stored there (applied coupons, …) are left as they are.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, shippingZoneMethods, shippingZones, users } from '../db/schema';
import type { OrderAddress } from '../db/schema';
import {
  defaultCustomer,
  type CustomerAddresses,
  type PricingContext,
  type ShippingZone,
  type TotalsHooks,
} from './shipping';
import { taxHooks } from './tax';
import { loadTaxConfig } from './tax-store';

/** The session data keys this module owns. */
const CUSTOMER_KEY = 'customer';
const CHOSEN_KEY = 'chosen_shipping_methods';

/** Every zone with its methods: numbered zones in `position` order, then zone 0. */
export async function loadZones(db: Database): Promise<ShippingZone[]> {
  const [zoneRows, methodRows] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id)),
    db
      .select()
      .from(shippingZoneMethods)
      .orderBy(asc(shippingZoneMethods.position), asc(shippingZoneMethods.instanceId)),
  ]);
  const methodsOf = (zoneId: number) =>
    methodRows
      .filter((row) => row.zoneId === zoneId)
      .map(({ instanceId, methodId, title, enabled, cost, minAmount }) => ({
        instanceId,
        methodId,
        title,
        enabled,
        cost,
        minAmount,
      }));
  return [
    ...zoneRows.map((zone) => ({
      id: zone.id,
      name: zone.name,
      locations: zone.locations,
      methods: methodsOf(zone.id),
    })),
    {
      id: 0,
      name: 'Locations not covered by your other zones',
      locations: [],
      methods: methodsOf(0),
    },
  ];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An address read back from storage: every field a string. */
function storedAddress(value: unknown, fallback: OrderAddress): OrderAddress {
  const record = isRecord(value) ? value : {};
  const out = { ...fallback };
  for (const key of Object.keys(fallback) as (keyof OrderAddress)[]) {
    const field = record[key];
    if (typeof field === 'string') out[key] = field;
  }
  return out;
}

/** The customer stored in a session's data, over the defaults. */
export function customerFromSession(
  data: Readonly<Record<string, unknown>>,
  fallback: CustomerAddresses = defaultCustomer(),
): CustomerAddresses {
  const stored = data[CUSTOMER_KEY];
  if (!isRecord(stored)) return fallback;
  const billing = storedAddress(stored.billing, fallback.billing) as CustomerAddresses['billing'];
  billing.email ??= '';
  return { billing, shipping: storedAddress(stored.shipping, fallback.shipping) };
}

/** A logged-in customer's saved addresses, over the store's base address (fields left empty keep it). */
async function savedCustomer(db: Database, sessionKey: string): Promise<CustomerAddresses> {
  const base = defaultCustomer();
  if (!/^\d{1,10}$/.test(sessionKey)) return base;
  const [user] = await db
    .select({ billing: users.billing, shipping: users.shipping, email: users.email })
    .from(users)
    .where(eq(users.id, Number(sessionKey)));
  if (user === undefined) return base;
  const over = (saved: OrderAddress | null, fallback: OrderAddress): OrderAddress =>
    saved === null || !saved.country ? fallback : storedAddress(saved, { ...fallback, state: '' });
  return {
    billing: {
      ...over(user.billing, base.billing),
      email: user.billing?.email || user.email,
    },
    shipping: over(user.shipping, base.shipping),
  };
}

function chosenFromSession(data: Readonly<Record<string, unknown>>): Record<string, string> {
  const stored = data[CHOSEN_KEY];
  const out: Record<string, string> = {};
  if (!isRecord(stored)) return out;
  for (const [packageId, rateId] of Object.entries(stored)) {
    if (typeof rateId === 'string') out[packageId] = rateId;
  }
  return out;
}

/**
 * Hooks registered once at start, read by every pricing. Empty: the coupons' discount as the
 * cart worked it out. Tax's hooks are added per pricing from the stored rates (cart/tax.ts).
 */
export const totalsHooks: TotalsHooks = {};

/** Everything pricing the session's cart needs. */
export async function loadPricingContext(
  db: Database,
  sessionKey: string,
): Promise<PricingContext> {
  const [zones, [row], tax] = await Promise.all([
    loadZones(db),
    db.select({ data: sessions.data }).from(sessions).where(eq(sessions.key, sessionKey)),
    loadTaxConfig(db),
  ]);
  const session = row?.data ?? {};
  const customer = isRecord(session[CUSTOMER_KEY])
    ? customerFromSession(session)
    : await savedCustomer(db, sessionKey);
  // Tax's hooks come from the store's tax options and rates as they are now (cart/tax.ts).
  const hooks: TotalsHooks = { ...totalsHooks, ...taxHooks(tax) };
  return { zones, customer, chosenRates: chosenFromSession(session), session, hooks };
}

/** Merges `patch` into the session's data (the session row exists: the cart change locked it). */
async function patchSession(
  tx: Database,
  sessionKey: string,
  patch: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ data: sql`${sessions.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sessions.key, sessionKey));
}

/** Stores the shopper's addresses in the session. */
export function saveCustomer(
  tx: Database,
  sessionKey: string,
  customer: CustomerAddresses,
): Promise<void> {
  return patchSession(tx, sessionKey, { [CUSTOMER_KEY]: customer });
}

/** Stores the chosen rate per package in the session. */
export function saveChosenRates(
  tx: Database,
  sessionKey: string,
  chosen: Readonly<Record<string, string>>,
): Promise<void> {
  return patchSession(tx, sessionKey, { [CHOSEN_KEY]: chosen });
}
