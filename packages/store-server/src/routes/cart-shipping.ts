/**
 * The Store API's shipping routes: `POST cart/update-customer` (the shopper's addresses; rates
 * are worked out again for the new destination) and `POST cart/select-shipping-rate` (the
 * package's chosen rate). Both answer with the whole cart, as WooCommerce 10.2.4 does.
 */
import type { FastifyInstance } from 'fastify';
import { serializeCart } from '../cart/serialize';
import { updateCustomer } from '../cart/update-customer';
import { NO_CACHE } from '../http/auth';
import { defineArgs } from '../http/args';
import { requestOrigin } from '../http/origin';
import { cartUrls, requestParams, syncCartCookies } from './cart-http';
import { STORE_API, type RouteContext } from './context';

/** `select-shipping-rate`'s arguments: `rate_id` required, `package_id` optional (all packages). */
const SELECT_RATE = defineArgs({
  package_id: { type: 'integer' },
  rate_id: { type: 'string', required: true },
});

export function registerCartShippingRoutes(app: FastifyInstance, context: RouteContext): void {
  const { auth, carts } = context;

  app.post(`${STORE_API}/cart/update-customer`, async (request, reply) => {
    const params = requestParams(request);
    const sessionKey = await auth.ensureSession(request);
    const { cart } = await carts.change(sessionKey, (editor) =>
      editor.setCustomer(updateCustomer(params, editor.cart.shipping.customer)),
    );
    syncCartCookies(context, request, cart);
    return reply
      .header('Cart-Hash', cart.hash)
      .header('Cache-Control', NO_CACHE)
      .send(
        serializeCart(
          cart,
          requestOrigin(request, context.siteUrl),
          cartUrls(context, request).removeUrl,
        ),
      );
  });

  app.post(
    `${STORE_API}/cart/select-shipping-rate`,
    { config: { storeApiArgs: (params) => void SELECT_RATE.read(params) } },
    async (request, reply) => {
      const { package_id: packageId, rate_id: rateId } = SELECT_RATE.read(requestParams(request));
      const sessionKey = await auth.ensureSession(request);
      const { cart } = await carts.change(sessionKey, async (editor) => {
        // Without a package id the rate is chosen for every package (WooCommerce's behaviour).
        const packages =
          packageId === undefined
            ? editor.cart.shipping.packages.map((pack) => pack.packageId)
            : [packageId];
        for (const id of packages.length > 0 ? packages : [0]) await editor.chooseRate(id, rateId);
      });
      syncCartCookies(context, request, cart);
      return reply
        .header('Cart-Hash', cart.hash)
        .header('Cache-Control', NO_CACHE)
        .send(
          serializeCart(
            cart,
            requestOrigin(request, context.siteUrl),
            cartUrls(context, request).removeUrl,
          ),
        );
    },
  );
}
