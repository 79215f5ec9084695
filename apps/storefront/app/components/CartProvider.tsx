import { deferTransport } from '@cartwright/cart-queue';
import {
  createCartController,
  type CartController,
  type CartSnapshot,
} from '@cartwright/cart-queue/controller';
import { useCartSelector } from '@cartwright/cart-queue/react';
import { createCartSync } from '@cartwright/cart-queue/sync';
import type { StoreCart } from '@cartwright/store-api-client';
import { useAnnounce } from '@cartwright/ui-components';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { hasNoticesCookie } from '../lib/cart';
import { loadRestClient } from '../lib/chunks';
import { isStorePath } from '../lib/store-paths';
import { toSameOriginPath } from '../lib/same-origin';

const CartContext = createContext<CartController | null>(null);

export interface CartProviderProps {
  redirectAfterAdd: boolean;
  wcAjaxUrl: string;
  /** The cart the page was rendered with (null: no cart session, an empty cart). */
  initialCart: StoreCart | null;
  /** The cart hash the page was rendered with ('' for an empty cart). */
  cartHash: string;
  /** The Store API nonce the page was rendered with, for the first quantity change. */
  storeApiNonce?: string | undefined;
  children: ReactNode;
}

/**
 * The add-to-cart veto (spec §4): before an add is sent, the cancelable DOM event
 * {@link ADD_TO_CART_VETO_EVENT} is dispatched on `document.body` with the button's data; a
 * listener that calls `preventDefault()` stops the add (nothing is sent, the button is idle
 * again), as a handler answering false to WooCommerce's jQuery event of that name does.
 */
export const ADD_TO_CART_VETO_EVENT = 'should_send_ajax_request.adding_to_cart';

function addToCartAllowed(request: { data: Readonly<Record<string, string>> }): boolean {
  return document.body.dispatchEvent(
    new CustomEvent(ADD_TO_CART_VETO_EVENT, { cancelable: true, detail: { data: request.data } }),
  );
}

/**
 * The page's one cart controller: one queue for every add, remove and quantity change, over
 * cart-queue's wc-ajax adapter with a Store API session (decision 0008, 0051). The wire client
 * is loaded with the first cart request (`deferTransport`), from the same module as the page's
 * other REST calls, so it costs no bytes before. The transport is made with the first
 * `wcAjaxUrl` and nonce: the site's URL does not change, and the session keeps every newer
 * nonce the store sends.
 */
function pageController({
  redirectAfterAdd,
  wcAjaxUrl,
  initialCart,
  storeApiNonce,
}: CartProviderProps): CartController {
  return createCartController({
    transport: deferTransport(() =>
      loadRestClient().then((client) => client.createCartTransport(wcAjaxUrl, storeApiNonce)),
    ),
    cartUrl: '/cart/',
    redirectAfterAdd,
    ...(initialCart ? { initialCart } : {}),
    shouldSend: addToCartAllowed,
  });
}

/**
 * One cart source of truth for the page (issue 16): the controller, created once with the
 * cart the page was rendered with (on the server too, so the first render and hydration read
 * the same snapshot). Loader carts are pushed into it (`useReceiveCart`), the router's
 * navigation, revalidation and the announcer reach it through `setOptions`, and components
 * read it through {@link useCartState}. On load, the cart is read **only** when the
 * `woocommerce_cart_hash` cookie differs from the hash the page was rendered with; other
 * tabs' changes (storage events) and back/forward-cache restores with a moved cookie refresh
 * it (`@cartwright/cart-queue/sync`).
 */
export function CartProvider(props: CartProviderProps) {
  const { redirectAfterAdd, initialCart, cartHash, children } = props;
  const [controller] = useState(() => pageController(props));
  const navigate = useNavigate();
  const location = useLocation();
  const { revalidate } = useRevalidator();
  // The controller's messages go through the page's one announcer (decision 0018).
  const announce = useAnnounce();

  useEffect(() => {
    controller.setOptions({
      redirectAfterAdd,
      navigate: (url) => {
        // cart-queue navigates only to same-origin URLs; the app checks again by its one rule.
        const path = toSameOriginPath(url, window.location.origin);
        if (path === null) return;
        // A store link (e.g. the remove link's ?remove_item=) must reach the store as a real
        // page load; the app's own pages can be routed on the client.
        if (isStorePath(path)) window.location.assign(path);
        else void navigate(path);
      },
      announce: (message) => announce(message),
      // The answers carry the cart the header and the cart page render from; only the
      // checkout's own loader data (its order summary) has to be read again.
      applyFragments: () => {
        if (window.location.pathname.startsWith('/checkout/')) void revalidate();
      },
    });
  }, [controller, redirectAfterAdd, navigate, revalidate, announce]);

  // The root loader's cart, each time it is read again (a revalidation), becomes the known cart.
  useReceiveCartInto(controller, initialCart);

  // The hash of the first render: the page as the server rendered it.
  const [pageHash] = useState(cartHash);
  useEffect(() => {
    const sync = createCartSync({ controller, pageHash });
    void sync.start();
    return () => sync.stop();
  }, [controller, pageHash]);

  // The store left notices for the next page (e.g. after a redirect on the client): the
  // root loader reads them.
  useEffect(() => {
    if (hasNoticesCookie(document.cookie)) void revalidate();
  }, [location.key, revalidate]);

  return <CartContext.Provider value={controller}>{children}</CartContext.Provider>;
}

function useReceiveCartInto(controller: CartController, cart: StoreCart | null) {
  useEffect(() => controller.receive(cart), [controller, cart]);
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

/** Pushes a cart a route's loader read into the controller whenever the loader reads it again. */
export function useReceiveCart(cart: StoreCart | null): void {
  useReceiveCartInto(useCartController(), cart);
}
