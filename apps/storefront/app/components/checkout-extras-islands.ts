/**
 * The checkout's order note and terms box's live code (components/CheckoutExtrasIslands.tsx,
 * decision 0071): loaded when a shopper comes to one of them or places the order.
 */
export { OrderNotes, TermsAcceptance } from './CheckoutExtras';
