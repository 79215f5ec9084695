import type { FastifyInstance } from 'fastify';
import { serializeCart } from '../cart/serialize';
import { defineArgs } from '../http/args';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import { cartUrls, requestParams, syncCartCookies } from './cart-http';
import { STORE_API, type RouteContext } from './context';

/** WooCommerce does not require `code`: none is the empty code, refused by the cart's rules. */
const CODE = defineArgs({ code: { type: 'string' } });

/**
 * The Store API's coupon routes, as WooCommerce 10.2.4 answers them (recorded in the conformance
 * lab): `POST /cart/apply-coupon {code}` and `POST /cart/remove-coupon {code}`, each answering
 * with the whole cart. Refusals are 400 `woocommerce_rest_cart_coupon_error` with WooCommerce's
 * message; removing a valid coupon that is not applied is 409
 * `woocommerce_rest_cart_coupon_invalid_code`.
 */
export function registerCouponRoutes(app: FastifyInstance, context: RouteContext): void {
  const { auth, carts } = context;

  app.post(`${STORE_API}/cart/apply-coupon`, async (request, reply) => {
    const { code } = CODE.read(requestParams(request));
    const sessionKey = await auth.ensureSession(request);
    const { cart } = await carts.change(sessionKey, (editor) => editor.applyCoupon(code ?? ''));
    syncCartCookies(context, request, cart);
    const origin = requestOrigin(request, context.siteUrl);
    return reply
      .header('Cart-Hash', cart.hash)
      .header('Cache-Control', NO_CACHE)
      .send(serializeCart(cart, origin, cartUrls(context, request).removeUrl));
  });

  app.post(`${STORE_API}/cart/remove-coupon`, async (request, reply) => {
    const { code } = CODE.read(requestParams(request));
    const sessionKey = await auth.ensureSession(request);
    const { result, cart } = await carts.change(sessionKey, (editor) =>
      editor.removeCoupon(code ?? ''),
    );
    const origin = requestOrigin(request, context.siteUrl);
    if (!result) {
      // A 409 carries the current cart, as every Store API conflict does.
      throw new RestError(
        'woocommerce_rest_cart_coupon_invalid_code',
        'Coupon cannot be removed because it is not already applied to the cart.',
        409,
        { cart: serializeCart(cart, origin, cartUrls(context, request).removeUrl) },
      );
    }
    syncCartCookies(context, request, cart);
    return reply
      .header('Cart-Hash', cart.hash)
      .header('Cache-Control', NO_CACHE)
      .send(serializeCart(cart, origin, cartUrls(context, request).removeUrl));
  });
}
