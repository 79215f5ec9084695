import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMPTY_CART, type Cart } from '../cart/cart';
import { fragmentsResponse } from '../cart/fragments';
import { findProduct } from '../catalog/repository';
import { MAX_INT } from '../catalog/product-query';
import { postedFormAttributes, type PostedAttribute } from '../catalog/variations';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import { sameOriginPath } from '../http/same-origin';
import { SHOP_PATH, cartUrls, phpInt, requestParams, syncCartCookies } from './cart-http';
import { classicCheckout, sendClassic } from './checkout';
import { addNotice, addedToCartNotice, htmlToText, type SessionNotice } from '../cart/notices';
import { noticesCookie } from './notices';
import type { RouteContext } from './context';

/** Where `?wc-ajax=…` requests are routed internally (any path with that query arg lands here). */
export const WC_AJAX_ROUTE = '/__cartwright/wc-ajax';
/** Where `?add-to-cart=…` and `?remove_item=…` links are routed internally. */
export const CART_LINK_ROUTE = '/__cartwright/cart-link';

/** Query args WooCommerce strips from a URL after handling a cart link. */
const CART_LINK_ARGS = [
  'add-to-cart',
  'quantity',
  'remove_item',
  '_wpnonce',
  'added-to-cart',
  'variation_id',
  'product_id',
];

function field(record: Record<string, unknown>, name: string): string | undefined {
  const value = record[name];
  return typeof value === 'string' ? value : undefined;
}

function json(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', NO_CACHE)
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Robots-Tag', 'noindex')
    .type('application/json; charset=UTF-8')
    .send(JSON.stringify(body));
}

/** A product id from a form field, as WooCommerce's `absint`; `undefined` if it cannot exist. */
function productIdOf(value: string | undefined): number | undefined {
  const id = Math.abs(phpInt(value));
  return id >= 1 && id <= MAX_INT ? id : undefined;
}

/** The quantity field as WooCommerce reads it: empty → 1, else its integer value. */
function quantityOf(value: string | undefined): number {
  return value === undefined || value.trim() === '' ? 1 : phpInt(value);
}

/**
 * The classic cart endpoints (wire contract §1.5–1.7): `?wc-ajax=add_to_cart`,
 * `remove_from_cart` and `get_refreshed_fragments` on any path, and the no-JavaScript links
 * `?add-to-cart={id}[&quantity=n]` and `/cart/?remove_item={key}&_wpnonce=…`.
 */
export function registerWcAjaxRoutes(app: FastifyInstance, context: RouteContext): void {
  const { auth, carts } = context;

  function fragments(request: FastifyRequest, reply: FastifyReply, cart: Cart) {
    syncCartCookies(context, request, cart);
    const origin = requestOrigin(request, context.siteUrl);
    return json(reply, fragmentsResponse(cart, origin, cartUrls(context, request)));
  }

  async function productUrl(request: FastifyRequest, productId: number | undefined) {
    const origin = requestOrigin(request, context.siteUrl);
    const product =
      productId === undefined ? undefined : await findProduct(context.db, { id: productId });
    // WordPress's get_permalink() of a product that does not exist is false, and WooCommerce
    // sends it as it is: a client then has no page to go to.
    return product === undefined ? false : `${origin}/product/${product.slug}/`;
  }

  /** Adds to the session's cart; a refusal (unknown product, stock…) comes back as the RestError. */
  async function add(
    request: FastifyRequest,
    productId: number | undefined,
    quantity: number,
    variation: PostedAttribute[] = [],
  ) {
    if (productId === undefined) {
      return { ok: false as const, error: new RestError('invalid_product', 'No product.', 400) };
    }
    const sessionKey = await auth.ensureSession(request);
    let result;
    try {
      const { result: itemKey, cart } = await carts.change(sessionKey, (editor) =>
        editor.add(productId, quantity, variation),
      );
      result = { ok: true as const, cart, itemKey };
    } catch (error) {
      if (!(error instanceof RestError) || error.status >= 500) throw error;
      result = { ok: false as const, error };
    }
    await noteAdd(request, sessionKey, productId, quantity, result);
    return result;
  }

  /**
   * The notice the next page shows (wire contract §1.5): a refusal's message (out of stock…),
   * kept in the session as WooCommerce does; and "added to your cart" when the shopper is sent
   * to the cart page (redirect-after-add) or added without JavaScript.
   */
  async function noteAdd(
    request: FastifyRequest,
    sessionKey: string,
    productId: number,
    quantity: number,
    result: { ok: true; cart: Cart; itemKey: string } | { ok: false; error: RestError },
  ) {
    let notice: SessionNotice | undefined;
    if (!result.ok) {
      notice = { type: 'error', message: htmlToText(result.error.message) };
    } else {
      const line = result.cart.lines.find((candidate) => candidate.itemKey === result.itemKey);
      const stay = context.settings.cartRedirectAfterAdd !== 'yes';
      const viaAjax = request.url.startsWith(WC_AJAX_ROUTE);
      if (line === undefined || (viaAjax && stay)) return;
      const origin = requestOrigin(request, context.siteUrl);
      const referer = request.headers.referer;
      notice = addedToCartNotice(
        line.product,
        quantity,
        stay
          ? { href: cartUrls(context, request).cart, label: 'View cart' }
          : {
              href: sameOriginPath(referer, origin) ?? `${origin}${SHOP_PATH}`,
              label: 'Continue shopping',
            },
      );
    }
    await addNotice(context.db, sessionKey, notice);
    if (!request.auth.viaCartToken) {
      request.auth.setCookies.push(noticesCookie(context, request, true));
    }
  }

  app.route({
    method: ['GET', 'POST'],
    url: `${WC_AJAX_ROUTE}/:action`,
    exposeHeadRoute: false,
    handler: async (request: FastifyRequest<{ Params: { action: string } }>, reply) => {
      const body = (
        typeof request.body === 'object' && request.body !== null ? request.body : {}
      ) as Record<string, unknown>;
      switch (request.params.action) {
        case 'add_to_cart': {
          const raw = field(body, 'product_id');
          // WooCommerce answers a request without a product id with nothing at all; a client
          // error is clearer, and carries no product_url, so a client does not navigate.
          if (raw === undefined) return json(reply, { error: true }, 400);
          const productId = productIdOf(raw);
          const result = await add(request, productId, quantityOf(field(body, 'quantity')));
          if (!result.ok) {
            return json(reply, { error: true, product_url: await productUrl(request, productId) });
          }
          return fragments(request, reply, result.cart);
        }
        case 'remove_from_cart': {
          const key = field(body, 'cart_item_key')?.trim() ?? '';
          const sessionKey = request.auth.customerId;
          if (key === '' || sessionKey === undefined) return json(reply, { success: false });
          const { result, cart } = await carts.change(sessionKey, (editor) => editor.remove(key));
          if (!result) return json(reply, { success: false });
          return fragments(request, reply, cart);
        }
        case 'checkout':
          // WooCommerce processes a GET like a POST (no fields, no nonce: a failure answer).
          return sendClassic(reply, await classicCheckout(context, request, body));
        case 'get_refreshed_fragments': {
          const sessionKey = request.auth.customerId;
          const cart = sessionKey === undefined ? EMPTY_CART : await carts.read(sessionKey);
          return fragments(request, reply, cart);
        }
        default:
          break;
      }
      // An action nobody handles: WooCommerce 10.2.4 ends the request with
      // an empty HTML page and status 200 (recorded in the conformance transcript).
      return reply
        .code(200)
        .header('Cache-Control', NO_CACHE)
        .header('X-Robots-Tag', 'noindex')
        .type('text/html; charset=UTF-8')
        .send('');
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: CART_LINK_ROUTE,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const origin = requestOrigin(request, context.siteUrl);
      const cartPage = cartUrls(context, request).cart;
      const params = requestParams(request);
      const redirect = (location: string) =>
        reply.code(302).header('Cache-Control', NO_CACHE).redirect(location);

      const removeKey = field(params, 'remove_item')?.trim();
      if (removeKey !== undefined) {
        // As WooCommerce: only with a valid `woocommerce-cart` nonce for this session; either way
        // the shopper lands on the cart page.
        const sessionKey = request.auth.customerId;
        if (
          sessionKey !== undefined &&
          removeKey !== '' &&
          auth.checkNonce(request, 'woocommerce-cart', field(params, '_wpnonce'))
        ) {
          const { cart } = await carts.change(sessionKey, (editor) => editor.remove(removeKey));
          syncCartCookies(context, request, cart);
        }
        return redirect(cartPage);
      }

      // A variable product's form (WooCommerce's) posts its chosen variation's id when scripts
      // found it, and the `attribute_pa_…` fields always: the variation is bought.
      const variationId = productIdOf(field(params, 'variation_id'));
      const productId = variationId ?? productIdOf(field(params, 'add-to-cart'));
      const result = await add(
        request,
        productId,
        quantityOf(field(params, 'quantity')),
        postedFormAttributes(params),
      );
      if (result.ok) {
        syncCartCookies(context, request, result.cart);
        if (context.settings.cartRedirectAfterAdd === 'yes') return redirect(cartPage);
      }
      // Back where the shopper came from (same origin only), else the same page without the
      // cart arguments (the page WooCommerce would render).
      const referer = request.headers.referer;
      const back =
        sameOriginPath(referer, origin) ??
        sameOriginPath(withoutCartArgs(request.originalUrl), origin) ??
        cartPage;
      return redirect(back);
    },
  });
}

/** `/shop/?add-to-cart=5&orderby=price` → `/shop/?orderby=price`. */
function withoutCartArgs(url: string): string {
  const index = url.indexOf('?');
  if (index === -1) return url;
  const params = new URLSearchParams(url.slice(index + 1));
  for (const name of CART_LINK_ARGS) params.delete(name);
  const rest = params.toString();
  return `${url.slice(0, index)}${rest === '' ? '' : `?${rest}`}`;
}

/**
 * Whether a URL is a cart link the store handles on any path: `?add-to-cart=…` (add, then go to
 * the cart page or back) or `?remove_item=…` (remove, then go to the cart page). A host server
 * that serves the storefront and the store on one origin routes these to the store, alongside
 * `?wc-ajax=…`.
 *
 * @example
 * isCartLinkUrl('/shop/?add-to-cart=15'); // true
 * isCartLinkUrl('/cart/?remove_item=abc&_wpnonce=0123456789'); // true
 * isCartLinkUrl('/shop/?orderby=price'); // false
 */
export function isCartLinkUrl(url: string): boolean {
  const index = url.indexOf('?');
  if (index === -1) return false;
  const params = new URLSearchParams(url.slice(index + 1));
  return params.has('add-to-cart') || params.has('remove_item');
}
