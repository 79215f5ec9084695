/** What the cart routes share: URLs, cookies, parameters. */
import type { FastifyRequest } from 'fastify';
import { parseCookies, serializeCookie } from '../auth/cookies';
import type { Cart } from '../cart/cart';
import type { FragmentUrls } from '../cart/fragments';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import type { RouteContext } from './context';

/** WooCommerce's cart cookies (wire contract §1.7), readable by scripts. */
export const ITEMS_IN_CART_COOKIE = 'woocommerce_items_in_cart';
export const CART_HASH_COOKIE = 'woocommerce_cart_hash';

/** The shop's page paths (WooCommerce's default page slugs). */
export const CART_PATH = '/cart/';
export const CHECKOUT_PATH = '/checkout/';
export const SHOP_PATH = '/shop/';

/** The cart page, checkout and remove links for this request's origin and session. */
export function cartUrls(context: RouteContext, request: FastifyRequest): FragmentUrls {
  const origin = requestOrigin(request, context.siteUrl);
  const cart = `${origin}${CART_PATH}`;
  let nonce: string | undefined;
  return {
    cart,
    checkout: `${origin}${CHECKOUT_PATH}`,
    removeUrl(itemKey) {
      nonce ??= context.auth.nonceFor(request, 'woocommerce-cart') ?? '';
      return `${cart}?remove_item=${encodeURIComponent(itemKey)}&_wpnonce=${nonce}`;
    },
  };
}

/**
 * Keeps `woocommerce_items_in_cart` and `woocommerce_cart_hash` in step with the cart, as
 * WooCommerce does: `1` and the hash while it holds something, both expired an hour in the past
 * once it is empty. Only what differs from the request's cookies is sent. Sessions carried by a
 * `Cart-Token` get them too (WooCommerce 10.2.4 sends them there), but never a session cookie.
 */
export function syncCartCookies(context: RouteContext, request: FastifyRequest, cart: Cart): void {
  const sent = parseCookies(request.headers.cookie);
  const secure = context.auth.isSecure(request);
  const set = (name: string, value: string, expires?: number) =>
    request.auth.setCookies.push(
      serializeCookie(name, value, {
        secure,
        httpOnly: false,
        ...(expires === undefined ? {} : { expires }),
      }),
    );
  if (cart.lines.length > 0) {
    if (sent.get(ITEMS_IN_CART_COOKIE) !== '1') set(ITEMS_IN_CART_COOKIE, '1');
    if (sent.get(CART_HASH_COOKIE) !== cart.hash) set(CART_HASH_COOKIE, cart.hash);
    return;
  }
  const anHourAgo = Math.floor(context.auth.config.now() / 1000) - 3600;
  for (const name of [ITEMS_IN_CART_COOKIE, CART_HASH_COOKIE]) {
    if (sent.has(name)) set(name, '', anHourAgo);
  }
}

/** Request parameters: the query string overlaid by the body (JSON or form), as WordPress merges them. */
export function requestParams(request: FastifyRequest): Record<string, unknown> {
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const sources = [request.query, request.body];
  for (const source of sources) {
    // A raw body (an upload's bytes) holds no parameters.
    if (typeof source !== 'object' || source === null || Array.isArray(source)) continue;
    if (Buffer.isBuffer(source)) continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      params[key] = value;
    }
  }
  return params;
}

/** An integer parameter as WordPress's schema validation reads it: a JSON integer or digits. */
export function integerParam(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** The largest id a row can have (PostgreSQL's `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * A record id from a request (path, query or body): a positive integer that a row could have.
 * Anything else, including a number beyond PostgreSQL's integer range, is `undefined`, so the
 * route answers its own "invalid id" instead of asking the database.
 */
export function idParam(value: unknown): number | undefined {
  const id = integerParam(value);
  return id !== undefined && id >= 1 && id <= MAX_ID ? id : undefined;
}

/** 400 `rest_missing_callback_param`: required parameters are absent (WordPress's error). */
export function missingParams(names: string[]): RestError {
  return new RestError(
    'rest_missing_callback_param',
    `Missing parameter(s): ${names.join(', ')}`,
    400,
    { params: names },
  );
}

/** PHP's `intval` on a form field: the leading integer, else 0 (`"2.7"` → 2, `"x"` → 0). */
export function phpInt(value: unknown): number {
  if (typeof value !== 'string') return 0;
  const match = /^\s*([+-]?\d+)/.exec(value);
  if (match === null) return 0;
  const parsed = Number(match[1]);
  return Number.isSafeInteger(parsed) ? parsed : 0;
}
