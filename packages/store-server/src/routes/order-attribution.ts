import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attributionMeta, originLabel } from '../checkout/attribution';
import { orders } from '../db/schema';
import { NO_CACHE } from '../http/auth';
import { RestError } from '../http/rest-error';
import { userCan } from '../users/users';
import { CARTWRIGHT_API } from './cart';
import { integerParam } from './cart-http';
import type { RouteContext } from './context';

/**
 * `GET /wp-json/cartwright/v1/orders/{id}/attribution`: an order's attribution record for the
 * shop — administrators and shop managers (`manage_woocommerce`, cookie plus `X-WP-Nonce` as in
 * WordPress) — never for the shopper. Answers `{order_id, origin, source_type, meta_data}` with
 * WooCommerce's origin label and `_wc_order_attribution_*` meta (none when nothing was stored).
 * 401 without a login, 403 without the capability (WooCommerce's `woocommerce_rest_cannot_view`),
 * 404 `woocommerce_rest_shop_order_invalid_id` for an unknown or draft order.
 */
export function registerOrderAttributionRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    `${CARTWRIGHT_API}/orders/:id/attribution`,
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const user = request.auth.user;
      if (!userCan(user, 'manage_woocommerce')) {
        throw new RestError(
          'woocommerce_rest_cannot_view',
          'Sorry, you cannot view this resource.',
          user === undefined ? 401 : 403,
        );
      }
      const id = integerParam(request.params.id);
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
}
