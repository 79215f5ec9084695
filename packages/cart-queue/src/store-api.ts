import { CartQueueError } from './errors';
import type { CartAnswer, CartTransport, StoreCart } from './transport';

/** Options of {@link createStoreApiTransport}. */
export interface StoreApiTransportOptions {
  /**
   * The Store API base, without a trailing slash.
   * @default '/wp-json/wc/store/v1'
   */
  base?: string;
  /** @default globalThis.fetch, resolved when a request is made */
  fetch?: typeof fetch;
  /** Abort a request that has not answered after this many ms. @default 30000 */
  timeout?: number;
  /**
   * The first `Nonce` (e.g. printed into the page). Every answer's `Nonce` header replaces it.
   * @default none until the store sends one
   */
  nonce?: string;
  /**
   * The first `Cart-Token`, for headless shops without cookies. Every answer's
   * `Cart-Token` header replaces it.
   * @default none until the store sends one
   */
  cartToken?: string;
  /**
   * The fetch `credentials` mode (cookie sessions need the cookies).
   * @default 'include'
   */
  credentials?: RequestCredentials;
}

/** The Store API transport, with the session headers it is keeping. */
export interface StoreApiTransport extends CartTransport {
  updateItem(cartItemKey: string, quantity: number): Promise<CartAnswer>;
  refresh(): Promise<CartAnswer>;
  /** The latest `Nonce` the store sent (or the one given), sent back on every request. */
  readonly nonce: string | undefined;
  /** The latest `Cart-Token` the store sent (or the one given), sent back on every request. */
  readonly cartToken: string | undefined;
}

function isCart(value: unknown): value is StoreCart {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as StoreCart).items) &&
    typeof (value as StoreCart).items_count === 'number'
  );
}

function positiveInteger(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * The Store API transport for headless shops: JSON POSTs to `cart/add-item`,
 * `cart/remove-item` and `cart/update-item`, and `GET cart`, each answered with
 * the full cart (`{ cart, cart_hash }`). The `Nonce` and `Cart-Token` response
 * headers are kept and sent back (wire contract §5.4). A 409 that carries the
 * current cart (a stale item key) resolves with that cart and a `conflict`.
 *
 * @example
 * const cart = createCartController({
 *   transport: createStoreApiTransport({ base: 'https://shop.example/wp-json/wc/store/v1' }),
 *   cartUrl: '/cart/',
 * });
 */
export function createStoreApiTransport(options: StoreApiTransportOptions = {}): StoreApiTransport {
  const base = options.base ?? '/wp-json/wc/store/v1';
  const timeout = options.timeout ?? 30_000;
  let nonce = options.nonce;
  let cartToken = options.cartToken;

  async function call(route: string, body?: Record<string, unknown>): Promise<CartAnswer> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body) headers['Content-Type'] = 'application/json';
    if (nonce) headers.Nonce = nonce;
    if (cartToken) headers['Cart-Token'] = cartToken;
    let response: Response;
    try {
      response = await doFetch(`${base}/${route}`, {
        method: body ? 'POST' : 'GET',
        credentials: options.credentials ?? 'include',
        headers,
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(timeout),
      });
    } catch (cause) {
      throw new CartQueueError('network_error', `The ${route} request got no answer.`, { cause });
    }
    nonce = response.headers.get('Nonce') ?? nonce;
    cartToken = response.headers.get('Cart-Token') ?? cartToken;
    const cartHash = response.headers.get('Cart-Hash');
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(await response.text());
    } catch (cause) {
      if (response.ok) {
        throw new CartQueueError('invalid_response', `The ${route} response is not JSON.`, {
          cause,
        });
      }
    }
    const answer = (cart: StoreCart, conflict?: CartAnswer['conflict']): CartAnswer => ({
      cart,
      ...(cartHash ? { cart_hash: cartHash } : {}),
      ...(conflict ? { conflict } : {}),
    });
    if (!response.ok) {
      const error = parsed as { code?: unknown; message?: unknown; data?: { cart?: unknown } };
      const code = typeof error?.code === 'string' ? error.code : 'unknown';
      const message = typeof error?.message === 'string' ? error.message : '';
      if (response.status === 409 && isCart(error?.data?.cart)) {
        return answer(error.data.cart, { code, message });
      }
      throw new CartQueueError(
        'http_error',
        `The ${route} request failed with HTTP ${response.status}${message ? `: ${message}` : ''}.`,
        { status: response.status, body: parsed },
      );
    }
    if (!isCart(parsed)) {
      throw new CartQueueError('invalid_response', `The ${route} response is not a cart.`);
    }
    return answer(parsed);
  }

  const itemKey = (key: string) => {
    if (!key) throw new CartQueueError('invalid_request', 'A cart item key is needed.');
    return key;
  };

  return {
    async addToCart(data) {
      // A variable product's button carries the chosen variation: that is the id to add.
      const id = positiveInteger(data.variation_id || data.product_id || '-', 0);
      const quantity = positiveInteger(data.quantity, 1);
      if (id === null || quantity === null) {
        throw new CartQueueError(
          'invalid_request',
          'An add-to-cart request needs a positive integer product_id and quantity.',
        );
      }
      return call('cart/add-item', { id, quantity });
    },
    async removeFromCart(cartItemKey) {
      return call('cart/remove-item', {
        key: itemKey(cartItemKey),
      });
    },
    async updateItem(cartItemKey, quantity) {
      if (!Number.isInteger(quantity) || quantity < 0) {
        throw new CartQueueError('invalid_request', 'A quantity must be a whole number ≥ 0.');
      }
      return call('cart/update-item', { key: itemKey(cartItemKey), quantity });
    },
    refresh: () => call('cart'),
    get nonce() {
      return nonce;
    },
    get cartToken() {
      return cartToken;
    },
  };
}
