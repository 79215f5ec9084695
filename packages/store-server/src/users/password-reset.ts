/**
 * Password resets in WordPress's shape (`get_password_reset_key` / `check_password_reset_key` /
 * `reset_password`): one live key per user, kept only as a SHA-256 (WordPress's
 * `user_activation_key`), valid for a day, used once. Using it sets the new password, clears the
 * key and ends every login session of the account.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { randomToken, safeEqual, sha256Hex } from '../auth/crypto';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { userSessions, users } from '../db/schema';
import { RestError } from '../http/rest-error';
import { PASSWORD_HINT, isWeakPassword } from './registration';
import { findUserById, type UserRecord } from './users';

/** How long a reset link works, in seconds (WordPress's `password_reset_expiration`: a day). */
export const RESET_KEY_LIFETIME = 24 * 60 * 60;

/** WooCommerce's refusal of a missing, wrong, used or expired key. */
export function invalidResetKey(): RestError {
  return new RestError(
    'invalid_key',
    'This key is invalid or has already been used. Please reset your password again if needed.',
    400,
  );
}

/** Makes a new reset key for `user` (any older one stops working) and returns it. */
export async function createResetKey(db: Database, user: UserRecord, now: Date): Promise<string> {
  const key = randomToken(15);
  await db
    .update(users)
    .set({ resetKeyHash: sha256Hex(key), resetKeyCreatedAt: now })
    .where(eq(users.id, user.id));
  return key;
}

/** The user whose live key `key` is, or `undefined` (unknown id, wrong, used or expired key). */
export async function checkResetKey(
  db: Database,
  id: number,
  key: string,
  now: Date,
): Promise<UserRecord | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || key === '' || key.length > 100) return undefined;
  const user = await findUserById(db, id);
  if (user?.resetKeyHash == null || user.resetKeyCreatedAt == null) return undefined;
  if (!safeEqual(user.resetKeyHash, sha256Hex(key))) return undefined;
  if (now.getTime() - user.resetKeyCreatedAt.getTime() > RESET_KEY_LIFETIME * 1000)
    return undefined;
  return user;
}

/**
 * WooCommerce's new-password checks, with registration's strength rule (decision 0014).
 *
 * @throws {RestError} 400 `password_reset_empty_space`, `password_reset_mismatch`, `weak_password`
 */
export function checkNewPassword(
  password: string,
  repeated: string,
  user: Pick<UserRecord, 'email' | 'login'>,
): void {
  if (password === '') {
    throw new RestError('password_reset_empty', 'Please enter your password.', 400);
  }
  if (password !== repeated) {
    throw new RestError('password_reset_mismatch', 'Passwords do not match.', 400);
  }
  if (isWeakPassword(password, [user.email.split('@')[0] ?? '', user.login])) {
    throw new RestError('weak_password', 'Please enter a stronger password.', 400, {
      hint: PASSWORD_HINT,
    });
  }
}

/**
 * Sets a new password with a live key, once: the update only matches while the key is still the
 * user's, so two requests racing with one key change the password at most once.
 *
 * @throws {RestError} 400 `invalid_key`, and {@link checkNewPassword}'s errors
 */
export async function resetPassword(
  db: Database,
  input: { id: number; key: string; password: string; repeated: string },
  now: Date,
): Promise<UserRecord> {
  const user = await checkResetKey(db, input.id, input.key, now);
  if (user === undefined) throw invalidResetKey();
  checkNewPassword(input.password, input.repeated, user);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, resetKeyHash: null, resetKeyCreatedAt: null })
      .where(
        and(
          eq(users.id, user.id),
          isNotNull(users.resetKeyHash),
          eq(users.resetKeyHash, sha256Hex(input.key)),
        ),
      )
      .returning();
    if (row === undefined) throw invalidResetKey();
    await tx.delete(userSessions).where(eq(userSessions.userId, user.id));
    return row;
  });
}
