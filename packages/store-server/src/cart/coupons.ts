/**
 * Coupons: which ones a cart may take and what they take off, free of I/O. WooCommerce's rules
 * (10.2.4, `WC_Discounts` and the Store API's cart controller), in integer cents:
 * - validation in WooCommerce's order: exists, usage limit, expiry, minimum spend, maximum spend,
 *   each failure with WooCommerce's message;
 * - coupons applied by type (percent before fixed cart), then by amount, smallest first;
 * - items taken most expensive unit first; a percent coupon floors each line's discount and
 *   spreads the cart-level rounding remainder a cent at a time; a fixed-cart coupon is split per
 *   unit, rounded down, the rest again a cent at a time; no line goes below zero;
 * - discounts are not sequential (WooCommerce's default): each percent coupon works on the
 *   undiscounted price, capped by what is left of the line.
 */
import type { coupons } from '../db/schema';
import { formatAmount } from '../catalog/serialize';
import { RestError } from '../http/rest-error';
import { escapeHtml } from './cart';

export type CouponRecord = typeof coupons.$inferSelect;

/** A coupon in a cart with what it takes off, in cents. */
export interface AppliedCoupon {
  code: string;
  discountType: CouponRecord['discountType'];
  /** What it takes off the items, in cents. */
  discount: number;
  /** Tax on that discount, in cents (no tax in this store yet: always 0). */
  discountTax: number;
}

/** The part of a cart line a coupon needs. */
export interface DiscountableLine {
  itemKey: string;
  unitPrice: number;
  quantity: number;
}

/** The longest coupon code taken (WordPress post titles are longer; codes never are in practice). */
export const MAX_COUPON_CODE = 200;

/**
 * A code as WooCommerce compares it: entities decoded is not needed here (codes are plain text
 * in this store), surrounding space trimmed, lowercased (codes match whatever their case).
 */
export function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}

/** 400 `woocommerce_rest_cart_coupon_error` with `message` (HTML, as WooCommerce sends it). */
export function couponError(message: string, status = 400): RestError {
  return new RestError('woocommerce_rest_cart_coupon_error', message, status);
}

/**
 * WooCommerce's `wc_price` with its tags stripped and escaped again, as the Store API puts it
 * into messages (`esc_html` writes the dollar sign's entity as `&#036;`).
 */
function plainPrice(cents: number): string {
  return `&#036;${formatAmount(cents)}`;
}

/**
 * Why `coupon` cannot be used on a cart whose items come to `subtotal` cents at `now`, in
 * WooCommerce's words (`WC_Discounts::is_coupon_valid`, escaped as the Store API sends it),
 * or `null` when it can.
 */
export function couponProblem(
  code: string,
  coupon: CouponRecord | undefined,
  subtotal: number,
  now: number,
): string | null {
  const quoted = `&quot;${escapeHtml(code)}&quot;`;
  if (coupon === undefined) return `Coupon ${quoted} cannot be applied because it does not exist.`;
  if (coupon.usageLimit !== null && coupon.usageLimit > 0 && coupon.usageCount >= coupon.usageLimit)
    return `Usage limit for coupon ${quoted} has been reached.`;
  if (coupon.expiresAt !== null && now > coupon.expiresAt.getTime())
    return `Coupon ${quoted} has expired.`;
  if (coupon.minimumAmount !== null && coupon.minimumAmount > 0 && coupon.minimumAmount > subtotal)
    return `The minimum spend for coupon ${quoted} is ${plainPrice(coupon.minimumAmount)}.`;
  if (coupon.maximumAmount !== null && coupon.maximumAmount > 0 && coupon.maximumAmount < subtotal)
    return `The maximum spend for coupon ${quoted} is ${plainPrice(coupon.maximumAmount)}.`;
  return null;
}

/**
 * Checks applying `code` to a cart that already holds `applied` (the Store API's
 * `apply_coupon`): not applied yet, valid, and no individual-use coupon in the way. Returns the
 * codes to keep beside the new one (all of them, or none for an individual-use coupon).
 *
 * @throws {RestError} 400 `woocommerce_rest_cart_coupon_error`
 */
export function checkApply(
  code: string,
  coupon: CouponRecord | undefined,
  applied: readonly CouponRecord[],
  subtotal: number,
  now: number,
): string[] {
  // WooCommerce 10.2.4 answers an empty code (or none) as if it were applied already.
  if (code === '' || applied.some((other) => other.code === code)) {
    throw couponError(`Coupon code &quot;${escapeHtml(code)}&quot; has already been applied.`);
  }
  const problem = couponProblem(code, coupon, subtotal, now);
  if (problem !== null) throw couponError(problem);
  const individual = applied.find((other) => other.individualUse);
  if (individual !== undefined) {
    throw couponError(
      `&quot;${escapeHtml(individual.code)}&quot; has already been applied and cannot be used in conjunction with other coupons.`,
    );
  }
  return coupon!.individualUse ? [] : applied.map((other) => other.code);
}

/** WooCommerce's coupon order: by type (percent 2, fixed cart 3), amount ascending, newest first. */
function byPriority(a: CouponRecord, b: CouponRecord): number {
  const sort = (coupon: CouponRecord) => (coupon.discountType === 'percent' ? 2 : 3);
  if (sort(a) !== sort(b)) return sort(a) - sort(b);
  if (a.amount !== b.amount) return a.amount - b.amount;
  return b.id - a.id;
}

/** What the coupons take off: per coupon (by code) and per line (by item key), in cents. */
export interface Discounts {
  byCoupon: Map<string, number>;
  byLine: Map<string, number>;
}

/** Works out each coupon's discount on `lines` (WooCommerce's `WC_Discounts`, see above). */
export function computeDiscounts(
  lines: readonly DiscountableLine[],
  applied: readonly CouponRecord[],
): Discounts {
  const byLine = new Map<string, number>(lines.map((line) => [line.itemKey, 0]));
  const byCoupon = new Map<string, number>();
  // Most expensive unit first; a stable sort keeps the cart's order among equals.
  const items = [...lines].sort((a, b) => b.unitPrice - a.unitPrice);
  const price = (line: DiscountableLine) => line.unitPrice * line.quantity;
  const left = (line: DiscountableLine) => price(line) - byLine.get(line.itemKey)!;
  const give = (line: DiscountableLine, cents: number) =>
    byLine.set(line.itemKey, byLine.get(line.itemKey)! + cents);

  /** Hands out `amount` a cent per unit at a time, most expensive first (`apply_coupon_remainder`). */
  function remainder(targets: DiscountableLine[], amount: number): number {
    let given = 0;
    for (const line of targets) {
      for (let unit = 0; unit < line.quantity; unit++) {
        const cent = Math.min(left(line), 1);
        given += cent;
        give(line, cent);
        if (given >= amount) return given;
      }
    }
    return given;
  }

  /** `apply_coupon_fixed_cart`: the amount split per unit, rounded down, repeated for the rest. */
  function fixedCart(targets: DiscountableLine[], amount: number): number {
    const open = targets.filter((line) => left(line) > 0);
    const units = open.reduce((sum, line) => sum + line.quantity, 0);
    if (units === 0 || amount <= 0) return 0;
    const perUnit = Math.floor(amount / units);
    if (perUnit === 0) return remainder(open, amount);
    let given = 0;
    for (const line of open) {
      const cents = Math.min(left(line), perUnit * line.quantity);
      given += cents;
      give(line, cents);
    }
    if (given > 0 && given < amount) given += fixedCart(open, amount - given);
    return given;
  }

  for (const coupon of [...applied].sort(byPriority)) {
    const targets = items.filter((line) => left(line) > 0 && line.quantity > 0);
    let total = 0;
    if (coupon.discountType === 'percent') {
      let base = 0;
      for (const line of targets) {
        const cents = Math.min(left(line), Math.floor((price(line) * coupon.amount) / 100));
        give(line, cents);
        base += price(line);
        total += cents;
      }
      // The whole cart's discount, rounded half down (WooCommerce's discount rounding mode).
      const whole =
        Math.floor((base * coupon.amount) / 100) + ((base * coupon.amount) % 100 > 50 ? 1 : 0);
      if (total < whole) total += remainder(targets, whole - total);
    } else {
      total = fixedCart(targets, coupon.amount);
    }
    byCoupon.set(coupon.code, total);
  }
  return { byCoupon, byLine };
}
