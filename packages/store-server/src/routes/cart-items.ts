import { readVariationParam } from '../catalog/variations';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMPTY_CART, type Cart, type CartLine } from '../cart/cart';
import type { CartEditor } from '../cart/repository';
import { serializeCart, serializeItem } from '../cart/serialize';
import { defineArgs } from '../http/args';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { RestError, noRoute } from '../http/rest-error';
import { cartUrls, integerParam, requestParams, syncCartCookies } from './cart-http';
import { STORE_API, type RouteContext } from './context';

/** WooCommerce's item route takes a 32-character key (`[\w-]{32}`); anything else is no route. */
const ITEM_KEY = /^[\w-]{32}$/;
const ITEMS = `${STORE_API}/cart/items`;
const QUANTITY = defineArgs({ quantity: { type: 'integer', emptyIsAbsent: true } });
const QUANTITY_REQUIRED = defineArgs({
  quantity: { type: 'integer', required: true, emptyIsAbsent: true },
});
const ITEM_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The Store API's cart items collection, as WooCommerce 10.2.4 answers it (recorded in the
 * conformance lab): `GET|POST|DELETE /cart/items` and `GET|POST|PUT|PATCH|DELETE
 * /cart/items/{key}`. Items carry `_links`; an unknown key is the 409 with the cart.
 */
export function registerCartItemRoutes(app: FastifyInstance, context: RouteContext): void {
  const { auth, carts } = context;

  /** A line with its `_links`; in the collection WooCommerce also names the methods allowed. */
  function item(request: FastifyRequest, cart: Cart, line: CartLine, inCollection = false) {
    const origin = requestOrigin(request, context.siteUrl);
    const self = `${origin}${ITEMS}/${line.itemKey}`;
    return {
      ...serializeItem(
        line,
        origin,
        cartUrls(context, request).removeUrl,
        cart.totals.lineTaxes?.[line.itemKey],
      ),
      _links: {
        self: [
          inCollection ? { href: self, targetHints: { allow: ITEM_METHODS } } : { href: self },
        ],
        collection: [{ href: `${origin}${ITEMS}` }],
      },
    };
  }

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    cart: Cart,
    body: unknown,
    status = 200,
  ) {
    syncCartCookies(context, request, cart);
    return reply.code(status).header('Cache-Control', NO_CACHE).send(body);
  }

  function staleKey(request: FastifyRequest, cart: Cart): RestError {
    const origin = requestOrigin(request, context.siteUrl);
    return new RestError('woocommerce_rest_cart_invalid_key', 'Cart item does not exist.', 409, {
      cart: serializeCart(cart, origin, cartUrls(context, request).removeUrl),
    });
  }

  async function change<T>(request: FastifyRequest, edit: (editor: CartEditor) => Promise<T>) {
    return carts.change(await auth.ensureSession(request), edit);
  }

  function keyOf(request: FastifyRequest<{ Params: { key: string } }>): string {
    if (!ITEM_KEY.test(request.params.key)) throw noRoute();
    return request.params.key;
  }

  function quantityOf(request: FastifyRequest, required: boolean): number | undefined {
    return (required ? QUANTITY_REQUIRED : QUANTITY).read(requestParams(request)).quantity;
  }

  app.get(ITEMS, async (request, reply) => {
    const sessionKey = request.auth.customerId;
    const cart = sessionKey === undefined ? EMPTY_CART : await carts.read(sessionKey);
    return send(
      request,
      reply,
      cart,
      cart.lines.map((line) => item(request, cart, line, true)),
    );
  });

  app.post(ITEMS, async (request, reply) => {
    // WooCommerce declares no required argument here: a missing id is an unknown product.
    const params = requestParams(request);
    const id = integerParam(params.id) ?? 0;
    const quantity = quantityOf(request, false) ?? 1;
    const variation = readVariationParam(params.variation);
    const { result: key, cart } = await change(request, (editor) =>
      editor.add(id, quantity, variation),
    );
    const line = cart.lines.find((candidate) => candidate.itemKey === key);
    return send(request, reply, cart, line === undefined ? null : item(request, cart, line), 201);
  });

  app.delete(ITEMS, async (request, reply) => {
    const { cart } = await change(request, async (editor) => {
      await editor.clear();
      return true;
    });
    return send(request, reply, cart, []);
  });

  app.get<{ Params: { key: string } }>(`${ITEMS}/:key`, async (request, reply) => {
    const key = keyOf(request);
    const sessionKey = request.auth.customerId;
    const cart = sessionKey === undefined ? EMPTY_CART : await carts.read(sessionKey);
    const line = cart.lines.find((candidate) => candidate.itemKey === key);
    if (line === undefined) throw staleKey(request, cart);
    return send(request, reply, cart, item(request, cart, line));
  });

  const update = async (
    request: FastifyRequest<{ Params: { key: string } }>,
    reply: FastifyReply,
  ) => {
    const key = keyOf(request);
    const quantity = quantityOf(request, false);
    const { result, cart } = await change(request, async (editor) =>
      quantity === undefined
        ? editor.cart.lines.some((line) => line.itemKey === key)
        : editor.setQuantity(key, quantity),
    );
    const line = cart.lines.find((candidate) => candidate.itemKey === key);
    if (!result || line === undefined) throw staleKey(request, cart);
    return send(request, reply, cart, item(request, cart, line));
  };
  app.post<{ Params: { key: string } }>(`${ITEMS}/:key`, update);
  app.put<{ Params: { key: string } }>(`${ITEMS}/:key`, update);
  app.patch<{ Params: { key: string } }>(`${ITEMS}/:key`, update);

  app.delete<{ Params: { key: string } }>(`${ITEMS}/:key`, async (request, reply) => {
    const key = keyOf(request);
    const { result, cart } = await change(request, (editor) => editor.remove(key));
    if (!result) throw staleKey(request, cart);
    syncCartCookies(context, request, cart);
    return reply.code(204).header('Cache-Control', NO_CACHE).send();
  });
}
