import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';
import { mapProductUrl } from './store-links';

/**
 * Forwards the store paths to a real WooCommerce, so cookies and nonces live on
 * the storefront's origin exactly as on a WordPress site: cookie Domain
 * attributes are dropped, redirects to the store's origin come back to ours, and a wc-ajax
 * answer's `product_url` on the store's origin is moved to ours (the page only follows
 * same-origin links).
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
    const query = request.url.indexOf('?');
    const wcAjax = query >= 0 && new URLSearchParams(request.url.slice(query)).has('wc-ajax');
    return reply.from(request.url, {
      rewriteRequestHeaders: (_req, headers) => {
        const out = {
          ...headers,
          host: storeUrl.host,
          'x-forwarded-host': request.host,
          'x-forwarded-proto': request.protocol,
        };
        // A wc-ajax body is read here (below), so it must come uncompressed.
        if (wcAjax) delete out['accept-encoding'];
        return out;
      },
      ...(wcAjax
        ? {
            onResponse: (_request, reply, res) => {
              void text(res.stream as Readable).then(
                (body) => {
                  const mapped = mapProductUrl(body, storeOrigin, ourOrigin);
                  if (mapped !== body) reply.removeHeader('content-length');
                  reply.send(mapped);
                },
                (error: unknown) => reply.send(error),
              );
            },
          }
        : {}),
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
