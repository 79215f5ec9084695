import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_CACHE } from '../http/auth';
import type { RouteContext } from './context';

function plain(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', NO_CACHE)
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Robots-Tag', 'noindex')
    .type('text/plain; charset=UTF-8')
    .send(body);
}

/**
 * `/wp-admin/admin-ajax.php`. Only `action=rest-nonce` is served: a fresh `wp_rest` nonce as
 * plain text, for logged-in users **and** guests (WordPress answers guests `0` with a 400; here a
 * guest gets a session, so api-fetch's nonce refresh works for them too). Any other action gets
 * WordPress's answer for an unknown action: 400 `0`.
 */
export function registerAdminAjaxRoutes(app: FastifyInstance, context: RouteContext): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const body = request.body as Record<string, unknown> | undefined;
    const action = typeof query.action === 'string' ? query.action : body?.action;
    if (action !== 'rest-nonce') return plain(reply, 400, '0');
    await context.auth.ensureSession(request);
    return plain(reply, 200, context.auth.nonceFor(request, 'wp_rest') ?? '0');
  };
  app.get('/wp-admin/admin-ajax.php', handler);
  app.post('/wp-admin/admin-ajax.php', handler);
}
