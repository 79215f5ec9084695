import {
  createWcAjaxTransport,
  isCartQueueError,
  type CartAnswer,
  type CartTransport,
} from '@cartwright/cart-queue';
import { createStoreApiTransport } from '@cartwright/cart-queue/store-api';

export interface StorefrontTransportOptions {
  /** The store's `wc_ajax_url` (with `%%endpoint%%`). */
  wcAjaxUrl: string;
  /** The Store API nonce printed into the page, so the first write needs no refusal to get one. */
  nonce?: string | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * The storefront's cart transport (decision 0008): adds and removes go to WooCommerce's
 * `?wc-ajax=` endpoints exactly as the spec's calls (§7), every data attribute of the
 * button included; after each change that succeeded, and for a refresh, the Store API
 * cart is read in the same queued step, so the controller knows the cart (header count
 * and mini-cart lines) without reloading any page data. Quantity changes use the Store
 * API's `cart/update-item` (wc-ajax has none): a write refused for a missing or stale
 * nonce (401/403, with a fresh one) is sent again once.
 */
export function createStorefrontTransport(options: StorefrontTransportOptions): CartTransport {
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const classic = createWcAjaxTransport({ endpoint: options.wcAjaxUrl, ...fetchOption });
  const store = createStoreApiTransport({
    ...fetchOption,
    ...(options.nonce ? { nonce: options.nonce } : {}),
  });

  async function withCart<T extends CartAnswer & { error?: boolean }>(body: T | null) {
    if (!body || body.error || !body.fragments) return body;
    try {
      const { cart } = await store.refresh();
      return cart ? { ...body, cart } : body;
    } catch {
      return body; // the change is done; the header catches up on the next read
    }
  }
  async function once<T>(call: () => Promise<T>): Promise<T> {
    const before = store.nonce;
    try {
      return await call();
    } catch (error) {
      // Missing (401) or stale (403) nonce: the refusal carried a fresh one.
      const refused = isCartQueueError(error) && (error.status === 401 || error.status === 403);
      if (refused && store.nonce && store.nonce !== before) return call();
      throw error;
    }
  }

  return {
    addToCart: async (data) => withCart(await classic.addToCart(data)),
    removeFromCart: async (key) => withCart(await classic.removeFromCart(key)),
    updateItem: (key, quantity) => once(() => store.updateItem(key, quantity)),
    refresh: () => store.refresh(),
  };
}
