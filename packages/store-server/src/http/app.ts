import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { registerAccountRoutes } from '../routes/account';
import { registerAccountDetailsRoutes } from '../routes/account-details';
import { registerPasswordResetRoutes } from '../routes/password-reset';
import { registerAdminAjaxRoutes } from '../routes/admin-ajax';
import { registerAnalyticsRoutes } from '../routes/analytics';
import { registerOrderAttributionRoutes } from '../routes/order-attribution';
import { createCartStore } from '../cart/repository';
import { registerAddressRoutes } from '../routes/address';
import { registerCartRoutes } from '../routes/cart';
import { registerCartShippingRoutes } from '../routes/cart-shipping';
import { registerBatchRoutes } from '../routes/batch';
import { registerCartItemRoutes } from '../routes/cart-items';
import { registerCouponRoutes } from '../routes/coupons';
import { registerCategoryRoutes } from '../routes/categories';
import { registerCollectionDataRoutes } from '../routes/collection-data';
import { registerAttributeRoutes } from '../routes/attributes';
import { registerCheckoutRoutes } from '../routes/checkout';
import { registerOrderRoutes } from '../routes/order';
import { registerContactRoutes } from '../routes/contact';
import { createOrderStore } from '../checkout/orders';
import type { MediaConfig, RouteContext, StoreSettings } from '../routes/context';
import { registerLoginRoutes } from '../routes/login';
import { registerMediaRoutes } from '../routes/media';
import { registerProductRoutes } from '../routes/products';
import { registerRestIndexRoutes, type RouteCatalogue } from '../routes/rest-index';
import { registerNoticeRoutes } from '../routes/notices';
import { registerSettingsRoutes } from '../routes/settings';
import { registerUploadRoutes } from '../routes/uploads';
import { registerUserMetaRoutes } from '../routes/user-meta';
import { registerUserRoutes } from '../routes/users';
import {
  CART_LINK_ROUTE,
  WC_AJAX_ROUTE,
  isCartLinkUrl,
  registerWcAjaxRoutes,
} from '../routes/wc-ajax';
import { registerAuth, isRestPath, type AuthConfig } from './auth';
import { canonicalDecodedPath, canonicalPath } from './canonical-path';
import { parseQueryString } from './query-string';
import { RestError, noRoute } from './rest-error';
import {
  RateLimiter,
  clientOf,
  registerStoreApiRateLimit,
  TooManyRequests,
  type RateLimits,
  type StoreApiRateLimit,
} from './rate-limit';

export interface AppOptions {
  db: Database;
  siteUrl: string | undefined;
  site: RouteContext['site'];
  auth: AuthConfig;
  media: MediaConfig;
  settings: StoreSettings;
  trustProxy: boolean | string | string[];
  logger: boolean;
  /** Per-client and per-account limits (logins, sign-ups, new sessions, events, contacts). */
  rateLimits: RateLimits;
  /** WooCommerce's Store API rate limiter (off by default). */
  storeApiRateLimit: StoreApiRateLimit;
  /** The store's mailer and new-order recipient. */
  mail: RouteContext['mail'];
}

const JSON_TYPE = 'application/json; charset=UTF-8';

function sendRestError(reply: FastifyReply, error: RestError): FastifyReply {
  if (error instanceof TooManyRequests) void reply.header('Retry-After', String(error.retryAfter));
  return reply
    .code(error.status)
    .header('X-Content-Type-Options', 'nosniff')
    .type(JSON_TYPE)
    .send(error.toJSON());
}

const OVERRIDABLE = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Where a request whose path has no canonical form is routed: it answers 400 and nothing else. */
export const INVALID_URL_ROUTE = '/__cartwright/invalid-url';

/**
 * Before routing, the one place a request target is read:
 * - the path becomes its canonical form (decoded once, `//` collapsed, ambiguous forms refused),
 *   so the router, the auth hook and every path test see the same string;
 * - `/?rest_route=/x&…` (plain permalinks) becomes `/wp-json/x?…`, with the route made canonical
 *   by the same rule;
 * - `?wc-ajax=…` and the cart links on any page go to their handlers;
 * - a REST POST with `X-HTTP-Method-Override` (or `?_method=`) is routed as that method, as
 *   WordPress does.
 */
/** Whether WordPress's index.php answers `path` (everything but the real files a site serves). */
function answeredByIndex(path: string): boolean {
  const lower = path.toLowerCase();
  if (lower === '/index.php') return true;
  if (lower.endsWith('.php')) return false;
  return !['/wp-admin/', '/wp-content/', '/wp-includes/'].some((prefix) =>
    lower.startsWith(prefix),
  );
}

function rewriteRequest(request: {
  url?: string;
  method?: string;
  headers: Record<string, string | string[] | undefined>;
}): string {
  const raw = request.url ?? '/';
  const queryIndex = raw.indexOf('?');
  // A fragment never reaches a server from a browser; the router would cut the path there.
  const hashIndex = raw.indexOf('#');
  let pathEnd = raw.length;
  if (queryIndex !== -1) pathEnd = queryIndex;
  if (hashIndex !== -1 && hashIndex < pathEnd) pathEnd = hashIndex;
  const query = queryIndex === -1 ? '' : raw.slice(queryIndex + 1);
  const canonical = canonicalPath(raw.slice(0, pathEnd));
  if (!canonical.ok) return `${INVALID_URL_ROUTE}?problem=${canonical.problem}`;
  let path = canonical.path;
  let search = query;

  // WordPress reads `rest_route` on every request its index.php answers, pretty `/wp-json/…`
  // paths and page paths included; only real files (`/wp-login.php`, `/wp-admin/…`, uploads) don't.
  if (query !== '' && answeredByIndex(path)) {
    const params = new URLSearchParams(query);
    const route = params.get('rest_route');
    if (route !== null && route.startsWith('/')) {
      const restRoute = canonicalDecodedPath(route);
      if (!restRoute.ok) return `${INVALID_URL_ROUTE}?problem=${restRoute.problem}`;
      params.delete('rest_route');
      path = restRoute.path === '/' ? '/wp-json' : `/wp-json${restRoute.path}`;
      search = params.toString();
    }
  }
  let url = `${path}${search === '' ? '' : `?${search}`}`;
  // WooCommerce answers `?wc-ajax=…` and the cart links on any page URL: route them to their
  // handlers, keeping the query string (the original URL stays in `request.originalUrl`).
  if (search !== '' && !isRestPath(path)) {
    const action = new URLSearchParams(search).get('wc-ajax');
    if (action !== null) url = `${WC_AJAX_ROUTE}/${encodeURIComponent(action)}?${search}`;
    else if (isCartLinkUrl(url)) url = `${CART_LINK_ROUTE}?${search}`;
  }
  if (request.method === 'POST' && isRestPath(path)) {
    const header = request.headers['x-http-method-override'];
    let override = Array.isArray(header) ? header[0] : header;
    if (override === undefined && search !== '') {
      override = new URLSearchParams(search).get('_method') ?? undefined;
    }
    const method = override?.trim().toUpperCase();
    if (method !== undefined && OVERRIDABLE.has(method)) request.method = method;
  }
  return url;
}

/** `application/x-www-form-urlencoded` bodies (login form, wc-ajax) as a flat record, PHP-style. */
function parseForm(body: string): Record<string, string | string[]> {
  return parseQueryString(body);
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
    rewriteUrl(request) {
      return rewriteRequest(request);
    },
    routerOptions: {
      ignoreTrailingSlash: true,
      // WordPress matches REST routes without regard to case; the auth hook classifies paths the
      // same way (`isPathUnder`), so a case variant meets the same checks as the plain path.
      caseSensitive: false,
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

  // WordPress accepts `Content-Type: application/json` with an empty body (what
  // @wordpress/api-fetch sends for a DELETE without data): no body, not an error.
  // Anything else goes through Fastify's own parser, prototype-poisoning checks included.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    void parseJson(request, body as string, done);
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, parseForm(body as string)),
  );

  app.all(INVALID_URL_ROUTE, (request) => {
    const { problem } = request.query as { problem?: string };
    throw new RestError(
      'rest_invalid_url',
      problem === 'invalid_encoding'
        ? 'The URL is malformed (invalid percent-encoding).'
        : 'The URL path is ambiguous (an encoded slash or backslash, a dot segment, or not a path).',
      400,
    );
  });

  const routes: RouteCatalogue = new Map();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/wp-json/')) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const known = routes.get(route.url) ?? new Set<string>();
      for (const method of methods) if (method !== 'HEAD') known.add(method);
      routes.set(route.url, known);
    }
  });
  // WordPress sends the matched route's methods as `Allow` on every REST answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const methods = url === undefined || request.is404 ? undefined : routes.get(url);
    if (methods !== undefined && methods.size > 0)
      void reply.header('Allow', [...methods].join(', '));
    return payload;
  });

  const limiter = new RateLimiter(options.db, options.auth.now);
  const auth = registerAuth(
    app,
    options.db,
    {
      ...options.auth,
      // A new shopper session counts against its client's limit (no unbounded session rows).
      beforeNewSession: async (request) => {
        const verdict = await limiter.hit(
          'session',
          clientOf(request),
          options.rateLimits.sessionsPerClient,
        );
        if (!verdict.allowed) throw new TooManyRequests(verdict);
      },
    },
    options.siteUrl,
  );
  registerStoreApiRateLimit(app, limiter, options.storeApiRateLimit);
  const carts = createCartStore(
    options.db,
    () => new Date(options.auth.now() + options.auth.sessionLifetime * 1000),
  );
  const context: RouteContext = {
    db: options.db,
    siteUrl: options.siteUrl,
    site: options.site,
    auth,
    media: options.media,
    carts,
    orders: createOrderStore(options.db, carts),
    settings: options.settings,
    limiter,
    limits: options.rateLimits,
    mail: options.mail,
  };
  registerProductRoutes(app, context);
  registerCategoryRoutes(app, context);
  registerCollectionDataRoutes(app, context);
  registerAttributeRoutes(app, context);
  registerUploadRoutes(app, context);
  registerMediaRoutes(app, context);
  registerUserRoutes(app, context);
  registerCartRoutes(app, context);
  registerCartShippingRoutes(app, context);
  registerCartItemRoutes(app, context);
  registerCouponRoutes(app, context);
  registerBatchRoutes(app);
  registerWcAjaxRoutes(app, context);
  registerNoticeRoutes(app, context);
  registerAddressRoutes(app);
  registerCheckoutRoutes(app, context);
  registerOrderRoutes(app, context);
  registerAdminAjaxRoutes(app, context);
  registerAnalyticsRoutes(app, context);
  registerOrderAttributionRoutes(app, context);
  registerLoginRoutes(app, context);
  registerAccountRoutes(app, context);
  registerPasswordResetRoutes(app, context);
  registerAccountDetailsRoutes(app, context);
  registerSettingsRoutes(app, context);
  registerUserMetaRoutes(app, context);
  registerContactRoutes(app, context);
  registerRestIndexRoutes(app, context, routes);
  return app;
}
