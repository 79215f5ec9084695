import type { StoreCart } from '@cartwright/store-api-client';
import {
  currencyFromStoreApi,
  MINI_CART_MESSAGES,
  MiniCart,
  useMessages,
} from '@cartwright/ui-components';
import { useMemo } from 'react';
import { miniCartOf } from '../lib/mini-cart';

/** Props of {@link HeaderMiniCart}: what the header (components/HeaderCart.tsx) gives its panel. */
export interface HeaderMiniCartProps {
  /** The page's one cart (the loader's, or the store's latest answer); null when there is none. */
  cart: StoreCart | null;
  /** Cart item keys whose removal is in flight (cart-queue's `snapshot.removing`). */
  removing: readonly string[];
  /** Removes a line through the store (its no-JavaScript link is `href`). */
  onRemove: (key: string, href: string) => void;
}

/**
 * The panel of the header's mini-cart: the cart's lines with their remove links, the subtotal,
 * "View cart" and "Checkout"; or "No products in the cart.". An island of the header
 * (header-islands.ts): the server renders it on every page, its code comes when the shopper
 * comes to the header cart or the cart changes in the page.
 */
export function HeaderMiniCart({ cart, removing, onRemove }: HeaderMiniCartProps) {
  const t = useMessages(MINI_CART_MESSAGES);
  const view = useMemo(() => (cart && cart.items.length > 0 ? miniCartOf(cart) : null), [cart]);
  if (view === null) {
    return (
      <div className="widget_shopping_cart_content">
        <p className="woocommerce-mini-cart__empty-message">{t.format('miniCart.empty')}</p>
      </div>
    );
  }
  return (
    <MiniCart
      items={view.lines}
      subtotal={view.subtotal}
      currency={currencyFromStoreApi(view.currency)}
      cartUrl="/cart/"
      checkoutUrl="/checkout/"
      liveRegion={null}
      removing={removing}
      onRemove={(item, event) => {
        // Before the code is here there is no handler: the link removes through the store.
        event.preventDefault();
        onRemove(item.key, item.removeUrl);
      }}
    />
  );
}
