import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` under `key`, as lowercase hex. */
export function hmacHex(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** HMAC-SHA256 of `message` under `key`, as base64url (JWT signatures). */
export function hmacBase64url(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('base64url');
}

/** SHA-256 of `value` as hex: the verifier stored for a login session token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `bytes` random bytes as base64url: tokens, secrets, generated passwords. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** `length` random lowercase hex characters. */
export function randomHex(length: number): string {
  return randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);
}

/**
 * Compares two strings in time that depends only on their lengths, so an attacker cannot learn a
 * signature or nonce byte by byte from response times.
 */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
