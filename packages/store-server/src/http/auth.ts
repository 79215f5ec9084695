import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCartToken, signCartToken } from '../auth/cart-token';
import { parseCookies, serializeCookie } from '../auth/cookies';
import {
  createNonce,
  verifyNonce,
  type NonceAction,
  type NonceConfig,
  type NonceSubject,
} from '../auth/nonce';
import {
  HOUR,
  isLoginSessionLive,
  loginSessionVerifier,
  decodeSessionCookie,
  encodeSessionCookie,
  findSession,
  loginCookieName,
  newGuestCustomerId,
  sessionCookieName,
  sweepExpired,
  upsertSession,
  verifyLoginCookie,
  type CookieKeys,
} from '../auth/sessions';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems } from '../db/schema';
import type { UserRecord } from '../users/users';
import { isPathUnder } from './canonical-path';
import { requestOrigin } from './origin';
import { RestError } from './rest-error';
import { requestParams } from '../routes/cart-http';

/** Everything the store needs to sign and check cookies, nonces and tokens. */
export interface AuthConfig {
  keys: CookieKeys;
  nonce: NonceConfig;
  /** Seconds a shopper session (cookie, row and Cart-Token) lives without use. */
  sessionLifetime: number;
  /** The clock, in milliseconds since the epoch. */
  now: () => number;
  /** Runs before a new guest session is created; throws to refuse it (the per-client limit). */
  beforeNewSession?: (request: FastifyRequest) => Promise<void>;
}

/** Who a request comes from, worked out once per request before its handler runs. */
export interface RequestAuth {
  /** The user of a valid login cookie. */
  cookieUser: UserRecord | undefined;
  /** That login's session token (binds nonces to this login, not just to the user). */
  loginToken: string | undefined;
  /**
   * The user this request acts as. Outside the Store API a login cookie only counts with a valid
   * `X-WP-Nonce`, as in WordPress (a cross-site form cannot act as the user).
   */
  user: UserRecord | undefined;
  /** The shopper session's customer id, when the request has a live session. */
  customerId: string | undefined;
  /** Whether the session came from a valid `Cart-Token`. */
  viaCartToken: boolean;
  /** The login session a customer's `Cart-Token` is bound to (see {@link readCartToken}). */
  cartTokenLoginSession?: string | undefined;
  /** Whether `customerId`'s session row was found live while resolving this request. */
  sessionLive: boolean;
  /** Whether the request carried a valid `X-WP-Nonce` (the response then carries a fresh one). */
  restNonceValid: boolean;
  /** `Set-Cookie` values to send with the response. */
  setCookies: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyContextConfig {
    /**
     * `'always'`: this Store API route wants a `Nonce` (or `Cart-Token`) on every method, as
     * WooCommerce's checkout does. `'per-request'`: the route checks none itself, because each
     * request it carries is checked on its own (WooCommerce's `batch`). Other writes need one.
     */
    storeApiNonce?: 'always' | 'per-request';
    /**
     * The route's WordPress argument check, which WordPress runs before the route (and so
     * before WooCommerce's nonce check): with it, the nonce is checked after the body is read,
     * once these arguments have passed. Throws the route's 400.
     */
    storeApiArgs?: (params: Record<string, unknown>) => void;
  }
}

const STORE_API_PREFIX = '/wp-json/wc/store';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** WordPress's `nocache_headers()`. */
export const NO_CACHE = 'no-cache, must-revalidate, max-age=0, no-store, private';

function pathOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

/**
 * Whether a request URL is a WordPress REST request. It reads `request.url`, which the app has
 * made canonical before routing (`http/canonical-path.ts`), and compares without regard to case
 * as the router does: the classification and the route always agree.
 */
export function isRestPath(url: string): boolean {
  return isPathUnder(pathOf(url), '/wp-json');
}

/**
 * Whether a request URL is one of WooCommerce's cart routes (`cart`, `cart/*`, `checkout`,
 * `checkout/*`, any Store API version), which hand out a nonce and a Cart-Token even to a guest
 * without a session; the catalogue routes do not.
 */
function isCartRoutePath(url: string): boolean {
  const path = pathOf(url);
  if (!isStoreApiPath(path)) return false;
  const rest = path.slice(STORE_API_PREFIX.length).toLowerCase().split('/').filter(Boolean);
  const route = /^v\d+$/.test(rest[0] ?? '') ? rest[1] : rest[0];
  return route === 'cart' || route === 'checkout';
}

/** Whether a request URL is a Store API request (same rules as `isRestPath`). */
export function isStoreApiPath(url: string): boolean {
  return isPathUnder(pathOf(url), STORE_API_PREFIX);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The nonce subject of a guest with no session at all (WordPress's user 0 with no session token,
 * as WooCommerce signs a fresh guest's Store API nonce). Its nonce is accepted only from a
 * request that has no session either, and such a write then starts one: it protects nothing a
 * stranger has, exactly as in WooCommerce, and never opens anyone's session.
 */
const STRANGER: NonceSubject = { uid: '0', token: '' };

/** The nonce subject of a request: its login, else its shopper session; none for a stranger. */
export function nonceSubject(auth: RequestAuth): NonceSubject | undefined {
  if (auth.cookieUser !== undefined && auth.loginToken !== undefined) {
    return { uid: String(auth.cookieUser.id), token: auth.loginToken };
  }
  if (auth.customerId !== undefined) return { uid: auth.customerId, token: '' };
  return undefined;
}

/** Request-scoped auth helpers the routes use. */
export interface AuthTools {
  config: AuthConfig;
  /** Makes sure the request has a live shopper session, starting a guest one if needed. */
  ensureSession(request: FastifyRequest): Promise<string>;
  /** A fresh nonce for `action` bound to the request's login or session. */
  nonceFor(request: FastifyRequest, action: NonceAction): string | undefined;
  /** Whether `nonce` is valid for `action` for this request's login or session. */
  checkNonce(request: FastifyRequest, action: NonceAction, nonce: string | undefined): boolean;
  /** Whether the response for this request should be `Secure` (https). */
  isSecure(request: FastifyRequest): boolean;
}

/**
 * Sessions, logins, nonces and Cart-Tokens for every request (wire contract §5.4):
 * - reads the login cookie, the `Cart-Token` header (Store API) and the session cookie;
 * - `X-WP-Nonce` (or `_wpnonce`) on a REST request must be valid (403 `rest_cookie_invalid_nonce`),
 *   and a valid one is answered with a refreshed `X-WP-Nonce`;
 * - Store API writes need a `Nonce` (401 missing, 403 invalid) unless a valid `Cart-Token` is sent;
 * - Store API responses of a session carry `Nonce`, `Nonce-Timestamp`, `User-ID` and `Cart-Token`; a
 *   guest without a session gets them on the cart routes for a fresh guest id, stored nowhere
 *   until its first write.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Database,
  config: AuthConfig,
  siteUrl: string | undefined,
): AuthTools {
  const nowSeconds = () => Math.floor(config.now() / 1000);
  let lastSweep = 0;

  const isSecure = (request: FastifyRequest) =>
    requestOrigin(request, siteUrl).startsWith('https:');

  function sessionCookie(request: FastifyRequest, customerId: string): string {
    const expiration = nowSeconds() + config.sessionLifetime;
    return serializeCookie(
      sessionCookieName(config.keys),
      encodeSessionCookie(config.keys, customerId, expiration, expiration - HOUR),
      { expires: expiration, secure: isSecure(request) },
    );
  }

  async function resolve(request: FastifyRequest): Promise<RequestAuth> {
    const auth: RequestAuth = {
      cookieUser: undefined,
      loginToken: undefined,
      user: undefined,
      customerId: undefined,
      viaCartToken: false,
      sessionLive: false,
      restNonceValid: false,
      setCookies: [],
    };
    const cookies = parseCookies(header(request, 'cookie'));
    const now = new Date(config.now());

    const login = cookies.get(loginCookieName(config.keys));
    if (login !== undefined) {
      const verified = await verifyLoginCookie(db, config.keys, login, now);
      if (verified !== undefined) {
        auth.cookieUser = verified.user;
        auth.loginToken = verified.token;
      }
    }

    const cartToken = isStoreApiPath(request.url) ? header(request, 'cart-token') : undefined;
    const claims =
      cartToken === undefined
        ? undefined
        : readCartToken(config.keys.secret, cartToken, nowSeconds());
    // A customer's token lives only as long as the login it was issued under (logout ends it).
    let fromToken = claims?.customerId;
    if (claims !== undefined && !claims.customerId.startsWith('t_')) {
      const live =
        claims.loginSession !== undefined &&
        (await isLoginSessionLive(db, claims.loginSession, claims.customerId, now));
      if (live) auth.cartTokenLoginSession = claims.loginSession;
      else fromToken = undefined;
    }
    let candidate: string | undefined;
    let fromCookie = false;
    if (fromToken !== undefined) {
      candidate = fromToken;
      auth.viaCartToken = true;
    } else if (auth.cookieUser !== undefined) {
      candidate = String(auth.cookieUser.id);
    } else {
      const value = cookies.get(sessionCookieName(config.keys));
      candidate =
        value === undefined ? undefined : decodeSessionCookie(config.keys, value, nowSeconds());
      fromCookie = candidate !== undefined;
    }

    if (candidate !== undefined) {
      const session = await findSession(db, candidate, now);
      if (session !== undefined) {
        auth.customerId = candidate;
        auth.sessionLive = true;
        // Rolling expiry, written at most once an hour (as WooCommerce's "expiring" mark).
        const remaining = session.expiresAt.getTime() - now.getTime();
        if (remaining < (config.sessionLifetime - HOUR) * 1000) {
          await upsertSession(
            db,
            candidate,
            new Date(now.getTime() + config.sessionLifetime * 1000),
          );
          if (fromCookie) auth.setCookies.push(sessionCookie(request, candidate));
        }
      } else if (auth.viaCartToken || auth.cookieUser !== undefined) {
        // A valid token or login names its session even when the row was swept: start it afresh.
        auth.customerId = candidate;
      }
    }
    return auth;
  }

  async function ensureSession(request: FastifyRequest): Promise<string> {
    const auth = request.auth;
    const now = config.now();
    const expiresAt = new Date(now + config.sessionLifetime * 1000);
    if (auth.customerId !== undefined) {
      if (auth.sessionLive) return auth.customerId;
      if ((await findSession(db, auth.customerId, new Date(now))) === undefined) {
        if (auth.customerId.startsWith('t_')) {
          // A guest id a Cart-Token named before its row existed (handed out on a read, see
          // onSend) becomes a row only here, at its first write, and counts against the client's
          // limit like any new session.
          await config.beforeNewSession?.(request);
          // An expired guest session starts afresh: its old cart must not come back with it.
          await db.delete(cartItems).where(eq(cartItems.sessionKey, auth.customerId));
        }
        await upsertSession(db, auth.customerId, expiresAt);
      }
      auth.sessionLive = true;
      return auth.customerId;
    }
    if (now - lastSweep > 10 * 60 * 1000) {
      lastSweep = now;
      await sweepExpired(db, new Date(now));
    }
    await config.beforeNewSession?.(request);
    const customerId = newGuestCustomerId();
    await upsertSession(db, customerId, expiresAt);
    auth.customerId = customerId;
    auth.sessionLive = true;
    auth.setCookies.push(sessionCookie(request, customerId));
    return customerId;
  }

  const nonceFor = (request: FastifyRequest, action: NonceAction) => {
    const subject = nonceSubject(request.auth);
    return subject === undefined
      ? undefined
      : createNonce(config.nonce, config.now(), action, subject);
  };

  const checkNonce = (request: FastifyRequest, action: NonceAction, nonce: string | undefined) => {
    const subject = nonceSubject(request.auth);
    return (
      subject !== undefined &&
      nonce !== undefined &&
      verifyNonce(config.nonce, config.now(), action, subject, nonce) !== false
    );
  };

  app.decorateRequest('auth', null as unknown as RequestAuth);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.auth = await resolve(request);
    const auth = request.auth;
    const url = request.url;
    if (!isRestPath(url)) {
      auth.user = auth.cookieUser;
      return;
    }

    // WordPress core: a REST request that carries a cookie nonce must carry a valid one.
    const query = request.query as Record<string, unknown>;
    const wpNonce =
      header(request, 'x-wp-nonce') ??
      (typeof query._wpnonce === 'string' ? query._wpnonce : undefined);
    if (wpNonce !== undefined) {
      if (!checkNonce(request, 'wp_rest', wpNonce)) {
        throw new RestError('rest_cookie_invalid_nonce', 'Cookie check failed', 403);
      }
      auth.restNonceValid = true;
    }

    if (!isStoreApiPath(url)) {
      auth.user = auth.restNonceValid ? auth.cookieUser : undefined;
      return;
    }
    // The Store API trusts the login cookie and guards writes with its own nonce.
    auth.user = auth.cookieUser;
    const rule = request.routeOptions.config.storeApiNonce;
    const needsNonce =
      rule !== 'per-request' && (WRITE_METHODS.has(request.method) || rule === 'always');
    // As in WooCommerce, the check belongs to a route: an unknown route stays a plain 404.
    if (!needsNonce || auth.viaCartToken || request.is404) return;
    // Checked in preHandler, after the route's arguments (see `storeApiArgs`).
    if (request.routeOptions.config.storeApiArgs !== undefined) return;
    await requireStoreNonce(request);
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    const checkArgs = request.routeOptions.config.storeApiArgs;
    if (checkArgs === undefined || !isStoreApiPath(request.url)) return;
    checkArgs(requestParams(request));
    if (!request.auth.viaCartToken) await requireStoreNonce(request);
  });

  /** The Store API nonce check of a write: 401 when missing, 403 when not this session's. */
  async function requireStoreNonce(request: FastifyRequest) {
    const stranger = nonceSubject(request.auth) === undefined;
    // Start the session first, so even a rejection hands the client a nonce it can use.
    await ensureSession(request);
    const storeNonce = header(request, 'nonce') ?? header(request, 'x-wc-store-api-nonce');
    if (storeNonce === undefined || storeNonce === '') {
      throw new RestError(
        'woocommerce_rest_missing_nonce',
        'Missing the Nonce header. This endpoint requires a valid nonce.',
        401,
      );
    }
    const valid =
      checkNonce(request, 'wc_store_api', storeNonce) ||
      (stranger &&
        verifyNonce(config.nonce, config.now(), 'wc_store_api', STRANGER, storeNonce) !== false);
    if (!valid) {
      throw new RestError('woocommerce_rest_invalid_nonce', 'Nonce is invalid.', 403);
    }
  }

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const auth = request.auth as RequestAuth | null;
    if (auth === null) return payload;
    if (auth.restNonceValid) {
      const fresh = nonceFor(request, 'wp_rest');
      if (fresh !== undefined)
        void reply.header('X-WP-Nonce', fresh).header('Cache-Control', NO_CACHE);
    }
    if (auth.setCookies.length > 0) {
      void reply.header('Set-Cookie', auth.setCookies).header('Cache-Control', NO_CACHE);
    }
    let strangerNonce: string | undefined;
    if (isStoreApiPath(request.url)) {
      // Like WooCommerce, every answer of a cart route (cart, cart/*, checkout) carries a nonce
      // and a Cart-Token, also for a guest with no session yet. The token names a fresh guest id
      // that is stored nowhere (no row, no cookie): a later write with it starts the session under
      // that id. The nonce is the stranger's (user 0, no session), as WooCommerce's: good for a
      // first write from a client with no session (which then gets its own), for no one else's.
      if (isCartRoutePath(request.url) && nonceSubject(auth) === undefined) {
        auth.customerId = newGuestCustomerId();
        strangerNonce = createNonce(config.nonce, config.now(), 'wc_store_api', STRANGER);
      }
    }
    if (isStoreApiPath(request.url) && auth.customerId !== undefined) {
      void reply
        .header('Nonce', strangerNonce ?? nonceFor(request, 'wc_store_api'))
        .header('Nonce-Timestamp', String(nowSeconds()))
        .header('User-ID', String(auth.user?.id ?? 0))
        .header(
          'Cart-Token',
          signCartToken(
            config.keys.secret,
            auth.customerId,
            nowSeconds() + config.sessionLifetime,
            auth.customerId.startsWith('t_')
              ? undefined
              : auth.loginToken !== undefined
                ? loginSessionVerifier(auth.loginToken)
                : auth.cartTokenLoginSession,
          ),
        )
        .header('Cache-Control', NO_CACHE);
    }
    return payload;
  });

  return { config, ensureSession, nonceFor, checkNonce, isSecure };
}
