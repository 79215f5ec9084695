import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCookies, serializeCookie } from '../auth/cookies';
import { NOTICES_COOKIE, takeNotices } from '../cart/notices';
import { NO_CACHE } from '../http/auth';
import { CARTWRIGHT_API } from './cart';
import type { RouteContext } from './context';

/**
 * The `cartwright_notices` cookie: `1` while the session holds notices (readable by scripts, so a
 * client router knows to ask), expired once they have been handed out.
 */
export function noticesCookie(context: RouteContext, request: FastifyRequest, on: boolean): string {
  const secure = context.auth.isSecure(request);
  const anHourAgo = Math.floor(context.auth.config.now() / 1000) - 3600;
  return serializeCookie(NOTICES_COOKIE, on ? '1' : '', {
    secure,
    httpOnly: false,
    ...(on ? {} : { expires: anHourAgo }),
  });
}

/**
 * `GET /wp-json/cartwright/v1/notices`: the session's notices, handed out once and removed (as a
 * WooCommerce page prints them), `{ notices: [{ type, message, link? }] }` with plain-text
 * messages. No session, or nothing waiting: `{ notices: [] }`. Never cached.
 */
export function registerNoticeRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(`${CARTWRIGHT_API}/notices`, async (request, reply) => {
    const sessionKey = request.auth.customerId;
    const notices = sessionKey === undefined ? [] : await takeNotices(context.db, sessionKey);
    if (parseCookies(request.headers.cookie).has(NOTICES_COOKIE) && !request.auth.viaCartToken) {
      request.auth.setCookies.push(noticesCookie(context, request, false));
    }
    void reply.header('Cache-Control', NO_CACHE);
    return { notices };
  });
}
