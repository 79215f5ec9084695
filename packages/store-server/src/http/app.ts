import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { registerProductRoutes } from '../routes/products';
import { registerUploadRoutes } from '../routes/uploads';
import type { RouteContext } from '../routes/context';
import { parseQueryString } from './query-string';
import { RestError, noRoute } from './rest-error';

export interface AppOptions extends RouteContext {
  trustProxy: boolean | string | string[];
  logger: boolean;
}

const JSON_TYPE = 'application/json; charset=UTF-8';

function sendRestError(reply: FastifyReply, error: RestError): FastifyReply {
  return reply
    .code(error.status)
    .header('X-Content-Type-Options', 'nosniff')
    .type(JSON_TYPE)
    .send(error.toJSON());
}

function isRestPath(url: string): boolean {
  return url === '/wp-json' || url.startsWith('/wp-json/') || url.startsWith('/wp-json?');
}

/** Maps a framework error (bad URL, body parsing…) to the WordPress error a client should see. */
function fromFrameworkError(error: FastifyError): RestError | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new RestError(
        'rest_invalid_url',
        'The URL is malformed (invalid percent-encoding).',
        400,
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new RestError('rest_invalid_url', 'A path segment of the URL is too long.', 414);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400);
    default:
      // Other client errors from the framework (unsupported media type, body too large…):
      // keep the status, give a stable code, and do not echo internals.
      return new RestError('rest_invalid_request', 'The request could not be processed.', status);
  }
}

/** Builds the Fastify app: routes, WordPress-shaped errors, PHP-style query parsing. */
export function buildApp(options: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger,
    trustProxy: options.trustProxy,
    // WordPress matches REST routes with or without a trailing slash.
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 1000,
      querystringParser: parseQueryString,
    },
    frameworkErrors(error, _request, reply) {
      const mapped = fromFrameworkError(error);
      void sendRestError(
        reply,
        mapped ??
          new RestError(
            'internal_server_error',
            'There has been a critical error on this website.',
            500,
          ),
      );
    },
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RestError) return sendRestError(reply, error);
    const mapped = fromFrameworkError(error as FastifyError);
    if (mapped !== undefined) return sendRestError(reply, mapped);
    // Never leak a stack trace or driver message to the client; log it instead.
    request.log.error({ err: error }, 'unhandled error');
    return sendRestError(
      reply,
      new RestError(
        'internal_server_error',
        'There has been a critical error on this website.',
        500,
      ),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    if (isRestPath(request.url)) return sendRestError(reply, noRoute());
    return reply
      .code(404)
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/plain; charset=utf-8')
      .send('Not Found');
  });

  registerProductRoutes(app, options);
  registerUploadRoutes(app, options);
  return app;
}
