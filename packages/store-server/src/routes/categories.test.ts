import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StoreApiCategory } from '../catalog/categories';
import { DEMO_PRODUCTS } from '../seed/catalog';
import { DEMO_VARIABLE_PRODUCTS } from '../seed/variations';
import { drivers, type TestStore } from '../test/drivers';

const API = '/wp-json/wc/store/v1/products/categories';
const ORIGIN = 'https://shop.example.test';
const PUBLISHED = [
  ...DEMO_PRODUCTS.filter((product) => product.status !== 'draft'),
  // The variable products are listed too (their variations are not).
  ...DEMO_VARIABLE_PRODUCTS,
];

describe.each(drivers)('product categories on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open({ siteUrl: ORIGIN });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('GET products/categories lists every category in the Store API shape with its counts', async () => {
    const response = await t.store.app.inject(API);
    expect(response.statusCode).toBe(200);
    const list = response.json<StoreApiCategory[]>();
    const slugs = [...new Set(PUBLISHED.flatMap((product) => product.categories))];
    expect(list.map((category) => category.slug).sort()).toEqual(slugs.sort());
    for (const category of list) {
      expect(Object.keys(category).sort()).toEqual([
        'count',
        'description',
        'id',
        'image',
        'name',
        'parent',
        'permalink',
        'review_count',
        'slug',
      ]);
      // Drafts are not counted, as WooCommerce counts published products only.
      expect(category.count).toBe(
        PUBLISHED.filter((product) => product.categories.includes(category.slug)).length,
      );
      expect(category.permalink).toBe(`${ORIGIN}/product-category/${category.slug}/`);
      expect(category.image).toBeNull();
      expect(category.review_count).toBeGreaterThanOrEqual(0);
    }
  });

  test('GET products/categories/{id} answers one category', async () => {
    const [first] = (await t.store.app.inject(API)).json<StoreApiCategory[]>();
    const response = await t.store.app.inject(`${API}/${first!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
  });

  test.each(['999999', '0', 'abc', '99999999999', '-1'])(
    'GET products/categories/%s is a 404 woocommerce_rest_category_invalid_id',
    async (id) => {
      const response = await t.store.app.inject(`${API}/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'woocommerce_rest_category_invalid_id',
        message: 'Invalid category ID.',
        data: { status: 404 },
      });
    },
  );
});
