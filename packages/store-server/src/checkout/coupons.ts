/**
 * An order's coupons: checked once more when it is placed, kept as coupon lines, and counted
 * against their usage limits. The count is raised by one guarded `UPDATE` per coupon inside the
 * order's transaction, so two shoppers racing for a coupon's last use cannot both get it: the
 * second finds the limit reached and its order is refused and rolled back.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Cart } from '../cart/cart';
import { couponError } from '../cart/coupons';
import { escapeHtml } from '../cart/cart';
import type { CartFixes } from '../cart/cart';
import type { Database } from '../db/client';
import { coupons, orderCoupons } from '../db/schema';
import { RestError } from '../http/rest-error';

export type OrderCouponRecord = typeof orderCoupons.$inferSelect;

/**
 * Refuses a checkout whose cart lost a coupon on loading (expired, spend out of range): the
 * shopper sees the total change before paying it. 409 with the cart error's message, as
 * WooCommerce's cart coupon validation does.
 */
export function checkCouponCorrections(corrections: CartFixes, cart: Cart): void {
  if ((corrections.removeCoupons ?? []).length === 0) return;
  const problem = cart.errors.find((error) => error.code === 'woocommerce_rest_cart_coupon_error');
  throw new RestError(
    'woocommerce_rest_cart_coupon_error',
    problem?.message ?? 'A coupon in your cart is no longer valid. Please review your cart.',
    409,
  );
}

/**
 * Writes the cart's coupons as the order's coupon lines and raises each coupon's usage count.
 * @throws {RestError} 400 `woocommerce_rest_cart_coupon_error` when a coupon's last use was taken
 */
export async function recordOrderCoupons(tx: Database, orderId: number, cart: Cart): Promise<void> {
  await tx.delete(orderCoupons).where(eq(orderCoupons.orderId, orderId));
  if (cart.coupons.length === 0) return;
  await tx.insert(orderCoupons).values(
    cart.coupons.map((coupon) => ({
      orderId,
      code: coupon.code,
      discountType: coupon.discountType,
      discount: coupon.discount,
      discountTax: coupon.discountTax,
    })),
  );
  for (const coupon of cart.coupons) {
    const counted = await tx
      .update(coupons)
      .set({ usageCount: sql`${coupons.usageCount} + 1` })
      .where(
        and(
          eq(coupons.code, coupon.code),
          or(
            isNull(coupons.usageLimit),
            eq(coupons.usageLimit, 0),
            lt(coupons.usageCount, coupons.usageLimit),
          ),
        ),
      )
      .returning({ id: coupons.id });
    if (counted.length === 0) {
      throw couponError(
        `Usage limit for coupon &quot;${escapeHtml(coupon.code)}&quot; has been reached.`,
      );
    }
  }
}

/** An order's coupon lines, in the order they were applied. */
export async function couponsOf(db: Database, orderId: number): Promise<OrderCouponRecord[]> {
  return db
    .select()
    .from(orderCoupons)
    .where(eq(orderCoupons.orderId, orderId))
    .orderBy(orderCoupons.id);
}

/** An order's coupon lines as the Store API's order and checkout answers list them. */
export function serializeOrderCoupons(lines: readonly OrderCouponRecord[], currency: object) {
  return lines.map((line) => ({
    code: line.code,
    discount_type: line.discountType,
    totals: {
      total_discount: String(line.discount),
      total_discount_tax: String(line.discountTax),
      ...currency,
    },
  }));
}
