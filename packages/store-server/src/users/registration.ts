import { randomInt } from 'node:crypto';
import type { Database } from '../db/client';
import { RestError } from '../http/rest-error';
import { createUser, findUserByLogin, isEmail, isValidLogin, type UserRecord } from './users';
import { removeEntities, stripTags, trimWhere } from '../http/text';

/** The longest username read (WordPress's `user_login` holds 60; spaces around are trimmed). */
const MAX_LOGIN_INPUT_LENGTH = 200;

/** What the my-account register form sends. */
export interface Registration {
  email: string;
  password: string;
  /**
   * A chosen login name. Empty: derived from the email, as WooCommerce does with its default
   * "generate username" setting.
   */
  username?: string;
}

/** WordPress's `wp_get_password_hint()`, which WooCommerce's strength meter shows. */
export const PASSWORD_HINT =
  'Hint: The password should be at least twelve characters long. To make it stronger, use upper and lower case letters, numbers, and symbols like ! " ? $ % ^ & ).';

/** Email local parts WooCommerce does not turn into a login (it takes the domain instead). */
const COMMON_PREFIXES = new Set(['sales', 'hello', 'mail', 'contact', 'info']);

/** WordPress's `sanitize_user( $name, true )`: accents off, then only `a-z 0-9 space _ . - @`. */
export function sanitizeLogin(text: string): string {
  const untagged = stripTags(text.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''));
  return removeEntities(untagged.replace(/%[0-9a-f]{2}/gi, ''))
    .replace(/[^a-z0-9 _.\-@]/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The login WooCommerce's `wc_create_new_customer_username` makes from an email: the local part
 * (or the domain, for `sales@`, `hello@`, `mail@`, `contact@`, `info@`), sanitised and lower-cased,
 * with `-NNNN` (four random digits) appended while the name is taken.
 */
export async function usernameFromEmail(
  db: Database,
  email: string,
  random: () => number = () => randomInt(0, 10_000),
): Promise<string> {
  const [local = '', domain = ''] = email.split('@');
  const base =
    sanitizeLogin(COMMON_PREFIXES.has(local) ? domain : local).toLowerCase() ||
    `woo_user_${String(random()).padStart(4, '0')}`;
  let login = base.slice(0, 50);
  // WooCommerce retries with a new random suffix until the name is free.
  for (let attempt = 0; (await findUserByLogin(db, login)) !== undefined; attempt++) {
    if (attempt >= 20) throw new Error('could not find a free login name');
    login = `${base.slice(0, 50)}-${String(random()).padStart(4, '0')}`;
  }
  return login;
}

const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'qwerty123',
  'azerty',
  'letmein',
  'welcome',
  'welcome1',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'dragon',
  'monkey',
  'master',
  'shadow',
  'superman',
  'trustno1',
  'abc123',
  'admin',
  'administrator',
  'changeme',
  'secret',
  'woocommerce',
  'wordpress',
]);

function characterClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password))
    .length;
}

/** Whether every character is the previous one plus `step` (`abcd`, `4321`, `aaaa`). */
function isRun(text: string, step: number): boolean {
  for (let index = 1; index < text.length; index++) {
    if (text.charCodeAt(index) - text.charCodeAt(index - 1) !== step) return false;
  }
  return true;
}

/**
 * Whether the store refuses `password` as too weak (decision 0014: WooCommerce asks its strength
 * meter for "medium" or better in the browser; the store checks a fixed, explainable rule on the
 * server, so a form posted without JavaScript gets the same answer). Weak: shorter than 8
 * characters; shorter than 12 with only one kind of character (lower case, upper case, digits,
 * symbols); a well-known password (digits and symbols around it ignored); one repeated character
 * or a plain sequence; or containing the email's name part or the login.
 */
export function isWeakPassword(password: string, personal: readonly string[] = []): boolean {
  if ([...password].length < 8) return true;
  if (password.length < 12 && characterClasses(password) < 2) return true;
  const lower = password.toLowerCase();
  const core = trimWhere(lower, (char) => char < 'a' || char > 'z');
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(core)) return true;
  if (isRun(lower, 0) || isRun(lower, 1) || isRun(lower, -1)) return true;
  return personal.some((word) => word.length >= 4 && lower.includes(word.toLowerCase()));
}

/** `true` when the database refused the row for a unique key (PostgreSQL's `23505`). */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Registers a customer as WooCommerce's `wc_create_new_customer` does, with its checks in its
 * order and its error codes and texts: a valid email, not registered yet; a valid, free login when
 * one is chosen (else one made from the email); a password that is given and not weak.
 *
 * @throws {RestError} 400 `registration-error-invalid-email`, `registration-error-email-exists`,
 *   `registration-error-invalid-username`, `registration-error-username-exists`,
 *   `registration-error-missing-password`, `registration-error-weak-password`
 */
export async function registerCustomer(db: Database, input: Registration): Promise<UserRecord> {
  const email = input.email.trim().toLowerCase();
  if (email === '' || !isEmail(email)) {
    throw new RestError(
      'registration-error-invalid-email',
      'Please provide a valid email address.',
      400,
    );
  }
  const emailTaken = () =>
    new RestError(
      'registration-error-email-exists',
      'An account is already registered with your email address. Please log in.',
      400,
    );
  if ((await findUserByLogin(db, email)) !== undefined) throw emailTaken();

  // WordPress's logins are at most 60 characters: a longer one is refused before it is read.
  const tooLong = (input.username ?? '').length > MAX_LOGIN_INPUT_LENGTH;
  const chosen = tooLong ? '' : sanitizeLogin(input.username ?? '');
  if ((input.username ?? '').trim() !== '') {
    if (tooLong || !isValidLogin(chosen) || chosen !== input.username?.trim()) {
      throw new RestError(
        'registration-error-invalid-username',
        'Please enter a valid account username.',
        400,
      );
    }
    if ((await findUserByLogin(db, chosen)) !== undefined) {
      throw new RestError(
        'registration-error-username-exists',
        'An account is already registered with that username. Please choose another.',
        400,
      );
    }
  }
  if (input.password === '') {
    throw new RestError(
      'registration-error-missing-password',
      'Please enter an account password.',
      400,
    );
  }
  const login = chosen !== '' ? chosen : await usernameFromEmail(db, email);
  if (isWeakPassword(input.password, [email.split('@')[0] ?? '', login])) {
    throw new RestError(
      'registration-error-weak-password',
      'Please enter a stronger password.',
      400,
      { hint: PASSWORD_HINT },
    );
  }
  try {
    return await createUser(db, { login, email, password: input.password, role: 'customer' });
  } catch (error) {
    // Another registration took the email (or the derived login) between the check and insert.
    if (isUniqueViolation(error)) {
      if ((await findUserByLogin(db, email)) !== undefined) throw emailTaken();
      return createUser(db, {
        login: await usernameFromEmail(db, email),
        email,
        password: input.password,
        role: 'customer',
      });
    }
    if (error instanceof RestError && error.code === 'existing_user_email') throw emailTaken();
    throw error;
  }
}
