import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestOrigin } from '../http/origin';
import { RestError, invalidParams, noRoute } from '../http/rest-error';
import {
  WOOCOMMERCE_META_FIELDS,
  readWoocommerceMeta,
  setUserMeta,
  woocommerceMetaKey,
  type WoocommerceMetaField,
} from '../users/meta';
import { findUserById } from '../users/users';
import { WP_API, type RouteContext } from './context';
import { serializeUser } from './users';

const MAX_META_VALUE_LENGTH = 1000;
const BRACKETED = /^([^[\]]+)\[([^[\]]*)\]$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A form body the way PHP fills `$_POST` for one level of brackets: `a[b]=c` becomes
 * `{a: {b: 'c'}}` (what jQuery sends for the banner's `woocommerce_meta[…]`). Objects have no
 * prototype, so `__proto__[x]=1` is an ordinary key.
 */
export function parseNestedForm(raw: string): Record<string, unknown> {
  const result = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of new URLSearchParams(raw)) {
    const bracketed = BRACKETED.exec(key);
    if (bracketed === null) {
      result[key] = value;
      continue;
    }
    const [, name, sub] = bracketed as unknown as [string, string, string];
    let inner = result[name];
    if (!isRecord(inner)) {
      inner = Object.create(null) as Record<string, unknown>;
      result[name] = inner;
    }
    if (sub !== '') (inner as Record<string, unknown>)[sub] = value;
  }
  return result;
}

/** The `woocommerce_meta` values a request writes; unknown fields are ignored, as in WooCommerce. */
function readMetaChange(body: unknown): Partial<Record<WoocommerceMetaField, string>> {
  if (!isRecord(body) || body.woocommerce_meta === undefined) return {};
  let meta: unknown = body.woocommerce_meta;
  // WooCommerce also accepts the field as a JSON string.
  if (typeof meta === 'string') {
    try {
      meta = JSON.parse(meta) as unknown;
    } catch {
      meta = undefined;
    }
  }
  if (!isRecord(meta)) {
    throw invalidParams([
      {
        name: 'woocommerce_meta',
        code: 'rest_invalid_type',
        message: 'woocommerce_meta is not of type object.',
      },
    ]);
  }
  const change: Partial<Record<WoocommerceMetaField, string>> = {};
  for (const field of WOOCOMMERCE_META_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(meta, field)) continue;
    const value = meta[field];
    if (typeof value !== 'string' || value.includes('\0') || value.length > MAX_META_VALUE_LENGTH) {
      throw invalidParams([
        {
          name: `woocommerce_meta[${field}]`,
          code: 'rest_invalid_type',
          message: `woocommerce_meta[${field}] must be text of at most ${MAX_META_VALUE_LENGTH} characters.`,
        },
      ]);
    }
    change[field] = value;
  }
  return change;
}

/**
 * `POST` (`PUT`, `PATCH`) `/wp-json/wp/v2/users/{id}` with WooCommerce's `woocommerce_meta` field
 * (wire contract §2.2): form-encoded `woocommerce_meta[coming_soon_banner_dismissed]=yes` (as the
 * banner sends it) or JSON. The login cookie counts only with a valid `X-WP-Nonce`; a user may
 * change only their own meta (401 `rest_cannot_edit` for a stranger, 403 for another user), and
 * an unknown id is 404 `rest_user_invalid_id`. Answers with the user in `edit` context plus
 * `woocommerce_meta`.
 */
export function registerUserMetaRoutes(app: FastifyInstance, context: RouteContext): void {
  void app.register((scope, _options, done) => {
    // In this scope form bodies keep their brackets' keys (the shared parser collects a list).
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, parseNestedForm(body as string)),
    );

    const update = async (request: FastifyRequest) => {
      const { id: raw } = request.params as { id: string };
      const current = request.auth.user;
      const id = raw === 'me' ? current?.id : /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
      if (raw !== 'me' && id === undefined) throw noRoute();
      const user = id === undefined ? undefined : await findUserById(context.db, id);
      if (raw === 'me' && current === undefined) {
        throw new RestError('rest_not_logged_in', 'You are not currently logged in.', 401);
      }
      if (user === undefined) throw new RestError('rest_user_invalid_id', 'Invalid user ID.', 404);
      if (current?.id !== user.id) {
        throw new RestError(
          'rest_cannot_edit',
          'Sorry, you are not allowed to edit this user.',
          current === undefined ? 401 : 403,
        );
      }
      const change = readMetaChange(request.body);
      await setUserMeta(
        context.db,
        user.id,
        Object.fromEntries(
          Object.entries(change).map(([field, value]) => [
            woocommerceMetaKey(field as WoocommerceMetaField),
            value,
          ]),
        ),
      );
      return {
        ...serializeUser(user, requestOrigin(request, context.siteUrl), true),
        woocommerce_meta: await readWoocommerceMeta(context.db, user.id),
      };
    };
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      scope.route({ method, url: `${WP_API}/users/:id`, handler: update });
    }
    done();
  });
}
