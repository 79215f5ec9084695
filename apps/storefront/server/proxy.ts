import type { IncomingMessage, ServerResponse } from 'node:http';
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';

/**
 * Forwards the store paths to a real WooCommerce, so cookies and nonces live on
 * the storefront's origin exactly as on a WordPress site: cookie Domain
 * attributes are dropped and redirects to the store's origin come back to ours.
 */
export async function createStoreProxy(storeUrl: URL) {
  const app = Fastify({ logger: false });
  // Bodies stream through untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await app.register(replyFrom, { base: storeUrl.origin, http2: false });

  const storeOrigin = storeUrl.origin;
  app.all('/*', (request, reply) => {
    const ourOrigin = `${request.protocol}://${request.host}`;
    return reply.from(request.url, {
      rewriteRequestHeaders: (_req, headers) => ({
        ...headers,
        host: storeUrl.host,
        'x-forwarded-host': request.host,
        'x-forwarded-proto': request.protocol,
      }),
      rewriteHeaders: (headers) => {
        const out = { ...headers };
        const location = out.location;
        if (typeof location === 'string' && location.startsWith(storeOrigin)) {
          out.location = ourOrigin + location.slice(storeOrigin.length);
        }
        const setCookie = out['set-cookie'];
        if (setCookie) {
          const list = Array.isArray(setCookie) ? setCookie : [setCookie];
          out['set-cookie'] = list.map((c) => c.replace(/;\s*domain=[^;]*/gi, ''));
        }
        return out;
      },
    });
  });
  await app.ready();
  return {
    handle: (req: IncomingMessage, res: ServerResponse) => app.routing(req, res),
    close: () => app.close(),
  };
}
