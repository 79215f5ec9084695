import {
  createCartQueue,
  toStoreApiError,
  type AddOutcome,
  type AddRequest,
  type CartQueue,
  type CartQueueOptions,
  type CartQueueSnapshot,
  type RefreshOutcome,
  type RemoveOutcome,
} from './cart-queue';
import type { StoreApiError, StoreCart, StoreCartItem } from '@cartwright/store-api-client';
import { isOlderRead } from './cookie';
import { cartError } from './errors';
import { createSerialQueue } from './queue';
import type { CartAnswer, CartTransport } from './transport';

/** The controller's state: the core's (buttons, blocked rows, hash) and the cart it knows. */
export interface CartSnapshot extends CartQueueSnapshot {
  /** The latest full cart (Store API answers, `receive`, or `initialCart`), or null. */
  readonly cart: StoreCart | null;
  /**
   * The cart's item count as the shopper should see it now: the server's last
   * `items_count` with every pending add, quantity change and removal applied
   * optimistically. Each pending change counts once and is dropped when its answer
   * arrives, so the count never double-counts. Null while no cart is known.
   */
  readonly itemCount: number | null;
  /** Quantities requested per cart item key whose update has not been answered yet. */
  readonly quantities: Readonly<Record<string, number>>;
  /** What the store changed from what was asked, oldest first (see {@link CartWarning}). */
  readonly warnings: readonly CartWarning[];
}

/**
 * The snapshot of a controller that knows nothing yet: for a placeholder where no
 * controller exists (a test, a store outside any provider).
 */
export const EMPTY_CART_SNAPSHOT: CartSnapshot = Object.freeze({
  buttons: {},
  removing: [],
  cartHash: null,
  cart: null,
  itemCount: null,
  quantities: {},
  warnings: [],
});

/**
 * A server adjustment the UI can show: the store did not do exactly what was asked.
 * `name` is the line's product name as the controller last knew it (absent when it never
 * knew the line), so a warning can name a line that is gone.
 */
export type CartWarning =
  /** The line holds fewer than requested, or than it held (e.g. lowered to the stock). */
  | { type: 'quantity_clamped'; key: string; name?: string; requested: number; quantity: number }
  /** The line no longer exists (removed elsewhere, or no longer for sale). */
  | { type: 'item_gone'; key: string; name?: string };

/** How a quantity change ended (coalesced changes share the last one's outcome). */
export type UpdateOutcome =
  | { type: 'updated'; cart: StoreCart | null; cartHash: string | null }
  | { type: 'failed'; error: StoreApiError };

export interface CartControllerOptions extends Omit<CartQueueOptions, 'queue'> {
  /** The cart already known (e.g. rendered on the server), so the count starts right. */
  initialCart?: StoreCart;
  /** @default reads `document.cookie` (see {@link CartReceiveOptions}) */
  readCookie?: (name: string) => string | undefined;
}

/** What {@link CartController.receive} knows about where a cart came from. */
export interface CartReceiveOptions {
  /**
   * The `woocommerce_cart_hash` cookie the cart was read with (`''` for none). When the browser's
   * cookie differs by the time the cart arrives, an answer to a cart change set it after the read
   * began: the read is older than the cart the controller holds and is ignored.
   */
  cartHash?: string;
}

/** The core's cart queue plus quantities, the optimistic count and typed warnings. */
export interface CartController extends CartQueue {
  getSnapshot: () => CartSnapshot;
  /**
   * Sets a line's quantity through the same queue (needs a transport with
   * `updateItem`). Changes to one line while its request is in flight are
   * coalesced: only the last requested quantity is sent next.
   */
  setQuantity(cartItemKey: string, quantity: number): Promise<UpdateOutcome>;
  /** Empties `warnings` (once the UI has shown them). */
  clearWarnings(): void;
  /**
   * Takes in a cart read elsewhere (a page's server data, say) as the known cart, as
   * TanStack's `setQueryData`: no warnings, and pending adds, quantity changes and
   * removals stay pending and counted. `null` is an empty cart (no cart session). A cart read
   * before the newest answer (see {@link CartReceiveOptions}) is ignored.
   */
  receive(cart: StoreCart | null, read?: CartReceiveOptions): void;
}

export type { AddOutcome, AddRequest, RefreshOutcome, RemoveOutcome };

/**
 * The full cart controller: {@link createCartQueue}'s add and remove behaviour on
 * one serial queue, plus quantity changes (`setQuantity`, coalesced per line), the
 * cart the store last reported, an optimistic item count that never double-counts,
 * and typed warnings when the store did not do exactly what was asked. Lines of the
 * cart this request did not target that shrink or vanish in an add, remove or
 * quantity answer are warnings too (the store lowered them to the stock, or the
 * product can no longer be bought); a `refresh` is taken as news from elsewhere
 * (another tab) and warns about nothing.
 *
 * @example
 * const cart = createCartController({ transport: createStoreApiTransport(), cartUrl: '/cart/', initialCart });
 * cart.subscribe(() => render(cart.getSnapshot().itemCount));
 * await cart.setQuantity('a1b2c3', 3);
 */
export function createCartController(initialOptions: CartControllerOptions): CartController {
  // Read where used, so setOptions() reaches the requests that follow.
  let options = initialOptions;
  const queue = createSerialQueue();
  const listeners = new Set<() => void>();
  const transport = options.transport;
  /** Pending adds' quantities, in the order they were let through (the queue's order). */
  const adding: number[] = [];
  /** Quantity changes per key, waiting or in flight, with the promise coalesced calls share. */
  const updates = new Map<string, { quantity: number; done: Promise<UpdateOutcome> | null }>();
  let cart: StoreCart | null = options.initialCart ?? null;
  let quantities: Record<string, number> = {};
  let warnings: readonly CartWarning[] = [];
  let ownHash: string | null = null;
  let snapshot: CartSnapshot;

  const line = (key: string) => cart?.items.find((item) => item.key === key);
  const compute = () => {
    const core = base.getSnapshot();
    // The optimistic count: the server's count, plus each pending change once.
    let count = cart ? cart.items_count : null;
    if (count !== null) {
      for (const quantity of adding) count += quantity;
      for (const [key, quantity] of Object.entries(quantities)) {
        count += quantity - (line(key)?.quantity ?? 0);
      }
      for (const key of core.removing) {
        if (!(key in quantities)) count -= line(key)?.quantity ?? 0;
      }
    }
    snapshot = {
      ...core,
      cartHash: ownHash ?? core.cartHash,
      cart,
      itemCount: count,
      quantities,
      warnings,
    };
  };
  const emit = () => {
    compute();
    for (const listener of listeners) listener();
  };

  /**
   * Takes in an answer's cart: warns about lines other than `target` that shrank or
   * vanished (unless `quiet`), plus `extra`, then tells the listeners.
   */
  const takeCart = (
    body: CartAnswer | null,
    target: (item: StoreCartItem) => boolean,
    extra: CartWarning[] = [],
    quiet = false,
  ) => {
    const next = body?.cart;
    const found: CartWarning[] = [];
    if (next) {
      if (!quiet && cart) {
        for (const old of cart.items) {
          if (target(old)) continue;
          const now = next.items.find((item) => item.key === old.key);
          if (!now) found.push({ type: 'item_gone', key: old.key, name: old.name });
          else if (now.quantity < old.quantity) {
            found.push({
              type: 'quantity_clamped',
              key: old.key,
              name: old.name,
              requested: old.quantity,
              quantity: now.quantity,
            });
          }
        }
      }
      cart = next;
    }
    found.push(...extra);
    if (found.length) warnings = [...warnings, ...found];
    if (next || body?.fragments)
      ownHash = typeof body?.cart_hash === 'string' ? body.cart_hash : null;
  };

  /** The transport the core uses: every answer's cart is taken in before the core handles it. */
  const watched: CartTransport = {
    async addToCart(data) {
      const id = Number(data.variation_id || data.product_id);
      const requested = Number(data.quantity) || 1;
      const before = cart?.items.find((item) => item.id === id)?.quantity ?? 0;
      let body;
      try {
        body = await transport.addToCart(data);
      } finally {
        adding.shift();
      }
      const added = body?.cart?.items.find((item) => item.id === id);
      takeCart(
        body,
        (item) => item.id === id,
        added && added.quantity < before + requested
          ? [
              {
                type: 'quantity_clamped',
                key: added.key,
                name: added.name,
                requested: before + requested,
                quantity: added.quantity,
              },
            ]
          : [],
      );
      emit();
      return body;
    },
    async removeFromCart(key) {
      const body = await transport.removeFromCart(key);
      takeCart(body, (item) => item.key === key);
      emit();
      return body;
    },
    async refresh() {
      if (!transport.refresh) {
        throw cartError('The transport has no refresh.');
      }
      const body = await transport.refresh();
      takeCart(body, () => true, [], true);
      emit();
      return body;
    },
  };

  const shouldSend = (request: AddRequest) => {
    if (options.shouldSend && !options.shouldSend(request)) return false;
    // Let through: it counts until its answer arrives (the wrapped transport drops it).
    adding.push(Number(request.data.quantity) || 1);
    emit();
    return true;
  };
  const base = createCartQueue({ ...options, transport: watched, queue, shouldSend });
  base.subscribe(emit);
  compute();

  return {
    ...base,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    setQuantity(cartItemKey, quantity) {
      if (!cartItemKey || !transport.updateItem || !Number.isInteger(quantity) || quantity < 0) {
        const error = cartError(
          'A quantity change needs a cart item key, a whole quantity ≥ 0 and a transport with updateItem.',
        );
        return Promise.resolve({ type: 'failed', error });
      }
      const waiting = updates.get(cartItemKey);
      quantities = { ...quantities, [cartItemKey]: quantity };
      emit();
      // A change already waiting for its turn just takes the newer quantity.
      if (waiting?.done) {
        waiting.quantity = quantity;
        return waiting.done;
      }
      const entry: { quantity: number; done: Promise<UpdateOutcome> | null } = {
        quantity,
        done: null,
      };
      updates.set(cartItemKey, entry);
      entry.done = queue.enqueue(async (): Promise<UpdateOutcome> => {
        // From here on, newer changes queue a request of their own.
        entry.done = null;
        const requested = entry.quantity;
        let body: CartAnswer | null = null;
        let failure: StoreApiError | null = null;
        try {
          body = await transport.updateItem!(cartItemKey, requested);
        } catch (error) {
          failure = toStoreApiError(error);
        }
        // The requested quantity stays shown while a newer change for this line waits.
        if (updates.get(cartItemKey) === entry) {
          updates.delete(cartItemKey);
          quantities = { ...quantities };
          delete quantities[cartItemKey];
        }
        if (failure) {
          emit();
          return { type: 'failed', error: failure };
        }
        const item = body?.cart?.items.find((candidate) => candidate.key === cartItemKey);
        const name = (item ?? line(cartItemKey))?.name;
        const found: CartWarning[] = [];
        if (body?.cart && requested > 0 && (!item || body.conflict)) {
          found.push({ type: 'item_gone', key: cartItemKey, ...(name ? { name } : {}) });
        } else if (item && item.quantity !== requested) {
          found.push({
            type: 'quantity_clamped',
            key: cartItemKey,
            ...(name ? { name } : {}),
            requested,
            quantity: item.quantity,
          });
        }
        takeCart(body, (candidate) => candidate.key === cartItemKey, found);
        emit();
        const fragments = body?.fragments;
        if (fragments) options.applyFragments?.(fragments, ownHash);
        return { type: 'updated', cart: body?.cart ?? null, cartHash: snapshot.cartHash };
      });
      return entry.done;
    },

    clearWarnings() {
      warnings = [];
      emit();
    },

    receive(next, read) {
      // A loader read that began before a change's answer would show the cart from before it.
      if (next === cart || isOlderRead(read, options.readCookie)) return;
      cart = next;
      emit();
    },

    setOptions(next) {
      options = { ...options, ...next };
      base.setOptions({ ...next, shouldSend });
    },

    destroy() {
      base.destroy();
      listeners.clear();
    },
  };
}
