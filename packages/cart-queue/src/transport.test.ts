import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWcAjaxTransport } from './transport';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let reply: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body,
      });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json =
  (body: unknown, status = 200) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

describe('createWcAjaxTransport', () => {
  test('posts the button data form-encoded to ?wc-ajax=add_to_cart and returns the JSON', async () => {
    reply = json({ fragments: { 'div.x': '<div class="x"></div>' }, cart_hash: 'h' });
    const transport = createWcAjaxTransport({ endpoint: `${base}/?wc-ajax=%%endpoint%%` });
    const body = await transport.addToCart({ product_id: '42', quantity: '2', product_sku: 'M&M' });
    expect(body).toEqual({ fragments: { 'div.x': '<div class="x"></div>' }, cart_hash: 'h' });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/?wc-ajax=add_to_cart' });
    expect(request.contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      product_id: '42',
      quantity: '2',
      product_sku: 'M&M',
    });
  });

  test('posts cart_item_key to ?wc-ajax=remove_from_cart', async () => {
    reply = json({ success: false });
    const transport = createWcAjaxTransport({ endpoint: `${base}/?wc-ajax=%%endpoint%%` });
    await expect(transport.removeFromCart('abc123')).resolves.toEqual({ success: false });
    expect(seen.at(-1)).toMatchObject({
      url: '/?wc-ajax=remove_from_cart',
      body: 'cart_item_key=abc123',
    });
  });

  test('refresh posts to ?wc-ajax=get_refreshed_fragments and returns the fragments and hash', async () => {
    reply = json({ fragments: { 'div.x': '<div class="x">0</div>' }, cart_hash: '' });
    const transport = createWcAjaxTransport({ endpoint: `${base}/?wc-ajax=%%endpoint%%` });
    await expect(transport.refresh?.()).resolves.toEqual({
      fragments: { 'div.x': '<div class="x">0</div>' },
      cart_hash: '',
    });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/?wc-ajax=get_refreshed_fragments' });
  });

  test('an empty body is null (WooCommerce answers nothing without a product_id)', async () => {
    reply = (_req, res) => res.end();
    const transport = createWcAjaxTransport({ endpoint: `${base}/?wc-ajax=%%endpoint%%` });
    await expect(transport.addToCart({ product_id: '1' })).resolves.toBeNull();
  });

  test.each([
    [
      'a non-2xx status',
      (_req: IncomingMessage, res: ServerResponse) => res.writeHead(503).end('{}'),
      'http_error',
    ],
    [
      'HTML instead of JSON',
      (_req: IncomingMessage, res: ServerResponse) => res.end('<html>'),
      'invalid_response',
    ],
    [
      'a JSON array',
      (_req: IncomingMessage, res: ServerResponse) => res.end('[1]'),
      'invalid_response',
    ],
  ])('%s is a typed error', async (_, handler, code) => {
    reply = handler;
    const transport = createWcAjaxTransport({ endpoint: `${base}/?wc-ajax=%%endpoint%%` });
    await expect(transport.addToCart({ product_id: '1' })).rejects.toMatchObject({
      name: 'CartQueueError',
      code,
    });
  });

  test('no answer at all is a network_error with the cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const transport = createWcAjaxTransport({
      endpoint: `http://127.0.0.1:${port}/?wc-ajax=%%endpoint%%`,
    });
    const error: unknown = await transport.addToCart({ product_id: '1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'CartQueueError', code: 'network_error' });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  test('a store that never answers is cut off at the timeout', async () => {
    reply = () => undefined;
    const transport = createWcAjaxTransport({
      endpoint: `${base}/?wc-ajax=%%endpoint%%`,
      timeout: 50,
    });
    await expect(transport.addToCart({ product_id: '1' })).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});
