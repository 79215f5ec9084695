import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { appendRepeatedHeaders } from './node-headers';

let server: http.Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A server that sets a baseline header, then writes the given flat header list. */
async function answer(patch: boolean, headers: string[]): Promise<Headers> {
  server = http.createServer((_req, res) => {
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Cache-Control', 'no-cache');
    if (patch) appendRepeatedHeaders(res);
    res.writeHead(303, headers);
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
  return response.headers;
}

const PAIRS = [
  'location',
  '/checkout/order-received/1/',
  'set-cookie',
  'cartwright_order_received=1; Path=/checkout/order-received/',
  'set-cookie',
  'woocommerce_items_in_cart=0; Max-Age=0; Path=/',
  'cache-control',
  'private, no-store',
];

describe('appendRepeatedHeaders', () => {
  test('keeps every Set-Cookie of an answer written after baseline headers', async () => {
    const headers = await answer(true, PAIRS);
    expect(headers.getSetCookie()).toEqual([
      'cartwright_order_received=1; Path=/checkout/order-received/',
      'woocommerce_items_in_cart=0; Max-Age=0; Path=/',
    ]);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('location')).toBe('/checkout/order-received/1/');
  });
});
