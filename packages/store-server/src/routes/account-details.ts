import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/password';
import { userSessions, users } from '../db/schema';
import { NO_CACHE } from '../http/auth';
import { isEmail } from '../http/email';
import { TooManyRequests } from '../http/rate-limit';
import { RestError } from '../http/rest-error';
import { isWeakPassword } from '../users/registration';
import { userCan, type UserRecord } from '../users/users';
import { ACCOUNT_API } from './account';
import { completeLogin, countLoginAttempt, loginSucceeded } from './login';
import type { RouteContext } from './context';

/** The form's nonce field, as WooCommerce names it. */
export const ACCOUNT_DETAILS_NONCE_FIELD = 'save-account-details-nonce';

/** The longest name or display name kept (WordPress's `display_name` column holds 250). */
const MAX_NAME_LENGTH = 250;

/** What `GET /account/details` answers. */
function detailsOf(user: UserRecord) {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    display_name: user.displayName,
    email: user.email,
  };
}

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** `sanitize_text_field`, as far as a name needs it: no control characters or `<>`, spaces collapsed. */
function cleanName(text: string): string {
  let cleaned = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    cleaned += code < 0x20 || code === 0x7f || char === '<' || char === '>' ? ' ' : char;
  }
  return cleaned.replace(/\s+/g, ' ').trim();
}

/** One refused field of the form. */
interface Problem {
  field: string;
  message: string;
}

/** 400 with every problem (WooCommerce shows them all at once), the first as the message. */
function refused(problems: readonly Problem[]): RestError {
  return new RestError('cartwright_account_details_invalid', problems[0]!.message, 400, {
    errors: problems,
  });
}

/**
 * The account-details form (WooCommerce's `save_account_details`): `GET /account/details` and
 * `POST /account/details` with `account_first_name`, `account_last_name`, `account_display_name`,
 * `account_email`, and to change the password `password_current`, `password_1`, `password_2`.
 * A logged-in customer with a valid `X-WP-Nonce` and the form's nonce. The current password is
 * checked under the login limits; a new one follows registration's rule. Changing it ends the
 * account's other logins and renews this one.
 */
export function registerAccountDetailsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, auth } = context;

  function customer(request: FastifyRequest): UserRecord {
    const user = request.auth.user;
    if (user === undefined) {
      throw new RestError('rest_not_logged_in', 'You are not currently logged in.', 401);
    }
    if (!userCan(user, 'read')) {
      throw new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', 403);
    }
    return user;
  }

  app.get(`${ACCOUNT_API}/details`, async (request, reply) => {
    const user = customer(request);
    return reply.header('Cache-Control', NO_CACHE).send({
      ...detailsOf(user),
      nonces: {
        [ACCOUNT_DETAILS_NONCE_FIELD]: auth.nonceFor(request, 'save_account_details') ?? '',
      },
    });
  });

  app.post(`${ACCOUNT_API}/details`, async (request, reply) => {
    const user = customer(request);
    const body = request.body;
    if (
      !auth.checkNonce(request, 'save_account_details', field(body, ACCOUNT_DETAILS_NONCE_FIELD))
    ) {
      throw new RestError(
        'cartwright_invalid_nonce',
        'Your session has expired. Please try again.',
        403,
      );
    }
    const firstName = cleanName(field(body, 'account_first_name'));
    const lastName = cleanName(field(body, 'account_last_name'));
    const displayName = cleanName(field(body, 'account_display_name'));
    const email = field(body, 'account_email').trim().toLowerCase();
    const current = field(body, 'password_current');
    const password = field(body, 'password_1');
    const repeated = field(body, 'password_2');

    const problems: Problem[] = [];
    const required: [string, string, string][] = [
      ['account_first_name', 'First name', firstName],
      ['account_last_name', 'Last name', lastName],
      ['account_display_name', 'Display name', displayName],
      ['account_email', 'Email address', email],
    ];
    for (const [name, label, value] of required) {
      if (value === '') problems.push({ field: name, message: `${label} is a required field.` });
      else if (value.length > MAX_NAME_LENGTH) {
        problems.push({ field: name, message: `${label} is too long.` });
      }
    }
    if (email !== '' && !isEmail(email)) {
      problems.push({ field: 'account_email', message: 'Please provide a valid email address.' });
    } else if (email !== '' && email !== user.email) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, user.id)))
        .limit(1);
      if (taken !== undefined) {
        problems.push({
          field: 'account_email',
          message: 'This email address is already registered.',
        });
      }
    }
    if (
      displayName.includes('@') &&
      displayName.toLowerCase() !== user.email &&
      displayName.toLowerCase() !== email
    ) {
      problems.push({
        field: 'account_display_name',
        message: 'Display name cannot be changed to email address due to privacy concern.',
      });
    }
    const changingPassword = current !== '' || password !== '' || repeated !== '';
    if (changingPassword) {
      if (password !== '' && current === '') {
        problems.push({
          field: 'password_current',
          message: 'Please enter your current password.',
        });
      } else if (current !== '' && password === '') {
        problems.push({ field: 'password_1', message: 'Please fill out all password fields.' });
      } else if (password !== '' && repeated === '') {
        problems.push({ field: 'password_2', message: 'Please re-enter your password.' });
      } else if (password !== repeated) {
        problems.push({ field: 'password_2', message: 'New passwords do not match.' });
      } else if (isWeakPassword(password, [user.email.split('@')[0] ?? '', user.login])) {
        problems.push({ field: 'password_1', message: 'Please enter a stronger password.' });
      }
    }
    if (problems.length > 0) throw refused(problems);
    if (changingPassword) {
      // The current password is a login: counted under the login limits before it is checked.
      const limited = await countLoginAttempt(context, request, user.login);
      if (limited !== undefined) throw new TooManyRequests(limited);
      if (!(await verifyPassword(current, user.passwordHash))) {
        throw refused([
          { field: 'password_current', message: 'Your current password is incorrect.' },
        ]);
      }
      await loginSucceeded(context, request, user.login);
    }
    const passwordHash = changingPassword ? await hashPassword(password) : undefined;
    const updated = await db
      .transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            firstName,
            lastName,
            displayName,
            email,
            ...(passwordHash === undefined
              ? {}
              : { passwordHash, resetKeyHash: null, resetKeyCreatedAt: null }),
          })
          .where(eq(users.id, user.id))
          .returning();
        if (passwordHash !== undefined) {
          await tx.delete(userSessions).where(eq(userSessions.userId, user.id));
        }
        return row;
      })
      .catch((error: unknown) => {
        if (
          String(
            (error as { cause?: { code?: unknown } })?.cause?.code ??
              (error as { code?: unknown }).code,
          ) === '23505'
        ) {
          throw refused([
            { field: 'account_email', message: 'This email address is already registered.' },
          ]);
        }
        throw error;
      });
    if (updated === undefined) throw new RestError('rest_user_invalid_id', 'Invalid user ID.', 404);
    // A new password ended every login, this one too: the customer stays logged in here.
    if (passwordHash !== undefined) {
      request.auth.loginToken = undefined;
      await completeLogin(context, request, updated, false);
    }
    return reply
      .header('Cache-Control', NO_CACHE)
      .send({ ...detailsOf(updated), message: 'Account details changed successfully.' });
  });
}
