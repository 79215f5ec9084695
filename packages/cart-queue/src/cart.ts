import { CartQueueError, isCartQueueError } from './errors';
import { createSerialQueue } from './queue';
import type { CartTransport, Fragments } from './transport';

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

export interface CartSnapshot {
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
  | { type: 'added'; fragments: Fragments | null; cartHash: string | null }
  | { type: 'failed'; error: CartQueueError };

/** How a removal ended. */
export type RemoveOutcome =
  | { type: 'removed'; fragments: Fragments; cartHash: string | null }
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
  /** @default globalThis.setTimeout */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** @default globalThis.clearTimeout */
  clearTimeout?: (handle: unknown) => void;
}

export interface CartController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CartSnapshot;
  /** Adds to the cart through the queue; resolves once the add has been handled. */
  add(buttonId: string, request: AddRequest): Promise<AddOutcome>;
  /** Removes a line through the same queue; `href` is the remove link (the no-JavaScript path). */
  remove(cartItemKey: string, options: { href: string }): Promise<RemoveOutcome>;
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
  let snapshot: CartSnapshot = { buttons: {}, removing: [], cartHash: null };

  const emit = (next: CartSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const setButton = (id: string, state: AddButtonState) =>
    emit({ ...snapshot, buttons: { ...snapshot.buttons, [id]: state } });

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

  const fragmentsOf = (body: { fragments?: unknown; cart_hash?: unknown } | null) => {
    const fragments = body && isFragments(body.fragments) ? body.fragments : null;
    const cartHash = body && typeof body.cart_hash === 'string' ? body.cart_hash : null;
    if (fragments) {
      emit({ ...snapshot, cartHash });
      options.applyFragments?.(fragments, cartHash);
    }
    return { fragments, cartHash };
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

      return queue.enqueue(async (): Promise<AddOutcome> => {
        let body;
        try {
          body = await options.transport.addToCart(request.data);
        } catch (error) {
          const failure = toError(error);
          setButton(buttonId, { status: 'error', showViewCart: false, error: failure });
          return { type: 'failed', error: failure };
        }
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
        const { fragments, cartHash } = fragmentsOf(body);
        setButton(buttonId, {
          status: 'added',
          showViewCart: fragments !== null && !options.isCartPage,
          error: null,
        });
        if (request.successMessage) {
          const message = request.successMessage;
          announceTimer = schedule(() => {
            announceTimer = null;
            announce(message);
          }, SUCCESS_ANNOUNCE_DELAY_MS);
        }
        return { type: 'added', fragments, cartHash };
      });
    },

    remove(cartItemKey, { href }) {
      if (!cartItemKey) {
        const error = new CartQueueError('invalid_request', 'A removal needs a cart item key.');
        return Promise.resolve({ type: 'failed', error });
      }
      emit({ ...snapshot, removing: [...snapshot.removing, cartItemKey] });
      const done = () =>
        emit({ ...snapshot, removing: snapshot.removing.filter((key) => key !== cartItemKey) });

      return queue.enqueue(async (): Promise<RemoveOutcome> => {
        let body = null;
        let failure: CartQueueError | null = null;
        try {
          body = await options.transport.removeFromCart(cartItemKey);
        } catch (error) {
          failure = toError(error);
        }
        const { fragments, cartHash } = failure
          ? { fragments: null, cartHash: null }
          : fragmentsOf(body);
        done();
        if (fragments) return { type: 'removed', fragments, cartHash };
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

    destroy() {
      if (announceTimer !== null) cancel(announceTimer);
      announceTimer = null;
      listeners.clear();
    },
  };
}
