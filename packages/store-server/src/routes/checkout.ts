import { couponsOf } from '../checkout/coupons';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMPTY_CART } from '../cart/cart';
import { serializeCart } from '../cart/serialize';
import {
  checkStoreApiCheckoutArgs,
  readClassicCheckout,
  readStoreApiCheckout,
} from '../checkout/request';
import { orderReceivedUrl, serializeCheckout, serializeOrder } from '../checkout/serialize';
import { sendOrderEmails } from '../email/notify';
import { termsProblem } from '../checkout/terms';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import { CARTWRIGHT_API } from './cart';
import { SHOP_PATH, cartUrls, idParam, requestParams, syncCartCookies } from './cart-http';
import { STORE_API, type RouteContext } from './context';

/** The classic checkout form's nonce field and action (WooCommerce's `woocommerce-process_checkout`). */
export const CHECKOUT_NONCE_FIELD = 'woocommerce-process-checkout-nonce';

/** WooCommerce's error notice markup, one `<li>` per message (`data-id`: the field, if any). */
export function errorNotices(messages: readonly { id?: string; notice: string }[]): string {
  const items = messages
    .map(({ id, notice }) => `<li${id === undefined ? '' : ` data-id="${id}"`}>${notice}</li>`)
    .join('');
  return `<ul class="woocommerce-error" role="alert">${items}</ul>`;
}

/** WooCommerce's escaping of plain text into a notice. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-z]+|#\d+);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The Store API checkout (wire contract §5.6): `GET /checkout` (the session's draft order) and
 * `POST /checkout` (place it), both needing a `Nonce` or `Cart-Token`; and
 * `GET /wp-json/cartwright/v1/orders/{id}?key=…`, an order's summary for its key holder.
 */
export function registerCheckoutRoutes(app: FastifyInstance, context: RouteContext): void {
  const { auth, orders } = context;
  const customerIdOf = (request: FastifyRequest) => request.auth.cookieUser?.id ?? 0;

  app.get(
    `${STORE_API}/checkout`,
    { config: { storeApiNonce: 'always' } },
    async (request, reply) => {
      const sessionKey = await auth.ensureSession(request);
      const draft = await orders.draft(sessionKey, customerIdOf(request));
      const origin = requestOrigin(request, context.siteUrl);
      return reply.header('Cache-Control', NO_CACHE).send(
        serializeCheckout(draft, origin, {
          // Not WooCommerce's: the classic form's nonce, for a page that renders the checkout form.
          cartwright: {
            process_checkout_nonce: auth.nonceFor(request, 'woocommerce-process_checkout'),
          },
        }),
      );
    },
  );

  app.post(
    `${STORE_API}/checkout`,
    { config: { storeApiNonce: 'always', storeApiArgs: checkStoreApiCheckoutArgs } },
    async (request, reply) => {
      const input = readStoreApiCheckout(requestParams(request), customerIdOf(request));
      const sessionKey = await auth.ensureSession(request);
      const origin = requestOrigin(request, context.siteUrl);
      const { order, lines, replayed } = await orders.place(sessionKey, input, (cart) => {
        return new RestError(
          'woocommerce_rest_checkout_total_mismatch',
          'The cart total changed while you were checking out. Please review your order.',
          409,
          { cart: serializeCart(cart, origin, cartUrls(context, request).removeUrl) },
        );
      });
      syncCartCookies(context, request, EMPTY_CART);
      if (!replayed) void sendOrderEmails(context, request, order, lines);
      // WooCommerce 10.2.4 answers a placed order with `__experimentalCart: null` as well.
      return reply
        .header('Cache-Control', NO_CACHE)
        .send({ ...serializeCheckout(order, origin), __experimentalCart: null });
    },
  );

  app.get(
    `${CARTWRIGHT_API}/orders/:id`,
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const id = idParam(request.params.id);
      const { key } = requestParams(request);
      const found =
        id === undefined || typeof key !== 'string' ? undefined : await orders.readWithKey(id, key);
      // One answer for "no such order" and "wrong key", so ids cannot be probed.
      if (found === undefined)
        throw new RestError('cartwright_order_invalid', 'Invalid order.', 404);
      return reply
        .header('Cache-Control', NO_CACHE)
        .header('X-Robots-Tag', 'noindex')
        .send(
          serializeOrder(found.order, found.lines, await couponsOf(context.db, found.order.id)),
        );
    },
  );
}

/** The JSON `?wc-ajax=checkout` answers with: WooCommerce's success or failure response. */
export type ClassicCheckoutResponse =
  | { result: 'success'; redirect: string; order_id: number }
  | { result: 'failure'; messages: string; refresh: boolean; reload: boolean };

/**
 * The classic checkout (`POST /?wc-ajax=checkout`, wire contract "silent" 14): the form-encoded
 * checkout form, checked with its `woocommerce-process-checkout-nonce`, placed as the Store API
 * places, answered `{result: 'success', redirect}` or `{result: 'failure', messages, refresh, reload}`.
 */
export async function classicCheckout(
  context: RouteContext,
  request: FastifyRequest,
  form: Record<string, unknown>,
): Promise<ClassicCheckoutResponse> {
  const failure = (messages: { id?: string; notice: string }[], refresh = false) =>
    ({ result: 'failure', messages: errorNotices(messages), refresh, reload: false }) as const;
  const nonce =
    typeof form[CHECKOUT_NONCE_FIELD] === 'string' ? form[CHECKOUT_NONCE_FIELD] : undefined;
  if (!context.auth.checkNonce(request, 'woocommerce-process_checkout', nonce)) {
    return failure([{ notice: 'We were unable to process your order, please try again.' }], true);
  }
  const origin = requestOrigin(request, context.siteUrl);
  const sessionKey = request.auth.customerId;
  const expired = () =>
    failure([
      {
        notice: `Sorry, your session has expired. <a href="${origin}${SHOP_PATH}" class="wc-backward">Return to shop</a>`,
      },
    ]);
  if (sessionKey === undefined) return expired();
  const { input, problems } = readClassicCheckout(form, request.auth.cookieUser?.id ?? 0);
  const terms = termsProblem(context.settings, form);
  if (terms !== undefined) problems.push(terms);
  if (problems.length > 0) return failure(problems);
  try {
    const { order, lines, replayed } = await context.orders.place(sessionKey, input, () => {
      throw new Error('unreachable: the classic checkout sends no expected total');
    });
    syncCartCookies(context, request, EMPTY_CART);
    if (!replayed) void sendOrderEmails(context, request, order, lines);
    return { result: 'success', redirect: orderReceivedUrl(origin, order), order_id: order.id };
  } catch (error) {
    if (error instanceof RestError && error.code === 'woocommerce_rest_cart_empty')
      return expired();
    if (error instanceof RestError && error.status < 500) {
      return failure([{ notice: escapeText(error.message) }]);
    }
    throw error;
  }
}

/** Sends a classic checkout answer as WooCommerce's `wp_send_json` does. */
export function sendClassic(reply: FastifyReply, body: ClassicCheckoutResponse): FastifyReply {
  return reply
    .header('Cache-Control', NO_CACHE)
    .header('X-Robots-Tag', 'noindex')
    .type('application/json; charset=UTF-8')
    .send(JSON.stringify(body));
}
