/**
 * The cart's and checkout's islands (components/Island.tsx): loaded when a shopper comes to the
 * coupon form, or when what it shows changes in the page, not with the page.
 */
export { CouponForm } from '@cartwright/ui-components';
