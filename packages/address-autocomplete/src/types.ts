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
