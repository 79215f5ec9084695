import { CURRENCY, LOW_STOCK, serializeProduct } from '../catalog/serialize';
import { stockLimits, type Cart, type CartLine } from './cart';
import type { AppliedCoupon } from './coupons';
import { lineVariation } from '../catalog/variations';
import { serializeShippingPackages } from './shipping-serialize';
import type { LineTax } from './shipping';

/** WooCommerce's `raw_prices` precision: amounts in millionths of the currency unit. */
const RAW_PRECISION = 6;

/** Cents → a minor-unit string at `RAW_PRECISION` decimals (`1250` → `"12500000"`). */
function raw(cents: number): string {
  return (BigInt(cents) * 10n ** BigInt(RAW_PRECISION - CURRENCY.currency_minor_unit)).toString();
}

/** Where a cart line's no-JavaScript remove link points (WooCommerce's `wc_get_cart_remove_url`). */
export type RemoveUrl = (itemKey: string) => string;

/** One cart line as the Store API sends it (in `cart.items` and `cart/items`). */
export function serializeItem(
  line: CartLine,
  origin: string,
  removeUrl: RemoveUrl,
  lineTax?: LineTax,
) {
  const product = serializeProduct(line.product, origin);
  const limits = stockLimits(line.product);
  const low =
    limits.limited && line.product.stockQuantity! <= LOW_STOCK
      ? Math.max(line.product.stockQuantity!, 0)
      : null;
  const taxed = lineTax?.unitPrices;
  const total = String(lineTax?.subtotal ?? line.lineTotal);
  const discounted = String(lineTax?.total ?? line.lineTotal - line.discount);
  const prices =
    taxed === undefined
      ? product.prices
      : {
          ...product.prices,
          price: String(taxed.price),
          regular_price: String(taxed.regular),
          sale_price: String(taxed.sale),
        };
  return {
    key: line.itemKey,
    id: line.productId,
    type: line.product.type === 'variation' ? 'variation' : 'simple',
    quantity: line.quantity,
    quantity_limits: { minimum: 1, maximum: limits.maximum, multiple_of: 1, editable: true },
    name: product.name,
    short_description: product.short_description,
    description: product.description,
    sku: product.sku,
    low_stock_remaining: low,
    backorders_allowed: line.product.stockStatus === 'onbackorder',
    show_backorder_badge: false,
    sold_individually: false,
    permalink: product.permalink,
    images: product.images,
    variation:
      line.product.variationOf === null ? [] : lineVariation(line.product.variationOf.values),
    item_data: [],
    prices: {
      ...prices,
      raw_prices: {
        precision: RAW_PRECISION,
        price: raw(Number(prices.price)),
        regular_price: raw(Number(prices.regular_price)),
        sale_price: raw(Number(prices.sale_price)),
      },
    },
    totals: {
      line_subtotal: total,
      line_subtotal_tax: String(lineTax?.subtotalTax ?? 0),
      line_total: discounted,
      line_total_tax: String(lineTax?.totalTax ?? 0),
      ...CURRENCY,
    },
    catalog_visibility: 'visible',
    extensions: {
      /** Not WooCommerce's: the line's no-JavaScript remove link, nonce included. */
      cartwright: { remove_url: removeUrl(line.itemKey) },
    },
  };
}

/** The Store API cart object (wire contract §5.3). Totals are integer cents as strings. */
export type StoreApiCart = ReturnType<typeof serializeCart>;

/** The cart's coupons as the Store API lists them (`coupons[]`). */
export function serializeCoupons(coupons: readonly AppliedCoupon[]) {
  return coupons.map((coupon) => ({
    code: coupon.code,
    discount_type: coupon.discountType,
    totals: {
      total_discount: String(coupon.discount),
      total_discount_tax: String(coupon.discountTax),
      ...CURRENCY,
    },
  }));
}

/**
 * The full Store API cart. Totals come from cart/shipping.ts's `priceCart` (items, the coupons'
 * discount, tax, shipping, in WooCommerce's order); no fees exist in this store.
 */
export function serializeCart(cart: Cart, origin: string, removeUrl: RemoveUrl) {
  const totalItems = String(cart.totals.totalItems);
  return {
    items: cart.lines.map((line) =>
      serializeItem(line, origin, removeUrl, cart.totals.lineTaxes?.[line.itemKey]),
    ),
    coupons: serializeCoupons(cart.coupons),
    fees: [],
    totals: {
      total_items: totalItems,
      total_items_tax: String(cart.totals.totalItemsTax),
      total_fees: '0',
      total_fees_tax: '0',
      total_discount: String(cart.totals.totalDiscount),
      total_discount_tax: String(cart.totals.totalDiscountTax),
      total_shipping: cart.totals.totalShipping === null ? null : String(cart.totals.totalShipping),
      total_shipping_tax:
        cart.totals.totalShippingTax === null ? null : String(cart.totals.totalShippingTax),
      total_price: String(cart.totalPrice),
      total_tax: String(cart.totals.totalTax),
      tax_lines: cart.totals.taxLines.map((line) => ({
        name: line.name,
        price: String(line.price),
        rate: line.rate,
      })),
      ...CURRENCY,
    },
    shipping_address: { ...cart.shipping.customer.shipping },
    billing_address: { ...cart.shipping.customer.billing },
    needs_payment: cart.totalPrice > 0,
    needs_shipping: cart.shipping.needsShipping,
    payment_requirements: ['products'],
    has_calculated_shipping: cart.shipping.hasCalculatedShipping,
    shipping_rates: serializeShippingPackages(cart.shipping.packages),
    items_count: cart.itemsCount,
    items_weight: 0,
    cross_sells: [],
    errors: cart.errors,
    payment_methods: [],
    extensions: taxExtension(cart),
  };
}

/**
 * Not WooCommerce's: when the store calculates tax, how the cart shows it, so a storefront can
 * show amounts with or without tax and its "(incl. tax)" labels (WooCommerce's blocks read the
 * same options from `wcSettings`). Empty when the store calculates no tax, as the lab's cart.
 */
function taxExtension(cart: Cart) {
  const display = cart.totals.taxDisplay;
  if (display === undefined) return {};
  return {
    cartwright: {
      tax_display_cart: display.displayCart,
      prices_include_tax: display.pricesIncludeTax,
    },
  };
}
