import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAddressAutocompleteRegistry } from '../registry';
import { createStoreAddressProvider, STORE_PROVIDER_ID } from './store';
import { json, startServer } from './test-server';

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer((_request, response, url) => {
    const route = url.pathname.replace('/wp-json/cartwright/v1/address-autocomplete/', '');
    const query = url.searchParams.get('query') ?? '';
    if (route === 'search' && query === 'broken') return json(response, 200, '{"not json');
    if (route === 'search' && query === 'object') return json(response, 200, { items: [] });
    if (route === 'search' && query === 'fail') {
      return json(response, 500, {
        code: 'internal_error',
        message: 'Search index unavailable',
        data: { status: 500 },
      });
    }
    if (route === 'search') {
      return json(response, 200, [
        {
          id: 'gb-1',
          label: `10 ${query}, London`,
          matched_substrings: [{ offset: 3, length: query.length }],
        },
        { id: 'gb-2', label: `11 ${query}, London` },
      ]);
    }
    if (route === 'select' && url.searchParams.get('id') === 'gb-1') {
      return json(response, 200, {
        country: 'GB',
        address_1: '10 Downing Street',
        address_2: '',
        city: 'London',
        postcode: 'SW1A 2AA',
        state: '',
        lat: 51.5,
      });
    }
    if (route === 'select') {
      return json(response, 404, {
        code: 'not_found',
        message: 'Unknown address',
        data: { status: 404 },
      });
    }
    json(response, 404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
  });
});
afterAll(() => server.close());

const provider = (countries?: string[]) =>
  createStoreAddressProvider({ root: `${server.origin}/wp-json/`, countries, debounceMs: 0 });

describe('createStoreAddressProvider against a real HTTP server', () => {
  test('searches with query, country and type and maps matched_substrings', async () => {
    const suggestions = await provider().search('Downing Street', 'GB', 'shipping');
    expect(suggestions).toEqual([
      {
        id: 'gb-1',
        label: '10 Downing Street, London',
        matchedSubstrings: [{ offset: 3, length: 14 }],
      },
      { id: 'gb-2', label: '11 Downing Street, London', matchedSubstrings: [] },
    ]);
    const url = server.requests.at(-1)!;
    expect(url.pathname).toBe('/wp-json/cartwright/v1/address-autocomplete/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'Downing Street',
      country: 'GB',
      type: 'shipping',
    });
  });

  test('selects an address by id, keeping only the address fields', async () => {
    await expect(provider().select('gb-1')).resolves.toEqual({
      country: 'GB',
      address_1: '10 Downing Street',
      address_2: '',
      city: 'London',
      postcode: 'SW1A 2AA',
      state: '',
    });
    expect(server.requests.at(-1)!.searchParams.get('id')).toBe('gb-1');
  });

  test('rejects a WordPress error with provider_http_error, its message and status', async () => {
    await expect(provider().select('nope')).rejects.toMatchObject({
      name: 'AddressAutocompleteError',
      code: 'provider_http_error',
      message: 'Unknown address',
      status: 404,
    });
    await expect(provider().search('fail', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_http_error',
      status: 500,
    });
  });

  test('rejects a body that is not JSON, or not a list, with provider_invalid_response', async () => {
    await expect(provider().search('broken', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_invalid_response',
    });
    await expect(provider().search('object', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_invalid_response',
    });
  });

  test('rejects with provider_network_error when nothing answers', async () => {
    const offline = createStoreAddressProvider({
      root: 'http://127.0.0.1:9/wp-json/',
      debounceMs: 0,
    });
    await expect(offline.search('Downing', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_network_error',
    });
  });

  test('passes an abort through unchanged', async () => {
    const controller = new AbortController();
    const pending = provider().search('Downing', 'GB', 'billing', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('can search only the configured countries', () => {
    const limited = provider(['GB', 'US']);
    expect(['GB', 'US', 'FR', '', 'gb'].map((country) => limited.canSearch(country))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(provider().canSearch('FR')).toBe(true);
  });

  test('registers under the id the server configuration lists', () => {
    const registry = createAddressAutocompleteRegistry({
      serverProviders: [{ id: STORE_PROVIDER_ID, name: 'Store addresses', branding_html: '' }],
    });
    expect(registry.registerAddressAutocompleteProvider(provider())).toBe(true);
  });
});
