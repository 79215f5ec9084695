import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import { findMedia } from '../catalog/repository';
import type { RouteContext } from './context';

const YEAR = /^\d{4}$/;
const MONTH = /^\d{2}$/;
const FILE = /^[a-z0-9][a-z0-9._-]*$/i;

/**
 * Headers for stored uploads. Uploaded names never change content, so they are cached for a
 * year; the CSP (with `sandbox`) keeps any script inside an SVG from running if it is opened
 * directly, and nosniff stops browsers second-guessing the type.
 */
export const UPLOAD_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/plain; charset=utf-8')
    .send('Not Found');
}

/** `GET /wp-content/uploads/YYYY/MM/<file>`: media bytes from the database. */
export function registerUploadRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    '/wp-content/uploads/:year/:month/:file',
    async (
      request: FastifyRequest<{ Params: { year: string; month: string; file: string } }>,
      reply: FastifyReply,
    ) => {
      const { year, month, file } = request.params;
      if (!YEAR.test(year) || !MONTH.test(month) || !FILE.test(file)) return notFound(reply);
      const found = await findMedia(context.db, `${year}/${month}/${file}`);
      if (found === undefined) return notFound(reply);
      return reply
        .headers(UPLOAD_HEADERS)
        .header('Last-Modified', found.createdAt.toUTCString())
        .type(found.mimeType)
        .send(found.bytes);
    },
  );
}
