import { AddressAutocompleteError } from './errors';
import { globalTimers } from './platform';
import type {
  Address,
  AddressAutocompleteProvider,
  AddressSuggestion,
  AddressType,
  SearchOptions,
  Timers,
} from './types';

/** What {@link defineAddressProvider} wraps: a provider whose `search` does the real lookup. */
export interface AddressProviderDefinition {
  /** The provider's id, as configured on the server. */
  id: string;
  /** Whether the provider can search addresses in `country`. */
  canSearch(country: string): boolean;
  /** The real lookup; called at most once per debounce window and never for a cached query. */
  search(
    query: string,
    country: string,
    addressType: AddressType,
    options: SearchOptions,
  ): Promise<AddressSuggestion[]>;
  /** The full address of a suggestion. */
  select(suggestionId: string): Promise<Partial<Address>>;
  /**
   * Milliseconds of quiet before a lookup runs (trailing edge). A call superseded
   * within the window by a call for the same address type resolves with the newer
   * call's result; billing and shipping are debounced apart, so one provider serves
   * both forms independently.
   * @default 300
   */
  debounceMs?: number;
  /**
   * How many `(country, query)` results to keep, least recently used dropped first.
   * Empty results are cached too; a cached query answers at once, without debounce.
   * `0` turns the cache off.
   * @default 100
   */
  cacheSize?: number;
  /** @default globalThis.setTimeout / clearTimeout */
  timers?: Timers;
}

interface Waiter {
  resolve: (value: AddressSuggestion[]) => void;
  reject: (reason: unknown) => void;
}

/**
 * Turns a lookup into a polite provider: debounced (one request per pause in typing),
 * with a small LRU cache, and abortable through the engine's `AbortSignal`. This is
 * what the A8C/WooPayments client does (300 ms, 100 entries).
 *
 * @throws {AddressAutocompleteError} `invalid_options` for a negative `debounceMs` or `cacheSize`.
 *
 * @example
 * const provider = defineAddressProvider({
 *   id: 'my_service',
 *   canSearch: (country) => country === 'NL',
 *   search: (query, country, _type, { signal }) => lookup(query, country, signal),
 *   select: (id) => details(id),
 * });
 */
export function defineAddressProvider(
  definition: AddressProviderDefinition,
): AddressAutocompleteProvider {
  const { debounceMs = 300, cacheSize = 100, timers = globalTimers } = definition;
  if (!(debounceMs >= 0) || !(cacheSize >= 0)) {
    throw new AddressAutocompleteError(
      'invalid_options',
      `debounceMs and cacheSize must be numbers ≥ 0, got ${debounceMs} and ${cacheSize}`,
    );
  }
  const cache = new Map<string, AddressSuggestion[]>();
  // One debounce window per address type: the billing and shipping forms share the provider.
  const pending = new Map<AddressType, { waiters: Set<Waiter>; timer: unknown }>();

  return {
    id: definition.id,
    canSearch: (country) => definition.canSearch(country),
    select: (suggestionId) => definition.select(suggestionId),
    search(query, country, addressType, options = {}) {
      const { signal } = options;
      const key = `${country}\n${query}`;
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key); // re-insert: most recently used last
        cache.set(key, cached);
        return Promise.resolve(cached);
      }
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      return new Promise<AddressSuggestion[]>((resolve, reject) => {
        const batch = pending.get(addressType) ?? { waiters: new Set<Waiter>(), timer: undefined };
        pending.set(addressType, batch);
        const waiter: Waiter = { resolve, reject };
        batch.waiters.add(waiter);
        signal?.addEventListener(
          'abort',
          () => {
            reject(signal.reason as Error);
            batch.waiters.delete(waiter);
            if (batch.waiters.size === 0 && pending.get(addressType) === batch) {
              timers.clearTimeout(batch.timer);
              pending.delete(addressType);
            }
          },
          { once: true },
        );
        timers.clearTimeout(batch.timer);
        batch.timer = timers.setTimeout(() => {
          if (pending.get(addressType) === batch) pending.delete(addressType);
          definition.search(query, country, addressType, { signal }).then(
            (result) => {
              if (cacheSize > 0 && Array.isArray(result)) {
                cache.set(key, result);
                if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
              }
              for (const { resolve: done } of batch.waiters) done(result);
            },
            (error: unknown) => {
              for (const { reject: fail } of batch.waiters) fail(error);
            },
          );
        }, debounceMs);
      });
    },
  };
}
