/**
 * Shipping at checkout: the order's addresses become the session's (so the rates are the ones
 * for where the order goes, as WooCommerce recalculates on checkout) and an order that needs
 * shipping must have a rate chosen for every package.
 */
import type { CartEditor } from '../cart/repository';
import type { Cart } from '../cart/cart';
import type { OrderAddress } from '../db/schema';
import { RestError } from '../http/rest-error';

/**
 * Stores the order's addresses in the session, prices the cart for them and returns it.
 *
 * @throws {RestError} 400 `woocommerce_rest_invalid_shipping_option` when a package has no rate
 */
export async function checkoutShipping(
  editor: CartEditor,
  billing: OrderAddress,
  shipping: OrderAddress,
): Promise<Cart> {
  await editor.setCustomer({ billing: { ...billing, email: billing.email ?? '' }, shipping });
  const { cart } = editor;
  if (
    cart.shipping.needsShipping &&
    (cart.shipping.packages.length === 0 ||
      cart.shipping.packages.some((pack) => pack.selected === null))
  ) {
    throw new RestError(
      'woocommerce_rest_invalid_shipping_option',
      'Sorry, this order requires a shipping option.',
      400,
    );
  }
  return cart;
}
