import { useCallback, useSyncExternalStore } from 'react';
import type { CartSnapshot } from '../cart';
import type { AddButtonState, CartQueueSnapshot } from '../cart-queue';

/**
 * What the hooks read: a core `CartQueue` or a `./controller` `CartController` (any
 * external store with `subscribe` and `getSnapshot`).
 */
export interface CartStore<S extends CartQueueSnapshot = CartSnapshot> {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => S;
}

const IDLE: AddButtonState = { status: 'idle', showViewCart: false, error: null };

/**
 * Reads a {@link CartController}'s snapshot and re-renders on every change. Thin on
 * purpose: the queue, result handling and counts live in the core.
 *
 * @example
 * const { removing, warnings } = useCart(cart);
 */
export function useCart<S extends CartQueueSnapshot>(controller: CartStore<S>): S {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}

/**
 * Reads one value derived from the snapshot, re-rendering only when it changes
 * (compared with `Object.is`; return a primitive or a part of the snapshot, not a
 * new object).
 *
 * @example
 * const count = useCartSelector(cart, (snapshot) => snapshot.itemCount ?? 0);
 */
export function useCartSelector<S extends CartQueueSnapshot, T>(
  controller: CartStore<S>,
  selector: (snapshot: S) => T,
): T {
  const get = useCallback(() => selector(controller.getSnapshot()), [controller, selector]);
  return useSyncExternalStore(controller.subscribe, get, get);
}

/**
 * One add-to-cart button's state (`idle` until it is first used).
 *
 * @example
 * const { status, showViewCart } = useAddButton(cart, String(product.id));
 */
export function useAddButton(
  controller: CartStore<CartQueueSnapshot>,
  buttonId: string,
): AddButtonState {
  return useCartSelector(
    controller,
    useCallback((snapshot: CartQueueSnapshot) => snapshot.buttons[buttonId] ?? IDLE, [buttonId]),
  );
}

/**
 * The optimistic item count (see `CartSnapshot.itemCount`): null while no cart is known.
 *
 * @example
 * const count = useCartItemCount(cart);
 * return <span aria-live="polite">{count ?? ''}</span>;
 */
export function useCartItemCount(controller: CartStore<CartSnapshot>): number | null {
  return useCartSelector(controller, selectItemCount);
}

function selectItemCount(snapshot: CartSnapshot): number | null {
  return snapshot.itemCount;
}
