import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StoreApiProduct } from '../catalog/serialize';
import { drivers, type TestStore } from '../test/drivers';

describe.each(drivers)('uploaded images over real HTTP on $name', (driver) => {
  let t: TestStore;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    t = await driver.open();
    // Mount the store in a host server, as the storefront does, through `store.handle`.
    server = createServer(t.store.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.cleanup();
  });

  async function allProducts(): Promise<StoreApiProduct[]> {
    const response = await fetch(`${origin}/wp-json/wc/store/v1/products?per_page=100`);
    expect(response.status).toBe(200);
    return (await response.json()) as StoreApiProduct[];
  }

  test('image URLs use the request origin and a WordPress uploads path', async () => {
    const items = await allProducts();
    for (const item of items) {
      expect(item.permalink).toBe(`${origin}/product/${item.slug}/`);
      expect(item.images.length).toBeGreaterThanOrEqual(1);
      for (const image of item.images) {
        expect(image.src).toMatch(
          new RegExp(`^${origin}/wp-content/uploads/\\d{4}/\\d{2}/[a-z0-9-]+\\.svg$`),
        );
      }
    }
    expect(items.some((item) => item.images.length > 1)).toBe(true);
  });

  test('every product image is served as a small, script-free SVG with safe caching headers', async () => {
    const sources = (await allProducts()).flatMap((item) => item.images.map((image) => image.src));
    expect(new Set(sources).size).toBe(sources.length);
    for (const src of sources) {
      const response = await fetch(src);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      const svg = await response.text();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
      const bytes = Buffer.byteLength(svg);
      expect(bytes).toBeGreaterThan(300);
      expect(bytes).toBeLessThan(2048);
    }
  });

  test('HEAD on an image answers the headers without a body', async () => {
    const [first] = await allProducts();
    const response = await fetch(first!.images[0]!.src, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toBe('');
  });

  test.each([
    '/wp-content/uploads/2025/01/missing.svg',
    '/wp-content/uploads/25/1/x.svg',
    '/wp-content/uploads/2025/01/%00.svg',
  ])('%s is a plain 404', async (path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test.each([
    '/wp-content/uploads/2025/01/..%2F..%2Fetc%2Fpasswd',
    '/wp-content/uploads/2025/01/..%5Cx.svg',
  ])('%s (an ambiguous path) is refused with a 400 before any route sees it', async (path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'rest_invalid_url' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
