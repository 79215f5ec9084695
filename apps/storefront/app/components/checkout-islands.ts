/**
 * The checkout's address fields' live code (components/CheckoutAddressFields.tsx, decision
 * 0069). A module of its own: `SuggestingAddressFields` is also a static import of the account's
 * edit-address page, and an `import()` of a shared module needs a namespace helper that rolldown
 * puts in the runtime every page loads (+61 B gz measured).
 */
export { SuggestingAddressFields } from './SuggestingAddressFields';
