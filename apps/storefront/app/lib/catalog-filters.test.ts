import { describe, expect, test } from 'vitest';
import { filterQuery, readCatalogFilters, storeApiFilters, withQuery } from './catalog-filters';

const read = (query: string, minorUnit = 2) =>
  readCatalogFilters(new URL(`https://shop.test/product-category/tea/?${query}`), minorUnit);

describe('readCatalogFilters', () => {
  test('prices in the shop’s currency become minor units for the Store API', () => {
    const filters = read('min_price=10&max_price=24.5');
    expect(filters).toMatchObject({
      minText: '10',
      maxText: '24.5',
      minPrice: 1000,
      maxPrice: 2450,
    });
    expect(storeApiFilters(filters)).toEqual({ min_price: 1000, max_price: 2450 });
    // A currency without minor units (JPY) keeps whole amounts.
    expect(read('min_price=1500', 0).minPrice).toBe(1500);
  });

  test.each(['-5', 'abc', '1e3', '10.123', '<script>', '', ' ', '12345678901'])(
    'a malformed price %j is no filter',
    (raw) => {
      const filters = read(`min_price=${encodeURIComponent(raw)}`);
      expect(filters.minPrice).toBeUndefined();
      expect(filters.minText).toBe('');
      expect(storeApiFilters(filters)).toEqual({});
    },
  );

  test('filter_x / query_type_x become Store API attribute filters', () => {
    const filters = read('filter_size=m,L,m,bad%20slug&query_type_size=or&filter_colour=red');
    expect(filters.attributes).toEqual([
      { name: 'size', slugs: ['m', 'l'], queryType: 'or' },
      { name: 'colour', slugs: ['red'], queryType: 'and' },
    ]);
    expect(storeApiFilters(filters).attributes).toEqual([
      { attribute: 'pa_size', slug: ['m', 'l'], operator: 'in' },
      { attribute: 'pa_colour', slug: ['red'], operator: 'and' },
    ]);
    expect(filterQuery(filters)).toEqual({
      filter_size: 'm,l',
      query_type_size: 'or',
      filter_colour: 'red',
    });
  });

  test('attribute filters are bounded: names, terms and count', () => {
    const many = Array.from({ length: 15 }, (_, i) => `filter_a${i}=x`).join('&');
    expect(read(many).attributes).toHaveLength(10);
    const terms = Array.from({ length: 30 }, (_, i) => `t${i}`).join(',');
    expect(read(`filter_size=${terms}`).attributes[0]!.slugs).toHaveLength(20);
    expect(read('filter_Bad%21=x&filter_=x&filter_ok=').attributes).toEqual([]);
  });

  test('withQuery adds ? only when there is a query', () => {
    expect(withQuery('/product-category/tea/', {})).toBe('/product-category/tea/');
    expect(withQuery('/product-category/tea/', { min_price: '5', filter_size: 'm,l' })).toBe(
      '/product-category/tea/?min_price=5&filter_size=m%2Cl',
    );
  });
});
