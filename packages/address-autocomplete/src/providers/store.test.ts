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

describe('createStoreAddressProvider with an injected REST client (request)', () => {
  /** A REST client as store-api-client's apiFetch behaves: a path below the root, JSON, typed errors. */
  function restClient() {
    const paths: string[] = [];
    const request = async (path: string, { signal }: { signal?: AbortSignal }) => {
      paths.push(path);
      const response = await fetch(`${server.origin}/wp-json/${path}`, { signal });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (cause) {
        throw Object.assign(new Error('The response is not a valid JSON response.'), {
          code: 'invalid_json',
          cause,
        });
      }
      if (!response.ok) {
        const { code, message, data } = body as { code: string; message: string; data: unknown };
        throw Object.assign(new Error(message), { code, data });
      }
      return body;
    };
    return { request, paths };
  }

  const injected = (request: ReturnType<typeof restClient>['request']) =>
    createStoreAddressProvider({ request, debounceMs: 0, root: 'http://unused.invalid/' });

  test('searches and selects through it, with paths below the REST root', async () => {
    const client = restClient();
    const provider = injected(client.request);
    const suggestions = await provider.search('Downing Street', 'GB', 'billing');
    expect(suggestions[0]).toEqual({
      id: 'gb-1',
      label: '10 Downing Street, London',
      matchedSubstrings: [{ offset: 3, length: 14 }],
    });
    expect(await provider.select('gb-1')).toMatchObject({ city: 'London', postcode: 'SW1A 2AA' });
    expect(client.paths).toEqual([
      'cartwright/v1/address-autocomplete/search?query=Downing+Street&country=GB&type=billing',
      'cartwright/v1/address-autocomplete/select?id=gb-1',
    ]);
  });

  test('the client’s errors become this package’s: HTTP, invalid body, network', async () => {
    const provider = injected(restClient().request);
    await expect(provider.search('fail', 'GB', 'billing')).rejects.toMatchObject({
      name: 'AddressAutocompleteError',
      code: 'provider_http_error',
      status: 500,
      message: 'Search index unavailable',
    });
    await expect(provider.select('nope')).rejects.toMatchObject({
      code: 'provider_http_error',
      status: 404,
    });
    await expect(provider.search('broken', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_invalid_response',
    });
    await expect(provider.search('object', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_invalid_response',
    });
    const offline = new TypeError('fetch failed');
    const down = injected(() => Promise.reject(offline));
    await expect(down.search('Downing', 'GB', 'billing')).rejects.toMatchObject({
      code: 'provider_network_error',
      cause: offline,
    });
  });

  test('an abort passes through unchanged', async () => {
    const controller = new AbortController();
    const abort = new DOMException('stopped', 'AbortError');
    const provider = injected((_path, { signal }) => {
      controller.abort(abort);
      return Promise.reject(signal?.reason as DOMException);
    });
    await expect(
      provider.search('Downing', 'GB', 'billing', { signal: controller.signal }),
    ).rejects.toBe(abort);
  });
});
