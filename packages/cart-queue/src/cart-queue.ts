import { StoreApiError, isStoreApiError, type StoreCart } from '@cartwright/store-api-client';
import { toSameOriginUrl } from './url';
import { cartError } from './errors';
import { createSerialQueue, type SerialQueue } from './queue';
import type { CartAnswer, CartTransport, Fragments } from './transport';

/** Spec §9: the success message is announced this long after the add. */
export const SUCCESS_ANNOUNCE_DELAY_MS = 1000;

/** An add-to-cart button's state (spec §4 "Add-to-cart button"). */
export type AddStatus = 'idle' | 'loading' | 'added' | 'error';

export interface AddButtonState {
  status: AddStatus;
  /** Show the "View cart" link next to the button (added, with fragments, not on the cart page). */
  showViewCart: boolean;
  /** Why the last add failed, when `status` is 'error'. */
  error: StoreApiError | null;
}

/** The cart queue's state: the spec's add and remove state machines. */
export interface CartQueueSnapshot {
  /** By button id (any string the caller chooses, e.g. the product id). */
  readonly buttons: Readonly<Record<string, AddButtonState>>;
  /** Cart item keys whose removal is in flight: their rows are blocked. */
  readonly removing: readonly string[];
  /** The latest cart hash the store reported, or null before any answer. */
  readonly cartHash: string | null;
}

export interface AddRequest {
  /** Every data attribute of the button (`product_id`, `quantity`, `product_sku`, …), sent as is. */
  data: Readonly<Record<string, string>>;
  /** The product page the button belongs to: where an error goes when `product_url` is off-origin. */
  productLink?: string;
  /** Announced 1000 ms after a successful add (the button's `success_message`). */
  successMessage?: string;
}

/** How an add ended. */
export type AddOutcome =
  | { type: 'vetoed' }
  | { type: 'navigated'; url: string; reason: 'error' | 'redirect' }
  | { type: 'added'; fragments: Fragments | null; cart: StoreCart | null; cartHash: string | null }
  | { type: 'failed'; error: StoreApiError };

/** How a removal ended. */
export type RemoveOutcome =
  | {
      type: 'removed';
      fragments: Fragments | null;
      cart: StoreCart | null;
      cartHash: string | null;
    }
  | { type: 'navigated'; url: string }
  | { type: 'failed'; error: StoreApiError };

/** How a refresh ended. */
export type RefreshOutcome =
  | {
      type: 'refreshed';
      fragments: Fragments | null;
      cart: StoreCart | null;
      cartHash: string | null;
    }
  | { type: 'failed'; error: StoreApiError };

export interface CartQueueOptions {
  transport: CartTransport;
  /** The cart page, where redirect-after-add goes. */
  cartUrl: string;
  /**
   * WooCommerce's `cart_redirect_after_add`: after a successful add, go to the cart page.
   * @default true (the spec's shop has 'yes')
   */
  redirectAfterAdd?: boolean;
  /** Whether this page is the cart page (no "View cart" link there). @default false */
  isCartPage?: boolean;
  /** The page's origin; navigation driven by store data stays on it. @default location.origin */
  origin?: string;
  /** @default (url) => location.assign(url) */
  navigate?: (url: string) => void;
  /** Writes a message to the polite live region ('' clears it). @default no-op */
  announce?: (message: string) => void;
  /** Replaces page regions (DOM or React) with the store's fragments. @default no-op */
  applyFragments?: (fragments: Fragments, cartHash: string | null) => void;
  /** Veto before sending: return false and nothing is sent (spec §4). */
  shouldSend?: (request: AddRequest) => boolean;
  /**
   * The queue the requests run on; pass one to run other cart work on the same queue.
   * @default a new {@link SerialQueue}
   */
  queue?: SerialQueue;
  /** @default globalThis.setTimeout */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** @default globalThis.clearTimeout */
  clearTimeout?: (handle: unknown) => void;
}

/** The options {@link CartQueue.setOptions} can replace. */
export type CartQueueSettableOptions = Partial<Omit<CartQueueOptions, 'transport' | 'queue'>>;

/** The cart request queue with the add and remove state machines, as an external store. */
export interface CartQueue {
  /** Calls `listener` after every state change; returns the unsubscribe. Safe to pass unbound. */
  subscribe: (listener: () => void) => () => void;
  /** The current immutable snapshot. Safe to pass unbound. */
  getSnapshot: () => CartQueueSnapshot;
  /** Adds to the cart through the queue; resolves once the add has been handled. */
  add(buttonId: string, request: AddRequest): Promise<AddOutcome>;
  /** Removes a line through the same queue; `href` is the remove link (the no-JavaScript path). */
  remove(cartItemKey: string, options: { href: string }): Promise<RemoveOutcome>;
  /** Reads the cart again through the queue (needs a transport with `refresh`) and applies it. */
  refresh(): Promise<RefreshOutcome>;
  /**
   * Replaces some options for the requests that follow (e.g. a router's `navigate` once it
   * is mounted, or a new `redirectAfterAdd`), as TanStack's observers take new options.
   * The transport and the queue stay.
   */
  setOptions(next: CartQueueSettableOptions): void;
  /** Cancels a pending announcement and drops listeners. */
  destroy(): void;
}

function isFragments(value: unknown): value is Fragments {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((html) => typeof html === 'string')
  );
}

/**
 * Any failure as a `StoreApiError`: the client's own errors as they are, anything else
 * (an abort, a transport's bug) as `fetch_error` with the failure as its `cause`.
 */
export function toStoreApiError(error: unknown): StoreApiError {
  return isStoreApiError(error)
    ? error
    : new StoreApiError('The cart request failed.', { code: 'fetch_error', cause: error });
}

/**
 * The cart's add and remove behaviour (spec §4 "Add-to-cart button", "Add result
 * handling", "Cart request queue", "Remove from cart") as an external store: one
 * serial queue for every request, button states, blocked rows, and the result
 * handling in the spec's order. This is the whole core; `./controller` adds
 * quantities, the optimistic count and warnings on top of it.
 *
 * @example
 * const cart = createCartQueue({ transport: createWcAjaxTransport(), cartUrl: '/cart/' });
 * await cart.add('42', { data: { product_id: '42', quantity: '1' }, successMessage: '“Mug” has been added to your cart' });
 */
export function createCartQueue(initialOptions: CartQueueOptions): CartQueue {
  // Read where used, so setOptions() reaches the requests that follow.
  let options = initialOptions;
  const queue = options.queue ?? createSerialQueue();
  const listeners = new Set<() => void>();
  const navigate = (url: string) =>
    (options.navigate ?? ((to: string) => globalThis.location.assign(to)))(url);
  const announce = (message: string) => options.announce?.(message);
  const transport = options.transport;
  let announceTimer: unknown = null;
  let snapshot: CartQueueSnapshot = { buttons: {}, removing: [], cartHash: null };

  const emit = (next: Partial<CartQueueSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const button = (
    id: string,
    status: AddStatus,
    error: StoreApiError | null = null,
    showViewCart = false,
  ) => emit({ buttons: { ...snapshot.buttons, [id]: { status, showViewCart, error } } });
  const stopAnnouncing = () => {
    // Timers are looked up when used, so fakes installed after creation still apply.
    if (announceTimer !== null) (options.clearTimeout ?? clearTimeout)(announceTimer as never);
    announceTimer = null;
  };

  /** Same-origin http(s) URL, resolved; null for anything else (./url.ts). */
  const sameOrigin = (url: unknown): string | null =>
    toSameOriginUrl(url, options.origin ?? globalThis.location.origin);
  const go = <T>(url: string, outcome: T): T => {
    navigate(url);
    return outcome;
  };

  /** Takes in what an answer carries: the hash into the snapshot, fragments to the page. */
  const absorb = (body: CartAnswer | null) => {
    const fragments = body && isFragments(body.fragments) ? body.fragments : null;
    const cart = body?.cart ?? null;
    const cartHash = typeof body?.cart_hash === 'string' ? body.cart_hash : null;
    if (fragments || cart) emit({ cartHash });
    if (fragments) options.applyFragments?.(fragments, cartHash);
    return { fragments, cart, cartHash };
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    add(buttonId, request) {
      if (!request.data.product_id) {
        const error = cartError('No product_id to add.');
        button(buttonId, 'error', error);
        return Promise.resolve({ type: 'failed', error });
      }
      stopAnnouncing();
      announce('');
      button(buttonId, 'loading');
      if (options.shouldSend && !options.shouldSend(request)) {
        button(buttonId, 'idle');
        return Promise.resolve({ type: 'vetoed' });
      }

      return queue.enqueue(async (): Promise<AddOutcome> => {
        let body;
        try {
          body = await transport.addToCart(request.data);
        } catch (error) {
          const failure = toStoreApiError(error);
          button(buttonId, 'error', failure);
          return { type: 'failed', error: failure };
        }
        // 1. An error with a product page: go there (our origin only).
        const refused = body?.error === true;
        if (refused && body) {
          const url = body.product_url
            ? (sameOrigin(body.product_url) ?? sameOrigin(request.productLink))
            : null;
          if (url) return go(url, { type: 'navigated', url, reason: 'error' });
          // Without a usable product page the answer goes on through steps 2 and 3, in the
          // spec's order (§4), as WooCommerce's own script does.
        }
        // 2. Redirect after add.
        const cartUrl = sameOrigin(options.cartUrl);
        if ((options.redirectAfterAdd ?? true) && cartUrl) {
          return go(cartUrl, { type: 'navigated', url: cartUrl, reason: 'redirect' });
        }
        // 3. Replace the regions (whatever the answer carries) and, for an add that worked,
        // announce the success message 1 s later.
        const result = absorb(body);
        if (refused) {
          const error = cartError('The store refused the add.', 'add_refused');
          button(buttonId, 'error', error);
          return { type: 'failed', error };
        }
        // "View cart" after every add off the cart page, with fragments or without (§4).
        button(buttonId, 'added', null, !options.isCartPage);
        const message = request.successMessage;
        if (message) {
          announceTimer = (options.setTimeout ?? setTimeout)(() => {
            announceTimer = null;
            announce(message);
          }, SUCCESS_ANNOUNCE_DELAY_MS);
        }
        return { type: 'added', ...result };
      });
    },

    remove(cartItemKey, { href }) {
      if (!cartItemKey) {
        const error = cartError('No cart item key to remove.');
        return Promise.resolve({ type: 'failed', error });
      }
      emit({ removing: [...snapshot.removing, cartItemKey] });

      return queue.enqueue(async (): Promise<RemoveOutcome> => {
        let body = null;
        let failure: StoreApiError | null = null;
        try {
          body = await transport.removeFromCart(cartItemKey);
        } catch (error) {
          failure = toStoreApiError(error);
        }
        emit({ removing: snapshot.removing.filter((key) => key !== cartItemKey) });
        const result = absorb(failure ? null : body);
        if (result.fragments || result.cart) return { type: 'removed', ...result };
        // No fragments or an error: follow the remove link (spec §4), on our origin only.
        const url = sameOrigin(href);
        if (url) return go(url, { type: 'navigated', url });
        return {
          type: 'failed',
          error: failure ?? cartError('The remove link is off-site.', 'remove_link_off_site'),
        };
      });
    },

    refresh() {
      return queue.enqueue(async (): Promise<RefreshOutcome> => {
        try {
          if (!transport.refresh) {
            throw cartError('The transport has no refresh.');
          }
          return { type: 'refreshed', ...absorb(await transport.refresh()) };
        } catch (error) {
          return { type: 'failed', error: toStoreApiError(error) };
        }
      });
    },

    setOptions(next) {
      options = { ...options, ...next };
    },

    destroy() {
      stopAnnouncing();
      listeners.clear();
    },
  };
}
