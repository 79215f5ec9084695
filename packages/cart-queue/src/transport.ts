import { CartQueueError } from './errors';

/** Replacement HTML by CSS selector, as WooCommerce's `fragments`. */
export type Fragments = Record<string, string>;

/** One line of a Store API cart (wire contract §5.3); other fields pass through. */
export interface StoreCartItem {
  key: string;
  /** The product (or variation) id. */
  id: number;
  quantity: number;
  name?: string;
  quantity_limits?: { minimum: number; maximum: number; multiple_of: number; editable: boolean };
  [field: string]: unknown;
}

/** The Store API's full cart object (wire contract §5.3); other fields pass through. */
export interface StoreCart {
  items: StoreCartItem[];
  /** Total quantity over all lines. */
  items_count: number;
  [field: string]: unknown;
}

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
  /** The full cart, from the Store API transport. */
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
 * How cart requests reach the store. `null` means the store answered with an
 * empty body. Implementations throw {@link CartQueueError} for transport failures.
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

export interface WcAjaxTransportOptions {
  /**
   * The wc-ajax URL with the `%%endpoint%%` placeholder, as WooCommerce's
   * `wc_ajax_url` param.
   * @default '/?wc-ajax=%%endpoint%%'
   */
  endpoint?: string;
  /** @default globalThis.fetch, resolved when a request is made */
  fetch?: typeof fetch;
  /** Abort a request that has not answered after this many ms. @default 30000 */
  timeout?: number;
}

/**
 * The classic WooCommerce transport: form-encoded POSTs to
 * `/?wc-ajax=add_to_cart`, `remove_from_cart` and `get_refreshed_fragments`,
 * cookies included.
 *
 * @example
 * const transport = createWcAjaxTransport({ endpoint: wc_add_to_cart_params.wc_ajax_url });
 */
export function createWcAjaxTransport(options: WcAjaxTransportOptions = {}): CartTransport {
  const endpoint = options.endpoint ?? '/?wc-ajax=%%endpoint%%';
  const timeout = options.timeout ?? 30_000;

  async function post(action: string, fields: Readonly<Record<string, string>>): Promise<unknown> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const url = endpoint.replace('%%endpoint%%', action);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: {
          Accept: 'application/json, */*;q=0.1',
          'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
        },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(timeout),
      });
    } catch (cause) {
      throw new CartQueueError('network_error', `The ${action} request got no answer.`, { cause });
    }
    if (!response.ok) {
      throw new CartQueueError(
        'http_error',
        `The ${action} request failed with HTTP ${response.status}.`,
        {
          status: response.status,
        },
      );
    }
    const text = await response.text();
    if (text.trim() === '') return null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      throw new CartQueueError('invalid_response', `The ${action} response is not JSON.`, {
        cause,
      });
    }
    if (body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw new CartQueueError('invalid_response', `The ${action} response is not a JSON object.`);
    }
    return body;
  }

  return {
    addToCart: (data) => post('add_to_cart', data) as Promise<AddToCartResponse | null>,
    removeFromCart: (cartItemKey) =>
      post('remove_from_cart', {
        cart_item_key: cartItemKey,
      }) as Promise<RemoveFromCartResponse | null>,
    refresh: () => post('get_refreshed_fragments', {}) as Promise<CartAnswer | null>,
  };
}
