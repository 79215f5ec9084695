import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drivers, type TestStore } from '../test/drivers';

interface RestIndex {
  name: string;
  description: string;
  url: string;
  home: string;
  namespaces: string[];
  routes: Record<
    string,
    { namespace: string; methods: string[]; _links?: { self: { href: string }[] } }
  >;
}

describe.each(drivers)('the REST index and request rewriting on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open({
      siteName: 'Bean There',
      siteDescription: 'Coffee, tea and mugs',
      siteUrl: 'https://shop.example.com',
    });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('GET /wp-json/ names the site, its namespaces and a summary of every route', async () => {
    for (const url of ['/wp-json/', '/wp-json']) {
      const response = await t.store.app.inject(url);
      expect(response.statusCode).toBe(200);
      const index = response.json<RestIndex>();
      expect(index).toMatchObject({
        name: 'Bean There',
        description: 'Coffee, tea and mugs',
        url: 'https://shop.example.com',
        home: 'https://shop.example.com',
        namespaces: ['cartwright/v1', 'wc/store/v1', 'wp/v2'],
      });
      expect(index.routes['/wc/store/v1/products']).toEqual({
        namespace: 'wc/store/v1',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: {} }],
        _links: { self: [{ href: 'https://shop.example.com/wp-json/wc/store/v1/products' }] },
      });
      expect(index.routes['/wp/v2/media/(?P<id>[^/]+)']).toMatchObject({
        namespace: 'wp/v2',
        methods: ['DELETE', 'GET'],
      });
      expect(index.routes['/wp/v2/media']!.methods).toEqual(['POST']);
      expect(index.routes['/wc/store/v1/cart/add-item']!.methods).toEqual(['POST']);
      expect(index.routes['/cartwright/v1/settings']!.methods).toEqual([
        'GET',
        'PATCH',
        'POST',
        'PUT',
      ]);
    }
  });

  test('GET /wp-json/{namespace} lists only that namespace', async () => {
    const response = await t.store.app.inject('/wp-json/wp/v2');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ namespace: string; routes: RestIndex['routes'] }>();
    expect(body.namespace).toBe('wp/v2');
    expect(Object.values(body.routes).every((route) => route.namespace === 'wp/v2')).toBe(true);
    expect(Object.keys(body.routes)).toContain('/wp/v2/users/me');
  });

  test('?rest_route= (plain permalinks) reaches the same routes, keeping the other arguments', async () => {
    const response = await t.store.app.inject(
      '/?rest_route=/wc/store/v1/products&per_page=2&orderby=id',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
    expect(response.headers.link).toContain('rel="next"');
  });

  test('?rest_route= wins on any path index.php answers, as in WordPress, but not on real files', async () => {
    for (const path of ['/shop/', '/wp-json/', '/wp-json/wc/store/v1/cart', '/some/page/']) {
      const response = await t.store.app.inject(`${path}?rest_route=/wp/v2/users/me`);
      expect([path, response.statusCode, response.json<{ code: string }>().code]).toEqual([
        path,
        401,
        'rest_not_logged_in',
      ]);
    }
    const login = await t.store.app.inject('/wp-login.php?rest_route=/wp/v2/users/me');
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/^text\/html/);
  });

  test('X-HTTP-Method-Override turns a POST into the named method; other methods ignore it', async () => {
    const asGet = await t.store.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/products?per_page=1',
      headers: { 'x-http-method-override': 'get' },
    });
    expect(asGet.statusCode).toBe(200);
    expect(asGet.json()).toHaveLength(1);
    const viaQuery = await t.store.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/products?_method=GET',
    });
    expect(viaQuery.statusCode).toBe(200);
    const notPost = await t.store.app.inject({
      method: 'PUT',
      url: '/wp-json/wc/store/v1/products',
      headers: { 'x-http-method-override': 'GET' },
    });
    expect(notPost.statusCode).toBe(404);
    const unknown = await t.store.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/products',
      headers: { 'x-http-method-override': 'TRACE' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('errors everywhere under /wp-json/ are WordPress errors', async () => {
    const response = await t.store.app.inject('/wp-json/wp/v2/users/me');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(response.json()).toEqual({
      code: 'rest_not_logged_in',
      message: 'You are not currently logged in.',
      data: { status: 401 },
    });
  });
});
