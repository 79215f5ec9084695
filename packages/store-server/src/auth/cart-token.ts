import { hmacBase64url, safeEqual } from './crypto';

/** The issuer WooCommerce writes into a Cart-Token (the Store API namespace). */
export const CART_TOKEN_ISSUER = 'wc/store/v1';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** The claims of a Cart-Token: whose session, until when (Unix seconds), from whom. */
export interface CartTokenClaims {
  user_id: string;
  exp: number;
  iss: string;
  /**
   * For a logged-in customer's session: the verifier of the login session the token was issued
   * under, so the token dies with that login (logout ends it at once). Absent for a guest.
   */
  login_session?: string;
}

/**
 * Signs a Cart-Token as WooCommerce does (wire contract §5.4): an HS256 JWT with
 * `{user_id, exp, iss: 'wc/store/v1'}` where `user_id` is the session's customer id.
 */
export function signCartToken(
  secret: string,
  customerId: string,
  expiresAt: number,
  loginSession?: string,
): string {
  const claims: CartTokenClaims = {
    user_id: customerId,
    exp: expiresAt,
    iss: CART_TOKEN_ISSUER,
    ...(loginSession === undefined ? {} : { login_session: loginSession }),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${HEADER}.${payload}.${hmacBase64url(`${secret}:cart-token`, `${HEADER}.${payload}`)}`;
}

/**
 * The customer id of a valid Cart-Token, or `undefined` when the token is malformed, signed with
 * another key or algorithm, from another issuer, or expired at `nowSeconds`.
 */
export function verifyCartToken(
  secret: string,
  token: string,
  nowSeconds: number,
): string | undefined {
  return readCartToken(secret, token, nowSeconds)?.customerId;
}

/** Like {@link verifyCartToken}, with the login session the token is bound to, if any. */
export function readCartToken(
  secret: string,
  token: string,
  nowSeconds: number,
): { customerId: string; loginSession: string | undefined } | undefined {
  if (token.length > 2048) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  // Only our own header is accepted, so `alg: none` or a key-confusion header never verifies.
  if (header !== HEADER) return undefined;
  if (!safeEqual(hmacBase64url(`${secret}:cart-token`, `${header}.${payload}`), signature)) {
    return undefined;
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { user_id: customerId, exp, iss, login_session } = claims as Partial<CartTokenClaims>;
  if (typeof customerId !== 'string' || customerId === '') return undefined;
  if (typeof exp !== 'number' || !(exp > nowSeconds)) return undefined;
  if (iss !== CART_TOKEN_ISSUER) return undefined;
  if (login_session !== undefined && typeof login_session !== 'string') return undefined;
  return { customerId, loginSession: login_session };
}
