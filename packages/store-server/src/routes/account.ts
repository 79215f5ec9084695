import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decoyHash, verifyPassword } from '../auth/password';
import { NO_CACHE } from '../http/auth';
import { RestError, noRoute } from '../http/rest-error';
import { customerAddresses, customerOrders, saveCustomerAddress } from '../users/account';
import { attributionMeta } from '../checkout/attribution';
import { postedAttribution } from '../checkout/request';
import { setUserMeta } from '../users/meta';
import { registerCustomer } from '../users/registration';
import { findUserByLogin, upgradePasswordHash, userCan, type UserRecord } from '../users/users';
import { CARTWRIGHT_API } from './cart';
import { defineArgs } from '../http/args';
import { requestParams } from './cart-http';
import type { RouteContext } from './context';
import { TooManyRequests, clientOf } from '../http/rate-limit';
import { isCrossSitePost } from '../http/same-origin';
import { completeLogin, countLoginAttempt, crossSiteRefusal, loginSucceeded } from './login';

/** `GET /account/orders`: WordPress's collection paging. */
const ORDERS_ARGS = defineArgs({
  page: { type: 'integer', minimum: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
});

/** Where the account routes live: `/wp-json/cartwright/v1/account…`. */
export const ACCOUNT_API = `${CARTWRIGHT_API}/account`;

/** The my-account forms' nonce fields, as WooCommerce names them. */
export const LOGIN_NONCE_FIELD = 'woocommerce-login-nonce';
export const REGISTER_NONCE_FIELD = 'woocommerce-register-nonce';

function bodyField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function expired(): RestError {
  return new RestError(
    'cartwright_invalid_nonce',
    'Your session has expired. Please try again.',
    403,
  );
}

/**
 * The account routes (the store's own; WooCommerce has no REST API for my-account):
 * - `GET  /account`: who is logged in (by the login cookie) and the nonces the forms need;
 * - `POST /account/login`, `POST /account/register`: WooCommerce's my-account forms, logging in;
 *   registration stores the form's `wc_order_attribution_*` inputs as customer meta;
 * - `GET  /account/orders`, `GET /account/addresses`, `POST|PUT /account/addresses/{type}`: the
 *   customer's orders and addresses (login cookie plus a valid `X-WP-Nonce`, as WordPress's REST).
 */
export function registerAccountRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, auth } = context;

  /** The account as the forms and pages need it; nonces are those of the request's login now. */
  function accountView(request: FastifyRequest, user: UserRecord | undefined) {
    const logoutNonce = user === undefined ? undefined : auth.nonceFor(request, 'log-out');
    return {
      logged_in: user !== undefined,
      id: user?.id ?? 0,
      username: user?.login ?? '',
      display_name: user?.displayName ?? '',
      roles: user === undefined ? [] : [user.role],
      nonces: {
        wp_rest: auth.nonceFor(request, 'wp_rest') ?? '',
        [LOGIN_NONCE_FIELD]: auth.nonceFor(request, 'woocommerce-login') ?? '',
        [REGISTER_NONCE_FIELD]: auth.nonceFor(request, 'woocommerce-register') ?? '',
      },
      logout_url:
        logoutNonce === undefined
          ? null
          : `/wp-login.php?action=logout&redirect_to=${encodeURIComponent('/my-account/')}&_wpnonce=${logoutNonce}`,
    };
  }

  /** The user a customer route acts for: logged in with a valid `X-WP-Nonce`, allowed to `read`. */
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

  const send = (reply: FastifyReply, body: unknown, status = 200) =>
    reply.code(status).header('Cache-Control', NO_CACHE).send(body);

  app.get(ACCOUNT_API, async (request, reply) => {
    const user = request.auth.cookieUser;
    // A guest gets a session, so the login and register nonces have someone to belong to.
    if (user === undefined) await auth.ensureSession(request);
    return send(reply, accountView(request, user));
  });

  app.post(`${ACCOUNT_API}/login`, async (request, reply) => {
    if (isCrossSitePost(request, context.siteUrl)) throw crossSiteRefusal();
    if (!auth.checkNonce(request, 'woocommerce-login', bodyField(request, LOGIN_NONCE_FIELD))) {
      throw expired();
    }
    const username = bodyField(request, 'username')?.trim() ?? '';
    const password = bodyField(request, 'password') ?? '';
    if (username === '') throw new RestError('empty_username', 'Username is required.', 400);
    if (password === '') throw new RestError('empty_password', 'The password field is empty.', 400);
    const refused = await countLoginAttempt(context, request, username);
    if (refused !== undefined) throw new TooManyRequests(refused);
    const user = await findUserByLogin(db, username);
    // One password hash either way: an unknown name takes as long as a wrong password.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (user === undefined || !valid) {
      throw new RestError(
        'invalid_credentials',
        'The username or password you entered is incorrect.',
        401,
      );
    }
    await loginSucceeded(context, request, username);
    const current = await upgradePasswordHash(db, user, password);
    await completeLogin(context, request, current, bodyField(request, 'rememberme') !== undefined);
    return send(reply, accountView(request, current));
  });

  app.post(`${ACCOUNT_API}/register`, async (request, reply) => {
    const nonce = bodyField(request, REGISTER_NONCE_FIELD);
    if (isCrossSitePost(request, context.siteUrl)) throw crossSiteRefusal();
    if (!auth.checkNonce(request, 'woocommerce-register', nonce)) throw expired();
    // Every account made counts against its client, so nobody mass-creates accounts. The hit is
    // taken first (parallel sign-ups cannot overshoot) and given back when no account was made.
    const client = clientOf(request);
    const verdict = await context.limiter.hit(
      'register-client',
      client,
      context.limits.registerPerClient,
    );
    if (!verdict.allowed) throw new TooManyRequests(verdict);
    let user: UserRecord;
    try {
      user = await registerCustomer(db, {
        email: bodyField(request, 'email') ?? '',
        password: bodyField(request, 'password') ?? '',
        username: bodyField(request, 'username'),
      });
    } catch (error) {
      await context.limiter.refund('register-client', client);
      throw error;
    }
    // WooCommerce stores the register form's attribution inputs as customer meta on
    // `user_register` (wire contract §3.4), `(none)` and empty values skipped.
    const attribution = postedAttribution(request.body);
    if (attribution !== null) {
      await setUserMeta(
        db,
        user.id,
        Object.fromEntries(attributionMeta(attribution).map(({ key, value }) => [key, value])),
      );
    }
    // WooCommerce logs the new customer in (`woocommerce_registration_auth_new_customer`).
    await completeLogin(context, request, user, false);
    return send(reply, accountView(request, user), 201);
  });

  app.get(`${ACCOUNT_API}/orders`, async (request, reply) => {
    const user = customer(request);
    const args = ORDERS_ARGS.read(requestParams(request));
    const page = args.page ?? 1;
    const perPage = args.per_page ?? 10;
    const { orders, total } = await customerOrders(db, user.id, page, perPage);
    return send(
      reply
        .header('X-WP-Total', String(total))
        .header('X-WP-TotalPages', String(Math.ceil(total / perPage))),
      orders,
    );
  });

  app.get(`${ACCOUNT_API}/addresses`, async (request, reply) => {
    return send(reply, customerAddresses(customer(request)));
  });

  const saveAddress = async (
    request: FastifyRequest<{ Params: { type: string } }>,
    reply: FastifyReply,
  ) => {
    const user = customer(request);
    const { type } = request.params;
    if (type !== 'billing' && type !== 'shipping') {
      throw noRoute();
    }
    const saved = await saveCustomerAddress(db, user, type, request.body);
    return send(reply, customerAddresses(saved));
  };
  app.post(`${ACCOUNT_API}/addresses/:type`, saveAddress);
  app.put(`${ACCOUNT_API}/addresses/:type`, saveAddress);
}
