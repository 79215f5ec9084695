/**
 * Attack suite, finding 3 of the security issue: every redirect the store issues goes to a path
 * on its own origin, whatever the request target, `Referer` or `redirect_to` says. Over real HTTP:
 * an injected request would read `//evil.example/` as a host before the store saw it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drivers, type TestStore } from '../test/drivers';

describe.each(drivers)('redirects stay on the origin on $name', (driver) => {
  let t: TestStore;
  let origin: string;

  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const url = new URL(origin);
      const request = http.request(
        { host: url.hostname, port: url.port, method: 'GET', path, headers },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  /** Where a browser on this origin would go after following `location`. */
  const landing = (location: string) => new URL(location, `${origin}/page/`);

  beforeAll(async () => {
    t = await driver.open();
    await t.store.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.store.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test.each([
    ['//evil.example/?add-to-cart=abc', {}],
    ['///evil.example/?add-to-cart=abc', {}],
    ['/?add-to-cart=abc', { referer: 'http://evil.example/' }],
    ['/shop/?add-to-cart=abc', { referer: 'ORIGIN//evil.example/x' }],
    ['/shop/?add-to-cart=abc', { referer: '//evil.example/x' }],
    ['/shop/?add-to-cart=abc', { referer: 'javascript:alert(1)' }],
    ['//evil.example/?remove_item=abc', {}],
  ])('GET %s (%j) redirects to a same-origin path', async (path, headers) => {
    const sent = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value.replace('ORIGIN', origin)]),
    );
    const response = await get(path, sent);
    expect(response.status).toBe(302);
    expect(response.location).toBeDefined();
    expect(response.location!.startsWith('//')).toBe(false);
    expect(response.location!.startsWith('/\\')).toBe(false);
    expect(landing(response.location!).origin).toBe(origin);
  });

  test('a same-origin Referer is still where the shopper goes back to', async () => {
    const response = await get('/shop/?add-to-cart=abc', {
      referer: `${origin}/shop/?orderby=price`,
    });
    expect(response.status).toBe(302);
    expect(response.location).toBe('/shop/?orderby=price');
  });
});
