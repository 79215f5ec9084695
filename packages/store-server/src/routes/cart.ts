import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMPTY_CART, type Cart } from '../cart/cart';
import type { CartEditor } from '../cart/repository';
import { serializeCart } from '../cart/serialize';
import { readVariationParam } from '../catalog/variations';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { defineArgs } from '../http/args';
import { RestError } from '../http/rest-error';
import { cartUrls, requestParams, syncCartCookies } from './cart-http';
import { STORE_API, type RouteContext } from './context';

/** The store's own REST namespace (settings the storefront needs; not WooCommerce's). */
export const CARTWRIGHT_API = '/wp-json/cartwright/v1';

/** The cart routes' arguments (WooCommerce's Store API schemas, as this store reads them). */
const ADD_ITEM = defineArgs({
  id: { type: 'integer', required: true },
  quantity: { type: 'integer' },
});
const REMOVE_ITEM = defineArgs({ key: { type: 'string', required: true } });
const UPDATE_ITEM = defineArgs({
  key: { type: 'string', required: true },
  quantity: { type: 'integer', required: true },
});

/**
 * The Store API cart (wire contract §5.3–5.5): `GET /cart`, `POST /cart/add-item`,
 * `/cart/remove-item`, `/cart/update-item`, each answering with the whole cart and its
 * `Cart-Hash` (the settings route is in `./settings`).
 */
export function registerCartRoutes(app: FastifyInstance, context: RouteContext): void {
  const { auth, carts } = context;

  function send(request: FastifyRequest, reply: FastifyReply, cart: Cart, status = 200) {
    syncCartCookies(context, request, cart);
    const origin = requestOrigin(request, context.siteUrl);
    const urls = cartUrls(context, request);
    return reply
      .code(status)
      .header('Cart-Hash', cart.hash)
      .header('Cache-Control', NO_CACHE)
      .send(serializeCart(cart, origin, urls.removeUrl));
  }

  /** 409 `woocommerce_rest_cart_invalid_key` carrying the current cart (§5.5). */
  function staleKey(request: FastifyRequest, cart: Cart, message: string): RestError {
    const origin = requestOrigin(request, context.siteUrl);
    return new RestError('woocommerce_rest_cart_invalid_key', message, 409, {
      cart: serializeCart(cart, origin, cartUrls(context, request).removeUrl),
    });
  }

  async function change<T>(request: FastifyRequest, edit: (editor: CartEditor) => Promise<T>) {
    const sessionKey = await auth.ensureSession(request);
    return carts.change(sessionKey, edit);
  }

  // Reading the cart starts no session: a visitor without one has an empty cart, and catalogue
  // pages that show the mini-cart stay cookie-free (docs/decisions/0006).
  app.get(`${STORE_API}/cart`, async (request, reply) => {
    const sessionKey = request.auth.customerId;
    const cart = sessionKey === undefined ? EMPTY_CART : await carts.read(sessionKey);
    return send(request, reply, cart);
  });

  app.post(`${STORE_API}/cart/add-item`, async (request, reply) => {
    const params = requestParams(request);
    const { id, quantity } = ADD_ITEM.read(params);
    const variation = readVariationParam(params.variation);
    const { cart } = await change(request, (editor) => editor.add(id, quantity ?? 1, variation));
    return send(request, reply, cart, 201);
  });

  app.post(`${STORE_API}/cart/remove-item`, async (request, reply) => {
    const { key } = REMOVE_ITEM.read(requestParams(request));
    const { result, cart } = await change(request, (editor) => editor.remove(key.trim()));
    if (!result) throw staleKey(request, cart, 'Cart item no longer exists or is invalid.');
    return send(request, reply, cart);
  });

  app.post(`${STORE_API}/cart/update-item`, async (request, reply) => {
    const { key, quantity } = UPDATE_ITEM.read(requestParams(request));
    const { result, cart } = await change(request, (editor) =>
      editor.setQuantity(key.trim(), quantity),
    );
    if (!result) throw staleKey(request, cart, 'Cart item does not exist.');
    return send(request, reply, cart);
  });
}
