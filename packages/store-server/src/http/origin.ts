import type { FastifyRequest } from 'fastify';
import { trimWhere } from './text';

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The public origin for absolute URLs (permalinks, image URLs, `Link`). A configured `siteUrl`
 * wins; otherwise it comes from the request (Fastify reads X-Forwarded-Proto/Host only when
 * `trustProxy` is on). A Host header that is not a plain host name is not echoed back.
 */
export function requestOrigin(request: FastifyRequest, siteUrl: string | undefined): string {
  if (siteUrl !== undefined) return siteUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = HOST.test(request.host) ? request.host.toLowerCase() : 'localhost';
  return `${protocol}://${host}`;
}

/**
 * Normalises a configured site URL to `scheme://host[:port][/path]` without a trailing slash.
 * Returns `undefined` when it is not an absolute http(s) URL.
 */
export function normaliseSiteUrl(siteUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return undefined;
  }
  return `${url.origin}${trimWhere(url.pathname, (char) => char === '/')}`;
}
