import { isStoreApiError, type StoreCart } from '@cartwright/store-api-client';
import type { StoreApi, StoreApiRequestInit } from '@cartwright/store-api-client/store';
import { cartError } from './errors';
import type { CartAnswer, CartTransport } from './transport';

/** Options of {@link createStoreApiTransport}. */
export interface StoreApiTransportOptions {
  /**
   * The Store API session every request goes through (`createStoreApi` of
   * `@cartwright/store-api-client/store`): it keeps and sends back `Nonce` and
   * `Cart-Token`, refreshes a stale nonce once, and rejects with typed errors.
   */
  store: StoreApi;
}

/** The Store API transport: every method answers with the full cart. */
export interface StoreApiTransport extends CartTransport {
  updateItem(cartItemKey: string, quantity: number): Promise<CartAnswer>;
  refresh(): Promise<CartAnswer>;
}

function isCart(value: unknown): value is StoreCart {
  const cart = value as StoreCart | null;
  return typeof cart === 'object' && cart !== null && Array.isArray(cart.items);
}

function positiveInteger(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * @internal Runs one Store API cart call and shapes its answer: the cart, the
 * `Cart-Hash` header when the store sends one, and a 409 that still carries the
 * current cart (a stale item key) as that cart with a `conflict`.
 */
export async function readCart(
  store: StoreApi,
  call: (onResponse: NonNullable<StoreApiRequestInit['onResponse']>) => Promise<StoreCart>,
): Promise<CartAnswer> {
  let hash: string | null = null;
  const answer = (cart: StoreCart, conflict?: CartAnswer['conflict']): CartAnswer => ({
    cart,
    ...(hash ? { cart_hash: hash } : {}),
    ...(conflict ? { conflict } : {}),
  });
  try {
    return answer(await call((response) => (hash = response.headers.get('Cart-Hash'))));
  } catch (error) {
    if (!isStoreApiError(error) || error.response?.status !== 409) throw error;
    const { cart } = (error.data ?? {}) as { cart?: unknown };
    if (!isCart(cart)) throw error;
    hash = error.response.headers.get('Cart-Hash');
    return answer(cart, { code: error.code, message: error.message });
  }
}

/**
 * The Store API transport for headless shops: `cart/add-item`, `cart/remove-item`,
 * `cart/update-item` and `GET cart`, each answered with the full cart. A thin adapter
 * over `@cartwright/store-api-client`'s `createStoreApi` (decision 0051): the session,
 * nonce refresh, timeouts and errors are the client's. A 409 that carries the current
 * cart (a stale item key) resolves with that cart and a `conflict`; a quantity of 0
 * removes the line (`cart/remove-item`; WooCommerce refuses `update-item` with 0).
 *
 * @example
 * const apiFetch = createApiFetch({ root: 'https://shop.example/wp-json/', timeout: 30_000 });
 * const cart = createCartController({
 *   transport: createStoreApiTransport({ store: createStoreApi(apiFetch, { nonce }) }),
 *   cartUrl: '/cart/',
 * });
 */
export function createStoreApiTransport(options: StoreApiTransportOptions): StoreApiTransport {
  const { store } = options;
  return {
    async addToCart(data) {
      // A variable product's button carries the chosen variation: that is the id to add.
      const id = positiveInteger(data.variation_id || data.product_id || '-', 0);
      const quantity = positiveInteger(data.quantity, 1);
      if (id === null || quantity === null) {
        throw cartError('An add-to-cart request needs a positive integer product_id and quantity.');
      }
      return readCart(store, (onResponse) => store.addItem({ id, quantity }, { onResponse }));
    },
    removeFromCart: (key) => readCart(store, (onResponse) => store.removeItem(key, { onResponse })),
    updateItem: (key, quantity) =>
      readCart(store, (onResponse) =>
        quantity === 0
          ? store.removeItem(key, { onResponse })
          : store.updateItem(key, quantity, { onResponse }),
      ),
    refresh: () => readCart(store, (onResponse) => store.getCart({ onResponse })),
  };
}
