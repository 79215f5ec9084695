import { readCookie } from './cookies';

/**
 * The order-received page reads the order from the Store API (`order/{id}?key=&billing_email=`),
 * which a guest may only read with the billing email. The checkout hands the email on in this
 * cookie: only to the order-received pages (`Path`), only to the server (`HttpOnly`), for an hour.
 * A shopper who opens the page later, or elsewhere, is asked for the email instead.
 */
export const ORDER_CONFIRMATION_COOKIE = 'cartwright_order_received';
const PATH = '/checkout/order-received/';
const MAX_AGE = 60 * 60;
/** Longer values are not ours (an email is at most 254 characters). */
const MAX_LENGTH = 600;

export interface OrderConfirmation {
  orderId: number;
  email: string;
  /** The payment method's id, when the checkout that placed the order set the cookie. */
  paymentMethod?: string;
  /** When the order was placed (ISO 8601), when the checkout set the cookie. */
  placedAt?: string;
}

/** The `Set-Cookie` value that hands `confirmation` to the order-received page. */
export function orderConfirmationCookie(confirmation: OrderConfirmation, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(confirmation));
  return `${ORDER_CONFIRMATION_COOKIE}=${value}; Path=${PATH}; Max-Age=${MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** What the cookie says about order `orderId`, if it is about that order and well formed. */
export function readOrderConfirmation(
  cookieHeader: string | null | undefined,
  orderId: number,
): OrderConfirmation | undefined {
  const raw = readCookie(cookieHeader, ORDER_CONFIRMATION_COOKIE);
  if (raw === undefined || raw.length > MAX_LENGTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  if (record.orderId !== orderId || typeof record.email !== 'string' || record.email === '') {
    return undefined;
  }
  return {
    orderId,
    email: record.email,
    ...(typeof record.paymentMethod === 'string' ? { paymentMethod: record.paymentMethod } : {}),
    ...(typeof record.placedAt === 'string' && !Number.isNaN(Date.parse(record.placedAt))
      ? { placedAt: record.placedAt }
      : {}),
  };
}
