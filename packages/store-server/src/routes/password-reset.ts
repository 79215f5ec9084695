import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendResetEmail } from '../email/notify';
import { NO_CACHE } from '../http/auth';
import { TooManyRequests, clientOf } from '../http/rate-limit';
import { RestError } from '../http/rest-error';
import { isCrossSitePost } from '../http/same-origin';
import {
  checkResetKey,
  createResetKey,
  invalidResetKey,
  resetPassword,
} from '../users/password-reset';
import { findUserByLogin } from '../users/users';
import { ACCOUNT_API } from './account';
import { crossSiteRefusal } from './login';
import type { RouteContext } from './context';

/** The forms' nonce fields, as WooCommerce names them. */
export const LOST_PASSWORD_NONCE_FIELD = 'woocommerce-lost-password-nonce';
export const RESET_PASSWORD_NONCE_FIELD = 'woocommerce-reset-password-nonce';

function bodyField(request: FastifyRequest, name: string): string {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function expired(): RestError {
  return new RestError(
    'cartwright_invalid_nonce',
    'Your session has expired. Please try again.',
    403,
  );
}

/** A user id as the reset link carries it (`id=12`), or `NaN`. */
function userId(text: string): number {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * WooCommerce's lost-password flow for the storefront's my-account pages:
 * - `POST /account/lost-password` (`user_login`): emails a reset link when the name or email is an
 *   account's. The answer is the same whether or not it is (WooCommerce says "Invalid username or
 *   email."; the store does not tell who has an account), and limited per client and per name.
 * - `POST /account/reset-password/check` (`id`, `key`): whether the link is live, and whose.
 * - `POST /account/reset-password` (`id`, `key`, `password_1`, `password_2`): sets the password,
 *   once; every login of the account ends.
 */
export function registerPasswordResetRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, auth } = context;
  const now = () => new Date(auth.config.now());
  const send = <T>(reply: FastifyReply, body: T) =>
    reply.code(200).header('Cache-Control', NO_CACHE).send(body);

  /** The two forms' nonces (not in `GET /account`, whose shape the companion plugin shares). */
  app.get(`${ACCOUNT_API}/lost-password`, async (request, reply) => {
    if (request.auth.cookieUser === undefined) await auth.ensureSession(request);
    return send(reply, {
      nonces: {
        [LOST_PASSWORD_NONCE_FIELD]: auth.nonceFor(request, 'lost_password') ?? '',
        [RESET_PASSWORD_NONCE_FIELD]: auth.nonceFor(request, 'reset_password') ?? '',
      },
    });
  });

  app.post(`${ACCOUNT_API}/lost-password`, async (request, reply) => {
    if (isCrossSitePost(request, context.siteUrl)) throw crossSiteRefusal();
    if (!auth.checkNonce(request, 'lost_password', bodyField(request, LOST_PASSWORD_NONCE_FIELD))) {
      throw expired();
    }
    const login = bodyField(request, 'user_login').trim();
    if (login === '') {
      throw new RestError('invalid_username', 'Enter a username or email address.', 400);
    }
    if (login.length > 200) {
      throw new RestError('invalid_username', 'Enter a username or email address.', 400);
    }
    const client = await context.limiter.hit(
      'lost-password-client',
      clientOf(request),
      context.limits.lostPasswordPerClient,
    );
    if (!client.allowed) throw new TooManyRequests(client);
    const account = await context.limiter.hit(
      'lost-password-account',
      login.toLowerCase(),
      context.limits.lostPasswordPerAccount,
    );
    if (!account.allowed) throw new TooManyRequests(account);
    const user = await findUserByLogin(db, login);
    if (user !== undefined) {
      const key = await createResetKey(db, user, now());
      // Not awaited: a known account must not answer more slowly than an unknown one.
      void sendResetEmail(context, request, user, key);
    }
    return send(reply, { sent: true });
  });

  app.post(`${ACCOUNT_API}/reset-password/check`, async (request, reply) => {
    const user = await checkResetKey(
      db,
      userId(bodyField(request, 'id')),
      bodyField(request, 'key'),
      now(),
    );
    if (user === undefined) throw invalidResetKey();
    return send(reply, { valid: true, login: user.login });
  });

  app.post(`${ACCOUNT_API}/reset-password`, async (request, reply) => {
    if (isCrossSitePost(request, context.siteUrl)) throw crossSiteRefusal();
    if (
      !auth.checkNonce(request, 'reset_password', bodyField(request, RESET_PASSWORD_NONCE_FIELD))
    ) {
      throw expired();
    }
    const user = await resetPassword(
      db,
      {
        id: userId(bodyField(request, 'id')),
        key: bodyField(request, 'key'),
        password: bodyField(request, 'password_1'),
        repeated: bodyField(request, 'password_2'),
      },
      now(),
    );
    return send(reply, { reset: true, login: user.login });
  });
}
