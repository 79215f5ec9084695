import type { ADDRESS_TYPES } from './constants';

/** `'billing'` or `'shipping'`. */
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** A part of a suggestion label that matched the query, in UTF-16 code units. */
export interface MatchedSubstring {
  /** Start index in the label, from 0. */
  offset: number;
  /** Number of characters, more than 0. */
  length: number;
}

/** One entry of the suggestions dropdown, as a provider's `search` returns it (spec §3). */
export interface AddressSuggestion {
  /** Identifier passed back to the provider's `select` when the suggestion is chosen. */
  id: string;
  /** Text shown in the dropdown (plain text). */
  label: string;
  /** The parts of `label` to show in bold. */
  matchedSubstrings: MatchedSubstring[];
}

/**
 * The address fields a suggestion fills (spec §3), for billing or shipping.
 * Values are as WooCommerce stores them: `country` a two-letter code, `state` a code.
 */
export interface Address {
  /** Two-letter country code, e.g. `'US'`. */
  country: string;
  /** First address line. */
  address_1: string;
  /** Second address line; may be empty. */
  address_2: string;
  /** City. */
  city: string;
  /** Postal code. */
  postcode: string;
  /** State or county code; may be empty. */
  state: string;
}

/** A run of label text, bold (`highlighted`) or not. */
export interface HighlightSegment {
  /** The text of this run; never empty. */
  text: string;
  /** Whether this run matched the query and is shown in bold. */
  highlighted: boolean;
}

/** A field of {@link Address}: `country`, `address_1`, `address_2`, `city`, `postcode` or `state`. */
export type AddressField = keyof Address;

/** Options the engine passes to a provider's `search` (an extension of spec §3). */
export interface SearchOptions {
  /**
   * Aborted when a newer search starts, the country changes or the list closes, so a
   * provider can cancel its request. Providers may ignore it: a stale answer is dropped anyway.
   */
  signal?: AbortSignal;
}

/**
 * An address provider as it registers on the client (spec §3 "Address provider
 * (client side)"). Its `id` must be one of the server-configured providers.
 *
 * @example
 * const provider: AddressAutocompleteProvider = {
 *   id: 'cartwright_store',
 *   canSearch: (country) => ['GB', 'US'].includes(country),
 *   search: async (query, country, addressType, { signal } = {}) => fetchSuggestions(query, country, signal),
 *   select: async (id) => fetchAddress(id),
 * };
 */
export interface AddressAutocompleteProvider {
  /** The provider's id, as configured on the server. */
  readonly id: string;
  /** Whether the provider can search addresses in `country` (two-letter code). Must be synchronous. */
  canSearch(country: string): boolean;
  /**
   * Suggestions for a plain-text `query` of at least 3 characters. The engine keeps at
   * most 5 and rejects a result that is not a list.
   */
  search(
    query: string,
    country: string,
    addressType: AddressType,
    options?: SearchOptions,
  ): Promise<AddressSuggestion[]> | AddressSuggestion[];
  /** The full address of a suggestion, by the suggestion's `id`. */
  select(suggestionId: string): Promise<Partial<Address>> | Partial<Address>;
}

/** One entry of the server providers configuration (spec §3, reference §4.2). */
export interface ServerProvider {
  /** The provider's id, e.g. `'woocommerce_payments'`. */
  id: string;
  /** Its display name, e.g. `'WooCommerce Payments'`. */
  name: string;
  /** Branding HTML shown under the suggestions, untrusted until sanitised (`./branding`). */
  branding_html: string;
}

/** Where the package logs (spec §8 "Logged"); `console` by default. */
export interface Logger {
  /** Receives registration refusals and search/select failures. */
  error(...data: unknown[]): void;
  /** Receives the duplicate-registration warning and the query-sanitised notice. */
  warn(...data: unknown[]): void;
}

/** The timer functions the engine uses; inject fakes in tests. */
export interface Timers {
  /** Like `globalThis.setTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Like `globalThis.clearTimeout`. */
  clearTimeout(handle: unknown): void;
}
