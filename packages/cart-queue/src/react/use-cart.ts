import { useCallback, useSyncExternalStore } from 'react';
import type { AddButtonState, CartController, CartSnapshot } from '../cart';

const IDLE: AddButtonState = { status: 'idle', showViewCart: false, error: null };

/**
 * Reads a {@link CartController}'s snapshot and re-renders on every change. Thin on
 * purpose: the queue, result handling and counts live in the core.
 *
 * @example
 * const { removing, warnings } = useCart(cart);
 */
export function useCart(controller: CartController): CartSnapshot {
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
export function useCartSelector<T>(
  controller: CartController,
  selector: (snapshot: CartSnapshot) => T,
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
export function useAddButton(controller: CartController, buttonId: string): AddButtonState {
  return useCartSelector(
    controller,
    useCallback((snapshot: CartSnapshot) => snapshot.buttons[buttonId] ?? IDLE, [buttonId]),
  );
}

/**
 * The optimistic item count (see `CartSnapshot.itemCount`): null while no cart is known.
 *
 * @example
 * const count = useCartItemCount(cart);
 * return <span aria-live="polite">{count ?? ''}</span>;
 */
export function useCartItemCount(controller: CartController): number | null {
  return useCartSelector(controller, selectItemCount);
}

function selectItemCount(snapshot: CartSnapshot): number | null {
  return snapshot.itemCount ?? null;
}
