import type { CartController, CartSnapshot } from '@cartwright/cart-queue/controller';
import { createLazyCartController } from '@cartwright/cart-queue/lazy';
import { useCartSelector } from '@cartwright/cart-queue/react';
import { createCartSync } from '@cartwright/cart-queue/sync';
import type { StoreCart } from '@cartwright/store-api-client';
import { useAnnounce } from '@cartwright/ui-components';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadPageCart } from '../lib/chunks';
import { toSameOriginPath } from '../lib/same-origin';

import { addToCartAllowed } from '../lib/cart-events';

export { ADD_TO_CART_VETO_EVENT } from '../lib/cart-events';

/** The page's cart controller, for a React root of an island page that shares the page's one. */
export const CartContext = createContext<CartController | null>(null);

export interface CartProviderProps {
  redirectAfterAdd: boolean;
  wcAjaxUrl: string;
  /** The cart the page was rendered with (null: no cart session, an empty cart). */
  initialCart: StoreCart | null;
  /** The cart hash the page was rendered with ('' for an empty cart). */
  cartHash: string;
  /** The Store API nonce the page was rendered with, for the first quantity change. */
  storeApiNonce?: string | undefined;
  /**
   * The page's controller, made with {@link createPageCart} by an island page's runtime, whose
   * React roots all share it (decision 0082).
   * @default one made with the page's first render
   */
  controller?: CartController | undefined;
  children?: ReactNode;
}

/**
 * The page's one cart controller (decision 0051, 0056): cart-queue's lazy controller, which
 * shows the cart the page was rendered with and every cart a loader reads, and loads the real
 * controller — queue, state machines, the wc-ajax adapter and the wire client (`lib/page-cart`)
 * — through the page's chunk loader with the first cart change. An add clicked while it loads
 * shows its button loading at once and is sent once it is there, in order.
 */
export function createPageCart({
  wcAjaxUrl,
  initialCart,
  storeApiNonce,
}: Pick<CartProviderProps, 'wcAjaxUrl' | 'initialCart' | 'storeApiNonce'>) {
  return createLazyCartController({
    initialCart,
    load: () =>
      loadPageCart().then(
        (module) => (seed) => module.createPageCart({ wcAjaxUrl, storeApiNonce }, seed),
      ),
  });
}

/**
 * One cart source of truth for the page (issue 16): the controller, created once with the
 * cart the page was rendered with (on the server too, so the first render and hydration read
 * the same snapshot). The page's cart is pushed into it (`useReceiveCart`), navigation (a page
 * load) and the announcer reach it through `setOptions`, and components
 * read it through {@link useCartState}. On load, the cart is read **only** when the
 * `woocommerce_cart_hash` cookie differs from the hash the page was rendered with; other
 * tabs' changes (storage events) and back/forward-cache restores with a moved cookie refresh
 * it (`@cartwright/cart-queue/sync`).
 */
export function CartProvider(props: CartProviderProps) {
  const { redirectAfterAdd, initialCart, cartHash, children } = props;
  const [controller] = useState(() => props.controller ?? createPageCart(props));
  // The controller's messages go through the page's one announcer (decision 0018).
  const announce = useAnnounce();

  useEffect(() => {
    controller.setOptions({
      redirectAfterAdd,
      // Asked at the click, before the cart's code has loaded (spec §4's veto event).
      shouldSend: addToCartAllowed,
      // A page load (decision 0088): cart-queue navigates only to same-origin URLs; the app
      // checks again by its one rule.
      navigate: (url) => {
        const path = toSameOriginPath(url, window.location.origin);
        if (path !== null) window.location.assign(path);
      },
      announce: (message) => announce(message),
    });
  }, [controller, redirectAfterAdd, announce]);

  // The page's cart becomes the known cart, unless an answer to a cart change has moved the cart
  // hash on since it was read.
  useReceiveCartInto(controller, initialCart, cartHash);

  // The hash of the first render: the page as the server rendered it.
  const [pageHash] = useState(cartHash);
  useEffect(() => {
    const sync = createCartSync({ controller, pageHash });
    void sync.start();
    return () => sync.stop();
  }, [controller, pageHash]);

  return <CartContext.Provider value={controller}>{children}</CartContext.Provider>;
}

function useReceiveCartInto(controller: CartController, cart: StoreCart | null, cartHash?: string) {
  useEffect(
    () => controller.receive(cart, cartHash === undefined ? {} : { cartHash }),
    [controller, cart, cartHash],
  );
}

/** The page's cart controller (for `add`, `remove`, `setQuantity`, `clearWarnings`). */
export function useCartController(): CartController {
  const controller = useContext(CartContext);
  if (!controller) throw new Error('useCartController() needs a <CartProvider> above it.');
  return controller;
}

/**
 * The one way components read the cart: a value selected from the controller's snapshot,
 * re-rendering only when it changes. Return a part of the snapshot or a primitive.
 *
 * @example
 * const count = useCartState((cart) => cart.itemCount ?? 0);
 */
export function useCartState<T>(selector: (snapshot: CartSnapshot) => T): T {
  return useCartSelector(useCartController(), selector);
}

/**
 * Pushes a cart a route's loader read into the controller whenever the loader reads it again;
 * with the `woocommerce_cart_hash` the loader read it with, a read older than a change's answer
 * is ignored.
 */
export function useReceiveCart(cart: StoreCart | null, cartHash?: string): void {
  useReceiveCartInto(useCartController(), cart, cartHash);
}
