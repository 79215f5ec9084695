import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StoreApiAttribute, StoreApiAttributeTerm } from '../catalog/attributes';
import type { CollectionData } from '../catalog/collection-data';
import { drivers, type TestStore } from '../test/drivers';

const STORE = '/wp-json/wc/store/v1';

interface ListedProduct {
  name: string;
  attributes: { taxonomy: string; terms: { id: number; slug: string }[] }[];
}

describe.each(drivers)('product attributes and the attribute filter on $name', (driver) => {
  let t: TestStore;
  let listed: ListedProduct[];
  const get = async <T>(path: string) => {
    const response = await t.store.app.inject(`${STORE}${path}`);
    return { status: response.statusCode, body: response.json<T>() };
  };
  const names = async (query: string) =>
    (await get<{ name: string }[]>(`/products?per_page=100&${query}`)).body
      .map((p) => p.name)
      .sort();
  /** Products whose own `attributes` list the term (the Store API's product answer). */
  const having = (taxonomy: string, slug: string) =>
    listed
      .filter((p) =>
        p.attributes.some((a) => a.taxonomy === taxonomy && a.terms.some((x) => x.slug === slug)),
      )
      .map((p) => p.name);

  beforeAll(async () => {
    t = await driver.open({});
    listed = (await get<ListedProduct[]>('/products?per_page=100')).body;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('GET products/attributes lists the global attributes in WooCommerce’s shape', async () => {
    const { status, body } = await get<StoreApiAttribute[]>('/products/attributes');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const attribute of body) {
      expect(Object.keys(attribute).sort()).toEqual([
        'count',
        'has_archives',
        'id',
        'name',
        'order',
        'taxonomy',
        'type',
      ]);
      expect(attribute.taxonomy).toMatch(/^pa_[a-z0-9-]+$/);
      const terms = await get<StoreApiAttributeTerm[]>(
        `/products/attributes/${attribute.id}/terms`,
      );
      expect(terms.status).toBe(200);
      // An attribute's count is its number of terms, as the lab answers.
      expect(attribute.count).toBe(terms.body.length);
      expect((await get(`/products/attributes/${attribute.id}`)).body).toEqual(attribute);
    }
  });

  test('each term counts the listed products that have it, which the filter finds', async () => {
    const attributes = (await get<StoreApiAttribute[]>('/products/attributes')).body;
    let checked = 0;
    for (const attribute of attributes) {
      const terms = (
        await get<StoreApiAttributeTerm[]>(`/products/attributes/${attribute.id}/terms`)
      ).body;
      for (const term of terms) {
        const want = having(attribute.taxonomy, term.slug).sort();
        expect(term.count).toBe(want.length);
        expect(
          await names(
            `attributes[0][attribute]=${attribute.taxonomy}&attributes[0][slug][]=${term.slug}`,
          ),
        ).toEqual(want);
        expect(
          await names(
            `attributes[0][attribute]=${attribute.taxonomy}&attributes[0][term_id][]=${term.id}`,
          ),
        ).toEqual(want);
        if (want.length > 0) checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('operators: in (any term), and (every term), not_in (none)', async () => {
    const attributes = (await get<StoreApiAttribute[]>('/products/attributes')).body;
    const attribute = attributes.find((a) => a.count >= 2)!;
    const [first, second] = (
      await get<StoreApiAttributeTerm[]>(`/products/attributes/${attribute.id}/terms`)
    ).body;
    const a = having(attribute.taxonomy, first!.slug);
    const b = having(attribute.taxonomy, second!.slug);
    const q = (operator: string) =>
      `attributes[0][attribute]=${attribute.taxonomy}&attributes[0][slug][]=${first!.slug}&attributes[0][slug][]=${second!.slug}&attributes[0][operator]=${operator}`;
    expect(await names(q('in'))).toEqual([...new Set([...a, ...b])].sort());
    expect(await names(q('and'))).toEqual(a.filter((name) => b.includes(name)).sort());
    expect(await names(q('not_in'))).toEqual(
      listed
        .map((p) => p.name)
        .filter((name) => !a.includes(name) && !b.includes(name))
        .sort(),
    );
  });

  test('an unknown attribute is ignored, as WooCommerce ignores it, with either relation', async () => {
    expect(await names('attributes[0][attribute]=pa_nothere&attributes[0][slug][]=x')).toEqual(
      listed.map((p) => p.name).sort(),
    );
    const attribute = (await get<StoreApiAttribute[]>('/products/attributes')).body[0]!;
    const [term] = (
      await get<StoreApiAttributeTerm[]>(`/products/attributes/${attribute.id}/terms`)
    ).body;
    const known = `attributes[1][attribute]=${attribute.taxonomy}&attributes[1][slug][]=${term!.slug}`;
    for (const relation of ['and', 'in']) {
      expect(
        await names(
          `attributes[0][attribute]=pa_nothere&attributes[0][slug][]=x&${known}&attribute_relation=${relation}`,
        ),
      ).toEqual(having(attribute.taxonomy, term!.slug).sort());
    }
  });

  test('collection-data counts terms over the filters; query_type=or leaves out its own filter', async () => {
    const attributes = (await get<StoreApiAttribute[]>('/products/attributes')).body;
    const attribute = attributes.find((a) => a.count >= 2)!;
    const terms = (await get<StoreApiAttributeTerm[]>(`/products/attributes/${attribute.id}/terms`))
      .body;
    const counts = async (query: string) =>
      (await get<CollectionData>(`/products/collection-data?${query}`)).body.attribute_counts;
    const all = await counts(`calculate_attribute_counts[0][taxonomy]=${attribute.taxonomy}`);
    expect(all).toEqual(
      terms
        .filter((term) => term.count > 0)
        .map((term) => ({ term: term.id, count: term.count }))
        .sort((x, y) => x.term - y.term),
    );
    // Filtered to the first term: "or" counts as if unfiltered, "and" within the filter.
    const filter = `attributes[0][attribute]=${attribute.taxonomy}&attributes[0][slug][]=${terms[0]!.slug}`;
    expect(
      await counts(
        `calculate_attribute_counts[0][taxonomy]=${attribute.taxonomy}&calculate_attribute_counts[0][query_type]=or&${filter}`,
      ),
    ).toEqual(all);
    const within = listed.filter((p) =>
      having(attribute.taxonomy, terms[0]!.slug).includes(p.name),
    );
    const andCounts = await counts(
      `calculate_attribute_counts[0][taxonomy]=${attribute.taxonomy}&calculate_attribute_counts[0][query_type]=and&${filter}`,
    );
    for (const row of andCounts ?? []) {
      const term = terms.find((x) => x.id === row.term)!;
      expect(row.count).toBe(
        within.filter((p) => having(attribute.taxonomy, term.slug).includes(p.name)).length,
      );
    }
    expect(andCounts?.find((row) => row.term === terms[0]!.id)?.count).toBe(within.length);
  });

  test.each([
    ['/products?attributes=pa_size', 'attributes[0] is not of type object.'],
    [
      '/products?attributes[0][attribute]=pa_size&attributes[0][operator]=bogus',
      'attributes[0][operator] is not one of in, not_in, and and.',
    ],
    ['/products?attribute_relation=or', 'attribute_relation is not one of in, and and.'],
  ])('%s is a 400 rest_invalid_param', async (path, message) => {
    const { status, body } = await get<{ code: string; data: { params: Record<string, string> } }>(
      path,
    );
    expect(status).toBe(400);
    expect(body.code).toBe('rest_invalid_param');
    expect(Object.values(body.data.params)).toEqual([message]);
  });

  test.each(['999999', '0', 'abc', '99999999999'])(
    'GET products/attributes/%s/terms is a 404 woocommerce_rest_taxonomy_invalid',
    async (id) => {
      const { status, body } = await get(`/products/attributes/${id}/terms`);
      expect(status).toBe(404);
      expect(body).toEqual({
        code: 'woocommerce_rest_taxonomy_invalid',
        message: 'Attribute does not exist.',
        data: { status: 404 },
      });
    },
  );
});
