import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADDRESS_COUNTRIES, ADDRESS_DATASET } from '../address/dataset';
import { plainQuery } from '../address/search';
import { drivers, type TestStore } from '../test/drivers';

const SEARCH = '/wp-json/cartwright/v1/address-autocomplete/search';
const SELECT = '/wp-json/cartwright/v1/address-autocomplete/select';

interface Suggestion {
  id: string;
  label: string;
  matched_substrings: { offset: number; length: number }[];
}

describe.each(drivers)('address search on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const get = (url: string) => t.store.app.inject({ url });
  const search = async (params: Record<string, string>) => {
    const response = await get(`${SEARCH}?${new URLSearchParams(params).toString()}`);
    return { response, body: response.json<Suggestion[] & { code?: string }>() };
  };

  test('the dataset covers at least US, GB, DE, FR, CA and AU with several addresses each', () => {
    for (const country of ['US', 'GB', 'DE', 'FR', 'CA', 'AU']) {
      expect(ADDRESS_COUNTRIES).toContain(country);
      expect(ADDRESS_DATASET.filter((a) => a.country === country).length).toBeGreaterThan(5);
    }
  });

  test('a street query answers suggestions of that country with the matched parts marked', async () => {
    const { response, body } = await search({ query: 'baker', country: 'GB', type: 'billing' });
    expect(response.statusCode).toBe(200);
    expect(body).toEqual([
      {
        id: 'gb-1',
        label: '14 Baker Street, London, NW1 6XE',
        matched_substrings: [{ offset: 3, length: 5 }],
      },
    ]);
    const { body: us } = await search({ query: 'baker', country: 'US', type: 'billing' });
    expect(us).toEqual([]);
  });

  test('every word must match, case-insensitively, and each match is within the label', async () => {
    const { body } = await search({ query: 'STREET london', country: 'gb', type: 'shipping' });
    expect(body.map((s) => s.id)).toEqual(['gb-1']);
    const [only] = body;
    for (const { offset, length } of only!.matched_substrings) {
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset + length).toBeLessThanOrEqual(only!.label.length);
    }
    expect(only!.matched_substrings).toEqual([
      { offset: 9, length: 6 },
      { offset: 17, length: 6 },
    ]);
  });

  test('at most five suggestions come back, streets starting with the query first', async () => {
    const { body } = await search({ query: 'street', country: 'US' });
    expect(body).toHaveLength(5);
    const all = ADDRESS_DATASET.filter((a) => a.country === 'US' && /street/i.test(a.address_1));
    expect(all.length).toBeGreaterThan(5);
    const { body: numbered } = await search({ query: '742 ever', country: 'US' });
    expect(numbered[0]!.label.startsWith('742 Evergreen Terrace')).toBe(true);
  });

  test('queries are reduced to plain text, and under three characters find nothing', async () => {
    expect(plainQuery('<b>14</b>  Baker\u0000<script>x')).toBe('14 Baker x');
    const { body } = await search({
      query: '<img src=x onerror=alert(1)>14 <i>Baker</i>',
      country: 'GB',
    });
    expect(body.map((s) => s.id)).toEqual(['gb-1']);
    const { response, body: short } = await search({ query: '<b>14</b>', country: 'GB' });
    expect(response.statusCode).toBe(200);
    expect(short).toEqual([]);
  });

  test('a country the dataset lacks answers an empty list', async () => {
    const { response, body } = await search({ query: 'main street', country: 'JP' });
    expect(response.statusCode).toBe(200);
    expect(body).toEqual([]);
  });

  test('missing, too long or malformed parameters are refused with WordPress errors', async () => {
    const missing = await search({ query: 'baker' });
    expect(missing.response.statusCode).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    const long = await search({ query: 'a'.repeat(101), country: 'GB' });
    expect(long.response.statusCode).toBe(400);
    expect(long.body.code).toBe('rest_invalid_param');
    const country = await search({ query: 'baker', country: 'GBR' });
    expect(country.body.code).toBe('rest_invalid_param');
    const type = await search({ query: 'baker', country: 'GB', type: 'office' });
    expect(type.response.statusCode).toBe(400);
    expect(type.body.code).toBe('rest_invalid_param');
  });

  test('select answers the six address fields of a suggestion', async () => {
    const response = await get(`${SELECT}?id=de-3`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      country: 'DE',
      address_1: 'Gartenweg 7',
      address_2: '2. OG',
      city: 'Hamburg',
      postcode: '20095',
      state: 'HH',
    });
  });

  test('select of an unknown or missing id is a WordPress error', async () => {
    const unknown = await get(`${SELECT}?id=zz-9`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'cartwright_address_not_found',
      data: { status: 404 },
    });
    const missing = await get(SELECT);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'rest_missing_callback_param' });
  });

  test('the settings carry the providers configuration and the searchable countries', async () => {
    const response = await get('/wp-json/cartwright/v1/settings');
    expect(response.json()).toMatchObject({
      address_providers: [
        { id: 'cartwright_store', name: 'Cartwright address search', branding_html: '' },
      ],
      address_autocomplete_countries: ['US', 'GB', 'DE', 'FR', 'CA', 'AU'],
    });
  });
});
