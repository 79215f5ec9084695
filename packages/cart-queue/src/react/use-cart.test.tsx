// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createCartController, type CartSnapshot } from '../controller';
import { storeCart } from '../test/store-cart';
import type { CartAnswer } from '../transport';
import { useAddButton, useCart, useCartItemCount, useCartSelector } from './index';

afterEach(cleanup);

function setup() {
  // The answer may be given before the queue has sent the request: it then waits for it.
  let early: CartAnswer | null = null;
  let resolve: ((value: CartAnswer) => void) | null = null;
  const controller = createCartController({
    transport: {
      addToCart: () =>
        early ? Promise.resolve(early) : new Promise<CartAnswer>((r) => (resolve = r)),
      removeFromCart: vi.fn(),
    },
    cartUrl: '/cart/',
    origin: 'https://shop.example',
    redirectAfterAdd: false,
    initialCart: storeCart(),
  });
  const answer = (value: CartAnswer) => (resolve ? resolve(value) : (early = value));
  return { controller, answer };
}

describe('the React hooks', () => {
  test('useCart returns the snapshot and follows every change', async () => {
    const { controller, answer } = setup();
    const { result } = renderHook(() => useCart(controller));
    expect(result.current).toBe(controller.getSnapshot());
    let added: Promise<unknown> = Promise.resolve();
    act(() => {
      added = controller.add('42', { data: { product_id: '42', quantity: '2' } });
    });
    expect(result.current.buttons['42']?.status).toBe('loading');
    await act(async () => {
      answer({ cart: storeCart([{ key: 'k', id: 42, quantity: 2 }]) });
      await added;
    });
    expect(result.current.buttons['42']?.status).toBe('added');
  });

  test('useAddButton is idle before first use, then follows its own button only', async () => {
    const { controller, answer } = setup();
    const { result } = renderHook(() => useAddButton(controller, '7'));
    expect(result.current).toEqual({ status: 'idle', showViewCart: false, error: null });
    let added: Promise<unknown> = Promise.resolve();
    act(() => {
      added = controller.add('7', { data: { product_id: '7' } });
    });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      answer({ cart: storeCart([{ key: 'k', id: 7, quantity: 1 }]) });
      await added;
    });
    expect(result.current).toEqual({ status: 'added', showViewCart: true, error: null });
  });

  test('useCartItemCount shows the optimistic count at once and the server count after', async () => {
    const { controller, answer } = setup();
    const { result } = renderHook(() => useCartItemCount(controller));
    expect(result.current).toBe(0);
    let added: Promise<unknown> = Promise.resolve();
    act(() => {
      added = controller.add('42', { data: { product_id: '42', quantity: '3' } });
    });
    expect(result.current).toBe(3);
    await act(async () => {
      answer({ cart: storeCart([{ key: 'k', id: 42, quantity: 2 }]) });
      await added;
    });
    expect(result.current).toBe(2);
  });

  test('useCartSelector does not re-render when its value stays the same', () => {
    const { controller } = setup();
    let renders = 0;
    const select = (snapshot: CartSnapshot) => snapshot.removing.length;
    renderHook(() => {
      renders += 1;
      return useCartSelector(controller, select);
    });
    const before = renders;
    act(() => controller.clearWarnings());
    expect(renders).toBe(before);
  });
});
