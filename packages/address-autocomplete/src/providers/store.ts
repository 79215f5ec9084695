import { AddressAutocompleteError } from '../errors';
import { isRecord } from '../platform';
import { defineAddressProvider } from '../provider-helper';
import type { Address, AddressAutocompleteProvider, AddressSuggestion, Timers } from '../types';
import { countryFilter, getJson, requestJson, withParams } from './http';
import type { FetchLike, ProviderRequest } from './http';

export type { FetchLike, ProviderRequest } from './http';

/** The store provider's id, to list in the server providers configuration. */
export const STORE_PROVIDER_ID = 'cartwright_store';

/** Options of {@link createStoreAddressProvider}. */
export interface StoreAddressProviderOptions {
  /**
   * The provider id; must match the server configuration.
   * @default 'cartwright_store'
   */
  id?: string;
  /**
   * The REST root of the store, absolute or a path (pretty permalinks).
   * @default '/wp-json/'
   */
  root?: string;
  /**
   * The countries the store's address dataset covers (two-letter codes); `canSearch`
   * is true only for these. Without a list, any country code.
   * @example ['GB', 'US', 'DE', 'FR']
   */
  countries?: readonly string[];
  /**
   * The `fetch` to call (without `request`).
   * @default globalThis.fetch (resolved at request time)
   */
  fetch?: FetchLike;
  /**
   * Your REST client, injected as a form takes its `send`: the provider's GETs go through it
   * with paths below the REST root (`root` and `fetch` are then unused), so its nonce handling,
   * timeouts and errors apply. `@cartwright/store-api-client`'s `apiFetch` fits:
   * `request: (path, { signal }) => apiFetch({ path, signal })`.
   */
  request?: ProviderRequest;
  /** @default 300 */
  debounceMs?: number;
  /** @default 100 */
  cacheSize?: number;
  /** @default globalThis.setTimeout / clearTimeout */
  timers?: Timers;
}

const ADDRESS_FIELDS = ['country', 'address_1', 'address_2', 'city', 'postcode', 'state'] as const;

/**
 * A provider backed by the store server's own address search, so a shop works with
 * no third-party service. It calls:
 *
 * - `GET {root}cartwright/v1/address-autocomplete/search?query&country&type` → `200`
 *   `[{ id, label, matched_substrings: [{ offset, length }] }]`
 * - `GET {root}cartwright/v1/address-autocomplete/select?id` → `200`
 *   `{ country, address_1, address_2, city, postcode, state }`
 *
 * Errors are WordPress error bodies (`{ code, message, data: { status } }`) and
 * reject with `AddressAutocompleteError` (`provider_http_error`, with `status`).
 * Debounced (300 ms) with an LRU cache (100) by {@link defineAddressProvider}.
 *
 * @example
 * registry.registerAddressAutocompleteProvider(
 *   createStoreAddressProvider({ countries: ['GB', 'US'] }),
 * );
 */
export function createStoreAddressProvider(
  options: StoreAddressProviderOptions = {},
): AddressAutocompleteProvider {
  const {
    id = STORE_PROVIDER_ID,
    root = '/wp-json/',
    fetch,
    request,
    countries,
    ...rest
  } = options;
  const route = 'cartwright/v1/address-autocomplete/';
  const base = `${root.replace(/\/?$/, '/')}${route}`;
  const get = (endpoint: string, params: Record<string, string>, signal?: AbortSignal) =>
    request
      ? requestJson(request, withParams(route + endpoint, params), signal)
      : getJson(fetch, withParams(base + endpoint, params), signal);
  return defineAddressProvider({
    ...rest,
    id,
    canSearch: countryFilter(countries),
    async search(query, country, type, { signal }) {
      const body = await get('search', { query, country, type }, signal);
      if (!Array.isArray(body)) {
        throw new AddressAutocompleteError(
          'provider_invalid_response',
          'The store address search did not answer a list',
        );
      }
      return (body as unknown[]).filter(isRecord).map((item): AddressSuggestion => ({
        id: String(item.id),
        label: String(item.label),
        matchedSubstrings: Array.isArray(item.matched_substrings)
          ? (item.matched_substrings as AddressSuggestion['matchedSubstrings'])
          : [],
      }));
    },
    async select(suggestionId) {
      const body = await get('select', { id: suggestionId });
      if (!isRecord(body)) {
        throw new AddressAutocompleteError(
          'provider_invalid_response',
          'The store address select did not answer an object',
        );
      }
      const address: Partial<Address> = {};
      for (const field of ADDRESS_FIELDS)
        if (typeof body[field] === 'string') address[field] = body[field];
      return address;
    },
  });
}
