/**
 * The cart's rules, free of I/O: item keys, stock limits, totals and the cart hash. Money is
 * integer cents throughout; no taxes, fees, coupons or shipping exist yet, so a line's total is
 * its unit price times its quantity and the cart total is the sum of the lines.
 */
import { createHash } from 'node:crypto';
import type { ProductRecord } from '../catalog/repository';
import { DEFAULT_MAXIMUM_QUANTITY } from '../catalog/serialize';
import { RestError } from '../http/rest-error';
import { computeDiscounts, couponProblem, type AppliedCoupon, type CouponRecord } from './coupons';
import { defaultCustomer, itemTotals, type CartShipping, type CartTotals } from './shipping';

/** A cart line as stored: which product, how many, in which order. */
export interface StoredLine {
  itemKey: string;
  productId: number;
  quantity: number;
}

/** A cart line with its product and money worked out. */
export interface CartLine extends StoredLine {
  product: ProductRecord;
  /** The product's active price per unit, in cents. */
  unitPrice: number;
  /** `unitPrice × quantity`, in cents, before coupons (WooCommerce's `line_subtotal`). */
  lineTotal: number;
  /** What the coupons take off this line, in cents (`line_total` is `lineTotal − discount`). */
  discount: number;
}

/** A coupon code applied to a cart, with its coupon as it is now (`undefined`: deleted). */
export interface StoredCoupon {
  code: string;
  coupon: CouponRecord | undefined;
}

/** A problem with an item already in the cart, as the Store API lists it under `errors`. */
export interface CartProblem {
  code: string;
  message: string;
}

/** A whole cart, computed on the server. */
export interface Cart {
  lines: CartLine[];
  /** Units in the cart (the sum of the quantities). */
  itemsCount: number;
  /** Sum of the line totals, in cents. */
  totalItems: number;
  /** The coupons applied, in the order they were applied, with their discounts. */
  coupons: AppliedCoupon[];
  /** What the coupons take off, in cents. */
  totalDiscount: number;
  /** What the shopper pays, in cents (`totalItems − totalDiscount` while there are no taxes or shipping). */
  totalPrice: number;
  /** WooCommerce's cart hash: changes whenever lines, quantities or prices change; `''` when empty. */
  hash: string;
  errors: CartProblem[];
  /** Totals in WooCommerce's order (cart/shipping.ts); `totalPrice` is `totals.totalPrice`. */
  totals: CartTotals;
  /** Packages, rates and the session's addresses (cart/shipping.ts `priceCart`). */
  shipping: CartShipping;
}

/** The shipping of a cart not priced for a session yet: none needed, the base address. */
export function unpricedShipping(): CartShipping {
  return {
    needsShipping: false,
    hasCalculatedShipping: false,
    packages: [],
    customer: defaultCustomer(),
  };
}

/**
 * WooCommerce's cart item key for a simple product with no extra item data: the MD5 of its id,
 * so the same product always lands on the same line.
 */
export function cartItemKey(productId: number): string {
  return createHash('md5').update(String(productId)).digest('hex');
}

/** How stock limits a product in a cart. */
export interface StockLimits {
  inStock: boolean;
  /** Stock is counted and no backorders are allowed: quantities may not exceed `stock`. */
  limited: boolean;
  /** Units in stock when counted, else `null`. */
  stock: number | null;
  /** The most units of it one cart may hold (WooCommerce's quantity limit). */
  maximum: number;
}

export function stockLimits(product: ProductRecord): StockLimits {
  const backorders = product.stockStatus === 'onbackorder';
  const stock = product.stockQuantity;
  const limited = stock !== null && !backorders;
  const inStock = product.stockStatus !== 'outofstock' && !(limited && stock <= 0);
  // As WooCommerce's quantity limit: no stock left does not cap the line (the item is reported
  // out of stock instead); otherwise the stock, at most 9999, at least 1.
  const maximum =
    limited && stock !== 0
      ? Math.max(Math.min(stock, DEFAULT_MAXIMUM_QUANTITY), 1)
      : DEFAULT_MAXIMUM_QUANTITY;
  return { inStock, limited, stock, maximum };
}

/** Escapes text for HTML (WooCommerce's messages are HTML: names go in escaped). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/**
 * 400 `woocommerce_rest_cart_invalid_product`: no such product (WooCommerce names the id it
 * did not find), or one that is not published.
 */
export function invalidProduct(missingId?: number): RestError {
  return new RestError(
    'woocommerce_rest_cart_invalid_product',
    missingId === undefined
      ? 'This product cannot be added to the cart.'
      : `Product with ID &quot;${missingId}&quot; was not found and cannot be added to the cart.`,
    400,
  );
}

/**
 * Checks adding `quantity` of `product` to a cart that already holds `inCart` of it, with the
 * Store API's codes and messages (WooCommerce's `validate_add_to_cart`), and returns the line's
 * new quantity. A new line is capped at the product's maximum, as WooCommerce does; an existing
 * line that would pass it is refused.
 *
 * @throws {RestError} 400 `woocommerce_rest_product_invalid_quantity`, `…_out_of_stock`,
 *   `…_partially_out_of_stock` or `invalid_quantity`
 */
export function checkAdd(product: ProductRecord, quantity: number, inCart: number): number {
  const name = escapeHtml(product.name);
  if (quantity <= 0) {
    throw new RestError(
      'woocommerce_rest_product_invalid_quantity',
      `You cannot add &quot;${name}&quot; with a quantity less than or equal to 0 to the cart.`,
      400,
    );
  }
  const limits = stockLimits(product);
  if (!limits.inStock) {
    throw new RestError(
      'woocommerce_rest_product_out_of_stock',
      `You cannot add &quot;${name}&quot; to the cart because the product is out of stock.`,
      400,
    );
  }
  if (limits.limited && inCart + quantity > limits.stock!) {
    throw new RestError(
      'woocommerce_rest_product_partially_out_of_stock',
      `You cannot add that amount of &quot;${name}&quot; to the cart because there is not enough stock (${limits.stock} remaining).`,
      400,
    );
  }
  if (inCart === 0) return Math.min(quantity, limits.maximum);
  checkQuantity(product, inCart + quantity);
  return inCart + quantity;
}

/**
 * Checks a line's new quantity against its limits (WooCommerce's `validate_cart_item_quantity`).
 *
 * @throws {RestError} 400 `invalid_quantity`
 */
export function checkQuantity(product: ProductRecord, quantity: number): void {
  const name = escapeHtml(product.name);
  if (quantity < 1) {
    throw new RestError(
      'invalid_quantity',
      `The minimum quantity of &quot;${name}&quot; allowed in the cart is 1`,
      400,
    );
  }
  const { maximum } = stockLimits(product);
  if (quantity > maximum) {
    throw new RestError(
      'invalid_quantity',
      `The maximum quantity of &quot;${name}&quot; allowed in the cart is ${maximum}`,
      400,
    );
  }
}

/** What loading a cart had to correct: lines whose product is gone, quantities above stock. */
export interface CartFixes {
  remove: string[];
  clamp: StoredLine[];
  /** Coupon codes no longer valid for the cart (WooCommerce drops them with an error). */
  removeCoupons?: string[];
}

/**
 * Builds the cart from its stored lines and the current products. Lines whose product no longer
 * exists or is unpublished are dropped (WooCommerce removes items that can no longer be bought);
 * a quantity above what stock now allows is lowered to it (the Store API's `normalize_cart`); an
 * item out of stock stays, with an entry in `errors`. `fixes` says what to write back.
 */
export function buildCart(
  stored: readonly StoredLine[],
  products: ReadonlyMap<number, ProductRecord>,
  storedCoupons: readonly StoredCoupon[] = [],
  now = Date.now(),
): { cart: Cart; fixes: CartFixes } {
  const fixes: CartFixes = { remove: [], clamp: [], removeCoupons: [] };
  const lines: CartLine[] = [];
  const errors: CartProblem[] = [];
  for (const line of stored) {
    const product = products.get(line.productId);
    if (product === undefined || product.status !== 'publish') {
      fixes.remove.push(line.itemKey);
      continue;
    }
    const limits = stockLimits(product);
    let quantity = line.quantity;
    if (quantity > limits.maximum) {
      quantity = limits.maximum;
      fixes.clamp.push({ ...line, quantity });
    }
    if (!limits.inStock) {
      errors.push({
        code: 'woocommerce_rest_product_out_of_stock',
        message: `${escapeHtml(product.name)} is out of stock and cannot be purchased. Please remove it from your cart.`,
      });
    }
    lines.push({
      ...line,
      quantity,
      product,
      unitPrice: product.price,
      lineTotal: product.price * quantity,
      discount: 0,
    });
  }
  const itemsCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const totalItems = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const { coupons, totalDiscount } = discountLines(
    lines,
    storedCoupons,
    totalItems,
    now,
    fixes,
    errors,
  );
  const totalPrice = totalItems - totalDiscount;
  return {
    cart: {
      lines,
      itemsCount,
      totalItems,
      coupons,
      totalDiscount,
      totalPrice,
      hash: cartHash(lines, totalPrice),
      errors,
      totals: { ...itemTotals(totalItems), totalDiscount, totalPrice },
      shipping: unpricedShipping(),
    },
    fixes,
  };
}

/**
 * Checks the applied coupons against the cart as it now is and takes their discounts off the
 * lines. A coupon no longer valid (expired, spend out of range, deleted) is dropped with the Store
 * API's error, as WooCommerce's cart validation does.
 */
function discountLines(
  lines: CartLine[],
  storedCoupons: readonly StoredCoupon[],
  subtotal: number,
  now: number,
  fixes: CartFixes,
  errors: CartProblem[],
): { coupons: AppliedCoupon[]; totalDiscount: number } {
  const valid: CouponRecord[] = [];
  for (const { code, coupon } of storedCoupons) {
    const problem = couponProblem(code, coupon, subtotal, now);
    if (problem === null) {
      valid.push(coupon!);
      continue;
    }
    fixes.removeCoupons!.push(code);
    errors.push({
      code: 'woocommerce_rest_cart_coupon_error',
      message: `The &quot;${escapeHtml(code)}&quot; coupon has been removed from your cart: ${problem}`,
    });
  }
  if (valid.length === 0) return { coupons: [], totalDiscount: 0 };
  const { byCoupon, byLine } = computeDiscounts(lines, valid);
  for (const line of lines) line.discount = byLine.get(line.itemKey) ?? 0;
  const coupons = valid.map((coupon) => ({
    code: coupon.code,
    discountType: coupon.discountType,
    discount: byCoupon.get(coupon.code) ?? 0,
    discountTax: 0,
  }));
  return { coupons, totalDiscount: coupons.reduce((sum, coupon) => sum + coupon.discount, 0) };
}

/**
 * The cart hash, as WooCommerce makes it: an MD5 over the cart's lines (key, product, quantity,
 * line total) followed by its total, or `''` for an empty cart. Equal carts hash equally in every
 * session and on every driver.
 */
export function cartHash(lines: readonly CartLine[], total: number): string {
  if (lines.length === 0) return '';
  const content = JSON.stringify(
    lines.map((line) => [
      line.itemKey,
      line.productId,
      line.quantity,
      line.lineTotal - line.discount,
    ]),
  );
  return createHash('md5').update(`${content}${total}`).digest('hex');
}

/** An empty cart (a visitor without a session). */
export const EMPTY_CART: Cart = {
  lines: [],
  itemsCount: 0,
  totalItems: 0,
  coupons: [],
  totalDiscount: 0,
  totalPrice: 0,
  hash: '',
  errors: [],
  totals: itemTotals(0),
  shipping: unpricedShipping(),
};
