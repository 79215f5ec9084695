import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { options } from '../db/schema';

/**
 * The WooCommerce and WordPress versions whose wire this store answers as (the conformance lab's:
 * `docs/conformance.md`). Analytics report them as `woo_version` and `wp_version`, so events
 * from this store group with that release's.
 */
export const COMPATIBLE_VERSIONS = { woo: '10.2.4', wp: '6.8.8' } as const;

/** WooCommerce's option holding the store's UUID. */
const STORE_ID_OPTION = 'woocommerce_store_id';

/**
 * The store's UUID (WooCommerce's `woocommerce_store_id` option): made once, on first use, and
 * kept in the database, so it survives restarts and is the same for every process sharing it
 * (two processes racing to make it both read the one that was written first).
 */
export async function readStoreId(db: Database): Promise<string> {
  const read = async () =>
    (await db.select().from(options).where(eq(options.name, STORE_ID_OPTION)))[0]?.value;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db
    .insert(options)
    .values({ name: STORE_ID_OPTION, value: randomUUID() })
    .onConflictDoNothing();
  return (await read())!;
}

/** Who is looking, for the analytics properties. */
export interface AnalyticsViewer {
  id: number;
  role: string;
}

/**
 * The analytics common properties of one page view (spec §3, wire contract §7.2), as WooCommerce
 * Analytics prints them into `wcAnalytics.commonProps`, except `device`, which the browser knows.
 */
export function analyticsCommonProps(input: {
  storeId: string;
  url: string;
  currency: string;
  viewer: AnalyticsViewer | undefined;
}) {
  const { viewer } = input;
  return {
    // The Jetpack site id; a single site without Jetpack is blog 1, as WordPress numbers it.
    blog_id: 1,
    store_id: input.storeId,
    ui: viewer?.id ?? 0,
    url: input.url,
    woo_version: COMPATIBLE_VERSIONS.woo,
    wp_version: COMPATIBLE_VERSIONS.wp,
    store_admin: viewer !== undefined && STORE_ADMIN_ROLES.has(viewer.role) ? 1 : 0,
    store_currency: input.currency,
    // `wp_timezone_string()` of a site on UTC with no named zone.
    timezone: '+00:00',
    is_guest: viewer === undefined ? 1 : 0,
  };
}

/** The roles WooCommerce Analytics counts as store admins. */
const STORE_ADMIN_ROLES = new Set(['administrator', 'shop_manager']);
