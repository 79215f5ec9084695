/**
 * The add-to-cart veto (spec §4): before an add is sent, the cancelable DOM event of this name
 * is dispatched on `document.body` with the button's data (`detail.data`); a listener that
 * calls `preventDefault()` stops the add (nothing is sent, the button is idle again), as a
 * handler answering false to WooCommerce's jQuery event of that name does.
 */
export const ADD_TO_CART_VETO_EVENT = 'should_send_ajax_request.adding_to_cart';

/** Dispatches the veto event for an add; false when a listener vetoed it. */
export function addToCartAllowed(request: { data: Readonly<Record<string, string>> }): boolean {
  return document.body.dispatchEvent(
    new CustomEvent(ADD_TO_CART_VETO_EVENT, { cancelable: true, detail: { data: request.data } }),
  );
}
