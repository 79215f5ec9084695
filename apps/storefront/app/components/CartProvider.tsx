import {
  createCartController,
  type CartController,
  type CartSnapshot,
} from '@cartwright/cart-queue/controller';
import type { StoreCart as QueueCart } from '@cartwright/cart-queue';
import { createCartSync } from '@cartwright/cart-queue/sync';
import { useAnnounce } from '@cartwright/ui-components';
import type { StoreCart } from '@cartwright/store-api-client';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { controllerCartOf, hasNoticesCookie, toCartView, type CartView } from '../lib/cart';
import { createStorefrontTransport } from '../lib/cart-transport';
import { isStorePath } from '../lib/store-paths';
import { toSameOriginPath } from '../lib/same-origin';

interface CartRuntime {
  /** Null during server rendering and before hydration: buttons then work as plain forms. */
  controller: CartController | null;
}

const CartContext = createContext<CartRuntime>({ controller: null });

const EMPTY: CartSnapshot = { buttons: {}, removing: [], cartHash: null };
const noSubscription = () => () => undefined;

export interface CartProviderProps {
  redirectAfterAdd: boolean;
  wcAjaxUrl: string;
  /** The cart the page was rendered with (null: empty). */
  initialCart: CartView | null;
  /** The cart hash the page was rendered with ('' for an empty cart). */
  cartHash: string;
  /** The Store API nonce the page was rendered with, for the first quantity change. */
  storeApiNonce?: string | undefined;
  children: ReactNode;
}

/** What the page's controller calls back into: the router, once it is mounted. */
const routerBridge = {
  navigate: (path: string) => window.location.assign(path),
  revalidate: () => undefined as unknown,
  announce: (_message: string) => undefined as unknown,
};
let pageController: CartController | null = null;
/** The controller's starting cart (from the loader's view): not a cart the store answered. */
let startingCart: QueueCart | null = null;

/** Cart item names seen on this page, so a warning can still name a line that is gone. */
const itemNames = new Map<string, string>();

/** The name of a cart line this page has shown. */
export function cartItemName(key: string): string | undefined {
  return itemNames.get(key);
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

/** The page's one controller (one queue for every add, remove and quantity change), browser only. */
function browserController(
  redirectAfterAdd: boolean,
  wcAjaxUrl: string,
  initialCart: CartView | null,
  storeApiNonce: string | undefined,
): CartController | null {
  if (typeof window === 'undefined') return null;
  if (pageController) return pageController;
  startingCart = controllerCartOf(initialCart);
  pageController = createCartController({
    transport: createStorefrontTransport({ wcAjaxUrl, nonce: storeApiNonce }),
    cartUrl: '/cart/',
    redirectAfterAdd,
    initialCart: startingCart,
    navigate: (url) => {
      // cart-queue navigates only to same-origin URLs; the app checks again by its one rule.
      const path = toSameOriginPath(url, window.location.origin);
      if (path === null) return;
      // A store link (e.g. the remove link's ?remove_item=) must reach the store as a real
      // page load; the app's own pages can be routed on the client.
      if (isStorePath(path)) window.location.assign(path);
      else routerBridge.navigate(path);
    },
    announce: (message) => routerBridge.announce(message),
    shouldSend: addToCartAllowed,
    // The answers carry the cart the header and the cart page render from; only the
    // checkout's own loader data (its order summary) has to be read again.
    applyFragments: () => {
      if (window.location.pathname.startsWith('/checkout/')) routerBridge.revalidate();
    },
  });
  return pageController;
}

/**
 * One cart controller for the page, created in the browser only, over the storefront
 * transport (wc-ajax changes, Store API reads). On load, the cart is read **only** when
 * the `woocommerce_cart_hash` cookie differs from the hash the page was rendered with;
 * other tabs' changes (storage events) and back/forward-cache restores with a moved
 * cookie refresh it (`@cartwright/cart-queue/sync`).
 */
export function CartProvider({
  redirectAfterAdd,
  wcAjaxUrl,
  initialCart,
  cartHash,
  storeApiNonce,
  children,
}: CartProviderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { revalidate } = useRevalidator();
  // The controller's messages go through the page's one announcer (decision 0018).
  const announce = useAnnounce();
  useEffect(() => {
    routerBridge.navigate = (path) => void navigate(path);
    routerBridge.revalidate = revalidate;
    routerBridge.announce = (message) => announce(message);
  }, [navigate, revalidate, announce]);
  const controller = browserController(redirectAfterAdd, wcAjaxUrl, initialCart, storeApiNonce);
  const runtime = useMemo(() => ({ controller }), [controller]);

  // The hash of the first render: the page as the server rendered it.
  const [pageHash] = useState(cartHash);
  useEffect(() => {
    if (!controller) return;
    const sync = createCartSync({ controller, pageHash });
    void sync.start();
    return () => sync.stop();
  }, [controller, pageHash]);

  // The store left notices for the next page (e.g. after a redirect on the client): the
  // root loader reads them.
  useEffect(() => {
    if (hasNoticesCookie(document.cookie)) void revalidate();
  }, [location.key, revalidate]);

  return <CartContext.Provider value={runtime}>{children}</CartContext.Provider>;
}

export function useCartController(): CartController | null {
  return useContext(CartContext).controller;
}

/** The cart controller's snapshot (empty during server rendering). */
export function useCartSnapshot(): CartSnapshot {
  const controller = useCartController();
  const subscribe = useCallback(
    (listener: () => void) => (controller ? controller.subscribe(listener) : noSubscription()),
    [controller],
  );
  const getSnapshot = useCallback(
    () => (controller ? controller.getSnapshot() : EMPTY),
    [controller],
  );
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}

/**
 * The cart to render and the count to show: the loader's cart or the controller's,
 * whichever changed last, and the count with every pending change applied once (the
 * controller's optimistic `itemCount`), so it never double-counts.
 */
export function useCartView(loaderCart: CartView | null): { view: CartView | null; count: number } {
  const snapshot = useCartSnapshot();
  const cart = snapshot.cart ?? null;
  const seen = useRef<{ loader: CartView | null; cart: unknown; controllerNewer: boolean }>(null);
  const last = (seen.current ??= { loader: loaderCart, cart, controllerNewer: false });
  if (last.loader !== loaderCart)
    Object.assign(last, { loader: loaderCart, controllerNewer: false });
  // Hydration goes from the server snapshot (no cart) to the starting cart: neither is
  // newer than the loader's; only a cart the store answered with is.
  if (last.cart !== cart) {
    Object.assign(last, { cart, controllerNewer: cart !== null && cart !== startingCart });
  }
  const fromController = last.controllerNewer && cart !== null;
  // Only a cart the store answered with is a full Store API cart that can be rendered.
  const controllerView = useMemo(
    () =>
      cart && cart !== startingCart && cart.items.length > 0
        ? toCartView(cart as unknown as StoreCart)
        : null,
    [cart],
  );
  const view = fromController ? controllerView : loaderCart;
  for (const line of view?.lines ?? []) itemNames.set(line.key, line.name);
  const pending = cart && snapshot.itemCount != null ? snapshot.itemCount - cart.items_count : 0;
  const base = fromController && cart ? cart.items_count : (loaderCart?.count ?? 0);
  return { view, count: base + pending };
}
