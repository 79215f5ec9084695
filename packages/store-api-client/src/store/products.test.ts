import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createApiFetch } from '../api-fetch';
import type { ApiFetch } from '../types';
import {
  getAttributeTerms,
  getCollectionData,
  getProduct,
  getProductAttributes,
  getProductCategories,
  getProducts,
} from './products';
import type { StoreProduct } from './types';

const beanie: StoreProduct = {
  id: 15,
  name: 'Beanie',
  slug: 'beanie',
  variation: '',
  permalink: 'https://shop.example/product/beanie/',
  sku: 'woo-beanie',
  short_description: '<p>Warm.</p>',
  description: '<p>A warm beanie.</p>',
  on_sale: true,
  prices: {
    price: '1800',
    regular_price: '2000',
    sale_price: '1800',
    price_range: null,
    currency_code: 'USD',
    currency_symbol: '$',
    currency_minor_unit: 2,
    currency_decimal_separator: '.',
    currency_thousand_separator: ',',
    currency_prefix: '$',
    currency_suffix: '',
  },
  average_rating: '4.50',
  review_count: 2,
  images: [
    {
      id: 40,
      src: 'https://shop.example/beanie.jpg',
      thumbnail: 'https://shop.example/beanie-300.jpg',
      srcset: '',
      sizes: '',
      name: 'beanie.jpg',
      alt: 'A red beanie',
    },
  ],
  categories: [
    { id: 9, name: 'Accessories', slug: 'accessories', link: 'https://shop.example/c/acc/' },
  ],
  has_options: false,
  is_purchasable: true,
  is_in_stock: true,
  low_stock_remaining: null,
  add_to_cart: { text: 'Add to cart', description: 'Add “Beanie” to your cart' },
};

type Route = (url: URL, response: ServerResponse) => void;

let server: Server;
let origin: string;
let route: Route;
const seen: URL[] = [];
let apiFetch: ApiFetch;

const send = (response: ServerResponse, status: number, body: unknown, headers = {}) => {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    seen.push(url);
    route(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  apiFetch = createApiFetch({ root: `${origin}/wp-json/` });
});
afterEach(() => {
  seen.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('getProducts', () => {
  test('returns the items with the totals from X-WP-Total and X-WP-TotalPages', async () => {
    route = (_url, response) =>
      send(response, 200, [beanie], { 'X-WP-Total': '13', 'X-WP-TotalPages': '7' });
    const list = await getProducts(apiFetch, { per_page: 2, page: 1 });
    expect(list).toEqual({ items: [beanie], total: 13, totalPages: 7 });
  });

  test('sends the query with lists comma-separated and undefined arguments left out', async () => {
    route = (_url, response) =>
      send(response, 200, [], { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' });
    await getProducts(apiFetch, {
      page: 2,
      orderby: 'price',
      order: 'asc',
      search: 'red hat',
      include: [15, 16],
      on_sale: true,
      category: ['accessories', 'hats'],
      slug: undefined,
    });
    const url = seen[0]!;
    expect(url.pathname).toBe('/wp-json/wc/store/v1/products');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['orderby', 'price'],
      ['order', 'asc'],
      ['search', 'red hat'],
      ['include', '15,16'],
      ['on_sale', 'true'],
      ['category', 'accessories,hats'],
      ['_locale', 'user'],
    ]);
  });

  test('rejects with invalid_response when the total headers are missing', async () => {
    route = (_url, response) => send(response, 200, [beanie]);
    await expect(getProducts(apiFetch)).rejects.toMatchObject({
      name: 'StoreApiError',
      code: 'invalid_response',
    });
  });

  test('rejects with invalid_response when the body is not a list', async () => {
    route = (_url, response) =>
      send(response, 200, { id: 1 }, { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' });
    await expect(getProducts(apiFetch)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  test('passes the server error through as a StoreApiError', async () => {
    route = (_url, response) =>
      send(response, 400, {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): per_page',
        data: {
          status: 400,
          params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
        },
      });
    await expect(getProducts(apiFetch, { per_page: 500 })).rejects.toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: { status: 400 },
    });
  });

  test('refuses a query value it cannot send, before any request', async () => {
    await expect(getProducts(apiFetch, { page: Number.NaN })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(seen).toHaveLength(0);
  });
});

describe('getProduct', () => {
  test.each([
    ['an id', 15, '/wp-json/wc/store/v1/products/15'],
    ['a slug', 'beanie', '/wp-json/wc/store/v1/products/beanie'],
    ['a slug that needs encoding', 'hat/red', '/wp-json/wc/store/v1/products/hat%2Fred'],
  ])('reads one product by %s', async (_title, idOrSlug, pathname) => {
    route = (_url, response) => send(response, 200, beanie);
    await expect(getProduct(apiFetch, idOrSlug)).resolves.toEqual(beanie);
    expect(seen[0]?.pathname).toBe(pathname);
  });

  test('an unknown product rejects with the server error code', async () => {
    route = (_url, response) =>
      send(response, 404, {
        code: 'woocommerce_rest_product_invalid_id',
        message: 'Invalid product ID.',
        data: { status: 404 },
      });
    await expect(getProduct(apiFetch, 999)).rejects.toMatchObject({
      code: 'woocommerce_rest_product_invalid_id',
      data: { status: 404 },
    });
  });

  test.each([
    ['zero', 0],
    ['a negative id', -3],
    ['a fraction', 1.5],
    ['an empty slug', '  '],
  ])('refuses %s with invalid_request before any request', async (_title, idOrSlug) => {
    await expect(getProduct(apiFetch, idOrSlug)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(seen).toHaveLength(0);
  });
});

describe('attribute filters and collection data', () => {
  test('getProducts sends attributes[] as PHP reads nested lists', async () => {
    route = (_url, response) =>
      send(response, 200, [], { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' });
    await getProducts(apiFetch, {
      attributes: [{ attribute: 'pa_size', slug: ['m', 'l'], operator: 'in' }],
      attribute_relation: 'and',
    });
    expect([...seen[0]!.searchParams]).toEqual([
      ['attributes[0][attribute]', 'pa_size'],
      ['attributes[0][slug][]', 'm'],
      ['attributes[0][slug][]', 'l'],
      ['attributes[0][operator]', 'in'],
      ['attribute_relation', 'and'],
      ['_locale', 'user'],
    ]);
  });

  test('getCollectionData asks for the figures over the filters and returns the body', async () => {
    const body = {
      price_range: null,
      attribute_counts: [{ term: 3, count: 2 }],
      rating_counts: null,
      stock_status_counts: null,
      taxonomy_counts: null,
    };
    route = (_url, response) => send(response, 200, body);
    const data = await getCollectionData(apiFetch, {
      category: '12',
      min_price: 1000,
      calculate_price_range: true,
      calculate_attribute_counts: [{ taxonomy: 'pa_size', query_type: 'or' }],
    });
    expect(data).toEqual(body);
    const url = seen[0]!;
    expect(url.pathname).toBe('/wp-json/wc/store/v1/products/collection-data');
    expect([...url.searchParams]).toEqual([
      ['category', '12'],
      ['min_price', '1000'],
      ['calculate_price_range', 'true'],
      ['calculate_attribute_counts[0][taxonomy]', 'pa_size'],
      ['calculate_attribute_counts[0][query_type]', 'or'],
      ['_locale', 'user'],
    ]);
  });

  test('a non-list attributes argument is an invalid_request, sent nowhere', async () => {
    await expect(getProducts(apiFetch, { attributes: 'pa_size' as never })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(seen).toHaveLength(0);
  });

  test('getProductAttributes and getAttributeTerms read the lists; a bad id is sent nowhere', async () => {
    const sizes = [{ id: 1, name: 'Size', taxonomy: 'pa_size', count: 3 }];
    route = (_url, response) => send(response, 200, sizes);
    expect(await getProductAttributes(apiFetch)).toEqual(sizes);
    expect(seen[0]!.pathname).toBe('/wp-json/wc/store/v1/products/attributes');
    const terms = [{ id: 16, name: 'S', slug: 's', count: 1 }];
    route = (_url, response) => send(response, 200, terms);
    expect(await getAttributeTerms(apiFetch, 1)).toEqual(terms);
    expect(seen[1]!.pathname).toBe('/wp-json/wc/store/v1/products/attributes/1/terms');
    await expect(getAttributeTerms(apiFetch, 0)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(seen).toHaveLength(2);
    route = (_url, response) => send(response, 200, { id: 1 });
    await expect(getProductAttributes(apiFetch)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  test('getProductCategories returns the list; anything else is invalid_response', async () => {
    const list = [{ id: 1, name: 'Tea', slug: 'tea', description: '', parent: 0, count: 2 }];
    route = (_url, response) => send(response, 200, list);
    expect(await getProductCategories(apiFetch)).toEqual(list);
    expect(seen[0]!.pathname).toBe('/wp-json/wc/store/v1/products/categories');
    route = (_url, response) => send(response, 200, { id: 1 });
    await expect(getProductCategories(apiFetch)).rejects.toMatchObject({
      code: 'invalid_response',
    });
    route = (_url, response) => send(response, 200, [1]);
    await expect(getCollectionData(apiFetch, {})).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
