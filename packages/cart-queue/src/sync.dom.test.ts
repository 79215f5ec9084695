// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { createCartController } from './cart';
import { createCartSync } from './sync';

afterEach(() => {
  document.cookie = 'woocommerce_cart_hash=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  sessionStorage.clear();
  localStorage.clear();
});

function controllerWith(
  refresh: () => Promise<{ cart_hash: string; fragments: Record<string, string> }>,
) {
  return createCartController({
    transport: { addToCart: vi.fn(), removeFromCart: vi.fn(), refresh },
    cartUrl: '/cart/',
  });
}

test('by default reads document.cookie and the real storages, and listens on window', async () => {
  document.cookie = 'woocommerce_cart_hash=a%2Fb';
  sessionStorage.setItem('wc_cart_hash', 'a/b');
  const refresh = vi.fn(() => Promise.resolve({ cart_hash: 'c', fragments: { 'div.x': '' } }));
  const sync = createCartSync({ controller: controllerWith(refresh) });
  await expect(sync.start()).resolves.toEqual({ type: 'unchanged' });
  window.dispatchEvent(new StorageEvent('storage', { key: 'wc_cart_hash', newValue: 'c' }));
  await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
  await vi.waitFor(() => expect(localStorage.getItem('wc_cart_hash')).toBe('c'));
  sync.stop();
  window.dispatchEvent(new StorageEvent('storage', { key: 'wc_cart_hash', newValue: 'd' }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(refresh).toHaveBeenCalledTimes(1);
});

test('by default a persisted pageshow with a moved cookie refreshes', async () => {
  sessionStorage.setItem('wc_cart_hash', 'h1');
  document.cookie = 'woocommerce_cart_hash=h1';
  const refresh = vi.fn(() => Promise.resolve({ cart_hash: 'h2', fragments: { 'div.x': '' } }));
  const sync = createCartSync({ controller: controllerWith(refresh) });
  await sync.start();
  document.cookie = 'woocommerce_cart_hash=h2';
  const event = new Event('pageshow');
  Object.defineProperty(event, 'persisted', { value: true });
  window.dispatchEvent(event);
  await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
  sync.stop();
});

test('a malformed woocommerce_cart_hash cookie is compared as written; start() never throws', async () => {
  document.cookie = 'woocommerce_cart_hash=%E0%A4%A';
  sessionStorage.setItem('wc_cart_hash', '%E0%A4%A');
  const refresh = vi.fn(() => Promise.resolve({ cart_hash: 'c', fragments: { 'div.x': '' } }));
  const sync = createCartSync({ controller: controllerWith(refresh) });
  await expect(sync.start()).resolves.toEqual({ type: 'unchanged' });
  expect(refresh).not.toHaveBeenCalled();
  sync.stop();
});
