/**
 * The demo shop's coupons: one of each kind WooCommerce validates, so the storefront and the
 * tests can show every answer. `lab10` has the code and discount of the conformance lab's
 * coupon, so one journey runs against this store and a real WooCommerce alike.
 */
import type { coupons } from '../db/schema';

export const DEMO_COUPONS: (typeof coupons.$inferInsert)[] = [
  // 10 % off, no conditions (the lab's coupon).
  { code: 'lab10', discountType: 'percent', amount: 10 },
  // $5.00 off a cart of at least $20.00.
  { code: 'fiver', discountType: 'fixed_cart', amount: 500, minimumAmount: 2000 },
  // 20 % off, not with any other coupon.
  { code: 'solo20', discountType: 'percent', amount: 20, individualUse: true },
  // Expired at the start of 2024.
  {
    code: 'expired15',
    discountType: 'percent',
    amount: 15,
    expiresAt: new Date('2024-01-01T00:00:00Z'),
  },
  // $50.00 off a cart of at least $1,000.00.
  { code: 'bigspender', discountType: 'fixed_cart', amount: 5000, minimumAmount: 100_000 },
  // $3.00 off, for one order only.
  { code: 'onceonly', discountType: 'fixed_cart', amount: 300, usageLimit: 1 },
];
