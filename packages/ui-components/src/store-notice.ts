import { readCookie } from './cookie';

/** The value of the `store_notice{noticeId}` cookie that hides the notice (spec §9). */
export const STORE_NOTICE_HIDDEN = 'hidden';

/**
 * The name of the cookie that remembers a dismissed store notice: `store_notice` followed by
 * the notice's id (WooCommerce's md5 of the notice text, so a new text shows again).
 *
 * @example storeNoticeCookieName('5d41402abc4b2a76b9719d911017c592') // "store_notice5d41…"
 */
export function storeNoticeCookieName(noticeId: string): string {
  return `store_notice${noticeId}`;
}

/**
 * Whether a `Cookie` header (or `document.cookie`) says the notice `noticeId` was dismissed:
 * its cookie (the first of that name, read by the package's one `readCookie`) is exactly
 * `hidden`. Anything else, a missing cookie included, shows it. Use it on
 * the server to leave a dismissed notice out of the HTML (no flash, no layout shift).
 *
 * @example isStoreNoticeHidden(request.headers.get('cookie'), notice.id)
 */
export function isStoreNoticeHidden(cookieHeader: string | null | undefined, noticeId: string) {
  return readCookie(cookieHeader, storeNoticeCookieName(noticeId)) === STORE_NOTICE_HIDDEN;
}

/**
 * The `document.cookie` assignment that dismisses the notice: value `hidden`, path `/`, no
 * expiry (a session cookie, as WooCommerce's), `SameSite=Lax`.
 */
export function storeNoticeDismissCookie(noticeId: string): string {
  return `${storeNoticeCookieName(noticeId)}=${STORE_NOTICE_HIDDEN}; path=/; SameSite=Lax`;
}
