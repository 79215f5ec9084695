import type { FastifyInstance } from 'fastify';
import {
  MAX_TRACK_BODY_BYTES,
  SKIPPED_FOR_CONSENT,
  TRACK_ROUTE,
  hasStatisticsConsent,
  readTrackBody,
  recordEvents,
} from '../analytics/track';
import { parseCookies } from '../auth/cookies';
import { NO_CACHE } from '../http/auth';
import { TooManyRequests, clientOf } from '../http/rate-limit';
import type { RouteContext } from './context';

/**
 * `POST /wp-json/woocommerce-analytics/v1/track` (wire contract §7.3): a JSON array of
 * `{event_name, properties}`. Without statistics consent: 200 and nothing recorded. Otherwise
 * each event is recorded or refused on its own: `{success, results: [{success, error?}]}`,
 * 200 when all were recorded, 207 when any was refused. A body that is not such an array is a
 * 400; one over {@link MAX_TRACK_BODY_BYTES} a 413. Cookie-only requests are accepted (the
 * page-hide beacon cannot send a nonce).
 */
export function registerAnalyticsRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post(TRACK_ROUTE, { bodyLimit: MAX_TRACK_BODY_BYTES }, async (request, reply) => {
    const items = readTrackBody(request.body);
    reply.header('Cache-Control', NO_CACHE);
    if (!hasStatisticsConsent(parseCookies(request.headers.cookie))) {
      return reply.send(SKIPPED_FOR_CONSENT);
    }
    // Each event counts against its client: nobody fills the events table without bound.
    const verdict = await context.limiter.hit(
      'events-client',
      clientOf(request),
      context.limits.eventsPerClient,
      Math.max(1, items.length),
    );
    if (!verdict.allowed) throw new TooManyRequests(verdict);
    const results = await recordEvents(context.db, items, {
      sessionKey: request.auth.customerId,
      userId: request.auth.user?.id ?? 0,
    });
    const success = results.every((result) => result.success);
    return reply.code(success ? 200 : 207).send({ success, results });
  });
}
