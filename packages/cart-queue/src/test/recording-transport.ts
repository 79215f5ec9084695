// Test helper only.
import { vi } from 'vitest';
import type { CartAnswer, CartTransport } from '../transport';

/**
 * A transport that records what is sent (`add:{id}x{quantity}`, `remove:{key}`,
 * `update:{key}={quantity}`, `refresh`) and whose answers the test releases one at a time, in
 * order, under fake timers.
 */
export function recordingTransport() {
  const sent: string[] = [];
  const pending: Array<{ resolve: (value: unknown) => void; reject: (error: unknown) => void }> =
    [];
  const wait = <T>() =>
    new Promise<unknown>((resolve, reject) => pending.push({ resolve, reject })) as Promise<T>;
  const transport: CartTransport = {
    addToCart(data) {
      sent.push(`add:${data.product_id}x${data.quantity ?? 1}`);
      return wait();
    },
    removeFromCart(key) {
      sent.push(`remove:${key}`);
      return wait();
    },
    updateItem(key, quantity) {
      sent.push(`update:${key}=${quantity}`);
      return wait<CartAnswer>();
    },
    refresh() {
      sent.push('refresh');
      return wait<CartAnswer>();
    },
  };
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    await vi.advanceTimersByTimeAsync(0);
    const next = pending.shift();
    if (!next) throw new Error('no request is waiting');
    next[how](value);
    await vi.advanceTimersByTimeAsync(0);
  };
  return {
    transport,
    sent,
    answer: (value: unknown) => settle('resolve', value),
    fail: (error: unknown) => settle('reject', error),
  };
}
