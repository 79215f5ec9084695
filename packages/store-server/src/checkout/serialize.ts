/** Orders on the wire: the Store API checkout object (§5.6) and the store's order summary. */
import { serializeOrderCoupons, type OrderCouponRecord } from './coupons';
import { CURRENCY } from '../catalog/serialize';
import type { OrderLineRecord, OrderRecord } from './orders';
import { EMPTY_ADDRESS } from './address';

/** Where the shopper lands after placing an order (WooCommerce's `get_checkout_order_received_url`). */
export function orderReceivedUrl(origin: string, order: OrderRecord): string {
  return `${origin}/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.orderKey)}`;
}

export function billingOf(order: OrderRecord) {
  return { ...EMPTY_ADDRESS, email: '', ...(order.billing ?? {}) };
}

export function shippingOf(order: OrderRecord) {
  const { email: _email, ...shipping } = { ...EMPTY_ADDRESS, ...(order.shipping ?? {}) };
  return shipping;
}

/**
 * The Store API checkout object: the draft order (`payment_result` empty) or a placed one
 * (`payment_status: 'success'` and the order-received `redirect_url`).
 */
export function serializeCheckout(
  order: OrderRecord,
  origin: string,
  extra: Record<string, unknown> = {},
) {
  const placed = order.status !== 'checkout-draft';
  return {
    order_id: order.id,
    status: order.status,
    order_key: order.orderKey,
    order_number: String(order.id),
    customer_note: order.customerNote,
    customer_id: order.customerId,
    billing_address: billingOf(order),
    shipping_address: shippingOf(order),
    payment_method: order.paymentMethod,
    payment_result: {
      payment_status: placed ? 'success' : '',
      payment_details: [],
      redirect_url: placed ? orderReceivedUrl(origin, order) : '',
    },
    additional_fields: {},
    extensions: extra,
  };
}

/** The order summary `GET /wp-json/cartwright/v1/orders/{id}?key=…` answers (cents as strings). */
export function serializeOrder(
  order: OrderRecord,
  lines: readonly OrderLineRecord[],
  coupons: readonly OrderCouponRecord[] = [],
) {
  return {
    id: order.id,
    order_number: String(order.id),
    order_key: order.orderKey,
    status: order.status,
    created_via: order.createdVia,
    date_created_gmt: (order.placedAt ?? order.createdAt).toISOString().replace(/\.\d{3}Z$/, ''),
    payment_method: order.paymentMethod,
    payment_method_title: order.paymentMethodTitle,
    customer_note: order.customerNote,
    billing_address: billingOf(order),
    shipping_address: shippingOf(order),
    items: lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      sku: line.sku ?? '',
      quantity: line.quantity,
      price: String(line.unitPrice),
      // Without tax, as WooCommerce's line `subtotal` (prices entered with tax have it taken out).
      total: String(order.pricesIncludeTax ? line.lineTotal - line.subtotalTax : line.lineTotal),
      subtotal_tax: String(line.subtotalTax),
      total_tax: String(line.totalTax),
      /** The options chosen for a variation (Store API cart-line shape); `[]` otherwise. */
      variation: line.variation,
    })),
    coupons: serializeOrderCoupons(coupons, CURRENCY),
    totals: {
      total_items: String(order.totalItems),
      total_discount: String(order.totalDiscount),
      total_shipping: String(order.totalShipping),
      total_items_tax: String(order.itemsTax),
      total_discount_tax: String(order.discountTax),
      total_shipping_tax: String(order.shippingTax),
      total_tax: String(order.totalTax),
      tax_lines: order.taxLines.map((line) => ({
        name: line.name,
        price: String(line.price),
        rate: line.rate,
      })),
      total_price: String(order.total),
      ...CURRENCY,
    },
  };
}
