import { describe, expect, test } from 'vitest';
import { checkApply, computeDiscounts, couponProblem, type CouponRecord } from './coupons';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
let nextId = 1;
function coupon(fields: Partial<CouponRecord> & Pick<CouponRecord, 'code'>): CouponRecord {
  return {
    id: nextId++,
    discountType: 'percent',
    amount: 10,
    expiresAt: null,
    minimumAmount: null,
    maximumAmount: null,
    usageLimit: null,
    usageCount: 0,
    individualUse: false,
    createdAt: new Date(NOW),
    modifiedAt: new Date(NOW),
    ...fields,
  };
}
const line = (itemKey: string, unitPrice: number, quantity: number) => ({
  itemKey,
  unitPrice,
  quantity,
});

describe('coupon validation, in WooCommerce order and words', () => {
  test('an unknown code does not exist', () => {
    expect(couponProblem('nope', undefined, 1000, NOW)).toBe(
      'Coupon &quot;nope&quot; cannot be applied because it does not exist.',
    );
  });

  test('usage limit, expiry, minimum and maximum spend each refuse with their message', () => {
    expect(couponProblem('u', coupon({ code: 'u', usageLimit: 2, usageCount: 2 }), 1, NOW)).toBe(
      'Usage limit for coupon &quot;u&quot; has been reached.',
    );
    expect(couponProblem('u', coupon({ code: 'u', usageLimit: 2, usageCount: 1 }), 1, NOW)).toBe(
      null,
    );
    expect(couponProblem('e', coupon({ code: 'e', expiresAt: new Date(NOW - 1) }), 1, NOW)).toBe(
      'Coupon &quot;e&quot; has expired.',
    );
    expect(couponProblem('e', coupon({ code: 'e', expiresAt: new Date(NOW) }), 1, NOW)).toBe(null);
    expect(couponProblem('m', coupon({ code: 'm', minimumAmount: 2000 }), 1999, NOW)).toBe(
      'The minimum spend for coupon &quot;m&quot; is &#036;20.00.',
    );
    expect(couponProblem('m', coupon({ code: 'm', minimumAmount: 2000 }), 2000, NOW)).toBe(null);
    expect(couponProblem('x', coupon({ code: 'x', maximumAmount: 123456 }), 123457, NOW)).toBe(
      'The maximum spend for coupon &quot;x&quot; is &#036;1,234.56.',
    );
  });

  test('the usage limit is checked before the expiry, as WooCommerce does', () => {
    const both = coupon({ code: 'b', usageLimit: 1, usageCount: 1, expiresAt: new Date(0) });
    expect(couponProblem('b', both, 1, NOW)).toMatch(/^Usage limit/);
  });

  test('a code is escaped in the message', () => {
    expect(couponProblem('<b>', undefined, 0, NOW)).toBe(
      'Coupon &quot;&lt;b&gt;&quot; cannot be applied because it does not exist.',
    );
  });

  test('applying: already applied, then individual use both ways', () => {
    const a = coupon({ code: 'a' });
    const solo = coupon({ code: 'solo', individualUse: true });
    expect(() => checkApply('a', a, [a], 100, NOW)).toThrow(
      'Coupon code &quot;a&quot; has already been applied.',
    );
    expect(() => checkApply('a', a, [solo], 100, NOW)).toThrow(
      '&quot;solo&quot; has already been applied and cannot be used in conjunction with other coupons.',
    );
    // An individual-use coupon pushes the others out.
    expect(checkApply('solo', solo, [a], 100, NOW)).toEqual([]);
    expect(checkApply('b', coupon({ code: 'b' }), [a], 100, NOW)).toEqual(['a']);
  });
});

describe('discounts in cents, as WC_Discounts works them out', () => {
  test('percent: floored per line, the cart-level remainder a cent at a time, dearest first', () => {
    // 3 × 3.33 = 9.99 and 1 × 0.05: 10 % of 10.04 is 1.004 → 100 cents; the lines floor to
    // 99 + 0 = 99, so one remainder cent goes to the dearer line.
    const { byCoupon, byLine } = computeDiscounts(
      [line('cheap', 5, 1), line('dear', 333, 3)],
      [coupon({ code: 'p' })],
    );
    expect(byCoupon.get('p')).toBe(100);
    expect(byLine.get('dear')).toBe(100);
    expect(byLine.get('cheap')).toBe(0);
  });

  test('percent rounds the cart-level discount half down', () => {
    // 10 % of 0.05 is 0.5 cent: half down gives 0.
    expect(computeDiscounts([line('a', 5, 1)], [coupon({ code: 'p' })]).byCoupon.get('p')).toBe(0);
    // 10 % of 0.06 is 0.6 cent: 1.
    expect(computeDiscounts([line('a', 6, 1)], [coupon({ code: 'p' })]).byCoupon.get('p')).toBe(1);
  });

  test('fixed cart: split per unit, rounded down, the rest a cent at a time', () => {
    // $5.00 over 3 units: 166 each = 498, then 2 cents more to the dearest lines.
    const { byCoupon, byLine } = computeDiscounts(
      [line('a', 1000, 1), line('b', 2000, 2)],
      [coupon({ code: 'f', discountType: 'fixed_cart', amount: 500 })],
    );
    expect(byCoupon.get('f')).toBe(500);
    expect(byLine.get('b')).toBe(332 + 2);
    expect(byLine.get('a')).toBe(166);
  });

  test('fixed cart never takes more than the items cost', () => {
    const { byCoupon, byLine } = computeDiscounts(
      [line('a', 300, 1), line('b', 150, 2)],
      [coupon({ code: 'f', discountType: 'fixed_cart', amount: 5000 })],
    );
    expect(byCoupon.get('f')).toBe(600);
    expect(byLine.get('a')).toBe(300);
    expect(byLine.get('b')).toBe(300);
  });

  test('percent before fixed cart, each percent on the undiscounted price', () => {
    // $5 off and 50 % off a $6.00 item: 50 % first (300), then $5 capped at the 300 left.
    const { byCoupon } = computeDiscounts(
      [line('a', 600, 1)],
      [
        coupon({ code: 'f', discountType: 'fixed_cart', amount: 500 }),
        coupon({ code: 'half', amount: 50 }),
      ],
    );
    expect(byCoupon.get('half')).toBe(300);
    expect(byCoupon.get('f')).toBe(300);
    // Two percent coupons: 60 % and 60 % of $10: 600, then the 400 left.
    const two = computeDiscounts(
      [line('a', 1000, 1)],
      [coupon({ code: 'x', amount: 60 }), coupon({ code: 'y', amount: 60 })],
    );
    expect([...two.byCoupon.values()].sort()).toEqual([400, 600]);
  });
});
