import { currencyFromStoreApi, formatPrice, MiniCart } from '@cartwright/ui-components';
import { useMemo } from 'react';
import { miniCartOf } from '../lib/cart-summary';
import { shopT } from '../messages';
import { useCartController, useCartState } from './CartProvider';

/**
 * The header's mini-cart: a disclosure (`<details>`, so it opens without JavaScript)
 * whose summary says how many items the cart holds (counting pending adds and changes
 * once), and the MiniCart inside it.
 */
export function HeaderCart() {
  const controller = useCartController();
  const removing = useCartState((snapshot) => snapshot.removing);
  // The page's one cart (the loader's, or the store's latest answer), and the count with
  // every pending change applied once.
  const storeCart = useCartState((snapshot) => snapshot.cart);
  const count = useCartState((snapshot) => snapshot.itemCount ?? 0);
  const cart = useMemo(
    () => (storeCart && storeCart.items.length > 0 ? miniCartOf(storeCart) : null),
    [storeCart],
  );
  const currency = cart ? currencyFromStoreApi(cart.currency) : null;
  return (
    <details className="header-cart">
      <summary>
        <span className="header-cart__label">{shopT.format('headerCart.label')}</span>{' '}
        <span className="header-cart__count">{shopT.format('headerCart.count', { count })}</span>
        {cart && currency ? (
          <span className="header-cart__total"> {formatPrice(cart.subtotal, currency)}</span>
        ) : null}
      </summary>
      <div className="header-cart__panel">
        {cart && currency ? (
          <MiniCart
            items={cart.lines}
            subtotal={cart.subtotal}
            currency={currency}
            cartUrl="/cart/"
            checkoutUrl="/checkout/"
            liveRegion={null}
            removing={removing}
            onRemove={(item, event) => {
              // Before hydration there is no handler: the link removes through the store.
              event.preventDefault();
              void controller.remove(item.key, { href: item.removeUrl });
            }}
          />
        ) : (
          <div className="widget_shopping_cart_content">
            <p className="woocommerce-mini-cart__empty-message">{shopT.format('miniCart.empty')}</p>
          </div>
        )}
      </div>
    </details>
  );
}
