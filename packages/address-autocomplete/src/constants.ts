// Business constants from spec §9 (and §4 "Address suggestions dropdown", §5 "Address search").

/**
 * The address types a checkout or account form has, in the order WooCommerce uses.
 * Field ids are `{type}_{field}`, e.g. `billing_address_1`.
 */
export const ADDRESS_TYPES = ['billing', 'shipping'] as const;

/**
 * A search runs only when the (plain-text) query has at least this many characters.
 * @example if (query.length < MIN_QUERY_LENGTH) closeSuggestions();
 */
export const MIN_QUERY_LENGTH = 3;

/** At most this many suggestions are shown. */
export const MAX_SUGGESTIONS = 5;

/** The suggestions close this many milliseconds after the address field loses focus. */
export const BLUR_CLOSE_DELAY_MS = 200;

/**
 * After a suggestion is chosen, country and address_1 are set at once and
 * address_2, city, postcode and state this many milliseconds later (the country
 * change may rebuild the state field first).
 */
export const SECONDARY_FIELDS_DELAY_MS = 50;

/**
 * The fields set about {@link SECONDARY_FIELDS_DELAY_MS} after a suggestion is chosen,
 * each one cleared when the chosen address lacks it (spec §4 "Choosing a suggestion").
 */
export const SECONDARY_FIELDS = ['address_2', 'city', 'postcode', 'state'] as const;

/** The accessible name of the suggestions listbox (WooCommerce's `aria-label`). */
export const LISTBOX_LABEL = 'Address suggestions';
