import { StoreApiError, isStoreApiError } from '../errors';
import { parseJsonResponse } from '../response';
import type { ApiFetch } from '../types';
import { getProduct, getProducts } from './products';
import type { StoreApiRequestInit } from './products';
import type {
  AddCartItemRequest,
  CheckoutRequest,
  CheckoutResponse,
  ProductList,
  ProductQuery,
  StoreCart,
  StoreProduct,
  UpdateCustomerRequest,
} from './types';

/** The Store API session credentials a {@link StoreApi} keeps and sends back. */
export interface StoreSession {
  /** The latest `wc_store_api` nonce (the `Nonce` response header), sent as `Nonce`. */
  nonce?: string;
  /** The latest `Cart-Token` response header, sent back as `Cart-Token`. */
  cartToken?: string;
}

/** Options of {@link createStoreApi}. */
export interface StoreApiOptions extends StoreSession {
  /**
   * Whether to send the `Cart-Token` back. Off, the session rides on the
   * cookie alone (WooCommerce's own blocks send only the nonce).
   * @default true
   */
  sendCartToken?: boolean;
}

/** Typed helpers for the WooCommerce Store API (`wc/store/v1`), bound to one session. */
export interface StoreApi {
  /** `GET /products` with its paging headers; see {@link getProducts}. */
  getProducts(query?: ProductQuery, init?: StoreApiRequestInit): Promise<ProductList>;
  /** `GET /products/{id|slug}`; see {@link getProduct}. */
  getProduct(idOrSlug: number | string, init?: StoreApiRequestInit): Promise<StoreProduct>;
  /** `GET /cart`. */
  getCart(init?: StoreApiRequestInit): Promise<StoreCart>;
  /** `POST /cart/add-item` `{id, quantity, variation?}`; resolves with the whole cart. */
  addItem(item: AddCartItemRequest, init?: StoreApiRequestInit): Promise<StoreCart>;
  /** `POST /cart/remove-item` `{key}`; resolves with the whole cart. */
  removeItem(key: string, init?: StoreApiRequestInit): Promise<StoreCart>;
  /** `POST /cart/update-item` `{key, quantity}`; resolves with the whole cart. */
  updateItem(key: string, quantity: number, init?: StoreApiRequestInit): Promise<StoreCart>;
  /**
   * `POST /cart/apply-coupon` `{code}`; resolves with the whole cart. A refused code rejects
   * with the store's `woocommerce_rest_cart_coupon_error` and its message.
   */
  applyCoupon(code: string, init?: StoreApiRequestInit): Promise<StoreCart>;
  /** `POST /cart/remove-coupon` `{code}`; resolves with the whole cart. */
  removeCoupon(code: string, init?: StoreApiRequestInit): Promise<StoreCart>;
  /**
   * `POST /cart/update-customer` `{billing_address?, shipping_address?}` (fields left out are
   * kept); the store works out the shipping rates for the new address. Resolves with the cart.
   */
  updateCustomer(addresses: UpdateCustomerRequest, init?: StoreApiRequestInit): Promise<StoreCart>;
  /**
   * `POST /cart/select-shipping-rate` `{package_id, rate_id}`: chooses a package's rate (every
   * package's without `packageId`). Resolves with the cart, its totals holding the rate.
   */
  selectShippingRate(
    rateId: string,
    packageId?: number,
    init?: StoreApiRequestInit,
  ): Promise<StoreCart>;
  /** `POST /checkout`; resolves with the order and its `payment_result`. */
  checkout(order: CheckoutRequest, init?: StoreApiRequestInit): Promise<CheckoutResponse>;
  /** The nonce and cart token the session holds now (to hand from SSR to the browser, say). */
  getSession(): StoreSession;
}

const isCount = (value: unknown, min: number) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

function invalidRequest(message: string): StoreApiError {
  return new StoreApiError(message, { code: 'invalid_request' });
}

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.trim() === '') {
    throw invalidRequest(`A cart item key must be a non-empty string, not ${JSON.stringify(key)}.`);
  }
  return key;
}

function checkCode(code: unknown): string {
  if (typeof code !== 'string' || code.trim() === '') {
    throw invalidRequest(`A coupon code must be a non-empty string, not ${JSON.stringify(code)}.`);
  }
  return code.trim();
}

function checkQuantity(quantity: unknown): number {
  if (!isCount(quantity, 1)) {
    throw invalidRequest(`A quantity must be a positive integer, not ${String(quantity)}.`);
  }
  return quantity as number;
}

function expectObject<T>(body: unknown, what: string, response: Response, key?: string): T {
  if (
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body) ||
    (key !== undefined && !(key in body))
  ) {
    throw new StoreApiError(`The ${what} response is not a ${what}.`, {
      code: 'invalid_response',
      data: body,
      response,
    });
  }
  return body as T;
}

/**
 * Creates typed Store API helpers over an `apiFetch`, bound to one shopper
 * session: every response's `Nonce` and `Cart-Token` headers are kept and sent
 * back on the next request (always through `path`, so only to the store's own
 * origin). A write refused with `woocommerce_rest_missing_nonce` or
 * `woocommerce_rest_invalid_nonce` fetches the cart once for a fresh nonce
 * (shared by concurrent failures) and is retried once.
 *
 * @param apiFetch - From {@link createApiFetch}.
 * @param options - A nonce and cart token to start with (e.g. from SSR).
 * @example
 * const store = createStoreApi(apiFetch, { nonce: wcStoreApiNonce });
 * const cart = await store.addItem({ id: 15, quantity: 2 });
 * await store.updateItem(cart.items[0].key, 3);
 */
export function createStoreApi(apiFetch: ApiFetch, options: StoreApiOptions = {}): StoreApi {
  const { sendCartToken = true } = options;
  const session: StoreSession = {};
  if (options.nonce) session.nonce = options.nonce;
  if (options.cartToken) session.cartToken = options.cartToken;
  let refreshing: Promise<void> | undefined;

  const keep = (response: Response | undefined) => {
    const nonce = response?.headers.get('Nonce');
    const cartToken = response?.headers.get('Cart-Token');
    if (nonce) session.nonce = nonce;
    if (cartToken) session.cartToken = cartToken;
  };

  const call = async (
    method: 'GET' | 'POST',
    endpoint: string,
    data: unknown,
    init: StoreApiRequestInit = {},
    retried = false,
  ): Promise<[unknown, Response]> => {
    const sentNonce = session.nonce;
    const headers: Record<string, string> = {};
    if (session.nonce) headers.Nonce = session.nonce;
    if (session.cartToken && sendCartToken) headers['Cart-Token'] = session.cartToken;
    let response: Response;
    try {
      response = await apiFetch({
        path: `/wc/store/v1/${endpoint}`,
        method,
        headers,
        parse: false,
        ...(data === undefined ? {} : { data }),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch (error) {
      if (!isStoreApiError(error)) throw error;
      keep(error.response);
      if (!retried && /^woocommerce_rest_(missing|invalid)_nonce$/.test(error.code)) {
        if (session.nonce === sentNonce) {
          // GET /cart needs no nonce and answers with a fresh one in its headers.
          refreshing ??= call('GET', 'cart', undefined, {}, true)
            .then(() => undefined)
            .catch(() => undefined)
            .finally(() => (refreshing = undefined));
          await refreshing;
        }
        if (session.nonce !== sentNonce) return call(method, endpoint, data, init, true);
      }
      throw error;
    }
    keep(response);
    init.onResponse?.(response);
    return [await parseJsonResponse(response, init.signal), response];
  };

  const cart = async (endpoint: string, data: unknown, init?: StoreApiRequestInit) => {
    const [body, response] = await call(data === undefined ? 'GET' : 'POST', endpoint, data, init);
    return expectObject<StoreCart>(body, 'cart', response, 'items');
  };

  return {
    getProducts: (query, init) => getProducts(apiFetch, query, init),
    getProduct: (idOrSlug, init) => getProduct(apiFetch, idOrSlug, init),
    getCart: (init) => cart('cart', undefined, init),
    async addItem(item, init) {
      if (typeof item !== 'object' || item === null || !isCount(item.id, 1)) {
        throw invalidRequest('addItem() needs a positive integer product `id`.');
      }
      const { id, quantity = 1, variation } = item;
      return await cart(
        'cart/add-item',
        { id, quantity: checkQuantity(quantity), ...(variation ? { variation } : {}) },
        init,
      );
    },
    async removeItem(key, init) {
      return await cart('cart/remove-item', { key: checkKey(key) }, init);
    },
    async applyCoupon(code, init) {
      return await cart('cart/apply-coupon', { code: checkCode(code) }, init);
    },
    async removeCoupon(code, init) {
      return await cart('cart/remove-coupon', { code: checkCode(code) }, init);
    },
    async updateItem(key, quantity, init) {
      return await cart(
        'cart/update-item',
        { key: checkKey(key), quantity: checkQuantity(quantity) },
        init,
      );
    },
    async updateCustomer(addresses, init) {
      if (typeof addresses !== 'object' || addresses === null) {
        throw invalidRequest('updateCustomer() needs {billing_address?, shipping_address?}.');
      }
      return await cart('cart/update-customer', addresses, init);
    },
    async selectShippingRate(rateId, packageId, init) {
      if (typeof rateId !== 'string' || rateId === '') {
        throw invalidRequest('selectShippingRate() needs a rate id such as "flat_rate:1".');
      }
      if (packageId !== undefined && !isCount(packageId, 0)) {
        throw invalidRequest('A shipping package id must be a non-negative integer.');
      }
      return await cart(
        'cart/select-shipping-rate',
        { rate_id: rateId, ...(packageId === undefined ? {} : { package_id: packageId }) },
        init,
      );
    },
    async checkout(order, init) {
      if (typeof order !== 'object' || order === null || typeof order.payment_method !== 'string') {
        throw invalidRequest('checkout() needs an order with a `payment_method`.');
      }
      const [body, response] = await call('POST', 'checkout', order, init);
      return expectObject<CheckoutResponse>(body, 'checkout', response, 'order_id');
    },
    getSession: () => ({ ...session }),
  };
}
