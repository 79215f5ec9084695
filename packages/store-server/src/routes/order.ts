import { couponsOf, serializeOrderCoupons } from '../checkout/coupons';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findProduct } from '../catalog/repository';
import { CURRENCY, serializeProduct } from '../catalog/serialize';
import { keyMatches, type OrderLineRecord, type OrderRecord } from '../checkout/orders';
import { billingOf, shippingOf } from '../checkout/serialize';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import { idParam, requestParams } from './cart-http';
import { STORE_API, type RouteContext } from './context';

/** Digits after the point in `raw_prices`, as WooCommerce sends them. */
const RAW_PRECISION = 6;
const raw = (cents: number) =>
  (BigInt(cents) * 10n ** BigInt(RAW_PRECISION - CURRENCY.currency_minor_unit)).toString();

/** Statuses in which WooCommerce's `$order->needs_payment()` is true. */
const UNPAID = new Set(['pending', 'failed']);

/**
 * Who may read an order, as WooCommerce's Store API order route decides (OrderAuthorizationTrait,
 * recorded in the lab): an order of another customer is 403; a guest needs the order key and the
 * billing email. One deliberate difference: WooCommerce lets any logged-in user read a guest's
 * order without its key (`pay_for_order` allows orders with no customer); here the key is always
 * needed, so order ids cannot be walked by anyone with an account.
 */
function authorize(order: OrderRecord, request: FastifyRequest, key: unknown, email: unknown) {
  const userId = request.auth.cookieUser?.id ?? 0;
  if (order.customerId !== 0 && order.customerId !== userId) {
    throw new RestError(
      'woocommerce_rest_invalid_user',
      'This order belongs to a different customer.',
      403,
    );
  }
  if (typeof key !== 'string' || !keyMatches(order, key)) {
    throw new RestError('woocommerce_rest_invalid_order', 'Invalid order ID or key provided.', 401);
  }
  if (userId !== 0) return;
  const given = typeof email === 'string' ? email.trim().toLowerCase() : '';
  if (given === '') {
    throw new RestError(
      'woocommerce_rest_invalid_billing_email',
      'No billing email provided.',
      401,
    );
  }
  if (given !== (order.billing?.email ?? '').toLowerCase()) {
    throw new RestError(
      'woocommerce_rest_invalid_billing_email',
      'Invalid billing email provided.',
      401,
    );
  }
}

/** An order in the Store API's shape (`GET /wc/store/v1/order/{id}`, WooCommerce 10.2.4). */
async function serializeStoreApiOrder(
  context: RouteContext,
  origin: string,
  order: OrderRecord,
  lines: readonly OrderLineRecord[],
) {
  const items = await Promise.all(
    lines.map(async (line) => {
      const product = await findProduct(context.db, { id: line.productId });
      const shown = product === undefined ? undefined : serializeProduct(product, origin);
      const unit = String(line.unitPrice);
      // Line amounts without tax, as WooCommerce's `line_subtotal` / `line_total`.
      const gross = order.pricesIncludeTax;
      const total = String(gross ? line.lineTotal - line.subtotalTax : line.lineTotal);
      const discounted = String(
        gross ? line.lineTotal - line.discount - line.totalTax : line.lineTotal - line.discount,
      );
      return {
        // WooCommerce 10.2.4 puts the order key here, and the order item's id in `id`.
        key: order.orderKey,
        id: line.id,
        quantity: line.quantity,
        quantity_limits: {
          minimum: line.quantity,
          maximum: line.quantity,
          multiple_of: 1,
          editable: false,
        },
        name: line.name,
        short_description: shown?.short_description ?? '',
        description: shown?.description ?? '',
        sku: line.sku ?? '',
        low_stock_remaining: null,
        backorders_allowed: false,
        show_backorder_badge: false,
        sold_individually: false,
        permalink: shown?.permalink ?? '',
        images: shown?.images ?? [],
        variation: line.variation,
        item_data: [],
        prices: {
          price: unit,
          regular_price: unit,
          sale_price: unit,
          price_range: null,
          ...CURRENCY,
          raw_prices: {
            precision: RAW_PRECISION,
            price: raw(line.unitPrice),
            regular_price: raw(line.unitPrice),
            sale_price: raw(line.unitPrice),
          },
        },
        totals: {
          line_subtotal: total,
          line_subtotal_tax: String(line.subtotalTax),
          line_total: discounted,
          line_total_tax: String(line.totalTax),
          ...CURRENCY,
        },
        catalog_visibility: 'visible',
      };
    }),
  );
  return {
    id: order.id,
    status: order.status,
    items,
    coupons: serializeOrderCoupons(await couponsOf(context.db, order.id), CURRENCY),
    fees: [],
    totals: {
      subtotal: String(order.totalItems),
      total_discount: String(order.totalDiscount),
      total_shipping: String(order.totalShipping),
      total_fees: '0',
      total_tax: String(order.totalTax),
      total_refund: '0',
      total_price: String(order.total),
      total_items: String(order.totalItems),
      total_items_tax: String(order.itemsTax),
      total_fees_tax: '0',
      total_discount_tax: String(order.discountTax),
      total_shipping_tax: String(order.shippingTax),
      tax_lines: order.taxLines.map((tax) => ({
        name: tax.name,
        price: String(tax.price),
        rate: tax.rate,
      })),
      ...CURRENCY,
    },
    shipping_address: shippingOf(order),
    billing_address: billingOf(order),
    needs_payment: UNPAID.has(order.status) && order.total > 0,
    needs_shipping: order.shippingLines.length > 0,
    payment_requirements: ['products'],
    errors: [],
  };
}

/**
 * `GET /wc/store/v1/order/{id}?key=…&billing_email=…`: a placed order for the shopper who placed
 * it, as WooCommerce's Store API answers it. The storefront's order-received page reads it, so
 * that page works in front of a real WooCommerce too.
 */
export function registerOrderRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(
    `${STORE_API}/order/:id`,
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const id = idParam(request.params.id);
      const found = id === undefined ? undefined : await context.orders.read(id);
      if (found === undefined) {
        throw new RestError('woocommerce_rest_invalid_order', 'Invalid order ID.', 404);
      }
      const { key, billing_email: email } = requestParams(request);
      authorize(found.order, request, key, email);
      const origin = requestOrigin(request, context.siteUrl);
      return reply
        .header('Cache-Control', NO_CACHE)
        .header('X-Robots-Tag', 'noindex')
        .send(await serializeStoreApiOrder(context, origin, found.order, found.lines));
    },
  );
}
