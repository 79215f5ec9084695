/**
 * The cart's and checkout's islands (components/Island.tsx): loaded when a shopper comes to the
 * coupon form or the shipping rates, or when what one of them shows changes in the page, not
 * with the page. One chunk for both: its loader is already in the shell, where a second one
 * would cost every page its bytes, and a chunk of the rates' own costs the routes the preload
 * list of an `import()` of theirs (decision 0071).
 */
export { CouponForm, ShippingRates } from '@cartwright/ui-components';
