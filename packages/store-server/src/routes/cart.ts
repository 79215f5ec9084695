import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMPTY_CART, type Cart } from '../cart/cart';
import type { CartEditor } from '../cart/repository';
import { serializeCart } from '../cart/serialize';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { RestError, invalidParams, type InvalidParam } from '../http/rest-error';
import { cartUrls, integerParam, missingParams, requestParams, syncCartCookies } from './cart-http';
import { STORE_API, type RouteContext } from './context';

/** The store's own REST namespace (settings the storefront needs; not WooCommerce's). */
export const CARTWRIGHT_API = '/wp-json/cartwright/v1';

function notInteger(name: string): InvalidParam {
  return { name, code: 'rest_invalid_type', message: `${name} is not of type integer.` };
}

function notString(name: string): InvalidParam {
  return { name, code: 'rest_invalid_type', message: `${name} is not of type string.` };
}

/** Reads the parameters a cart route needs, with WordPress's 400s for missing or mistyped ones. */
function readParams(
  request: FastifyRequest,
  spec: Record<string, { type: 'integer' | 'string'; required: boolean }>,
): Record<string, number | string | undefined> {
  const params = requestParams(request);
  const missing: string[] = [];
  const invalid: InvalidParam[] = [];
  const result: Record<string, number | string | undefined> = {};
  for (const [name, { type, required }] of Object.entries(spec)) {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (required) missing.push(name);
      continue;
    }
    if (type === 'integer') {
      const parsed = integerParam(value);
      if (parsed === undefined) invalid.push(notInteger(name));
      else result[name] = parsed;
    } else if (typeof value === 'string') {
      result[name] = value.trim();
    } else {
      invalid.push(notString(name));
    }
  }
  if (missing.length > 0) throw missingParams(missing);
  if (invalid.length > 0) throw invalidParams(invalid);
  return result;
}

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
    const { id, quantity } = readParams(request, {
      id: { type: 'integer', required: true },
      quantity: { type: 'integer', required: false },
    });
    const { cart } = await change(request, (editor) =>
      editor.add(id as number, (quantity as number | undefined) ?? 1),
    );
    return send(request, reply, cart, 201);
  });

  app.post(`${STORE_API}/cart/remove-item`, async (request, reply) => {
    const { key } = readParams(request, { key: { type: 'string', required: true } });
    const { result, cart } = await change(request, (editor) => editor.remove(key as string));
    if (!result) throw staleKey(request, cart, 'Cart item no longer exists or is invalid.');
    return send(request, reply, cart);
  });

  app.post(`${STORE_API}/cart/update-item`, async (request, reply) => {
    const { key, quantity } = readParams(request, {
      key: { type: 'string', required: true },
      quantity: { type: 'integer', required: true },
    });
    const { result, cart } = await change(request, (editor) =>
      editor.setQuantity(key as string, quantity as number),
    );
    if (!result) throw staleKey(request, cart, 'Cart item does not exist.');
    return send(request, reply, cart);
  });
}
