/**
 * Session notices (WooCommerce's `wc_add_notice` / `wc_print_notices`): messages kept in the
 * shopper's session by one request and shown, once, by the next page. They live in the session
 * row's `data.notices`, so they survive the redirect and a restart, and leave with the session.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import type { ProductRecord } from '../catalog/repository';
import { stripTags } from '../http/text';

/** WooCommerce's notice types: `success` (wc-message), `error` (wc-error), `notice` (wc-info). */
export type NoticeType = 'success' | 'error' | 'notice';

/** One notice, as plain text (never HTML) with an optional link, e.g. "View cart". */
export interface SessionNotice {
  type: NoticeType;
  message: string;
  link?: { href: string; label: string };
}

/**
 * The cookie that tells the storefront a session holds notices, so that a page asks for them only
 * then (no request on every page view). It says nothing but "there are notices".
 */
export const NOTICES_COOKIE = 'cartwright_notices';

/** At most this many notices wait in a session (later ones are dropped): it cannot grow unbounded. */
const MAX_NOTICES = 20;

/** Appends a notice to the session (one atomic update: concurrent requests keep both). */
export async function addNotice(
  db: Database,
  sessionKey: string,
  notice: SessionNotice,
): Promise<void> {
  const notices = sql`coalesce(${sessions.data}->'notices', '[]'::jsonb)`;
  await db
    .update(sessions)
    .set({
      data: sql`jsonb_set(${sessions.data}, '{notices}', ${notices} || ${JSON.stringify([notice])}::jsonb)`,
    })
    .where(and(eq(sessions.key, sessionKey), sql`jsonb_array_length(${notices}) < ${MAX_NOTICES}`));
}

/** Hands out the session's notices and removes them, in one transaction (each is shown once). */
export async function takeNotices(db: Database, sessionKey: string): Promise<SessionNotice[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ notices: sql<unknown>`${sessions.data}->'notices'` })
      .from(sessions)
      .where(eq(sessions.key, sessionKey))
      .for('update');
    const notices = row?.notices;
    if (!Array.isArray(notices) || notices.length === 0) return [];
    await tx
      .update(sessions)
      .set({ data: sql`${sessions.data} - 'notices'` })
      .where(eq(sessions.key, sessionKey));
    return notices.filter(isNotice);
  });
}

function isNotice(value: unknown): value is SessionNotice {
  const notice = value as SessionNotice | null;
  return (
    typeof notice === 'object' &&
    notice !== null &&
    (notice.type === 'success' || notice.type === 'error' || notice.type === 'notice') &&
    typeof notice.message === 'string'
  );
}

/** The text of an HTML message (the store's messages escape names as WooCommerce's do). */
export function htmlToText(html: string): string {
  return stripTags(html, { unclosed: 'keep' })
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&ldquo;/g, '“')
    .replace(/&rdquo;/g, '”')
    .replace(/&times;/g, '×')
    .replace(/&amp;/g, '&');
}

/**
 * WooCommerce's added-to-cart notice (`wc_add_to_cart_message`): "“{name}” has been added to
 * your cart." (`{n} × “{name}”` for more than one), with "View cart", or "Continue shopping"
 * back to where the shopper was when redirect-after-add sends them to the cart page.
 */
export function addedToCartNotice(
  product: Pick<ProductRecord, 'name'>,
  quantity: number,
  link: { href: string; label: 'View cart' | 'Continue shopping' },
): SessionNotice {
  const title = `${quantity > 1 ? `${quantity} × ` : ''}“${product.name}”`;
  return { type: 'success', message: `${title} has been added to your cart.`, link };
}
