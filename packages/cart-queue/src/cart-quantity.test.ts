import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createCartController, EMPTY_CART_SNAPSHOT } from './cart';
import { StoreApiError, type StoreCart } from '@cartwright/store-api-client';
import { storeCart } from './test/store-cart';
import { recordingTransport as storeTransport } from './test/recording-transport';

/** A cart with lines given as [key, product id, quantity]. */
function cartOf(...lines: Array<[string, number, number]>): StoreCart {
  // Each line is named after its key: 'mug' is "Mug".
  return storeCart(
    lines.map(([key, id, quantity]) => ({
      key,
      id,
      quantity,
      name: key.charAt(0).toUpperCase() + key.slice(1),
    })),
  );
}

function setup(initialCart: StoreCart = cartOf(['mug', 42, 1], ['tee', 7, 2])) {
  const t = storeTransport();
  const cart = createCartController({
    transport: t.transport,
    cartUrl: '/cart/',
    origin: 'https://shop.example',
    redirectAfterAdd: false,
    navigate: vi.fn(),
    initialCart,
  });
  return { cart, t };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('quantity changes', () => {
  test('changes to one line while its request is in flight send only the last quantity next', async () => {
    const { cart, t } = setup();
    const first = cart.setQuantity('mug', 2);
    await vi.advanceTimersByTimeAsync(0);
    const second = cart.setQuantity('mug', 3);
    const third = cart.setQuantity('mug', 4);
    const last = cart.setQuantity('mug', 5);
    expect(second).toBe(last);
    expect(third).toBe(last);
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 2]) });
    await t.answer({ cart: cartOf(['mug', 42, 5], ['tee', 7, 2]) });
    expect(t.sent).toEqual(['update:mug=2', 'update:mug=5']);
    await expect(first).resolves.toMatchObject({ type: 'updated' });
    await expect(last).resolves.toMatchObject({ type: 'updated', cart: { items_count: 7 } });
    expect(cart.getSnapshot().quantities).toEqual({});
  });

  test('changes to different lines are each sent, in order, through the one queue', async () => {
    const { cart, t } = setup();
    void cart.setQuantity('mug', 2);
    void cart.setQuantity('tee', 1);
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 2]) });
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 1]) });
    expect(t.sent).toEqual(['update:mug=2', 'update:tee=1']);
  });

  test('the requested quantity is shown until the line answers, and a newer one outlives an older answer', async () => {
    const { cart, t } = setup();
    void cart.setQuantity('mug', 2);
    await vi.advanceTimersByTimeAsync(0);
    void cart.setQuantity('mug', 6);
    expect(cart.getSnapshot().quantities).toEqual({ mug: 6 });
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 2]) });
    expect(cart.getSnapshot().quantities).toEqual({ mug: 6 });
    await t.answer({ cart: cartOf(['mug', 42, 6], ['tee', 7, 2]) });
    expect(cart.getSnapshot().quantities).toEqual({});
  });

  test.each([
    ['a negative quantity', 'mug', -1],
    ['a fractional quantity', 'mug', 1.5],
    ['no item key', '', 1],
  ])('%s is refused before anything is sent', async (_, key, quantity) => {
    const { cart, t } = setup();
    await expect(cart.setQuantity(key, quantity)).resolves.toMatchObject({
      type: 'failed',
      error: { code: 'invalid_request' },
    });
    expect(t.sent).toEqual([]);
  });

  test('a transport without updateItem (wc-ajax) refuses quantity changes with a typed error', async () => {
    const cart = createCartController({
      transport: { addToCart: vi.fn(), removeFromCart: vi.fn() },
      cartUrl: '/cart/',
    });
    await expect(cart.setQuantity('mug', 2)).resolves.toMatchObject({
      type: 'failed',
      error: { code: 'invalid_request' },
    });
  });

  test('a failed change reports the typed error and drops the optimistic quantity', async () => {
    const { cart, t } = setup();
    const outcome = cart.setQuantity('mug', 4);
    expect(cart.getSnapshot().itemCount).toBe(6);
    await t.fail(new StoreApiError('HTTP 500', { code: 'unknown_error', data: { status: 500 } }));
    await expect(outcome).resolves.toMatchObject({
      type: 'failed',
      error: { code: 'unknown_error', data: { status: 500 } },
    });
    expect(cart.getSnapshot()).toMatchObject({ quantities: {}, itemCount: 3 });
  });
});

describe('the optimistic item count', () => {
  test('starts from the known cart and is null while no cart is known', () => {
    expect(setup().cart.getSnapshot().itemCount).toBe(3);
    const unknown = createCartController({
      transport: { addToCart: vi.fn(), removeFromCart: vi.fn() },
      cartUrl: '/cart/',
    });
    expect(unknown.getSnapshot().itemCount).toBeNull();
  });

  test('counts pending adds at once and takes the server count when it answers, never twice', async () => {
    const { cart, t } = setup();
    void cart.add('42', { data: { product_id: '42', quantity: '2' } });
    void cart.add('42', { data: { product_id: '42', quantity: '1' } });
    expect(cart.getSnapshot().itemCount).toBe(6);
    await t.answer({ cart: cartOf(['mug', 42, 3], ['tee', 7, 2]) });
    expect(cart.getSnapshot().itemCount).toBe(6);
    await t.answer({ cart: cartOf(['mug', 42, 4], ['tee', 7, 2]) });
    expect(cart.getSnapshot().itemCount).toBe(6);
  });

  test('a failed add is taken back out of the count', async () => {
    const { cart, t } = setup();
    void cart.add('42', { data: { product_id: '42', quantity: '2' } });
    expect(cart.getSnapshot().itemCount).toBe(5);
    await t.fail(new TypeError('offline'));
    expect(cart.getSnapshot().itemCount).toBe(3);
  });

  test('a pending removal takes its line out, and a pending quantity change replaces it', async () => {
    const { cart, t } = setup();
    void cart.remove('tee', { href: '/cart/?remove_item=tee' });
    void cart.setQuantity('mug', 4);
    expect(cart.getSnapshot().itemCount).toBe(4);
    await t.answer({ cart: cartOf(['mug', 42, 1]) });
    expect(cart.getSnapshot().itemCount).toBe(4);
    await t.answer({ cart: cartOf(['mug', 42, 4]) });
    expect(cart.getSnapshot().itemCount).toBe(4);
    expect(t.sent).toEqual(['remove:tee', 'update:mug=4']);
  });
});

describe('server adjustments become typed warnings', () => {
  test('other lines the store lowered or dropped in an answer are warnings too', async () => {
    const { cart, t } = setup(cartOf(['mug', 42, 1], ['tee', 7, 4], ['cap', 9, 1]));
    void cart.setQuantity('mug', 2);
    // The tee lost stock to another shopper and the cap can no longer be bought.
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 2]) });
    expect(cart.getSnapshot().warnings).toEqual([
      { type: 'quantity_clamped', key: 'tee', name: 'Tee', requested: 4, quantity: 2 },
      { type: 'item_gone', key: 'cap', name: 'Cap' },
    ]);
    expect(cart.getSnapshot().itemCount).toBe(4);
  });

  test('a refresh is news from elsewhere (another tab) and warns about nothing', async () => {
    const { cart, t } = setup();
    void cart.refresh();
    await t.answer({ cart: cartOf(['tee', 7, 1]) });
    expect(cart.getSnapshot()).toMatchObject({ warnings: [], itemCount: 1 });
  });

  test('a quantity clamped to the stock is a quantity_clamped warning', async () => {
    const { cart, t } = setup();
    void cart.setQuantity('mug', 10);
    await t.answer({ cart: cartOf(['mug', 42, 4], ['tee', 7, 2]) });
    expect(cart.getSnapshot().warnings).toEqual([
      { type: 'quantity_clamped', key: 'mug', name: 'Mug', requested: 10, quantity: 4 },
    ]);
    expect(cart.getSnapshot().itemCount).toBe(6);
  });

  test('an add that the store clamps is a quantity_clamped warning for its line', async () => {
    const { cart, t } = setup();
    void cart.add('42', { data: { product_id: '42', quantity: '5' } });
    await t.answer({ cart: cartOf(['mug', 42, 3], ['tee', 7, 2]) });
    expect(cart.getSnapshot().warnings).toEqual([
      { type: 'quantity_clamped', key: 'mug', name: 'Mug', requested: 6, quantity: 3 },
    ]);
  });

  test('a line that is gone (409 with the current cart) is an item_gone warning', async () => {
    const { cart, t } = setup();
    void cart.setQuantity('mug', 2);
    await t.answer({
      cart: cartOf(['tee', 7, 2]),
      conflict: { code: 'woocommerce_rest_cart_invalid_key', message: 'gone' },
    });
    // The line is gone from the answer: its name is the one the controller knew.
    expect(cart.getSnapshot()).toMatchObject({
      warnings: [{ type: 'item_gone', key: 'mug', name: 'Mug' }],
      itemCount: 2,
    });
  });

  test('an exact answer adds no warning, and clearWarnings empties them', async () => {
    const { cart, t } = setup();
    void cart.setQuantity('mug', 9);
    await t.answer({ cart: cartOf(['mug', 42, 1], ['tee', 7, 2]) });
    void cart.setQuantity('tee', 3);
    await t.answer({ cart: cartOf(['mug', 42, 1], ['tee', 7, 3]) });
    expect(cart.getSnapshot().warnings).toHaveLength(1);
    cart.clearWarnings();
    expect(cart.getSnapshot().warnings).toEqual([]);
  });

  test('removing a line that is already gone counts as removed, not as a warning', async () => {
    const { cart, t } = setup();
    const outcome = cart.remove('mug', { href: '/cart/?remove_item=mug' });
    await t.answer({ cart: cartOf(['tee', 7, 2]), conflict: { code: 'x', message: 'gone' } });
    await expect(outcome).resolves.toMatchObject({ type: 'removed', fragments: null });
    expect(cart.getSnapshot().warnings).toEqual([]);
  });
});

describe('refresh', () => {
  test('reads the cart through the queue, after the requests before it', async () => {
    const { cart, t } = setup();
    void cart.setQuantity('mug', 2);
    const refreshed = cart.refresh();
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 2]) });
    await t.answer({ cart: cartOf(['mug', 42, 2]), cart_hash: 'h9' });
    expect(t.sent).toEqual(['update:mug=2', 'refresh']);
    await expect(refreshed).resolves.toMatchObject({ type: 'refreshed', cartHash: 'h9' });
    expect(cart.getSnapshot()).toMatchObject({ cartHash: 'h9', itemCount: 2 });
  });

  test('applies refreshed fragments to the page', async () => {
    const applyFragments = vi.fn();
    const cart = createCartController({
      transport: {
        addToCart: vi.fn(),
        removeFromCart: vi.fn(),
        refresh: () =>
          Promise.resolve({ fragments: { 'div.x': '<div class="x">2</div>' }, cart_hash: 'h' }),
      },
      cartUrl: '/cart/',
      applyFragments,
    });
    await expect(cart.refresh()).resolves.toMatchObject({ type: 'refreshed', cartHash: 'h' });
    expect(applyFragments).toHaveBeenCalledWith({ 'div.x': '<div class="x">2</div>' }, 'h');
  });

  test('a transport that cannot read the cart, or a failure, is a typed failure', async () => {
    const plain = createCartController({
      transport: { addToCart: vi.fn(), removeFromCart: vi.fn() },
      cartUrl: '/cart/',
    });
    await expect(plain.refresh()).resolves.toMatchObject({
      type: 'failed',
      error: { code: 'invalid_request' },
    });
    const { cart, t } = setup();
    const outcome = cart.refresh();
    const offline = new TypeError('offline');
    await t.fail(offline);
    await expect(outcome).resolves.toMatchObject({
      type: 'failed',
      error: { name: 'StoreApiError', code: 'fetch_error', cause: offline },
    });
  });
});

describe('a cart read elsewhere, and new options', () => {
  test('receive() replaces the known cart without warnings and keeps pending changes counted', async () => {
    const { cart, t } = setup();
    void cart.add('42', { data: { product_id: '42', quantity: '2' } });
    void cart.setQuantity('tee', 1);
    expect(cart.getSnapshot().itemCount).toBe(4); // 1 mug + 2 pending, tee 2 -> 1
    // The page's server data arrives: another tab emptied the mug line and added a cap.
    cart.receive(cartOf(['tee', 7, 2], ['cap', 9, 3]));
    expect(cart.getSnapshot()).toMatchObject({
      warnings: [],
      quantities: { tee: 1 },
      itemCount: 2 + 1 + 3, // pending add 2, tee as requested 1, cap 3
    });
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 2], ['cap', 9, 3]) });
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 1], ['cap', 9, 3]) });
    expect(cart.getSnapshot()).toMatchObject({ itemCount: 6, quantities: {}, warnings: [] });
  });

  test('receive(null) is an empty cart; receiving the same cart again tells no one', () => {
    const { cart } = setup();
    const known = cartOf(['mug', 42, 1]);
    cart.receive(known);
    const listener = vi.fn();
    cart.subscribe(listener);
    cart.receive(known);
    expect(listener).not.toHaveBeenCalled();
    cart.receive(null);
    expect(listener).toHaveBeenCalledOnce();
    expect(cart.getSnapshot()).toMatchObject({ cart: null, itemCount: null });
  });

  test('a cart read before a change was answered does not replace the answer (the browser holds a newer hash)', async () => {
    const t = storeTransport();
    // The browser's woocommerce_cart_hash: each answer's Set-Cookie moves it on.
    let hash = 'h1';
    const cart = createCartController({
      transport: t.transport,
      cartUrl: '/cart/',
      origin: 'https://shop.example',
      redirectAfterAdd: false,
      initialCart: cartOf(['mug', 42, 1]),
      readCookie: (name) => (name === 'woocommerce_cart_hash' ? hash : undefined),
    });
    // A loader revalidation starts (cookie h1), then an add is sent and answered (cookie h2).
    const before = cartOf(['mug', 42, 1]);
    const added = cart.add('42', { data: { product_id: '42', quantity: '1' } });
    hash = 'h2';
    await t.answer({ cart: cartOf(['mug', 42, 2]), cart_hash: 'h2' });
    await added;
    // The revalidation ends after the answer, with the cart it read at h1: ignored.
    cart.receive(before, { cartHash: 'h1' });
    expect(cart.getSnapshot()).toMatchObject({ itemCount: 2, cart: { items_count: 2 } });
    // A read made with the browser's current hash is taken in (another tab's change, say).
    cart.receive(cartOf(['mug', 42, 5]), { cartHash: 'h2' });
    expect(cart.getSnapshot().itemCount).toBe(5);
    // A read that says nothing of its hash is taken in, as before.
    cart.receive(cartOf(['mug', 42, 3]));
    expect(cart.getSnapshot().itemCount).toBe(3);
  });

  test('setOptions() reaches the requests that follow: navigate, redirect and the veto', async () => {
    const { cart, t } = setup();
    const navigate = vi.fn<(url: string) => void>();
    cart.setOptions({ navigate, redirectAfterAdd: true });
    const added = cart.add('42', { data: { product_id: '42', quantity: '1' } });
    await t.answer({ cart: cartOf(['mug', 42, 2], ['tee', 7, 2]) });
    await expect(added).resolves.toMatchObject({ type: 'navigated', reason: 'redirect' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('https://shop.example/cart/');
    cart.setOptions({ shouldSend: () => false });
    await expect(cart.add('42', { data: { product_id: '42' } })).resolves.toEqual({
      type: 'vetoed',
    });
    expect(t.sent).toEqual(['add:42x1']);
    // A vetoed add is not counted.
    expect(cart.getSnapshot().itemCount).toBe(4);
  });

  test('EMPTY_CART_SNAPSHOT has every field a controller fills', () => {
    const { cart } = setup();
    expect(Object.keys(EMPTY_CART_SNAPSHOT).sort()).toEqual(Object.keys(cart.getSnapshot()).sort());
    expect(EMPTY_CART_SNAPSHOT).toMatchObject({ cart: null, itemCount: null, warnings: [] });
  });
});
