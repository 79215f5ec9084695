import type { CartQueue, CartQueueSnapshot, RefreshOutcome } from './cart-queue';
import type { StoreCart } from '@cartwright/store-api-client';
import { documentCookie } from './cookie';

/** WooCommerce's cookie with the current cart's hash (absent while the cart is empty). */
export const CART_HASH_COOKIE = 'woocommerce_cart_hash';

/** The storage the sync writes the hash to: `localStorage`/`sessionStorage` or a fake. */
export interface HashStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The window events the sync listens to. */
export type SyncEvent =
  | { type: 'storage'; key: string | null; newValue: string | null }
  | { type: 'pageshow'; persisted: boolean };

/** Options of {@link createCartSync}. */
export interface CartSyncOptions {
  /**
   * The page's cart queue or controller (`./controller`): refreshes go through its
   * queue, and its hash is stored.
   */
  controller: Pick<CartQueue, 'refresh' | 'subscribe'> & {
    getSnapshot(): CartQueueSnapshot & { readonly cart?: StoreCart | null };
  };
  /**
   * The storage key of the hash (WooCommerce's `cart_hash_key` param, when replacing
   * `cart-fragments.js`).
   * @default 'wc_cart_hash'
   */
  hashKey?: string;
  /**
   * The hash the page was rendered with (server rendering). Without it, the hash this
   * tab last stored stands for what the page shows.
   * @default the sessionStorage value, else '' (an empty cart)
   */
  pageHash?: string;
  /** @default reads `document.cookie` */
  readCookie?: (name: string) => string | undefined;
  /** Shared by the tabs; writing to it tells the others. @default globalThis.localStorage */
  localStorage?: HashStorage | null;
  /** This tab's own copy. @default globalThis.sessionStorage */
  sessionStorage?: HashStorage | null;
  /**
   * Subscribes to window `storage` and `pageshow` events; returns the unsubscribe.
   * @default window.addEventListener for both
   */
  listen?: (listener: (event: SyncEvent) => void) => () => void;
}

/** Keeps a page's cart current across tabs and back/forward-cache restores. */
export interface CartSync {
  /**
   * Checks the cart on page load: refreshes only when the `woocommerce_cart_hash`
   * cookie differs from the hash the page shows. Resolves with the refresh's
   * outcome, or `{ type: 'unchanged' }` when no request was needed.
   */
  start(): Promise<RefreshOutcome | { type: 'unchanged' }>;
  /** Stops listening. */
  stop(): void;
}

function defaultStorage(name: 'localStorage' | 'sessionStorage'): HashStorage | null {
  try {
    // Access throws when storage is blocked (e.g. third-party iframes, some privacy modes).
    const storage = (globalThis as { [key: string]: unknown })[name] as HashStorage | undefined;
    return storage ?? null;
  } catch {
    return null;
  }
}

const windowEvents = (listener: (event: SyncEvent) => void) => {
  const target = globalThis as unknown as Partial<
    Pick<Window, 'addEventListener' | 'removeEventListener'>
  >;
  const handler = (event: Event) => listener(event as unknown as SyncEvent);
  target.addEventListener?.('storage', handler);
  target.addEventListener?.('pageshow', handler);
  return () => {
    target.removeEventListener?.('storage', handler);
    target.removeEventListener?.('pageshow', handler);
  };
};

/**
 * Cart sync without WooCommerce's request on every page (wire contract §1.7, done
 * lazily): on load the `woocommerce_cart_hash` cookie is compared with the hash the
 * page shows and the cart is read **only if they differ**; every hash the store
 * reports is written to sessionStorage and localStorage, so a change in one tab
 * reaches the others through a `storage` event and they refresh; a page restored
 * from the back/forward cache (`pageshow` with `persisted`) refreshes when the
 * cookie moved on while it was away.
 *
 * @example
 * const sync = createCartSync({ controller: cart, pageHash: loaderData.cartHash });
 * void sync.start(); // no request when nothing changed
 */
export function createCartSync(options: CartSyncOptions): CartSync {
  const { controller } = options;
  const key = options.hashKey ?? 'wc_cart_hash';
  const readCookie = options.readCookie ?? documentCookie;
  const local =
    options.localStorage === undefined ? defaultStorage('localStorage') : options.localStorage;
  const session =
    options.sessionStorage === undefined
      ? defaultStorage('sessionStorage')
      : options.sessionStorage;
  const write = (hash: string) => {
    try {
      // sessionStorage first: this tab's own storage event check compares against it.
      session?.setItem(key, hash);
      local?.setItem(key, hash);
    } catch {
      // A full or blocked storage only costs other tabs their early refresh.
    }
  };
  const stored = () => {
    try {
      return session?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  let shown = options.pageHash ?? stored() ?? '';
  const cookie = () => readCookie(CART_HASH_COOKIE) ?? '';
  const refresh = () => controller.refresh();

  let lastHash = controller.getSnapshot().cartHash;
  const unsubscribe = controller.subscribe(() => {
    const snapshot = controller.getSnapshot();
    // An empty cart has no cookie: it counts as '' whatever hash the answer carried.
    const hash = snapshot.cart?.items_count === 0 ? '' : snapshot.cartHash;
    if (hash !== null && hash !== lastHash) {
      shown = hash;
      write(hash);
    }
    lastHash = hash;
  });
  const unlisten = (options.listen ?? windowEvents)((event) => {
    if (event.type === 'storage') {
      // Another tab stored a new hash: this one shows an older cart.
      if (event.key === key && event.newValue !== null && event.newValue !== shown) {
        void refresh();
      }
    } else if (event.persisted && cookie() !== shown) {
      void refresh();
    }
  });

  return {
    start() {
      const current = cookie();
      if (current === shown) {
        write(current);
        return Promise.resolve({ type: 'unchanged' });
      }
      return refresh();
    },
    stop() {
      unsubscribe();
      unlisten();
    },
  };
}
