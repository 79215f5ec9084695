import { and, eq, gt, like, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, userSessions } from '../db/schema';
import type { UserRecord } from '../users/users';
import { findUserByLogin } from '../users/users';
import { mergeGuestCart } from '../cart/repository';
import { hmacHex, randomHex, randomToken, safeEqual, sha256Hex } from './crypto';

/** Seconds. */
export const HOUR = 3600;
/** A login cookie without "Remember me" (WordPress: 2 days). */
export const LOGIN_LIFETIME = 2 * 24 * HOUR;
/** A login cookie with "Remember me" (WordPress: 14 days). */
export const REMEMBER_LIFETIME = 14 * 24 * HOUR;

/** Signs and reads the store's cookies; one per store (keyed by its secret). */
export interface CookieKeys {
  secret: string;
  /** WordPress's COOKIEHASH: tells this store's cookies apart from another's on the same host. */
  cookieHash: string;
}

export function cookieKeys(secret: string): CookieKeys {
  return { secret, cookieHash: hmacHex(secret, 'cookiehash').slice(0, 32) };
}

/** `wp_woocommerce_session_{COOKIEHASH}`: the shopper session. */
export const sessionCookieName = (keys: CookieKeys) => `wp_woocommerce_session_${keys.cookieHash}`;
/** `wordpress_logged_in_{COOKIEHASH}`: the login. */
export const loginCookieName = (keys: CookieKeys) => `wordpress_logged_in_${keys.cookieHash}`;

/** A new guest customer id, as WooCommerce makes them: `t_` and 30 hex characters. */
export function newGuestCustomerId(): string {
  return `t_${randomHex(30)}`;
}

// --- The shopper session cookie: customer_id||expiration||expiring||hmac (as WooCommerce) ---

export function encodeSessionCookie(
  keys: CookieKeys,
  customerId: string,
  expiration: number,
  expiring: number,
): string {
  const hash = hmacHex(`${keys.secret}:session`, `${customerId}|${expiration}`);
  return `${customerId}||${expiration}||${expiring}||${hash}`;
}

/** The customer id in a session cookie whose signature holds and which has not expired. */
export function decodeSessionCookie(
  keys: CookieKeys,
  value: string,
  nowSeconds: number,
): string | undefined {
  const parts = value.split('||');
  if (parts.length !== 4) return undefined;
  const [customerId, expiration, , hash] = parts as [string, string, string, string];
  if (!/^(?:t_[0-9a-f]{30}|[1-9]\d{0,9})$/.test(customerId) || !/^\d{1,12}$/.test(expiration)) {
    return undefined;
  }
  if (Number(expiration) <= nowSeconds) return undefined;
  const expected = hmacHex(`${keys.secret}:session`, `${customerId}|${expiration}`);
  return safeEqual(expected, hash) ? customerId : undefined;
}

/** A live session row's expiry, or `undefined` if it does not exist or has expired. */
export async function findSession(
  db: Database,
  key: string,
  now: Date,
): Promise<{ expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.key, key), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** Creates the session row, or revives/extends it if it already exists. */
export async function upsertSession(db: Database, key: string, expiresAt: Date): Promise<void> {
  await db
    .insert(sessions)
    .values({ key, expiresAt })
    .onConflictDoUpdate({ target: sessions.key, set: { expiresAt } });
}

/**
 * Deletes guest sessions (and their carts) and login sessions that expired before `now`. A
 * customer's session row is kept: it holds their saved cart, which WooCommerce keeps for a user
 * indefinitely.
 */
export async function sweepExpired(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(and(lt(sessions.expiresAt, now), like(sessions.key, 't\\_%')));
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
}

/**
 * Moves a guest's session to the user who just logged in (WooCommerce keys a logged-in shopper's
 * session by user id). The user's saved cart is kept and the guest's cart merged into it, a line
 * of the same product taking the guest's quantity (WooCommerce merges the persistent cart the
 * same way); the guest session is then deleted.
 */
export async function adoptGuestSession(
  db: Database,
  guestKey: string,
  userId: number,
  expiresAt: Date,
): Promise<void> {
  const userKey = String(userId);
  if (guestKey === userKey) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(sessions)
      .values({ key: userKey, expiresAt })
      .onConflictDoUpdate({ target: sessions.key, set: { expiresAt } });
    await mergeGuestCart(tx, guestKey, userKey);
    await tx.delete(sessions).where(eq(sessions.key, guestKey));
  });
}

// --- The login cookie: login|expiration|token|hmac (as WordPress's wp_generate_auth_cookie) ---

/** A few characters of the password hash, so changing the password invalidates every cookie. */
function passwordFragment(user: Pick<UserRecord, 'passwordHash'>): string {
  return user.passwordHash.slice(-8, -4);
}

function loginHmac(keys: CookieKeys, user: UserRecord, expiration: number, token: string) {
  const key = hmacHex(
    `${keys.secret}:auth`,
    `${user.login}|${passwordFragment(user)}|${expiration}|${token}`,
  );
  return hmacHex(key, `${user.login}|${expiration}|${token}`);
}

/** Starts a login session and returns the cookie value for it. */
export async function startLoginSession(
  db: Database,
  keys: CookieKeys,
  user: UserRecord,
  expiration: number,
): Promise<{ cookie: string; token: string }> {
  const token = randomToken(32);
  await db.insert(userSessions).values({
    verifier: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(expiration * 1000),
  });
  const cookie = `${user.login}|${expiration}|${token}|${loginHmac(keys, user, expiration, token)}`;
  return { cookie, token };
}

/** The verifier a login session is stored under (and a Cart-Token of that login names). */
export const loginSessionVerifier = (token: string) => sha256Hex(token);

/** Whether the login session with `verifier` is live and belongs to `userId`. */
export async function isLoginSessionLive(
  db: Database,
  verifier: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(verifier) || !/^[1-9]\d{0,9}$/.test(userId)) return false;
  const [row] = await db
    .select({ userId: userSessions.userId })
    .from(userSessions)
    .where(and(eq(userSessions.verifier, verifier), gt(userSessions.expiresAt, now)))
    .limit(1);
  return row !== undefined && String(row.userId) === userId;
}

/** Ends a login session: its cookie stops working everywhere at once. */
export async function endLoginSession(db: Database, token: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.verifier, sha256Hex(token)));
}

/**
 * The user and session token of a login cookie, when its signature holds, it has not expired,
 * the password has not changed since, and the session was not ended (logged out).
 */
export async function verifyLoginCookie(
  db: Database,
  keys: CookieKeys,
  value: string,
  now: Date,
): Promise<{ user: UserRecord; token: string } | undefined> {
  const parts = value.split('|');
  if (parts.length !== 4) return undefined;
  const [login, expiration, token, hash] = parts as [string, string, string, string];
  if (!/^\d{1,12}$/.test(expiration) || Number(expiration) * 1000 <= now.getTime()) {
    return undefined;
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(token) || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  const user = await findUserByLogin(db, login);
  // Look up by login only (not email), with the exact spelling the cookie was signed with.
  if (user === undefined || user.login !== login) return undefined;
  if (!safeEqual(loginHmac(keys, user, Number(expiration), token), hash)) return undefined;
  const [session] = await db
    .select({ userId: userSessions.userId })
    .from(userSessions)
    .where(and(eq(userSessions.verifier, sha256Hex(token)), gt(userSessions.expiresAt, now)))
    .limit(1);
  if (session === undefined || session.userId !== user.id) return undefined;
  return { user, token };
}
