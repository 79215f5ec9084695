/**
 * The header's islands (components/Island.tsx): loaded when a shopper comes to the header cart
 * or the cart changes in the page, not with the page.
 */
export { HeaderMiniCart } from './HeaderMiniCart';
