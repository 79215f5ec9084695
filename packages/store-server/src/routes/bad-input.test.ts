import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StoreApiProduct } from '../catalog/serialize';
import { DEMO_PRODUCTS } from '../seed/catalog';
import { DEMO_VARIABLE_PRODUCTS } from '../seed/variations';
import { drivers, type TestStore } from '../test/drivers';

const API = '/wp-json/wc/store/v1';
const PUBLISHED = [
  ...DEMO_PRODUCTS.filter((product) => product.status !== 'draft'),
  // The variable products are listed too (their variations are not).
  ...DEMO_VARIABLE_PRODUCTS,
];
const TOTAL = PUBLISHED.length;
const TEA = PUBLISHED.filter((product) => product.categories.includes('tea')).length;

describe.each(drivers)('bad input never gets a 5xx on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const inject = (url: string, method: 'GET' | 'POST' | 'DELETE' | 'PUT' = 'GET') =>
    t.store.app.inject({ method, url });

  test.each([
    ['page=abc', { page: 'page is not of type integer.' }],
    ['page=0', { page: 'page must be greater than or equal to 1' }],
    ['page=', { page: 'page is not of type integer.' }],
    ['page[]=2', { page: 'page is not of type integer.' }],
    ['per_page=-5', { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' }],
    ['per_page=101', { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' }],
    ['per_page=1.5', { per_page: 'per_page is not of type integer.' }],
    ['order=sideways', { order: 'order is not one of asc, desc.' }],
    [
      'orderby=%00',
      {
        orderby:
          'orderby is not one of date, modified, id, include, title, slug, price, popularity, rating, menu_order, comment_count.',
      },
    ],
    ['include=1,two', { include: 'include[1] is not of type integer.' }],
    ['on_sale=maybe', { on_sale: 'on_sale is not of type boolean.' }],
    [
      'min_price=-1',
      { min_price: 'min_price must be a whole number of minor units (cents), for example 1500.' },
    ],
    [
      'max_price=12.50',
      { max_price: 'max_price must be a whole number of minor units (cents), for example 1500.' },
    ],
    ['search[]=tea', { search: 'search is not of type string.' }],
  ])('%s is a 400 rest_invalid_param naming the parameter', async (query, params) => {
    const response = await inject(`${API}/products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<{ code: string; message: string; data: Record<string, unknown> }>();
    expect(body.code).toBe('rest_invalid_param');
    expect(body.message).toBe(`Invalid parameter(s): ${Object.keys(params).join(', ')}`);
    expect(body.data.status).toBe(400);
    expect(body.data.params).toEqual(params);
    expect(Object.keys(body.data.details as object)).toEqual(Object.keys(params));
  });

  test('every bad parameter is reported at once, in the order WordPress checks them', async () => {
    const response = await inject(`${API}/products?order=up&per_page=0&page=x&orderby=cost`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      message: string;
      data: { details: Record<string, { code: string }> };
    }>();
    expect(body.message).toBe('Invalid parameter(s): page, per_page, orderby, order');
    expect(body.data.details).toMatchObject({
      page: { code: 'rest_invalid_type' },
      per_page: { code: 'rest_out_of_bounds' },
      orderby: { code: 'rest_not_in_enum' },
      order: { code: 'rest_not_in_enum' },
    });
  });

  test.each([
    ['a NUL byte in search is dropped, leaving no filter', 'search=%00', TOTAL],
    ['a NUL byte inside a search term is a separator', 'search=earl%00grey', 1],
    ['a 10,000-character search finds nothing', `search=${'a'.repeat(10_000)}`, 0],
    ['SQL-looking category text is just an unknown slug', 'category=;drop', 0],
    ['a quoted SQL search is literal text', "search='%20OR%201=1--", 0],
    ['repeated params keep the last value, as PHP does', 'search=zzz&search=earl%20grey', 1],
    ['malformed percent-encoding in the query is read literally', 'search=%E0%A4%A&foo=%zz', 0],
    ['unknown params are ignored', 'colour=red&__proto__=x&constructor=y', TOTAL],
    ['ids beyond the integer range match nothing', 'include=99999999999999', 0],
    ['a huge price bound is clamped, not an error', 'min_price=99999999999999', 0],
    ['a NUL byte around a category slug is stripped', 'category=tea%00', TEA],
    ['a NUL byte in sku and slug filters is harmless', 'sku=%00&slug=x%00y', 0],
  ])('%s', async (_title, query, total) => {
    const response = await inject(`${API}/products?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-wp-total']).toBe(String(total));
    expect(Array.isArray(response.json())).toBe(true);
  });

  test('repeated page params use the last one', async () => {
    const second = await inject(`${API}/products?per_page=3&page=1&page=2`);
    const expected = await inject(`${API}/products?per_page=3&page=2`);
    expect(second.json<StoreApiProduct[]>().map((p) => p.id)).toEqual(
      expected.json<StoreApiProduct[]>().map((p) => p.id),
    );
  });

  test('a page far beyond the end is an empty list', async () => {
    const response = await inject(`${API}/products?page=99999999999999999999`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  test.each([
    ['an id beyond the integer range', '99999999999999999999'],
    ['id 0', '0'],
    ['a NUL byte', '%00'],
    ['a slug with a NUL byte', 'latte-bowl%00'],
    ['SQL-looking text', "'%3Bdrop%20table%20products--"],
    ['a very long slug', 'x'.repeat(900)],
  ])('a single product by %s is a 404', async (_title, key) => {
    const response = await inject(`${API}/products/${key}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'woocommerce_rest_product_invalid_id' });
  });

  test('malformed percent-encoding in the path is a 400 rest_invalid_url', async () => {
    const response = await inject(`${API}/products/%E0%A4%A`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'rest_invalid_url',
      message: 'The URL is malformed (invalid percent-encoding).',
      data: { status: 400 },
    });
  });

  const noRoute = {
    code: 'rest_no_route',
    message: 'No route was found matching the URL and request method.',
    data: { status: 404 },
  };

  test.each([
    ['an unknown REST route', 'GET', '/wp-json/wc/store/v1/nothing-here'],
    ['an unknown namespace', 'GET', '/wp-json/acme/v9/widgets'],
    ['a wrong method on the collection', 'POST', `${API}/products`],
    ['a wrong method on a product', 'DELETE', `${API}/products/1`],
    ['a wrong method with a query', 'PUT', `${API}/products?page=1`],
  ] as const)('%s is a 404 rest_no_route', async (_title, method, url) => {
    const response = await inject(url, method);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(noRoute);
  });

  test('a broken JSON body is a 400 rest_invalid_json, not a crash', async () => {
    const response = await t.store.app.inject({
      method: 'POST',
      url: `${API}/products`,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400 },
    });
  });

  test('an empty JSON body is no body, as WordPress treats it (api-fetch sends one for DELETE)', async () => {
    const response = await t.store.app.inject({
      method: 'POST',
      url: `${API}/products`,
      headers: { 'content-type': 'application/json', 'x-http-method-override': 'DELETE' },
      payload: '',
    });
    expect(response.json()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
  });

  test('a JSON body that tries to pollute prototypes is refused', async () => {
    const response = await t.store.app.inject({
      method: 'POST',
      url: `${API}/products`,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"polluted":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'rest_invalid_json' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('a path segment longer than 1000 characters is a 414 rest_invalid_url', async () => {
    const response = await inject(`${API}/products/${'x'.repeat(1200)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ code: 'rest_invalid_url', data: { status: 414 } });
  });

  test('a path outside the REST API is a plain 404', async () => {
    const response = await inject('/not-a-store-path');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });

  test('the trailing-slash form of a route works, as in WordPress', async () => {
    const response = await inject(`${API}/products/?per_page=1`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
  });
});
