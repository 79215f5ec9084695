import { StoreApiError } from '../errors';
import type { ApiFetch } from '../types';
import { siteOf } from '../url';
import type { WcAddToCartResponse, WcFragments, WcRemoveFromCartResponse } from './types';

/** Per-call options of the wc-ajax helpers. */
export interface WcAjaxInit {
  /**
   * WooCommerce's `wc_ajax_url`, with `%%endpoint%%` where the action goes.
   * @default the site of `apiFetch.root` + `'?wc-ajax=%%endpoint%%'`
   * (`'https://shop.example/wp-json/'` → `'https://shop.example/?wc-ajax=%%endpoint%%'`)
   */
  url?: string;
  /** Aborts the request; the promise then rejects with the original `AbortError`. */
  signal?: AbortSignal;
}

/** The form fields of a classic add-to-cart: the button's `data-*` attributes (wire contract §1.3). */
export interface WcAddToCartFields {
  /** Product id (required). */
  product_id: number | string;
  /**
   * Units to add.
   * @default '1' (server side)
   */
  quantity?: number | string;
  /** Any other `data-*` attribute of the button, sent as is (`product_sku`, …). */
  [field: string]: number | string | undefined;
}

function isFragments(body: unknown): body is WcFragments {
  const { fragments, cart_hash } = (body ?? {}) as Partial<WcFragments>;
  return typeof fragments === 'object' && fragments !== null && typeof cart_hash === 'string';
}

async function post(
  apiFetch: ApiFetch,
  endpoint: string,
  fields: Record<string, string>,
  init: WcAjaxInit,
): Promise<unknown> {
  const template = init.url ?? `${siteOf(apiFetch.root)}?wc-ajax=%%endpoint%%`;
  return apiFetch({
    url: template.replace('%%endpoint%%', endpoint),
    method: 'POST',
    body: new URLSearchParams(fields),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

function unexpected(endpoint: string, body: unknown): StoreApiError {
  return new StoreApiError(`The wc-ajax ${endpoint} response has an unexpected shape.`, {
    code: 'invalid_response',
    data: body,
  });
}

/**
 * Classic add to cart: `POST /?wc-ajax=add_to_cart` with the button's fields,
 * form-encoded (wire contract §1.5). Resolves with `{fragments, cart_hash}`, or
 * with `{error: true, product_url}` when WooCommerce refused the add (the
 * storefront then goes to `product_url`, spec §8; it is `false` for a product
 * that does not exist).
 *
 * @throws {StoreApiError} `invalid_request` without a product id,
 * `invalid_response` for any other body, or a client code from {@link createApiFetch}.
 * @example
 * const result = await addToCart(apiFetch, { product_id: 15, quantity: 1 });
 * // product_url is server data: follow it only when it is on this origin.
 * if ('error' in result && result.product_url &&
 *   new URL(result.product_url, location.href).origin === location.origin)
 *   location.assign(result.product_url);
 */
export async function addToCart(
  apiFetch: ApiFetch,
  fields: WcAddToCartFields,
  init: WcAjaxInit = {},
): Promise<WcAddToCartResponse> {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value !== undefined) form[name] = String(value);
  }
  if (!/^\d+$/.test(form.product_id ?? '')) {
    throw new StoreApiError('addToCart() needs a numeric `product_id`.', {
      code: 'invalid_request',
    });
  }
  const body = await post(apiFetch, 'add_to_cart', form, init);
  const { error, product_url } = (body ?? {}) as { error?: unknown; product_url?: unknown };
  if (error === true && (typeof product_url === 'string' || product_url === false)) {
    return { error, product_url };
  }
  if (isFragments(body)) return body;
  throw unexpected('add_to_cart', body);
}

/**
 * Classic removal from the mini-cart: `POST /?wc-ajax=remove_from_cart` with
 * `cart_item_key` (wire contract §1.6). Resolves with `{fragments, cart_hash}`,
 * or `{success: false}` when WooCommerce could not remove the item (the
 * storefront then follows the remove link, spec §8).
 *
 * @throws {StoreApiError} `invalid_request` for an empty key, `invalid_response`
 * for any other body, or a client code from {@link createApiFetch}.
 * @example
 * const result = await removeFromCart(apiFetch, item.key);
 * if (!('fragments' in result) && removeLink.origin === location.origin)
 *   location.assign(removeLink.href);
 */
export async function removeFromCart(
  apiFetch: ApiFetch,
  cartItemKey: string,
  init: WcAjaxInit = {},
): Promise<WcRemoveFromCartResponse> {
  if (typeof cartItemKey !== 'string' || cartItemKey.trim() === '') {
    throw new StoreApiError('removeFromCart() needs a non-empty cart item key.', {
      code: 'invalid_request',
    });
  }
  const body = await post(apiFetch, 'remove_from_cart', { cart_item_key: cartItemKey }, init);
  if ((body as { success?: unknown } | null)?.success === false) return { success: false };
  if (isFragments(body)) return body;
  throw unexpected('remove_from_cart', body);
}

/**
 * Refreshes the cart fragments: `POST /?wc-ajax=get_refreshed_fragments` with
 * `time={now}` (wire contract §1.7). Pass a `signal` (for example
 * `AbortSignal.timeout(5000)`, WooCommerce's `request_timeout`) to bound it.
 *
 * @throws {StoreApiError} `invalid_response` when the body has no fragments,
 * or a client code from {@link createApiFetch}.
 * @example
 * const { fragments, cart_hash } = await getRefreshedFragments(apiFetch, { signal: AbortSignal.timeout(5000) });
 */
export async function getRefreshedFragments(
  apiFetch: ApiFetch,
  init: WcAjaxInit = {},
): Promise<WcFragments> {
  const body = await post(apiFetch, 'get_refreshed_fragments', { time: String(Date.now()) }, init);
  if (isFragments(body)) return body;
  throw unexpected('get_refreshed_fragments', body);
}
