import { describe, expect, test, vi } from 'vitest';
import { createCartController } from './cart';
import { createCartSync, type HashStorage, type SyncEvent } from './sync';
import type { StoreCart } from '@cartwright/store-api-client';
import { storeCart } from './test/store-cart';
import type { CartAnswer } from './transport';

function memoryStorage(initial: Record<string, string> = {}): HashStorage & {
  data: Record<string, string>;
} {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const cartOf = (count: number): StoreCart =>
  storeCart(count ? [{ key: 'k', id: 1, quantity: count }] : []);

function setup(
  options: {
    cookie?: string;
    session?: Record<string, string>;
    pageHash?: string;
    answer?: CartAnswer;
  } = {},
) {
  const cookies: Record<string, string | undefined> = { woocommerce_cart_hash: options.cookie };
  const refresh = vi.fn(() =>
    Promise.resolve(options.answer ?? { cart: cartOf(2), cart_hash: 'h2' }),
  );
  const controller = createCartController({
    transport: { addToCart: vi.fn(), removeFromCart: vi.fn(), refresh },
    cartUrl: '/cart/',
  });
  let emit: (event: SyncEvent) => void = () => undefined;
  const stopListening = vi.fn();
  const local = memoryStorage();
  const session = memoryStorage(options.session);
  const sync = createCartSync({
    controller,
    readCookie: (name) => cookies[name],
    localStorage: local,
    sessionStorage: session,
    ...(options.pageHash === undefined ? {} : { pageHash: options.pageHash }),
    listen: (listener) => {
      emit = listener;
      return stopListening;
    },
  });
  return {
    sync,
    refresh,
    local,
    session,
    cookies,
    stopListening,
    emit: async (event: SyncEvent) => {
      emit(event);
      await vi.waitFor(() => undefined);
      await Promise.resolve();
    },
  };
}

describe('createCartSync on page load', () => {
  test('sends no cart request when the cookie hash equals the stored hash', async () => {
    const s = setup({ cookie: 'h1', session: { wc_cart_hash: 'h1' } });
    await expect(s.sync.start()).resolves.toEqual({ type: 'unchanged' });
    expect(s.refresh).not.toHaveBeenCalled();
  });

  test('sends no cart request on a first visit with an empty cart (no cookie, nothing stored)', async () => {
    const s = setup();
    await expect(s.sync.start()).resolves.toEqual({ type: 'unchanged' });
    expect(s.refresh).not.toHaveBeenCalled();
  });

  test('compares the cookie with the hash the page was rendered with, when given', async () => {
    const s = setup({ cookie: 'h1', session: { wc_cart_hash: 'old' }, pageHash: 'h1' });
    await expect(s.sync.start()).resolves.toEqual({ type: 'unchanged' });
    expect(s.refresh).not.toHaveBeenCalled();
    expect(s.local.data.wc_cart_hash).toBe('h1');
  });

  test('refreshes once when the cookie hash differs, and stores the new hash in both storages', async () => {
    const s = setup({ cookie: 'h2', session: { wc_cart_hash: 'h1' } });
    await expect(s.sync.start()).resolves.toMatchObject({ type: 'refreshed', cartHash: 'h2' });
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(s.session.data.wc_cart_hash).toBe('h2');
    expect(s.local.data.wc_cart_hash).toBe('h2');
  });

  test('a cart emptied elsewhere (stored hash, no cookie) refreshes, then stores "" for the empty cart', async () => {
    const s = setup({
      session: { wc_cart_hash: 'h1' },
      answer: { cart: cartOf(0), cart_hash: 'e' },
    });
    await s.sync.start();
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(s.local.data.wc_cart_hash).toBe('');
  });
});

describe('createCartSync across tabs and the back/forward cache', () => {
  test('refreshes when another tab stores a different hash, and ignores other keys and the same hash', async () => {
    const s = setup({ cookie: 'h1', session: { wc_cart_hash: 'h1' } });
    await s.sync.start();
    await s.emit({ type: 'storage', key: 'other', newValue: 'x' });
    await s.emit({ type: 'storage', key: 'wc_cart_hash', newValue: 'h1' });
    expect(s.refresh).not.toHaveBeenCalled();
    await s.emit({ type: 'storage', key: 'wc_cart_hash', newValue: 'h2' });
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });

  test('a bfcache restore refreshes when the cookie moved on, and not otherwise', async () => {
    const s = setup({ cookie: 'h1', session: { wc_cart_hash: 'h1' } });
    await s.sync.start();
    await s.emit({ type: 'pageshow', persisted: true });
    await s.emit({ type: 'pageshow', persisted: false });
    expect(s.refresh).not.toHaveBeenCalled();
    s.cookies.woocommerce_cart_hash = 'h2';
    await s.emit({ type: 'pageshow', persisted: false });
    expect(s.refresh).not.toHaveBeenCalled();
    await s.emit({ type: 'pageshow', persisted: true });
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });

  test('after a refresh the new hash is what the page shows: the same hash does not refresh again', async () => {
    const s = setup({ cookie: 'h1', session: { wc_cart_hash: 'h1' } });
    await s.sync.start();
    await s.emit({ type: 'storage', key: 'wc_cart_hash', newValue: 'h2' });
    await s.emit({ type: 'storage', key: 'wc_cart_hash', newValue: 'h2' });
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });

  test('stop removes the listeners', () => {
    const s = setup();
    s.sync.stop();
    expect(s.stopListening).toHaveBeenCalledTimes(1);
  });
});

test('blocked storage is not fatal: without a stored hash, a cookie means a refresh', async () => {
  const throwing: HashStorage = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  const refresh = vi.fn(() => Promise.resolve({ cart: cartOf(1), cart_hash: 'h1' }));
  const controller = createCartController({
    transport: { addToCart: vi.fn(), removeFromCart: vi.fn(), refresh },
    cartUrl: '/cart/',
  });
  const sync = createCartSync({
    controller,
    readCookie: () => 'h1',
    localStorage: throwing,
    sessionStorage: throwing,
    listen: () => () => undefined,
  });
  await expect(sync.start()).resolves.toMatchObject({ type: 'refreshed', cartHash: 'h1' });
});
