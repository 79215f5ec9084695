import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestOrigin } from '../http/origin';
import { noRoute } from '../http/rest-error';
import type { RouteContext } from './context';

/** Every REST route the app registered (Fastify path → methods), filled in as routes are added. */
export type RouteCatalogue = Map<string, Set<string>>;

/** The namespaces the store serves, most specific first. */
const NAMESPACES = ['wc/store/v1', 'wp/v2', 'cartwright/v1'] as const;

/** `/wp-json/wc/store/v1/products/:key` → `/wc/store/v1/products/(?P<key>[^/]+)`, as WordPress lists it. */
function wpRoutePattern(fastifyPath: string): string {
  const path = fastifyPath.slice('/wp-json'.length).replace(/\/$/, '');
  return (path === '' ? '/' : path).replace(/:([A-Za-z_]+)/g, '(?P<$1>[^/]+)');
}

function namespaceOf(pattern: string): string {
  return NAMESPACES.find((ns) => pattern === `/${ns}` || pattern.startsWith(`/${ns}/`)) ?? '';
}

interface RouteSummary {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, never> }[];
  _links?: { self: { href: string }[] };
}

function summarise(
  routes: RouteCatalogue,
  origin: string,
  only?: string,
): Record<string, RouteSummary> {
  const result: Record<string, RouteSummary> = {};
  const entries = [...routes].map(([path, methods]) => [wpRoutePattern(path), methods] as const);
  entries.sort(([a], [b]) => a.localeCompare(b));
  for (const [pattern, methodSet] of entries) {
    const namespace = namespaceOf(pattern);
    if (only !== undefined && namespace !== only) continue;
    const methods = [...methodSet].sort();
    const existing = result[pattern];
    if (existing !== undefined) {
      existing.methods = [...new Set([...existing.methods, ...methods])].sort();
      existing.endpoints.push({ methods, args: {} });
      continue;
    }
    result[pattern] = { namespace, methods, endpoints: [{ methods, args: {} }] };
    if (!pattern.includes('(?P<')) {
      result[pattern]._links = {
        self: [{ href: `${origin}/wp-json${pattern === '/' ? '/' : pattern}` }],
      };
    }
  }
  return result;
}

/** `GET /wp-json/` (the index) and `GET /wp-json/{namespace}` (a namespace's routes). */
export function registerRestIndexRoutes(
  app: FastifyInstance,
  context: RouteContext,
  routes: RouteCatalogue,
): void {
  app.get('/wp-json/', (request: FastifyRequest) => {
    const origin = requestOrigin(request, context.siteUrl);
    const namespaces = NAMESPACES.filter((ns) =>
      [...routes.keys()].some((path) => namespaceOf(wpRoutePattern(path)) === ns),
    ).sort();
    return {
      name: context.site.name,
      description: context.site.description,
      url: origin,
      home: origin,
      gmt_offset: 0,
      timezone_string: '',
      namespaces,
      authentication: [],
      routes: summarise(routes, origin),
    };
  });

  for (const namespace of NAMESPACES) {
    app.get(`/wp-json/${namespace}`, (request: FastifyRequest) => {
      const origin = requestOrigin(request, context.siteUrl);
      const summary = summarise(routes, origin, namespace);
      if (Object.keys(summary).length === 0) throw noRoute();
      return { namespace, routes: summary };
    });
  }
}
