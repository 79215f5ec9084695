import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createCartQueue, type CartQueueOptions } from './cart-queue';
import { StoreApiError } from '@cartwright/store-api-client';
import type { AddToCartResponse, CartTransport, RemoveFromCartResponse } from './transport';

const ORIGIN = 'https://shop.example';

/** A transport whose answers the test releases one at a time, recording the order of events. */
function controlledTransport() {
  const events: string[] = [];
  const pending: Array<{ resolve: (value: unknown) => void; reject: (error: unknown) => void }> =
    [];
  const transport: CartTransport = {
    addToCart(data) {
      events.push(`add:${data.product_id}`);
      return new Promise<unknown>((resolve, reject) =>
        pending.push({ resolve, reject }),
      ) as Promise<AddToCartResponse | null>;
    },
    removeFromCart(key) {
      events.push(`remove:${key}`);
      return new Promise<unknown>((resolve, reject) =>
        pending.push({ resolve, reject }),
      ) as Promise<RemoveFromCartResponse | null>;
    },
  };
  return {
    transport,
    events,
    async answer(value: unknown) {
      await vi.advanceTimersByTimeAsync(0);
      const next = pending.shift();
      if (!next) throw new Error('no request is waiting');
      next.resolve(value);
      await vi.advanceTimersByTimeAsync(0);
    },
    async fail(error: unknown) {
      await vi.advanceTimersByTimeAsync(0);
      const next = pending.shift();
      if (!next) throw new Error('no request is waiting');
      next.reject(error);
      await vi.advanceTimersByTimeAsync(0);
    },
    get waiting() {
      return pending.length;
    },
  };
}

function setup(overrides: Partial<CartQueueOptions> = {}) {
  const t = controlledTransport();
  const navigate = vi.fn<(url: string) => void>();
  const announce = vi.fn<(message: string) => void>();
  const applyFragments = vi.fn();
  const cart = createCartQueue({
    transport: t.transport,
    cartUrl: '/cart/',
    origin: ORIGIN,
    redirectAfterAdd: false,
    navigate,
    announce,
    applyFragments,
    ...overrides,
  });
  return { cart, t, navigate, announce, applyFragments };
}

const mug = {
  data: { product_id: '42', quantity: '1', product_sku: 'MUG' },
  productLink: '/product/mug/',
};
const FRAGMENTS = {
  'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content">1 item</div>',
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('adding to the cart', () => {
  test('a button goes idle → loading → added and shows "View cart" when fragments arrive', async () => {
    const { cart, t, applyFragments } = setup();
    expect(cart.getSnapshot().buttons['42']).toBeUndefined();
    const outcome = cart.add('42', mug);
    expect(cart.getSnapshot().buttons['42']?.status).toBe('loading');
    await t.answer({ fragments: FRAGMENTS, cart_hash: 'abc' });
    await expect(outcome).resolves.toEqual({
      type: 'added',
      cart: null,
      fragments: FRAGMENTS,
      cartHash: 'abc',
    });
    expect(cart.getSnapshot().buttons['42']).toEqual({
      status: 'added',
      showViewCart: true,
      error: null,
    });
    expect(cart.getSnapshot().cartHash).toBe('abc');
    expect(applyFragments).toHaveBeenCalledWith(FRAGMENTS, 'abc');
  });

  test('sends every data attribute of the button, untouched', async () => {
    const sent: Array<Record<string, string>> = [];
    const { cart } = setup({
      transport: {
        addToCart: (data) => (sent.push({ ...data }), Promise.resolve({ fragments: FRAGMENTS })),
        removeFromCart: () => Promise.resolve(null),
      },
    });
    await cart.add('42', {
      data: { product_id: '42', quantity: '3', product_sku: 'MUG', success_message: 'x' },
    });
    expect(sent).toEqual([
      { product_id: '42', quantity: '3', product_sku: 'MUG', success_message: 'x' },
    ]);
  });

  test('"View cart" after every add off the cart page, fragments or not (spec §4); never on the cart page', async () => {
    const onCart = setup({ isCartPage: true });
    const a = onCart.cart.add('42', mug);
    await onCart.t.answer({ fragments: FRAGMENTS });
    await a;
    expect(onCart.cart.getSnapshot().buttons['42']?.showViewCart).toBe(false);

    const bare = setup();
    const b = bare.cart.add('42', mug);
    await bare.t.answer({ cart_hash: '' });
    await b;
    expect(bare.cart.getSnapshot().buttons['42']).toMatchObject({
      status: 'added',
      showViewCart: true,
    });
    expect(bare.applyFragments).not.toHaveBeenCalled();
  });

  test("an error without a usable product page goes on to redirect-after-add, in the spec's order", async () => {
    const { cart, t, navigate } = setup({ redirectAfterAdd: true });
    const outcome = cart.add('42', { ...mug, productLink: undefined });
    await t.answer({ error: true, product_url: false });
    await expect(outcome).resolves.toMatchObject({ type: 'navigated', reason: 'redirect' });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  test('an error without a usable product page and no redirect: its fragments are applied, the add fails', async () => {
    const { cart, t, applyFragments } = setup();
    const outcome = cart.add('42', { ...mug, productLink: undefined });
    await t.answer({ error: true, product_url: false, fragments: FRAGMENTS });
    await expect(outcome).resolves.toMatchObject({
      type: 'failed',
      error: { name: 'StoreApiError', code: 'add_refused' },
    });
    expect(applyFragments).toHaveBeenCalledWith(FRAGMENTS, null);
    expect(cart.getSnapshot().buttons['42']).toMatchObject({
      status: 'error',
      showViewCart: false,
    });
  });

  test('a veto sends nothing and clears the loading state', async () => {
    const { cart, t } = setup({ shouldSend: () => false });
    await expect(cart.add('42', mug)).resolves.toEqual({ type: 'vetoed' });
    expect(t.events).toEqual([]);
    expect(cart.getSnapshot().buttons['42']?.status).toBe('idle');
  });

  test('announces the success message 1000 ms after the add, not before', async () => {
    const { cart, t, announce } = setup();
    const outcome = cart.add('42', { ...mug, successMessage: '“Mug” has been added to your cart' });
    expect(announce).toHaveBeenLastCalledWith('');
    await t.answer({ fragments: FRAGMENTS });
    await outcome;
    await vi.advanceTimersByTimeAsync(999);
    expect(announce).not.toHaveBeenCalledWith('“Mug” has been added to your cart');
    await vi.advanceTimersByTimeAsync(1);
    expect(announce).toHaveBeenLastCalledWith('“Mug” has been added to your cart');
  });

  test('an error with product_url goes to that product page', async () => {
    const { cart, t, navigate, applyFragments } = setup({ redirectAfterAdd: true });
    const outcome = cart.add('42', mug);
    await t.answer({ error: true, product_url: `${ORIGIN}/product/mug/` });
    await expect(outcome).resolves.toEqual({
      type: 'navigated',
      url: `${ORIGIN}/product/mug/`,
      reason: 'error',
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/product/mug/`);
    expect(applyFragments).not.toHaveBeenCalled();
  });

  test.each([
    ['another origin', 'https://evil.example/phish'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example/x'],
  ])(
    'an error product_url on %s is not followed; the button’s own product link is',
    async (_, url) => {
      const { cart, t, navigate } = setup();
      const outcome = cart.add('42', mug);
      await t.answer({ error: true, product_url: url });
      await outcome;
      expect(navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/product/mug/`);
    },
  );

  test('product_url false (a product that does not exist, WooCommerce 10.2.4) navigates nowhere', async () => {
    const { cart, t, navigate } = setup();
    const outcome = cart.add('42', { ...mug, productLink: undefined });
    await t.answer({ error: true, product_url: false });
    await expect(outcome).resolves.toMatchObject({ type: 'failed' });
    expect(navigate).not.toHaveBeenCalled();
  });

  test('an off-origin product_url with no product link fails the add; it never goes to /undefined', async () => {
    const { cart, t, navigate } = setup();
    const outcome = cart.add('42', { ...mug, productLink: undefined });
    await t.answer({ error: true, product_url: 'https://evil.example/product/mug/' });
    await expect(outcome).resolves.toMatchObject({
      type: 'failed',
      error: { code: 'add_refused' },
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(cart.getSnapshot().buttons['42']).toMatchObject({ status: 'error' });
  });

  test('with redirect-after-add on, a successful add goes to the cart page', async () => {
    const { cart, t, navigate, applyFragments } = setup({ redirectAfterAdd: true });
    const outcome = cart.add('42', mug);
    await t.answer({ fragments: FRAGMENTS, cart_hash: 'abc' });
    await expect(outcome).resolves.toEqual({
      type: 'navigated',
      url: `${ORIGIN}/cart/`,
      reason: 'redirect',
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/cart/`);
    expect(applyFragments).not.toHaveBeenCalled();
  });

  test('a transport failure puts the button in the error state with the typed error', async () => {
    const { cart, t, navigate } = setup();
    const outcome = cart.add('42', mug);
    const failure = new StoreApiError('An unknown error occurred.', {
      code: 'unknown_error',
      data: { status: 500 },
    });
    await t.fail(failure);
    const result = await outcome;
    expect(result).toEqual({ type: 'failed', error: failure });
    expect(cart.getSnapshot().buttons['42']).toMatchObject({
      status: 'error',
      error: { code: 'unknown_error', data: { status: 500 } },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  test('an add without product_id is refused before anything is sent', async () => {
    const { cart, t } = setup();
    const result = await cart.add('x', { data: { quantity: '1' } });
    expect(result).toMatchObject({ type: 'failed', error: { code: 'invalid_request' } });
    expect(t.events).toEqual([]);
  });
});

describe('the queue', () => {
  test('adds and removes share one queue and run one at a time, in order', async () => {
    const { cart, t } = setup();
    const a = cart.add('1', { data: { product_id: '1' } });
    const r = cart.remove('key-9', { href: '/cart/?remove_item=key-9' });
    const b = cart.add('2', { data: { product_id: '2' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.events).toEqual(['add:1']);
    await t.answer({ fragments: FRAGMENTS });
    expect(t.events).toEqual(['add:1', 'remove:key-9']);
    await t.answer({ fragments: FRAGMENTS });
    expect(t.events).toEqual(['add:1', 'remove:key-9', 'add:2']);
    await t.answer({ fragments: FRAGMENTS });
    await Promise.all([a, r, b]);
    expect(t.waiting).toBe(0);
  });

  test('five rapid clicks on one button send five requests, one at a time', async () => {
    const { cart, t } = setup();
    const clicks = Array.from({ length: 5 }, () => cart.add('42', mug));
    for (let i = 1; i <= 5; i += 1) {
      await vi.advanceTimersByTimeAsync(0);
      expect(t.waiting).toBe(1);
      expect(t.events).toHaveLength(i);
      await t.answer({ fragments: FRAGMENTS });
    }
    const outcomes = await Promise.all(clicks);
    expect(outcomes.every((o) => o.type === 'added')).toBe(true);
  });

  test('a failed request does not block the next one', async () => {
    const { cart, t } = setup();
    const a = cart.add('1', { data: { product_id: '1' } });
    const b = cart.add('2', { data: { product_id: '2' } });
    await t.fail(new TypeError('offline'));
    await t.answer({ fragments: FRAGMENTS });
    expect((await a).type).toBe('failed');
    expect((await b).type).toBe('added');
  });
});

describe('removing from the cart', () => {
  test('blocks the row while the request runs and replaces the regions on success', async () => {
    const { cart, t, applyFragments, navigate } = setup();
    const outcome = cart.remove('abc', { href: '/cart/?remove_item=abc&_wpnonce=n' });
    expect(cart.getSnapshot().removing).toEqual(['abc']);
    await t.answer({ fragments: FRAGMENTS, cart_hash: 'h2' });
    await expect(outcome).resolves.toEqual({
      type: 'removed',
      cart: null,
      fragments: FRAGMENTS,
      cartHash: 'h2',
    });
    expect(cart.getSnapshot().removing).toEqual([]);
    expect(applyFragments).toHaveBeenCalledWith(FRAGMENTS, 'h2');
    expect(navigate).not.toHaveBeenCalled();
  });

  test.each([
    ['no fragments', { success: false }],
    ['an empty body', null],
  ])('with %s, follows the remove link', async (_, body) => {
    const { cart, t, navigate } = setup();
    const outcome = cart.remove('abc', { href: '/cart/?remove_item=abc&_wpnonce=n' });
    await t.answer(body);
    await outcome;
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/cart/?remove_item=abc&_wpnonce=n`);
    expect(cart.getSnapshot().removing).toEqual([]);
  });

  test('on an error, follows the remove link', async () => {
    const { cart, t, navigate } = setup();
    const outcome = cart.remove('abc', { href: '/cart/?remove_item=abc' });
    await t.fail(new StoreApiError('You are probably offline.', { code: 'fetch_error' }));
    await expect(outcome).resolves.toEqual({
      type: 'navigated',
      url: `${ORIGIN}/cart/?remove_item=abc`,
    });
    expect(navigate).toHaveBeenCalledOnce();
  });

  test('a remove link on another origin is never followed', async () => {
    const { cart, t, navigate } = setup();
    const outcome = cart.remove('abc', { href: 'https://evil.example/?remove_item=abc' });
    await t.answer(null);
    await expect(outcome).resolves.toMatchObject({
      type: 'failed',
      error: { name: 'StoreApiError', code: 'remove_link_off_site' },
    });
    expect(navigate).not.toHaveBeenCalled();
  });
});

test('subscribers are told about every state change and can unsubscribe', async () => {
  const { cart, t } = setup();
  const seen: string[] = [];
  const stop = cart.subscribe(() => seen.push(cart.getSnapshot().buttons['42']?.status ?? 'none'));
  const outcome = cart.add('42', mug);
  await t.answer({ fragments: FRAGMENTS, cart_hash: 'h' });
  await outcome;
  expect(seen[0]).toBe('loading');
  expect(seen.at(-1)).toBe('added');
  stop();
  const count = seen.length;
  const again = cart.add('42', mug);
  await t.answer({ fragments: FRAGMENTS });
  await again;
  expect(seen).toHaveLength(count);
});
