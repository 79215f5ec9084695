import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CollectionData } from '../catalog/collection-data';
import type { StoreApiCategory } from '../catalog/categories';
import { drivers, type TestStore } from '../test/drivers';

const API = '/wp-json/wc/store/v1/products/collection-data';

/** A listed product as the figures need it, read from the store's own `GET /products`. */
interface Listed {
  name: string;
  categories: string[];
  /** Lowest and highest price (a variable product's variations' range). */
  low: number;
  high: number;
  status: 'instock' | 'outofstock';
  rating: number;
}

describe.each(drivers)('products/collection-data on $name', (driver) => {
  let t: TestStore;
  const get = async (query: string) => {
    const response = await t.store.app.inject(`${API}${query}`);
    return { status: response.statusCode, body: response.json<CollectionData>() };
  };
  let PUBLISHED: Listed[];
  const low = (list: Listed[]) => String(Math.min(...list.map((p) => p.low)));
  const high = (list: Listed[]) => String(Math.max(...list.map((p) => p.high)));
  beforeAll(async () => {
    t = await driver.open({});
    const response = await t.store.app.inject('/wp-json/wc/store/v1/products?per_page=100');
    PUBLISHED = response
      .json<
        {
          name: string;
          categories: { slug: string }[];
          prices: { price: string; price_range: { min_amount: string; max_amount: string } | null };
          is_in_stock: boolean;
          average_rating: string;
        }[]
      >()
      .map((p) => ({
        name: p.name,
        categories: p.categories.map((c) => c.slug),
        low: Number(p.prices.price_range?.min_amount ?? p.prices.price),
        high: Number(p.prices.price_range?.max_amount ?? p.prices.price),
        status: p.is_in_stock ? 'instock' : 'outofstock',
        rating: Number(p.average_rating),
      }));
    expect(PUBLISHED.some((p) => p.low !== p.high)).toBe(true);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('with no flags every figure is null, as WooCommerce answers', async () => {
    expect(await get('')).toEqual({
      status: 200,
      body: {
        price_range: null,
        attribute_counts: null,
        rating_counts: null,
        stock_status_counts: null,
        taxonomy_counts: null,
      },
    });
  });

  test('calculate_price_range spans the published catalogue and ignores the price filter', async () => {
    for (const query of [
      '?calculate_price_range=true',
      '?calculate_price_range=1&min_price=1500&max_price=1600',
    ]) {
      const { status, body } = await get(query);
      expect(status).toBe(200);
      expect(body.price_range).toMatchObject({
        min_price: low(PUBLISHED),
        max_price: high(PUBLISHED),
        currency_code: 'USD',
        currency_minor_unit: 2,
      });
    }
  });

  test('the price range follows the category and the stock filter', async () => {
    const inTea = PUBLISHED.filter((p) => p.categories.includes('tea'));
    const tea = await get('?calculate_price_range=true&category=tea');
    expect(tea.body.price_range?.min_price).toBe(low(inTea));
    expect(tea.body.price_range?.max_price).toBe(high(inTea));
    const soldOut = PUBLISHED.filter((p) => p.status === 'outofstock');
    const out = await get('?calculate_price_range=true&stock_status[]=outofstock');
    expect(out.body.price_range?.min_price).toBe(low(soldOut));
    expect(out.body.price_range?.max_price).toBe(high(soldOut));
  });

  test('nothing matching gives a null range and zero counts', async () => {
    const { body } = await get(
      '?calculate_price_range=true&calculate_stock_status_counts=true&calculate_rating_counts=true&search=zzzqqq',
    );
    expect(body.price_range).toBeNull();
    expect(body.rating_counts).toEqual([]);
    expect(body.stock_status_counts).toEqual([
      { status: 'instock', count: '0' },
      { status: 'outofstock', count: '0' },
      { status: 'onbackorder', count: '0' },
    ]);
  });

  test('stock status counts are strings, in WooCommerce order, ignoring the stock filter', async () => {
    const expected = [
      {
        status: 'instock',
        count: String(PUBLISHED.filter((p) => p.status === 'instock').length),
      },
      {
        status: 'outofstock',
        count: String(PUBLISHED.filter((p) => p.status === 'outofstock').length),
      },
      { status: 'onbackorder', count: '0' },
    ];
    expect((await get('?calculate_stock_status_counts=true')).body.stock_status_counts).toEqual(
      expected,
    );
    expect(
      (await get('?calculate_stock_status_counts=true&stock_status[]=instock')).body
        .stock_status_counts,
    ).toEqual(expected);
  });

  test('category counts (taxonomy_counts for product_cat) follow the other filters', async () => {
    const categories = (await t.store.app.inject('/wp-json/wc/store/v1/products/categories')).json<
      StoreApiCategory[]
    >();
    // The price filter keeps a product whose range reaches down to the bound.
    const cheap = PUBLISHED.filter((p) => p.low <= 1500);
    const { body } = await get('?calculate_taxonomy_counts[]=product_cat&max_price=1500');
    const expected = categories
      .map((c) => ({
        term: c.id,
        count: cheap.filter((p) => p.categories.includes(c.slug)).length,
      }))
      .filter((c) => c.count > 0)
      .sort((a, b) => a.term - b.term);
    expect(body.taxonomy_counts).toEqual(expected);
    expect((await get('?calculate_taxonomy_counts[]=product_tag')).body.taxonomy_counts).toEqual(
      [],
    );
  });

  test('rating counts group rounded average ratings above zero', async () => {
    const { body } = await get('?calculate_rating_counts=true');
    const counts = body.rating_counts ?? [];
    expect(counts.length).toBeGreaterThan(0);
    const total = counts.reduce((sum, row) => sum + row.count, 0);
    const products = (await t.store.app.inject('/wp-json/wc/store/v1/products?per_page=100')).json<
      { average_rating: string }[]
    >();
    expect(total).toBe(products.filter((p) => Number(p.average_rating) > 0).length);
    for (const row of counts) expect(row.rating).toBeGreaterThanOrEqual(1);
  });

  test('a variable product matches a price filter its range overlaps, as WooCommerce does', async () => {
    const variable = PUBLISHED.find((p) => p.low !== p.high)!;
    const names = async (query: string) =>
      (await t.store.app.inject(`/wp-json/wc/store/v1/products?per_page=100&${query}`))
        .json<{ name: string }[]>()
        .map((p) => p.name);
    // Above its lowest price but within its range, and below its highest but within it.
    expect(await names(`min_price=${variable.low + 1}`)).toContain(variable.name);
    expect(await names(`max_price=${variable.high - 1}`)).toContain(variable.name);
    expect(await names(`min_price=${variable.high + 1}`)).not.toContain(variable.name);
    expect(await names(`max_price=${variable.low - 1}`)).not.toContain(variable.name);
  });

  test('attribute counts: an unknown taxonomy counts nothing', async () => {
    const { status, body } = await get(
      '?calculate_attribute_counts[0][taxonomy]=pa_nothere&calculate_attribute_counts[0][query_type]=or',
    );
    expect(status).toBe(200);
    expect(body.attribute_counts).toEqual([]);
  });

  test.each([
    ['calculate_attribute_counts=pa_size', 'calculate_attribute_counts'],
    ['calculate_attribute_counts[]=pa_size', 'calculate_attribute_counts'],
    ['calculate_price_range=yes', 'calculate_price_range'],
    ['stock_status[]=bogus', 'stock_status'],
    ['min_price=cheap', 'min_price'],
  ])('%s is a 400 rest_invalid_param naming %s', async (query, param) => {
    const response = await t.store.app.inject(`${API}?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; data: { status: number; params: object } }>();
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.status).toBe(400);
    expect(Object.keys(body.data.params)).toEqual([param]);
  });

  test('GET products filters by stock_status[]', async () => {
    const response = await t.store.app.inject(
      '/wp-json/wc/store/v1/products?stock_status[]=outofstock&per_page=100',
    );
    expect(response.statusCode).toBe(200);
    const names = response.json<{ name: string }[]>().map((p) => p.name);
    expect(names.sort()).toEqual(
      PUBLISHED.filter((p) => p.status === 'outofstock')
        .map((p) => p.name)
        .sort(),
    );
  });
});
