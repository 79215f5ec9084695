import { createWcAjaxTransport } from '@cartwright/cart-queue';
import {
  createCartController,
  type CartController,
  type CartSnapshot,
} from '@cartwright/cart-queue/controller';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { isStorePath } from '../lib/store-paths';

interface CartRuntime {
  /** Null during server rendering and before hydration: buttons then work as plain forms. */
  controller: CartController | null;
  announcement: string;
}

const CartContext = createContext<CartRuntime>({ controller: null, announcement: '' });

const EMPTY: CartSnapshot = { buttons: {}, removing: [], cartHash: null };
const noSubscription = () => () => undefined;

export interface CartProviderProps {
  redirectAfterAdd: boolean;
  wcAjaxUrl: string;
  children: ReactNode;
}

/**
 * One cart controller for the page (one queue for every add and remove), created in
 * the browser only. Store answers revalidate the loaders, so the header cart and the
 * cart page re-render from the store's cart.
 */
/** What the page's controller calls back into: the router, once it is mounted. */
const routerBridge = {
  navigate: (path: string) => window.location.assign(path),
  revalidate: () => undefined as unknown,
  announce: (_message: string) => undefined as unknown,
};
let pageController: CartController | null = null;

/** The page's one controller (one queue for every add and remove), browser only. */
function browserController(redirectAfterAdd: boolean, wcAjaxUrl: string): CartController | null {
  if (typeof window === 'undefined') return null;
  pageController ??= createCartController({
    transport: createWcAjaxTransport({ endpoint: wcAjaxUrl }),
    cartUrl: '/cart/',
    redirectAfterAdd,
    navigate: (url) => {
      const target = new URL(url, window.location.origin);
      const path = `${target.pathname}${target.search}`;
      // A store link (e.g. the remove link's ?remove_item=) must reach the store as a real
      // page load; the app's own pages can be routed on the client.
      if (isStorePath(path)) window.location.assign(path);
      else routerBridge.navigate(path);
    },
    announce: (message) => routerBridge.announce(message),
    applyFragments: () => routerBridge.revalidate(),
  });
  return pageController;
}

export function CartProvider({ redirectAfterAdd, wcAjaxUrl, children }: CartProviderProps) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    routerBridge.navigate = (path) => void navigate(path);
    routerBridge.revalidate = revalidate;
    routerBridge.announce = setAnnouncement;
  }, [navigate, revalidate]);
  const controller = browserController(redirectAfterAdd, wcAjaxUrl);
  return (
    <CartContext.Provider value={{ controller, announcement }}>
      {children}
      <div className="cw-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </CartContext.Provider>
  );
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
