/**
 * The page's one WordPress REST client (`@cartwright/store-api-client`), for every browser call to
 * the store: the cart (through cart-queue's adapters), the footer subscription, the coming-soon
 * dismissal, store analytics batches and address suggestions. It sends the
 * `wp_rest` nonce as `X-WP-Nonce` to this origin only, refreshes it from `admin-ajax.php?action=
 * rest-nonce` and retries once when the store says it is stale, and gives typed errors. Pages load
 * this module only when a shopper sends one of those (a dynamic import), so it costs no bytes before.
 */
import { createWcAjaxTransport, type CartTransport } from '@cartwright/cart-queue';
import { createStoreApi, type StoreApi } from '@cartwright/store-api-client/store';
import { COMING_SOON_DISMISS_BODY } from '@cartwright/ui-components';
import type { SubscriptionPayload } from '@cartwright/ui-components';
import { createApiFetch } from '@cartwright/store-api-client';
import type { ApiFetch } from '@cartwright/store-api-client';
import type { TrackedEvent } from '@cartwright/consent-analytics';

/** A request that has not answered after this long fails with `timeout_error`. */
const TIMEOUT_MS = 30_000;
const NONCE_URL = '/wp-admin/admin-ajax.php?action=rest-nonce';

let client: ApiFetch | undefined;
let nonce: Promise<void> | undefined;
/** This browser's nonce, once the client has it. */
let knownNonce: string | undefined;

function restClient(): ApiFetch {
  client ??= createApiFetch({ timeout: TIMEOUT_MS, nonceEndpoint: NONCE_URL });
  return client;
}

/**
 * Asks for this browser's `wp_rest` nonce once (pages carry none, so they can be cached and a
 * first visit starts no session). A failed ask is asked again next time.
 */
function ensureNonce(apiFetch: ApiFetch): Promise<void> {
  nonce ??= apiFetch({ url: NONCE_URL, parse: false })
    .then((response) => response.text())
    .then((text) => {
      knownNonce = text.trim();
      apiFetch.setNonce(knownNonce);
    })
    .catch((error: unknown) => {
      nonce = undefined;
      throw error;
    });
  return nonce;
}

/** The footer subscription's `send`: the JSON payload to the subscription plugin's route. */
export async function sendSubscription(
  payload: SubscriptionPayload,
  endpoint: string,
): Promise<unknown> {
  const apiFetch = restClient();
  await ensureNonce(apiFetch);
  return apiFetch({ url: endpoint, method: 'POST', data: payload });
}

/**
 * The coming-soon banner's `send`: the meta form body to the user's REST route. The banner's
 * nonce (printed for this administrator) becomes the client's when it has none yet.
 */
export function sendComingSoonDismissal(restUrl: string, restNonce: string): Promise<unknown> {
  const apiFetch = restClient();
  if (nonce === undefined) {
    apiFetch.setNonce(restNonce);
    nonce = Promise.resolve();
    knownNonce = restNonce;
  }
  return apiFetch({
    url: restUrl,
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: COMING_SOON_DISMISS_BODY,
  });
}

/**
 * Store analytics' `send` (consent-analytics, proxy tracking): one batch to the track route, with
 * this browser's nonce so a logged-in shopper's events are theirs. Rejects on a failure (the
 * analytics queue the batch again).
 */
export async function sendAnalytics(endpoint: string, events: TrackedEvent[]): Promise<unknown> {
  const apiFetch = restClient();
  await ensureNonce(apiFetch);
  return apiFetch({ url: endpoint, method: 'POST', data: events });
}

/**
 * Readies store analytics' last batch before it is needed: the nonce is asked for when the
 * analytics start (consent allows them), so that a page left within the batch delay can still
 * send its events as this browser's ({@link leaveWithAnalytics}). The first batch would ask for it
 * anyway: no request more.
 */
export function prepareAnalytics(): void {
  ensureNonce(restClient()).catch(() => undefined);
}

/**
 * Store analytics' send on leaving the page (`pagehide`): the batch left, as a `keepalive` request
 * (it outlives the page) through a client made as the page's is, with its nonce and `_locale=user`,
 * so a logged-in shopper's events stay theirs. False while the nonce is not known yet: the caller
 * then sends it as a beacon.
 */
export function leaveWithAnalytics(endpoint: string, body: Blob): boolean {
  if (knownNonce === undefined) return false;
  createApiFetch({
    nonce: knownNonce,
    fetch: (input, init) => fetch(input, { ...init, keepalive: true }),
  })({
    url: endpoint,
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => undefined);
  return true;
}

/**
 * A GET below the REST root (address suggestions): the parsed body, or a typed error. No nonce
 * is asked for (the routes are public); one the client has is sent.
 */
export function getStore(path: string, { signal }: { signal?: AbortSignal }): Promise<unknown> {
  return restClient()({ path, ...(signal ? { signal } : {}) });
}

/**
 * The cart's transport (decision 0008, 0051): cart-queue's wc-ajax adapter over this client, with
 * a Store API session, so adds and removes go to `?wc-ajax=` as the spec's calls and the Store API
 * cart is read in the same queued step; quantity changes go through `cart/update-item`. The
 * session sends the nonce printed into the page first, then the newest one the store sends, and
 * refreshes a stale one once.
 */
export function createCartTransport(wcAjaxUrl: string, storeApiNonce?: string): CartTransport {
  return createWcAjaxTransport({
    apiFetch: restClient(),
    endpoint: wcAjaxUrl,
    store: cartStore(storeApiNonce),
  });
}

let session: StoreApi | undefined;

/**
 * The page's one Store API session, over this client: the cart's transport writes through it,
 * and so does an island page's cart forms (a coupon, a rate, the shipping address; decision
 * 0084), so they share its nonce. Made with the first caller's page nonce; from then on it keeps
 * the newest one the store sends.
 */
export function cartStore(storeApiNonce?: string): StoreApi {
  session ??= createStoreApi(restClient(), storeApiNonce ? { nonce: storeApiNonce } : {});
  return session;
}
