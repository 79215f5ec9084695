import { hmacHex, safeEqual } from './crypto';

/** The nonce actions the store checks: REST cookie auth, the Store API, logging out, cart links. */
export type NonceAction =
  | 'wp_rest'
  | 'wc_store_api'
  | 'log-out'
  | 'woocommerce-cart'
  | 'woocommerce-process_checkout'
  // The my-account forms (WooCommerce's `woocommerce-login-nonce` / `woocommerce-register-nonce`).
  | 'woocommerce-login'
  | 'woocommerce-register'
  // Lost password, new password and account details (`woocommerce-lost-password-nonce`,
  // `woocommerce-reset-password-nonce`, `save-account-details-nonce`).
  | 'lost_password'
  | 'reset_password'
  | 'save_account_details';

/**
 * Who a nonce belongs to, as WordPress's `wp_create_nonce` sees it: the user id (for a guest,
 * WooCommerce substitutes the session's customer id) and the login session token (`''` for guests).
 */
export interface NonceSubject {
  uid: string;
  token: string;
}

/** Nonce settings: the secret and the lifetime. */
export interface NonceConfig {
  secret: string;
  /** Seconds a nonce lives at most; it is valid for the current and the previous half. */
  lifetime: number;
}

/** WordPress's `wp_nonce_tick`: which half-lifetime `nowMs` falls in. */
export function nonceTick(nowMs: number, lifetime: number): number {
  return Math.ceil(nowMs / 1000 / (lifetime / 2));
}

function nonceAt(config: NonceConfig, tick: number, action: NonceAction, subject: NonceSubject) {
  // Like WordPress: a keyed hash of tick|action|uid|token, 10 hex characters of it.
  const hash = hmacHex(
    `${config.secret}:nonce`,
    `${tick}|${action}|${subject.uid}|${subject.token}`,
  );
  return hash.slice(-12, -2);
}

/** A nonce for `action` bound to `subject`, valid from now for between half and all of `lifetime`. */
export function createNonce(
  config: NonceConfig,
  nowMs: number,
  action: NonceAction,
  subject: NonceSubject,
): string {
  return nonceAt(config, nonceTick(nowMs, config.lifetime), action, subject);
}

/**
 * Checks a nonce like `wp_verify_nonce`: `1` when made in the current half-lifetime, `2` in the
 * previous one, `false` otherwise (wrong action, wrong subject, expired or malformed).
 */
export function verifyNonce(
  config: NonceConfig,
  nowMs: number,
  action: NonceAction,
  subject: NonceSubject,
  nonce: string,
): 1 | 2 | false {
  if (!/^[0-9a-f]{10}$/.test(nonce)) return false;
  const tick = nonceTick(nowMs, config.lifetime);
  if (safeEqual(nonceAt(config, tick, action, subject), nonce)) return 1;
  if (safeEqual(nonceAt(config, tick - 1, action, subject), nonce)) return 2;
  return false;
}
