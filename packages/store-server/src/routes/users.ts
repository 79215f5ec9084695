import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import type { UserRecord } from '../users/users';
import { WP_API, type RouteContext } from './context';

/** WordPress's user object: the `view` context, plus the private fields in `edit` context. */
export function serializeUser(user: UserRecord, origin: string, edit: boolean) {
  const slug = user.login.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
  const view = {
    id: user.id,
    name: user.displayName,
    url: '',
    description: '',
    link: `${origin}/author/${slug}/`,
    slug,
    avatar_urls: {},
    meta: [],
  };
  if (!edit) return view;
  return {
    ...view,
    username: user.login,
    email: user.email,
    roles: [user.role],
    registered_date: user.registeredAt.toISOString().slice(0, 19),
  };
}

/**
 * `GET /wp/v2/users/me`: the logged-in user (cookie plus a valid `X-WP-Nonce`, as in WordPress),
 * or 401 `rest_not_logged_in`. `context=edit` adds username, email, roles and registration date.
 */
export function registerUserRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(`${WP_API}/users/me`, (request: FastifyRequest) => {
    const user = request.auth.user;
    if (user === undefined) {
      throw new RestError('rest_not_logged_in', 'You are not currently logged in.', 401);
    }
    const query = request.query as Record<string, unknown>;
    return serializeUser(user, requestOrigin(request, context.siteUrl), query.context === 'edit');
  });
}
