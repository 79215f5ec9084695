import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTRIBUTION_META_PREFIX, attributionMeta, originLabel } from '../checkout/attribution';
import { ORDER_ATTRIBUTION_FIELDS } from '../checkout/request';
import { orders, userMeta, users } from '../db/schema';
import { NO_CACHE } from '../http/auth';
import { RestError } from '../http/rest-error';
import { userCan } from '../users/users';
import { CARTWRIGHT_API } from './cart';
import { idParam } from './cart-http';
import type { RouteContext } from './context';

/** 401 / 403 `woocommerce_rest_cannot_view` unless the request's user manages the shop. */
function checkStaff(request: FastifyRequest): void {
  const user = request.auth.user;
  if (!userCan(user, 'manage_woocommerce')) {
    throw new RestError(
      'woocommerce_rest_cannot_view',
      'Sorry, you cannot view this resource.',
      user === undefined ? 401 : 403,
    );
  }
}

/**
 * The shop's view of attribution, for administrators and shop managers (`manage_woocommerce`,
 * cookie plus `X-WP-Nonce` as in WordPress), never for the shopper; 401 without a login, 403
 * without the capability (WooCommerce's `woocommerce_rest_cannot_view`).
 * - `GET /wp-json/cartwright/v1/orders/{id}/attribution`: an order's record as
 *   `{order_id, origin, source_type, meta_data}` with WooCommerce's origin label and
 *   `_wc_order_attribution_*` meta (none when nothing was stored); 404
 *   `woocommerce_rest_shop_order_invalid_id` for an unknown or draft order.
 * - `GET /wp-json/cartwright/v1/customers/{id}/attribution`: what the register form carried,
 *   stored as customer meta on registration, in the same shape with `customer_id`; 404
 *   `woocommerce_rest_invalid_id` for an unknown user.
 */
export function registerOrderAttributionRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    `${CARTWRIGHT_API}/orders/:id/attribution`,
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      checkStaff(request);
      const id = idParam(request.params.id);
      const [order] =
        id === undefined
          ? []
          : await context.db
              .select({ id: orders.id, status: orders.status, attribution: orders.attribution })
              .from(orders)
              .where(eq(orders.id, id));
      if (order === undefined || order.status === 'checkout-draft') {
        throw new RestError('woocommerce_rest_shop_order_invalid_id', 'Invalid ID.', 404);
      }
      return reply.header('Cache-Control', NO_CACHE).send({
        order_id: order.id,
        origin: originLabel(order.attribution),
        source_type: order.attribution?.source_type ?? '',
        meta_data: attributionMeta(order.attribution),
      });
    },
  );

  app.get(
    `${CARTWRIGHT_API}/customers/:id/attribution`,
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      checkStaff(request);
      const id = idParam(request.params.id);
      const [user] =
        id === undefined
          ? []
          : await context.db.select({ id: users.id }).from(users).where(eq(users.id, id));
      if (user === undefined) {
        throw new RestError('woocommerce_rest_invalid_id', 'Invalid resource ID.', 404);
      }
      const rows = await context.db
        .select({ key: userMeta.key, value: userMeta.value })
        .from(userMeta)
        .where(eq(userMeta.userId, user.id));
      const stored = new Map(rows.map((row) => [row.key, row.value]));
      const attribution: Record<string, string> = {};
      for (const field of [...ORDER_ATTRIBUTION_FIELDS, 'device_type']) {
        const value = stored.get(`${ATTRIBUTION_META_PREFIX}${field}`);
        if (value !== undefined) attribution[field] = value;
      }
      const record = Object.keys(attribution).length === 0 ? null : attribution;
      return reply.header('Cache-Control', NO_CACHE).send({
        customer_id: user.id,
        origin: originLabel(record),
        source_type: record?.source_type ?? '',
        meta_data: attributionMeta(record),
      });
    },
  );
}
