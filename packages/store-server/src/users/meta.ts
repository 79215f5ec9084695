import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userMeta } from '../db/schema';

/**
 * The `woocommerce_meta` fields a user may write through `wp/v2/users/{id}` (WooCommerce's
 * `WCAdminUser` keeps a list; the storefront needs this one). Unknown fields are ignored, as there.
 */
export const WOOCOMMERCE_META_FIELDS = ['coming_soon_banner_dismissed'] as const;

/** One of {@link WOOCOMMERCE_META_FIELDS}. */
export type WoocommerceMetaField = (typeof WOOCOMMERCE_META_FIELDS)[number];

/** The stored meta key of a `woocommerce_meta` field: `woocommerce_{field}` (wire contract §2.2). */
export function woocommerceMetaKey(field: WoocommerceMetaField): string {
  return `woocommerce_${field}`;
}

/** Every `woocommerce_meta` field of a user; fields never written are `''`. */
export async function readWoocommerceMeta(
  db: Database,
  userId: number,
): Promise<Record<WoocommerceMetaField, string>> {
  const rows = await db.select().from(userMeta).where(eq(userMeta.userId, userId));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const result = {} as Record<WoocommerceMetaField, string>;
  for (const field of WOOCOMMERCE_META_FIELDS) {
    result[field] = byKey.get(woocommerceMetaKey(field)) ?? '';
  }
  return result;
}

/** One meta value, or `undefined` when the user has none under `key`. */
export async function getUserMeta(
  db: Database,
  userId: number,
  key: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ value: userMeta.value })
    .from(userMeta)
    .where(and(eq(userMeta.userId, userId), eq(userMeta.key, key)))
    .limit(1);
  return row?.value;
}

/** Sets meta values of one user (WordPress's `update_user_meta`, several at once). */
export async function setUserMeta(
  db: Database,
  userId: number,
  values: Record<string, string>,
): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ userId, key, value }));
  if (rows.length === 0) return;
  await db
    .insert(userMeta)
    .values(rows)
    .onConflictDoUpdate({
      target: [userMeta.userId, userMeta.key],
      set: { value: sql`excluded.meta_value` },
    });
}

/**
 * WooCommerce's `reset_woocommerce_coming_soon_banner_dismissed`: on every login the banner's
 * dismissal goes back to `no`, so an administrator sees it again after logging in.
 */
export async function resetComingSoonBannerDismissed(db: Database, userId: number): Promise<void> {
  await setUserMeta(db, userId, { [woocommerceMetaKey('coming_soon_banner_dismissed')]: 'no' });
}
