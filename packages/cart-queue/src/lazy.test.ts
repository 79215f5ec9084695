import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { StoreCart } from '@cartwright/store-api-client';
import { createCartController } from './cart';
import { createLazyCartController, type CartControllerFactory } from './lazy';
import { storeCart } from './test/store-cart';
import { recordingTransport } from './test/recording-transport';

const mugs = (quantity: number): StoreCart =>
  storeCart([{ key: 'mug', id: 42, quantity, name: 'Mug' }]);

/** A lazy controller whose load the test lets through (or fails) when it chooses. */
function setup(initialCart: StoreCart | null = mugs(1)) {
  const t = recordingTransport();
  const loads: Array<{
    resolve: (factory: CartControllerFactory) => void;
    reject: (e: unknown) => void;
  }> = [];
  const seeds: unknown[] = [];
  const factory: CartControllerFactory = (seed) => {
    seeds.push(seed);
    return createCartController({
      transport: t.transport,
      cartUrl: '/cart/',
      origin: 'https://shop.example',
      ...seed.options,
      ...(seed.cart ? { initialCart: seed.cart } : {}),
    });
  };
  const load = vi.fn(
    () => new Promise<CartControllerFactory>((resolve, reject) => loads.push({ resolve, reject })),
  );
  const cart = createLazyCartController({ initialCart, load });
  const arrive = async () => {
    loads.shift()?.resolve(factory);
    await vi.advanceTimersByTimeAsync(0);
  };
  const failLoad = async (error: unknown) => {
    loads.shift()?.reject(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { cart, t, load, seeds, arrive, failLoad };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('before the first cart change', () => {
  test('shows the cart it was given and received, and loads nothing', () => {
    const { cart, load } = setup();
    expect(cart.getSnapshot()).toMatchObject({
      cart: { items_count: 1 },
      itemCount: 1,
      buttons: {},
      removing: [],
      quantities: {},
      warnings: [],
      cartHash: null,
    });
    const listener = vi.fn();
    cart.subscribe(listener);
    cart.receive(mugs(3));
    expect(listener).toHaveBeenCalledOnce();
    expect(cart.getSnapshot().itemCount).toBe(3);
    cart.receive(null);
    expect(cart.getSnapshot()).toMatchObject({ cart: null, itemCount: null });
    cart.setOptions({ redirectAfterAdd: false });
    cart.clearWarnings();
    expect(load).not.toHaveBeenCalled();
    expect(cart.attached).toBe(false);
  });

  test('ignores a received cart read with a hash the browser no longer holds', () => {
    const cart = createLazyCartController({
      initialCart: mugs(2),
      load: () => Promise.reject(new Error('not used')),
      readCookie: () => 'h2',
    });
    cart.receive(mugs(1), { cartHash: 'h1' });
    expect(cart.getSnapshot().itemCount).toBe(2);
    cart.receive(mugs(4), { cartHash: 'h2' });
    expect(cart.getSnapshot().itemCount).toBe(4);
  });
});

describe('the first cart change', () => {
  test('shows the button loading at once, loads once, and sends every add made meanwhile once, in order', async () => {
    const { cart, t, load, arrive, seeds } = setup();
    cart.setOptions({ redirectAfterAdd: false });
    const first = cart.add('42', { data: { product_id: '42', quantity: '1' } });
    expect(cart.getSnapshot().buttons['42']).toEqual({
      status: 'loading',
      showViewCart: false,
      error: null,
    });
    const second = cart.add('7', { data: { product_id: '7', quantity: '1' } });
    expect(load).toHaveBeenCalledOnce();
    expect(t.sent).toEqual([]);
    // The newest loader cart and the options set so far seed the real controller.
    cart.receive(mugs(2));
    await arrive();
    expect(cart.attached).toBe(true);
    expect(seeds).toEqual([
      {
        cart: mugs(2),
        options: { redirectAfterAdd: false, shouldSend: expect.any(Function) as unknown },
      },
    ]);
    expect(t.sent).toEqual(['add:42x1']);
    // The real controller counts the pending adds and keeps both buttons loading.
    expect(cart.getSnapshot()).toMatchObject({
      itemCount: 4,
      buttons: { '42': { status: 'loading' }, '7': { status: 'loading' } },
    });
    await t.answer({ cart: mugs(3), cart_hash: 'h3' });
    await expect(first).resolves.toMatchObject({ type: 'added' });
    expect(t.sent).toEqual(['add:42x1', 'add:7x1']);
    await t.answer({
      cart: storeCart([
        { key: 'mug', id: 42, quantity: 3 },
        { key: 'tee', id: 7, quantity: 1 },
      ]),
    });
    await expect(second).resolves.toMatchObject({ type: 'added' });
    expect(cart.getSnapshot()).toMatchObject({
      itemCount: 4,
      buttons: { '42': { status: 'added' }, '7': { status: 'added' } },
    });
    // From now on calls go straight to the real controller.
    void cart.add('42', { data: { product_id: '42' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sent).toEqual(['add:42x1', 'add:7x1', 'add:42x1']);
    expect(load).toHaveBeenCalledOnce();
  });

  test('the veto is asked at once: a vetoed add loads nothing, a let-through one is not asked again', async () => {
    const { cart, t, load, arrive } = setup();
    const asked: string[] = [];
    let veto = true;
    cart.setOptions({
      redirectAfterAdd: false,
      shouldSend: (request) => {
        asked.push(request.data.product_id ?? '');
        return !veto;
      },
    });
    await expect(cart.add('42', { data: { product_id: '42' } })).resolves.toEqual({
      type: 'vetoed',
    });
    expect(cart.getSnapshot().buttons['42']?.status).toBe('idle');
    expect(load).not.toHaveBeenCalled();
    veto = false;
    const added = cart.add('42', { data: { product_id: '42' } });
    await arrive();
    await t.answer({ cart: mugs(2) });
    await expect(added).resolves.toMatchObject({ type: 'added' });
    expect(asked).toEqual(['42', '42']);
    // Once attached, the real controller asks (once per add).
    veto = true;
    await expect(cart.add('42', { data: { product_id: '42' } })).resolves.toEqual({
      type: 'vetoed',
    });
    expect(asked).toEqual(['42', '42', '42']);
    expect(t.sent).toEqual(['add:42x1']);
  });

  test('a removal and a quantity change show as pending while loading, then are sent in order', async () => {
    const { cart, t, arrive } = setup(
      storeCart([
        { key: 'mug', id: 42, quantity: 1 },
        { key: 'tee', id: 7, quantity: 2 },
      ]),
    );
    const removed = cart.remove('mug', { href: '/cart/?remove_item=mug' });
    const updated = cart.setQuantity('tee', 5);
    expect(cart.getSnapshot()).toMatchObject({ removing: ['mug'], quantities: { tee: 5 } });
    await arrive();
    expect(cart.getSnapshot()).toMatchObject({ removing: ['mug'], quantities: { tee: 5 } });
    await t.answer({ cart: storeCart([{ key: 'tee', id: 7, quantity: 2 }]) });
    await expect(removed).resolves.toMatchObject({ type: 'removed' });
    await t.answer({ cart: storeCart([{ key: 'tee', id: 7, quantity: 5 }]) });
    await expect(updated).resolves.toMatchObject({ type: 'updated' });
    expect(t.sent).toEqual(['remove:mug', 'update:tee=5']);
    expect(cart.getSnapshot()).toMatchObject({ removing: [], quantities: {}, itemCount: 5 });
  });

  test('a failed load fails the waiting calls with a typed error, and the next call loads again', async () => {
    const { cart, t, load, failLoad, arrive } = setup();
    const navigate = vi.fn<(url: string) => void>();
    cart.setOptions({ redirectAfterAdd: false, navigate, origin: 'https://shop.example' });
    const added = cart.add('42', { data: { product_id: '42' } });
    const removed = cart.remove('mug', { href: '/cart/?remove_item=mug' });
    const refreshed = cart.refresh();
    await failLoad(new Error('chunk timed out'));
    await expect(added).resolves.toMatchObject({
      type: 'failed',
      error: { name: 'StoreApiError', code: 'fetch_error' },
    });
    expect(cart.getSnapshot()).toMatchObject({
      buttons: { '42': { status: 'error' } },
      removing: [],
    });
    // A removal that cannot be sent follows its remove link, as a failed request does.
    await expect(removed).resolves.toEqual({
      type: 'navigated',
      url: 'https://shop.example/cart/?remove_item=mug',
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('https://shop.example/cart/?remove_item=mug');
    await expect(refreshed).resolves.toMatchObject({ type: 'failed' });
    expect(t.sent).toEqual([]);

    const again = cart.add('42', { data: { product_id: '42' } });
    expect(load).toHaveBeenCalledTimes(2);
    await arrive();
    await t.answer({ cart: mugs(2) });
    await expect(again).resolves.toMatchObject({ type: 'added' });
    expect(t.sent).toEqual(['add:42x1']);
  });

  test('a factory that throws fails the waiting calls too, and the next call loads again', async () => {
    let calls = 0;
    const cart = createLazyCartController({
      initialCart: mugs(1),
      load: () => {
        calls += 1;
        return Promise.resolve(() => {
          throw new Error('no transport');
        });
      },
    });
    await expect(cart.setQuantity('mug', 2)).resolves.toMatchObject({
      type: 'failed',
      error: { code: 'fetch_error' },
    });
    expect(cart.getSnapshot().quantities).toEqual({});
    expect(cart.attached).toBe(false);
    await expect(cart.refresh()).resolves.toMatchObject({ type: 'failed' });
    expect(calls).toBe(2);
  });
});
