import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCookies } from '../auth/cookies';
import { NO_CACHE } from '../http/auth';
import { canonicalPath, isPathUnder } from '../http/canonical-path';
import { RestError, invalidParams } from '../http/rest-error';
import { missingParams, requestParams } from './cart-http';
import { STORE_API } from './context';

/** WordPress's batch limit (`rest_get_max_batch_size`). */
const MAX_REQUESTS = 25;
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** The inner answer's headers WooCommerce reports, with the numeric ones as numbers. */
const REPORTED = ['Allow', 'Nonce', 'Nonce-Timestamp', 'User-ID', 'Cart-Token', 'Cart-Hash'];
const NUMERIC = new Set(['Nonce-Timestamp', 'User-ID']);
/**
 * The only headers a batched request may carry of its own: its Store API credentials. Anything
 * else (a forwarded address, a host, a cookie) would let one request speak for another client.
 */
const PASSED = new Set(['nonce', 'x-wc-store-api-nonce', 'cart-token']);

interface BatchRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `requests` argument, checked as WordPress's schema for the route checks it. */
function readRequests(request: FastifyRequest): BatchRequest[] {
  const raw = requestParams(request).requests;
  if (raw === undefined || raw === null || raw === '') throw missingParams(['requests']);
  const invalid = (message: string, code = 'rest_invalid_type') =>
    invalidParams([{ name: 'requests', code, message }]);
  if (!Array.isArray(raw)) throw invalid('requests is not of type array.');
  if (raw.length > MAX_REQUESTS) {
    throw invalid(`requests must contain at most ${MAX_REQUESTS} items.`, 'rest_too_many_items');
  }
  return raw.map((item: unknown, index) => {
    if (!isRecord(item)) throw invalid(`requests[${index}] is not of type object.`);
    const method = typeof item.method === 'string' ? item.method.toUpperCase() : 'POST';
    if (!METHODS.includes(method)) {
      throw invalid(
        `requests[${index}][method] is not one of POST, PUT, PATCH, and DELETE.`,
        'rest_not_in_enum',
      );
    }
    if (typeof item.path !== 'string')
      throw invalid(`requests[${index}][path] is not of type string.`);
    const headers: Record<string, string> = {};
    if (isRecord(item.headers)) {
      for (const [name, value] of Object.entries(item.headers)) {
        if (typeof value === 'string' && PASSED.has(name.toLowerCase())) {
          headers[name.toLowerCase()] = value;
        }
      }
    }
    return { method, path: item.path, body: item.body ?? {}, headers };
  });
}

/**
 * `POST /wc/store/v1/batch`: up to 25 Store API writes in one call, run one after another, each
 * with its own headers (so its own `Nonce` or `Cart-Token`) and the caller's cookies, answered
 * `207` with each request's status, headers and body, as WooCommerce 10.2.4 does. Paths outside
 * the Store API are refused before any request runs.
 */
export function registerBatchRoutes(app: FastifyInstance): void {
  app.post(
    `${STORE_API}/batch`,
    { config: { storeApiNonce: 'per-request' } },
    async (request, reply) => {
      const requests = readRequests(request);
      // Each path by the one canonical rule (a dot segment or an encoded slash could otherwise
      // lead out of the Store API once the path is resolved), and only below /wc/store.
      const paths = requests.map((item) => {
        const index = item.path.indexOf('?');
        const canonical = canonicalPath(index === -1 ? item.path : item.path.slice(0, index));
        if (!canonical.ok || !isPathUnder(canonical.path, '/wc/store')) {
          throw new RestError('woocommerce_rest_invalid_path', 'Invalid path provided.', 400);
        }
        return `${canonical.path}${index === -1 ? '' : item.path.slice(index)}`;
      });
      // The caller's cookies, updated by what each request sets (a first add starts a session).
      const jar = parseCookies(request.headers.cookie);
      const setCookies: string[] = [];
      const responses = [];
      for (const [index, item] of requests.entries()) {
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const answer = await app.inject({
          method: item.method as 'POST',
          url: `/wp-json${paths[index]}`,
          headers: {
            ...item.headers,
            'content-type': 'application/json',
            ...(cookie === '' ? {} : { cookie }),
            ...(request.headers['user-agent'] === undefined
              ? {}
              : { 'user-agent': request.headers['user-agent'] }),
          },
          payload: JSON.stringify(item.body),
          remoteAddress: request.ip,
        });
        const set = answer.headers['set-cookie'];
        for (const line of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
          setCookies.push(line);
          const [pair = ''] = line.split(';');
          const index = pair.indexOf('=');
          if (index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
        }
        const headers: Record<string, string | number> = {};
        for (const name of REPORTED) {
          const value = answer.headers[name.toLowerCase()];
          if (typeof value === 'string') headers[name] = NUMERIC.has(name) ? Number(value) : value;
        }
        let body: unknown = null;
        try {
          body = answer.body === '' ? null : (JSON.parse(answer.body) as unknown);
        } catch {
          body = answer.body;
        }
        responses.push({ body, status: answer.statusCode, headers });
      }
      // Through the auth hook's list, which sends every Set-Cookie of this answer at once.
      request.auth.setCookies.push(...setCookies);
      return reply.code(207).header('Cache-Control', NO_CACHE).send({ responses });
    },
  );
}
