import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializeCookie } from '../auth/cookies';
import { verifyPassword, decoyHash } from '../auth/password';
import {
  LOGIN_LIFETIME,
  REMEMBER_LIFETIME,
  adoptGuestSession,
  endLoginSession,
  loginCookieName,
  sessionCookieName,
  startLoginSession,
} from '../auth/sessions';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { isCrossSitePost, sameOriginPath } from '../http/same-origin';
import { clientOf, tooManyRequestsText, type Verdict } from '../http/rate-limit';
import { resetComingSoonBannerDismissed } from '../users/meta';
import { findUserByLogin, upgradePasswordHash, type UserRecord } from '../users/users';
import { CART_HASH_COOKIE, ITEMS_IN_CART_COOKIE, syncCartCookies } from './cart-http';
import type { RouteContext } from './context';
import { RestError } from '../http/rest-error';

const LOGIN_PATH = '/wp-login.php';
/** WordPress's `TEST_COOKIE`. */
export const TEST_COOKIE = 'wordpress_test_cookie';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

function field(record: unknown, name: string): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const value = (record as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The per-account and per-client login limits, counted before the password is checked. */
export async function countLoginAttempt(
  context: RouteContext,
  request: FastifyRequest,
  login: string,
): Promise<Verdict | undefined> {
  const { limiter, limits } = context;
  const client = await limiter.hit('login-client', clientOf(request), limits.loginPerClient);
  const account = await limiter.hit(
    'login-account',
    login.trim().toLowerCase(),
    limits.loginPerAccount,
  );
  if (!client.allowed) return client;
  if (!account.allowed) return account;
  return undefined;
}

/** A login that succeeded: its account's window is cleared and its client's hit taken back. */
export async function loginSucceeded(
  context: RouteContext,
  request: FastifyRequest,
  login: string,
): Promise<void> {
  await context.limiter.clear('login-account', login.trim().toLowerCase());
  await context.limiter.refund('login-client', clientOf(request));
}

/** 403 for a login or sign-up form posted from another site. */
export function crossSiteRefusal(): RestError {
  return new RestError(
    'cartwright_cross_site_login',
    'This form was sent from another site. Please log in from this site.',
    403,
  );
}

interface PageOptions {
  title: string;
  site: string;
  body: string;
}

function page({ title, site, body }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} &lsaquo; ${escapeHtml(site)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}label{display:block;margin-top:1rem}input[type=text],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1rem}#login_error{border-left:4px solid #d63638;padding:.5rem 1rem}.message{border-left:4px solid #72aee6;padding:.5rem 1rem}</style>
</head>
<body>
<main id="login">
<h1>${escapeHtml(site)}</h1>
${body}
</main>
</body>
</html>
`;
}

function loginForm(options: {
  site: string;
  error?: string;
  message?: string;
  login?: string;
  redirectTo?: string;
}): string {
  const notices = [
    options.error === undefined
      ? ''
      : `<div id="login_error" role="alert"><p><strong>Error:</strong> ${escapeHtml(options.error)}</p></div>`,
    options.message === undefined
      ? ''
      : `<p class="message" role="status">${escapeHtml(options.message)}</p>`,
  ].join('');
  return page({
    title: 'Log In',
    site: options.site,
    body: `${notices}
<form name="loginform" id="loginform" action="${LOGIN_PATH}" method="post">
<label for="user_login">Username or Email Address</label>
<input type="text" name="log" id="user_login" autocomplete="username" required value="${escapeHtml(options.login ?? '')}">
<label for="user_pass">Password</label>
<input type="password" name="pwd" id="user_pass" autocomplete="current-password" required>
<label><input name="rememberme" type="checkbox" id="rememberme" value="forever"> Remember Me</label>
<input type="hidden" name="redirect_to" value="${escapeHtml(options.redirectTo ?? '')}">
<button type="submit" name="wp-submit" id="wp-submit">Log In</button>
</form>`,
  });
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', NO_CACHE)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=UTF-8')
    .send(body);
}

/**
 * Logs `user` in on this request, whatever form asked for it (`/wp-login.php`, the account
 * routes' login and registration): ends the request's previous login, starts a login session,
 * adopts the guest's session (their cart), refreshes the cart cookies and sets the login cookie
 * (a browser-session cookie unless `remember`). Everything that must happen on every login
 * belongs here.
 */
export async function completeLogin(
  context: RouteContext,
  request: FastifyRequest,
  user: UserRecord,
  remember: boolean,
): Promise<void> {
  const { db, auth } = context;
  const expiration =
    Math.floor(auth.config.now() / 1000) + (remember ? REMEMBER_LIFETIME : LOGIN_LIFETIME);
  if (request.auth.loginToken !== undefined) await endLoginSession(db, request.auth.loginToken);
  const started = await startLoginSession(db, auth.config.keys, user, expiration);
  const guest = request.auth.customerId;
  if (guest !== undefined && guest.startsWith('t_')) {
    const expiresAt = new Date(auth.config.now() + auth.config.sessionLifetime * 1000);
    await adoptGuestSession(db, guest, user.id, expiresAt);
    request.auth.setCookies.push(
      serializeCookie(sessionCookieName(auth.config.keys), '', {
        expires: 0,
        secure: auth.isSecure(request),
      }),
    );
  }
  // The cart cookies now describe the user's cart (their saved cart, merged with the guest's).
  syncCartCookies(context, request, await context.carts.read(String(user.id)));
  request.auth.setCookies.push(
    serializeCookie(loginCookieName(auth.config.keys), started.cookie, {
      // Without "Remember me" the cookie ends with the browser session, as in WordPress.
      ...(remember ? { expires: expiration } : {}),
      secure: auth.isSecure(request),
    }),
  );
  // WooCommerce shows the coming-soon banner again after every login (wire contract §2.2).
  await resetComingSoonBannerDismissed(db, user.id);
  // From here on this request acts as the user (its nonces are the new login's).
  request.auth.cookieUser = user;
  request.auth.loginToken = started.token;
  request.auth.customerId = String(user.id);
}

/**
 * `/wp-login.php`: the login form (GET), logging in (POST `log`, `pwd`, `rememberme`,
 * `redirect_to`) and logging out (`?action=logout&_wpnonce=…`), with WordPress-style cookies.
 */
export function registerLoginRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, auth } = context;
  const siteName = context.site.name;
  function clearCookie(request: FastifyRequest, name: string) {
    request.auth.setCookies.push(
      serializeCookie(name, '', { expires: 0, secure: auth.isSecure(request) }),
    );
  }

  async function logout(request: FastifyRequest, reply: FastifyReply, query: unknown) {
    const origin = requestOrigin(request, context.siteUrl);
    const target =
      sameOriginPath(field(query, 'redirect_to'), origin) ?? `${LOGIN_PATH}?loggedout=true`;
    const { cookieUser, loginToken, customerId } = request.auth;
    const loggedIn = cookieUser !== undefined && loginToken !== undefined;
    // A guest's session (their cart) is worth a nonce too: a link on another site must not end it.
    if (loggedIn || customerId !== undefined) {
      if (!auth.checkNonce(request, 'log-out', field(query, '_wpnonce'))) {
        // WordPress's "are you sure" page: a link with a valid nonce, nothing done yet.
        const confirm = `${LOGIN_PATH}?action=logout&_wpnonce=${auth.nonceFor(request, 'log-out') ?? ''}${
          target === `${LOGIN_PATH}?loggedout=true`
            ? ''
            : `&redirect_to=${encodeURIComponent(target)}`
        }`;
        return html(
          reply,
          403,
          page({
            title: 'Something went wrong.',
            site: siteName,
            body: `<p>You are attempting to log out of ${escapeHtml(siteName)}</p>
<p>Do you really want to <a href="${escapeHtml(confirm)}">log out</a>?</p>`,
          }),
        );
      }
      if (loggedIn) await endLoginSession(db, loginToken);
    }
    clearCookie(request, loginCookieName(auth.config.keys));
    clearCookie(request, sessionCookieName(auth.config.keys));
    // The cart stays with the user (their saved cart); this browser no longer shows it.
    for (const name of [ITEMS_IN_CART_COOKIE, CART_HASH_COOKIE]) {
      request.auth.setCookies.push(
        serializeCookie(name, '', { expires: 0, secure: auth.isSecure(request), httpOnly: false }),
      );
    }
    return reply.code(302).header('Cache-Control', NO_CACHE).redirect(target);
  }

  /**
   * WordPress sets `wordpress_test_cookie` on every wp-login.php answer, so a later login can
   * tell whether the browser keeps cookies. A browser-session cookie holding no secret.
   */
  function setTestCookie(request: FastifyRequest) {
    request.auth.setCookies.push(
      serializeCookie(TEST_COOKIE, 'WP Cookie check', {
        secure: auth.isSecure(request),
        httpOnly: false,
      }),
    );
  }

  app.get(LOGIN_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query;
    setTestCookie(request);
    if (field(query, 'action') === 'logout') return logout(request, reply, query);
    return html(
      reply,
      200,
      loginForm({
        site: siteName,
        message: field(query, 'loggedout') === 'true' ? 'You are now logged out.' : undefined,
        redirectTo: sameOriginPath(
          field(query, 'redirect_to'),
          requestOrigin(request, context.siteUrl),
        ),
      }),
    );
  });

  app.post(LOGIN_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query;
    setTestCookie(request);
    if (field(query, 'action') === 'logout') return logout(request, reply, query);
    const body = request.body;
    const login = field(body, 'log')?.trim() ?? '';
    const password = field(body, 'pwd') ?? '';
    const origin = requestOrigin(request, context.siteUrl);
    const redirectTo = sameOriginPath(
      field(body, 'redirect_to') ?? field(query, 'redirect_to'),
      origin,
    );
    const fail = (error: string, status = 200) =>
      html(reply, status, loginForm({ site: siteName, error, login, redirectTo }));

    // Login CSRF: a page on another site must not log this browser into someone's account.
    if (isCrossSitePost(request, context.siteUrl)) {
      return html(
        reply,
        403,
        page({
          title: 'Something went wrong.',
          site: siteName,
          body: `<div id="login_error" role="alert"><p><strong>Error:</strong> This login form was sent from another site, so you were not logged in.</p></div>
<p><a href="${LOGIN_PATH}">Log in on ${escapeHtml(siteName)}</a></p>`,
        }),
      );
    }
    if (login === '') return fail('The username field is empty.');
    if (password === '') return fail('The password field is empty.');
    const refused = await countLoginAttempt(context, request, login);
    if (refused !== undefined) {
      void reply.header('Retry-After', String(refused.retryAfter));
      return fail(tooManyRequestsText(refused), 429);
    }
    const user = await findUserByLogin(db, login);
    // Always run one password hash, so an unknown name takes as long as a wrong password.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (user === undefined || !valid) {
      return fail('The username or password you entered is incorrect.');
    }

    await loginSucceeded(context, request, login);
    const current = await upgradePasswordHash(db, user, password);
    await completeLogin(context, request, current, field(body, 'rememberme') !== undefined);
    return reply
      .code(302)
      .header('Cache-Control', NO_CACHE)
      .redirect(redirectTo ?? '/');
  });
}
