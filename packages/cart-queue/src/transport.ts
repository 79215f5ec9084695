import type { ApiFetch, StoreCart } from '@cartwright/store-api-client';
import {
  addToCart,
  getRefreshedFragments,
  removeFromCart,
  type StoreApi,
} from '@cartwright/store-api-client/store';
import { cartError } from './errors';
import { createStoreApiTransport } from './store-api';

/** Replacement HTML by CSS selector, as WooCommerce's `fragments`. */
export type Fragments = Record<string, string>;

/** A Store API error that still carried the current cart (409, e.g. a stale item key). */
export interface CartConflict {
  /** The store's error code, e.g. `woocommerce_rest_cart_invalid_key`. */
  code: string;
  message: string;
}

/** The parts every cart answer may carry, whichever transport brought it. */
export interface CartAnswer {
  fragments?: Fragments;
  cart_hash?: string;
  /** The full Store API cart (`@cartwright/store-api-client`'s `StoreCart`). */
  cart?: StoreCart;
  /** Set when the store refused the change but sent the current cart (HTTP 409). */
  conflict?: CartConflict;
}

/** What an add-to-cart request answered (wire contract §1.5). */
export interface AddToCartResponse extends CartAnswer {
  /** Present (true) when the add failed. */
  error?: boolean;
  /** Where to send the shopper when the add failed; `false` when the product does not exist. */
  product_url?: string | false;
}

/** What a remove-from-cart request answered (wire contract §1.6). */
export interface RemoveFromCartResponse extends CartAnswer {
  success?: boolean;
}

/**
 * How cart requests reach the store. `null` means the store answered with nothing to
 * take in. Implementations reject with `@cartwright/store-api-client`'s `StoreApiError`
 * (the one error vocabulary of the wire).
 */
export interface CartTransport {
  /** Sends every data attribute of the button, as form fields (wire contract §1.3). */
  addToCart(data: Readonly<Record<string, string>>): Promise<AddToCartResponse | null>;
  removeFromCart(cartItemKey: string): Promise<RemoveFromCartResponse | null>;
  /** Sets one line's quantity (Store API `cart/update-item`). Optional: wc-ajax has no such route. */
  updateItem?(cartItemKey: string, quantity: number): Promise<CartAnswer | null>;
  /** Reads the current cart (wc-ajax `get_refreshed_fragments`, Store API `GET /cart`). */
  refresh?(): Promise<CartAnswer | null>;
}

/** Options of {@link createWcAjaxTransport}. */
export interface WcAjaxTransportOptions {
  /**
   * The REST client every request goes through (`createApiFetch` of
   * `@cartwright/store-api-client`): its timeouts, typed errors and same-origin header
   * rules apply. Create it once per page and share it.
   */
  apiFetch: ApiFetch;
  /**
   * The wc-ajax URL with the `%%endpoint%%` placeholder, as WooCommerce's `wc_ajax_url` param.
   * @default the site of `apiFetch.root` + `'?wc-ajax=%%endpoint%%'`
   */
  endpoint?: string;
  /**
   * A Store API session (`createStoreApi` of `@cartwright/store-api-client/store`). With it,
   * every change that succeeded also reads the Store API cart in the same queued step, so
   * the answer carries the full cart (decision 0008); quantity changes go through
   * `cart/update-item` and a refresh is `GET /cart`. Without it the transport is classic
   * wc-ajax only: fragments and hashes, no quantities.
   * @default none
   */
  store?: StoreApi;
}

/**
 * The classic WooCommerce transport: form-encoded POSTs to `/?wc-ajax=add_to_cart`,
 * `remove_from_cart` and `get_refreshed_fragments`, cookies included. A thin adapter
 * over `@cartwright/store-api-client`'s wc-ajax functions (decision 0051).
 *
 * @example
 * const apiFetch = createApiFetch({ timeout: 30_000 });
 * const transport = createWcAjaxTransport({ apiFetch, endpoint: wc_add_to_cart_params.wc_ajax_url });
 */
export function createWcAjaxTransport(options: WcAjaxTransportOptions): CartTransport {
  const { apiFetch, store } = options;
  const init = options.endpoint ? { url: options.endpoint } : {};
  const viaStore = store && createStoreApiTransport({ store });

  /** With a Store API session, adds the cart to an answer that changed it. */
  async function withCart<T extends AddToCartResponse | RemoveFromCartResponse>(
    body: T,
  ): Promise<T> {
    if (!viaStore || 'error' in body || !body.fragments) return body;
    try {
      const { cart } = await viaStore.refresh();
      return cart ? { ...body, cart } : body;
    } catch {
      return body; // the change is done; the cart catches up on the next read
    }
  }

  return {
    addToCart: async (data) =>
      withCart(await addToCart(apiFetch, { product_id: '', ...data }, init)),
    removeFromCart: async (key) => withCart(await removeFromCart(apiFetch, key, init)),
    ...(viaStore
      ? {
          updateItem: (key: string, quantity: number) => viaStore.updateItem(key, quantity),
          refresh: () => viaStore.refresh(),
        }
      : { refresh: () => getRefreshedFragments(apiFetch, init) }),
  };
}

/**
 * A transport that loads the real one with its first request, so a page can keep the
 * wire client out of its first bundle (a dynamic `import()`): the cart buttons work at
 * once, and the client's bytes arrive with the first click. A failed load fails that
 * request and is tried again with the next one. Every method is present; one the loaded
 * transport lacks rejects with `invalid_request`.
 *
 * @example
 * const transport = deferTransport(() =>
 *   import('./cart-client').then((module) => module.createTransport()),
 * );
 */
export function deferTransport(load: () => Promise<CartTransport>): Required<CartTransport> {
  let loading: Promise<CartTransport> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const missing = (name: string) => cartError(`The transport has no ${name}.`);
  return {
    addToCart: async (data) => (await loaded()).addToCart(data),
    removeFromCart: async (key) => (await loaded()).removeFromCart(key),
    async updateItem(key, quantity) {
      const transport = await loaded();
      if (!transport.updateItem) throw missing('updateItem');
      return transport.updateItem(key, quantity);
    },
    async refresh() {
      const transport = await loaded();
      if (!transport.refresh) throw missing('refresh');
      return transport.refresh();
    },
  };
}
