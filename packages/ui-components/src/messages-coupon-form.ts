import type { PluralMessage } from './messages';

/** `CouponForm`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const COUPON_FORM_MESSAGES = {
  // CouponForm (the cart's and checkout's coupon form and applied coupons)
  'couponForm.label': 'Coupon code',
  'couponForm.apply': 'Apply coupon',
  'couponForm.appliedHeading': 'Applied coupons',
  'couponForm.removeLabel': 'Remove coupon {code}',
} satisfies Record<string, string | PluralMessage>;
