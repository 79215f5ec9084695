import { CartQueueError, isCartQueueError } from './errors';
import { createSerialQueue } from './queue';
import type { CartAnswer, CartTransport, Fragments, StoreCart } from './transport';

/** Spec §9: the success message is announced this long after the add. */
export const SUCCESS_ANNOUNCE_DELAY_MS = 1000;

/** An add-to-cart button's state (spec §4 "Add-to-cart button"). */
export type AddStatus = 'idle' | 'loading' | 'added' | 'error';

export interface AddButtonState {
  status: AddStatus;
  /** Show the "View cart" link next to the button (added, with fragments, not on the cart page). */
  showViewCart: boolean;
  /** Why the last add failed, when `status` is 'error'. */
  error: CartQueueError | null;
}

/**
 * The controller's state. The controller always fills every field; `cart`,
 * `itemCount`, `quantities` and `warnings` are optional in the type only so that a
 * hand-written placeholder (e.g. for server rendering) with the first three fields
 * stays valid.
 */
export interface CartSnapshot {
  /** By button id (any string the caller chooses, e.g. the product id). */
  readonly buttons: Readonly<Record<string, AddButtonState>>;
  /** Cart item keys whose removal is in flight: their rows are blocked. */
  readonly removing: readonly string[];
  /** The latest cart hash the store reported, or null before any answer. */
  readonly cartHash: string | null;
  /** The latest full cart (Store API transport, or `initialCart`), or null. */
  readonly cart?: StoreCart | null;
  /**
   * The cart's item count as the shopper should see it now: the server's last
   * `items_count` with every pending add, quantity change and removal applied
   * optimistically. Each pending change counts once and is dropped when its answer
   * arrives, so the count never double-counts. Null while no cart is known.
   */
  readonly itemCount?: number | null;
  /** Quantities requested per cart item key whose update has not been answered yet. */
  readonly quantities?: Readonly<Record<string, number>>;
  /** What the store changed from what was asked, oldest first (see {@link CartWarning}). */
  readonly warnings?: readonly CartWarning[];
}

/** A server adjustment the UI can show: the store did not do exactly what was asked. */
export type CartWarning =
  /** The line holds fewer than requested (e.g. clamped to the stock). */
  | { type: 'quantity_clamped'; key: string; requested: number; quantity: number }
  /** The line no longer exists (removed elsewhere, or out of stock). */
  | { type: 'item_gone'; key: string };

/** How a quantity change ended (coalesced changes share the last one's outcome). */
export type UpdateOutcome =
  | { type: 'updated'; cart: StoreCart | null; cartHash: string | null }
  | { type: 'failed'; error: CartQueueError };

/** How a refresh ended. */
export type RefreshOutcome =
  | {
      type: 'refreshed';
      fragments: Fragments | null;
      cart: StoreCart | null;
      cartHash: string | null;
    }
  | { type: 'failed'; error: CartQueueError };

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
  | { type: 'failed'; error: CartQueueError };

/** How a removal ended. */
export type RemoveOutcome =
  | {
      type: 'removed';
      fragments: Fragments | null;
      cart: StoreCart | null;
      cartHash: string | null;
    }
  | { type: 'navigated'; url: string }
  | { type: 'failed'; error: CartQueueError };

export interface CartControllerOptions {
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
  /** The cart already known (e.g. rendered on the server), so the count starts right. */
  initialCart?: StoreCart;
  /** @default globalThis.setTimeout */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** @default globalThis.clearTimeout */
  clearTimeout?: (handle: unknown) => void;
}

export interface CartController {
  /** Calls `listener` after every state change; returns the unsubscribe. Safe to pass unbound. */
  subscribe: (listener: () => void) => () => void;
  /** The current immutable snapshot. Safe to pass unbound. */
  getSnapshot: () => CartSnapshot;
  /** Adds to the cart through the queue; resolves once the add has been handled. */
  add(buttonId: string, request: AddRequest): Promise<AddOutcome>;
  /** Removes a line through the same queue; `href` is the remove link (the no-JavaScript path). */
  remove(cartItemKey: string, options: { href: string }): Promise<RemoveOutcome>;
  /**
   * Sets a line's quantity through the same queue (needs a transport with
   * `updateItem`). Changes to one line while its request is in flight are
   * coalesced: only the last requested quantity is sent next.
   */
  setQuantity(cartItemKey: string, quantity: number): Promise<UpdateOutcome>;
  /** Reads the cart again through the queue and applies what comes back. */
  refresh(): Promise<RefreshOutcome>;
  /** Empties `warnings` (once the UI has shown them). */
  clearWarnings(): void;
  /** Cancels a pending announcement and drops listeners. */
  destroy(): void;
}

const IDLE: AddButtonState = { status: 'idle', showViewCart: false, error: null };

function isFragments(value: unknown): value is Fragments {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((html) => typeof html === 'string')
  );
}

function toError(error: unknown): CartQueueError {
  return isCartQueueError(error)
    ? error
    : new CartQueueError('network_error', 'The cart request failed.', { cause: error });
}

/**
 * The cart's add and remove behaviour (spec §4 "Add-to-cart button", "Add result
 * handling", "Cart request queue", "Remove from cart") as an external store: one
 * serial queue for every request, button states, blocked rows, and the result
 * handling in the spec's order.
 *
 * @example
 * const cart = createCartController({ transport: createWcAjaxTransport(), cartUrl: '/cart/' });
 * await cart.add('42', { data: { product_id: '42', quantity: '1' }, successMessage: '“Mug” has been added to your cart' });
 */
export function createCartController(options: CartControllerOptions): CartController {
  const queue = createSerialQueue();
  const listeners = new Set<() => void>();
  const redirectAfterAdd = options.redirectAfterAdd ?? true;
  const schedule = options.setTimeout ?? ((cb, ms) => globalThis.setTimeout(cb, ms));
  const cancel = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as number));
  const navigate = options.navigate ?? ((url: string) => globalThis.location.assign(url));
  const announce = options.announce ?? (() => undefined);
  let announceTimer: unknown = null;
  /** Pending adds' quantities, each counted once until its answer arrives. */
  const adding = new Map<object, number>();
  /** Quantity changes per key, waiting or in flight, with the promise coalesced calls share. */
  const updates = new Map<string, { quantity: number; done: Promise<UpdateOutcome> | null }>();
  let snapshot: Required<CartSnapshot> = {
    buttons: {},
    removing: [],
    cartHash: null,
    cart: options.initialCart ?? null,
    itemCount: null,
    quantities: {},
    warnings: [],
  };

  const line = (key: string) => snapshot.cart?.items.find((item) => item.key === key);
  const emit = (next: Partial<Required<CartSnapshot>>) => {
    const draft = { ...snapshot, ...next };
    snapshot = draft;
    // The optimistic count: the server's count, plus each pending change once.
    let count = draft.cart ? draft.cart.items_count : null;
    if (count !== null) {
      for (const quantity of adding.values()) count += quantity;
      for (const [key, quantity] of Object.entries(draft.quantities)) {
        count += quantity - (line(key)?.quantity ?? 0);
      }
      for (const key of draft.removing) {
        if (!(key in draft.quantities)) count -= line(key)?.quantity ?? 0;
      }
    }
    snapshot = { ...draft, itemCount: count };
    for (const listener of listeners) listener();
  };
  emit({});
  const setButton = (id: string, state: AddButtonState) =>
    emit({ buttons: { ...snapshot.buttons, [id]: state } });
  const warn = (warnings: CartWarning[]) =>
    warnings.length ? [...snapshot.warnings, ...warnings] : snapshot.warnings;

  /** Same-origin http(s) URL, resolved; null for anything else. */
  const sameOrigin = (url: string | undefined): string | null => {
    if (!url) return null;
    try {
      const origin = options.origin ?? globalThis.location.origin;
      const resolved = new URL(url, origin);
      if (resolved.origin !== origin || !/^https?:$/.test(resolved.protocol)) return null;
      return resolved.href;
    } catch {
      return null;
    }
  };

  /** Takes in what an answer carries: the hash and cart into the snapshot, fragments to the page. */
  const absorb = (body: CartAnswer | null, next: Partial<Required<CartSnapshot>> = {}) => {
    const fragments = body && isFragments(body.fragments) ? body.fragments : null;
    const cart = body?.cart ?? null;
    const cartHash = body && typeof body.cart_hash === 'string' ? body.cart_hash : null;
    emit({
      ...next,
      ...(fragments || cart ? { cartHash } : {}),
      ...(cart ? { cart } : {}),
    });
    if (fragments) options.applyFragments?.(fragments, cartHash);
    return { fragments, cart, cartHash };
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    async add(buttonId, request) {
      if (!request.data.product_id) {
        const error = new CartQueueError(
          'invalid_request',
          'An add-to-cart request needs a product_id.',
        );
        setButton(buttonId, { status: 'error', showViewCart: false, error });
        return { type: 'failed', error };
      }
      if (announceTimer !== null) cancel(announceTimer);
      announceTimer = null;
      announce('');
      setButton(buttonId, { status: 'loading', showViewCart: false, error: null });
      if (options.shouldSend && !options.shouldSend(request)) {
        setButton(buttonId, IDLE);
        return { type: 'vetoed' };
      }
      const requested = Number(request.data.quantity) || 1;
      const token = {};
      adding.set(token, requested);
      emit({});

      return queue.enqueue(async (): Promise<AddOutcome> => {
        const id = Number(request.data.variation_id || request.data.product_id);
        const before = snapshot.cart?.items.find((item) => item.id === id)?.quantity ?? 0;
        let body;
        try {
          body = await options.transport.addToCart(request.data);
        } catch (error) {
          adding.delete(token);
          const failure = toError(error);
          setButton(buttonId, { status: 'error', showViewCart: false, error: failure });
          return { type: 'failed', error: failure };
        }
        adding.delete(token);
        // 1. An error with a product page: go there (our origin only).
        if (body?.error && body.product_url) {
          const url = sameOrigin(body.product_url) ?? sameOrigin(request.productLink);
          if (url) {
            navigate(url);
            return { type: 'navigated', url, reason: 'error' };
          }
        }
        if (body?.error) {
          const error = new CartQueueError(
            'invalid_response',
            'The store could not add this product.',
          );
          setButton(buttonId, { status: 'error', showViewCart: false, error });
          return { type: 'failed', error };
        }
        // 2. Redirect after add.
        const cartUrl = sameOrigin(options.cartUrl);
        if (redirectAfterAdd && cartUrl) {
          navigate(cartUrl);
          return { type: 'navigated', url: cartUrl, reason: 'redirect' };
        }
        // 3. Replace the regions and announce the success message 1 s later.
        const added = body?.cart?.items.find((item) => item.id === id);
        const regions = (body && isFragments(body.fragments)) || !!body?.cart;
        const { fragments, cart, cartHash } = absorb(body, {
          buttons: {
            ...snapshot.buttons,
            [buttonId]: {
              status: 'added',
              showViewCart: regions && !options.isCartPage,
              error: null,
            },
          },
          warnings: warn(
            added && added.quantity < before + requested
              ? [
                  {
                    type: 'quantity_clamped',
                    key: added.key,
                    requested: before + requested,
                    quantity: added.quantity,
                  },
                ]
              : [],
          ),
        });
        if (request.successMessage) {
          const message = request.successMessage;
          announceTimer = schedule(() => {
            announceTimer = null;
            announce(message);
          }, SUCCESS_ANNOUNCE_DELAY_MS);
        }
        return { type: 'added', fragments, cart, cartHash };
      });
    },

    remove(cartItemKey, { href }) {
      if (!cartItemKey) {
        const error = new CartQueueError('invalid_request', 'A removal needs a cart item key.');
        return Promise.resolve({ type: 'failed', error });
      }
      emit({ removing: [...snapshot.removing, cartItemKey] });
      const removing = () => snapshot.removing.filter((key) => key !== cartItemKey);

      return queue.enqueue(async (): Promise<RemoveOutcome> => {
        let body = null;
        let failure: CartQueueError | null = null;
        try {
          body = await options.transport.removeFromCart(cartItemKey);
        } catch (error) {
          failure = toError(error);
        }
        const { fragments, cart, cartHash } = failure
          ? (emit({ removing: removing() }), { fragments: null, cart: null, cartHash: null })
          : absorb(body, { removing: removing() });
        if (fragments || cart) return { type: 'removed', fragments, cart, cartHash };
        // No fragments or an error: follow the remove link (spec §4), on our origin only.
        const url = sameOrigin(href);
        if (url) {
          navigate(url);
          return { type: 'navigated', url };
        }
        return {
          type: 'failed',
          error:
            failure ??
            new CartQueueError('invalid_request', 'The remove link is not on this site.'),
        };
      });
    },

    setQuantity(cartItemKey, quantity) {
      const transport = options.transport;
      if (!cartItemKey || !transport.updateItem || !Number.isInteger(quantity) || quantity < 0) {
        const error = new CartQueueError(
          'invalid_request',
          'A quantity change needs a cart item key, a whole quantity ≥ 0 and a transport with updateItem.',
        );
        return Promise.resolve({ type: 'failed', error });
      }
      const waiting = updates.get(cartItemKey);
      emit({ quantities: { ...snapshot.quantities, [cartItemKey]: quantity } });
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
        let failure: CartQueueError | null = null;
        try {
          body = await transport.updateItem!(cartItemKey, requested);
        } catch (error) {
          failure = toError(error);
        }
        // The requested quantity stays shown while a newer change for this line waits.
        const quantities = { ...snapshot.quantities };
        if (updates.get(cartItemKey) === entry) {
          updates.delete(cartItemKey);
          delete quantities[cartItemKey];
        }
        if (failure) {
          emit({ quantities });
          return { type: 'failed', error: failure };
        }
        const item = body?.cart?.items.find((candidate) => candidate.key === cartItemKey);
        const warnings: CartWarning[] = [];
        if (body?.cart && requested > 0 && (!item || body.conflict)) {
          warnings.push({ type: 'item_gone', key: cartItemKey });
        } else if (item && item.quantity !== requested) {
          warnings.push({
            type: 'quantity_clamped',
            key: cartItemKey,
            requested,
            quantity: item.quantity,
          });
        }
        const { cart, cartHash } = absorb(body, { quantities, warnings: warn(warnings) });
        return { type: 'updated', cart, cartHash };
      });
      return entry.done;
    },

    refresh() {
      return queue.enqueue(async (): Promise<RefreshOutcome> => {
        try {
          if (!options.transport.refresh) {
            throw new CartQueueError('invalid_request', 'This transport cannot read the cart.');
          }
          const body = await options.transport.refresh();
          return { type: 'refreshed', ...absorb(body) };
        } catch (error) {
          return { type: 'failed', error: toError(error) };
        }
      });
    },

    clearWarnings() {
      emit({ warnings: [] });
    },

    destroy() {
      if (announceTimer !== null) cancel(announceTimer);
      announceTimer = null;
      listeners.clear();
    },
  };
}
