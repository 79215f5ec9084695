import { isEmail as isEmailAddress } from '../http/email';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users, type USER_ROLES } from '../db/schema';
import { hashPassword, passwordNeedsRehash } from '../auth/password';
import { randomHex, randomToken } from '../auth/crypto';
import { RestError } from '../http/rest-error';

/** A user's role, as in WooCommerce. */
export type UserRole = (typeof USER_ROLES)[number];

/** A user row as the store uses it. */
export type UserRecord = typeof users.$inferSelect;

/** What a role may do (the subset of WordPress capabilities the store checks). */
export type Capability = 'read' | 'upload_files' | 'edit_posts' | 'manage_woocommerce';

const CAPABILITIES: Record<UserRole, readonly Capability[]> = {
  customer: ['read'],
  shop_manager: ['read', 'upload_files', 'edit_posts', 'manage_woocommerce'],
  administrator: ['read', 'upload_files', 'edit_posts', 'manage_woocommerce'],
};

/** WordPress's `user_can` for the capabilities above. */
export function userCan(user: Pick<UserRecord, 'role'> | undefined, capability: Capability) {
  return user !== undefined && CAPABILITIES[user.role].includes(capability);
}

/** Logins as WordPress's `sanitize_user( $login, true )` leaves them: ASCII letters, digits, ` _.-@`. */
const LOGIN = /^[A-Za-z0-9 _.@-]{1,60}$/;

/** Whether `text` is an email address an account can have (`user_email` holds 100 characters). */
export function isEmail(text: string): boolean {
  return isEmailAddress(text, 100);
}

/** Whether `login` is a login name WordPress's `validate_username` accepts. */
export function isValidLogin(login: string): boolean {
  return LOGIN.test(login) && login.trim() !== '';
}

/** What {@link createUser} needs. */
export interface NewUser {
  login: string;
  email: string;
  password: string;
  role?: UserRole;
  displayName?: string;
}

/**
 * Creates a user with an argon2id-hashed password. Bad or taken names come back as the errors
 * WordPress's `wp_insert_user` / `register_new_user` use.
 *
 * @throws {RestError} 400 `invalid_username`, `invalid_email`, `empty_password`,
 *   `existing_user_login`, `existing_user_email`
 */
export async function createUser(db: Database, input: NewUser): Promise<UserRecord> {
  const login = input.login.trim();
  const email = input.email.trim().toLowerCase();
  if (!isValidLogin(login)) {
    throw new RestError(
      'invalid_username',
      'This username is invalid because it uses illegal characters. Please enter a valid username.',
      400,
    );
  }
  if (!isEmail(email)) {
    throw new RestError('invalid_email', 'The email address is not correct.', 400);
  }
  if (input.password === '') {
    throw new RestError('empty_password', 'Please enter a password.', 400);
  }
  if ((await findUserByLogin(db, login)) !== undefined) {
    throw new RestError('existing_user_login', 'Sorry, that username already exists!', 400);
  }
  if ((await findUserByLogin(db, email)) !== undefined) {
    throw new RestError('existing_user_email', 'Sorry, that email address is already used!', 400);
  }
  const [row] = await db
    .insert(users)
    .values({
      login,
      email,
      displayName: input.displayName?.trim() || login,
      role: input.role ?? 'customer',
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return row!;
}

/** A user by login (case-insensitive) or, when the text has an `@`, also by email. */
export async function findUserByLogin(
  db: Database,
  loginOrEmail: string,
): Promise<UserRecord | undefined> {
  const text = loginOrEmail.trim();
  // No login name or email holds a NUL (PostgreSQL text cannot store one).
  if (text === '' || text.length > 200 || text.includes('\0')) return undefined;
  const [byLogin] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.login}) = ${text.toLowerCase()}`)
    .limit(1);
  if (byLogin !== undefined || !text.includes('@')) return byLogin;
  const [byEmail] = await db
    .select()
    .from(users)
    .where(eq(users.email, text.toLowerCase()))
    .limit(1);
  return byEmail;
}

/**
 * After a successful login: replaces a hash of an older kind (the store's scrypt, WordPress's
 * bcrypt or phpass) with a fresh argon2id hash of the password just proven. Returns the user as
 * stored now. Like WordPress, a new hash ends that user's other login cookies (they carry a
 * fragment of the hash).
 */
export async function upgradePasswordHash(
  db: Database,
  user: UserRecord,
  password: string,
): Promise<UserRecord> {
  if (!passwordNeedsRehash(user.passwordHash)) return user;
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? user;
}

/** A user by id. */
export async function findUserById(db: Database, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The administrator made on first start, with the only copy of its password. */
export interface AdministratorCredentials {
  /** The login name (`admin`). */
  login: string;
  /** A random 24-character password; it is shown only this once. */
  password: string;
  email: string;
}

/**
 * Creates the first administrator when the store has no administrator yet, with a random
 * password. Returns the credentials when it made one, `undefined` otherwise.
 */
export async function ensureAdministrator(
  db: Database,
): Promise<AdministratorCredentials | undefined> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'administrator'))
    .limit(1);
  if (existing !== undefined) return undefined;
  // `admin`, unless a customer already took that name.
  let login = 'admin';
  while ((await findUserByLogin(db, login)) !== undefined) login = `admin-${randomHex(6)}`;
  const credentials = { login, email: `${login}@cartwright.invalid`, password: randomToken(18) };
  await createUser(db, { ...credentials, role: 'administrator', displayName: 'Administrator' });
  return credentials;
}
