import { LISTBOX_LABEL, MIN_QUERY_LENGTH } from './constants';
import type { AddressSuggestion } from './types';

/**
 * - `unavailable`: no registered provider serves the current country; the input is a
 *   plain text field (no combobox attributes).
 * - `closed`: suggestions are available but the list is not shown.
 * - `open`: the list shows `suggestions`.
 */
export type AddressAutocompleteStatus = 'unavailable' | 'closed' | 'open';

/** The state of one address form's suggestions combobox (the engine's snapshot). */
export interface AddressAutocompleteState {
  /** See {@link AddressAutocompleteStatus}. */
  status: AddressAutocompleteStatus;
  /** The id of the provider serving `country`, or `null`. */
  providerId: string | null;
  /** The current country (two-letter code), `''` when none is chosen. */
  country: string;
  /** The last query, reduced to plain text and trimmed. */
  query: string;
  /** The suggestions shown (at most 5); empty unless `status` is `'open'`. */
  suggestions: readonly AddressSuggestion[];
  /** The active suggestion's index, `-1` for none (nothing is pre-selected). */
  highlightedIndex: number;
  /**
   * The number of suggestions the last search returned, for the polite announcement;
   * `null` when there is nothing to announce.
   */
  resultCount: number | null;
}

/**
 * The named actions of {@link addressAutocompleteReducer}. A `stateReducer` sees
 * each one with the changes the default reducer proposes.
 */
export type AddressAutocompleteAction =
  | { type: 'CountryChanged'; country: string; providerId: string | null }
  | { type: 'AvailabilityChanged'; providerId: string | null }
  | { type: 'InputChanged'; query: string }
  | { type: 'AutofillDetected' }
  | { type: 'SuggestionsReceived'; suggestions: readonly AddressSuggestion[] }
  | { type: 'SearchFailed' }
  | { type: 'HighlightNext' }
  | { type: 'HighlightPrevious' }
  | { type: 'ItemHovered'; index: number }
  | { type: 'EscapePressed' }
  | { type: 'BlurTimedOut' }
  | { type: 'OutsideClicked' }
  | { type: 'ItemChosen'; index: number };

/**
 * Overrides the default transitions, downshift style: receives the current state and
 * the action with the `changes` the default reducer proposes; returns the next state.
 *
 * @example
 * // Keep the list open when the field loses focus (e.g. while debugging styles):
 * const stateReducer: AddressAutocompleteStateReducer = (state, { type, changes }) =>
 *   type === 'BlurTimedOut' ? state : changes;
 */
export type AddressAutocompleteStateReducer = (
  state: AddressAutocompleteState,
  actionAndChanges: AddressAutocompleteAction & { changes: AddressAutocompleteState },
) => AddressAutocompleteState;

/** The state before anything happened, for `country` and the provider serving it. */
export function initialAddressAutocompleteState(
  country: string,
  providerId: string | null,
): AddressAutocompleteState {
  return {
    status: providerId ? 'closed' : 'unavailable',
    providerId,
    country,
    query: '',
    suggestions: [],
    highlightedIndex: -1,
    resultCount: null,
  };
}

const close = (state: AddressAutocompleteState): AddressAutocompleteState =>
  state.status === 'open' || state.resultCount !== null
    ? {
        ...state,
        status: 'closed',
        suggestions: [],
        highlightedIndex: -1,
        resultCount: null,
      }
    : state;

/**
 * The default transitions of the combobox (spec §4 "Address suggestions dropdown").
 * Pure: returns `state` itself when nothing changes.
 */
export function addressAutocompleteReducer(
  state: AddressAutocompleteState,
  action: AddressAutocompleteAction,
): AddressAutocompleteState {
  const count = state.suggestions.length;
  const open = state.status === 'open' && count > 0;
  switch (action.type) {
    case 'CountryChanged':
    case 'AvailabilityChanged': {
      // Either resets the list (keeping the query) for the country and its provider.
      const country = 'country' in action ? action.country : state.country;
      return state.country === country && state.providerId === action.providerId
        ? state
        : { ...initialAddressAutocompleteState(country, action.providerId), query: state.query };
    }
    case 'InputChanged': {
      // The active suggestion is cleared first; a short query hides the list.
      const next = action.query.length < MIN_QUERY_LENGTH ? close(state) : state;
      return next.query === action.query && next.highlightedIndex === -1
        ? next
        : { ...next, query: action.query, highlightedIndex: -1 };
    }
    case 'SuggestionsReceived':
      if (state.status === 'unavailable') return state;
      return {
        ...state,
        status: action.suggestions.length > 0 ? 'open' : 'closed',
        suggestions: action.suggestions,
        highlightedIndex: -1,
        resultCount: action.suggestions.length,
      };
    case 'HighlightNext':
      return open ? { ...state, highlightedIndex: (state.highlightedIndex + 1) % count } : state;
    case 'HighlightPrevious':
      return open
        ? {
            ...state,
            highlightedIndex: (state.highlightedIndex <= 0 ? count : state.highlightedIndex) - 1,
          }
        : state;
    case 'ItemHovered':
      return open &&
        action.index >= 0 &&
        action.index < count &&
        action.index !== state.highlightedIndex
        ? { ...state, highlightedIndex: action.index }
        : state;
    default:
      // AutofillDetected, SearchFailed, EscapePressed, BlurTimedOut, OutsideClicked, ItemChosen
      return close(state);
  }
}

/** Ids of the listbox and its options, derived from the address type (WooCommerce's ids). */
export interface AddressAutocompleteIds {
  /** The listbox id, `address_suggestions_{type}_list`. */
  list: string;
  /** An option's id, `suggestion-item-{type}-{index}`. */
  item(index: number): string;
}

/** Attributes for the address input; empty when suggestions are unavailable. */
export type InputAttributes = Partial<{
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-haspopup': 'listbox';
  'aria-expanded': 'true' | 'false';
  'aria-controls': string;
  'aria-activedescendant': string;
}>;

/**
 * The WAI-ARIA combobox attributes of the input (APG "Editable Combobox With List
 * Autocomplete"). No `autocomplete` attribute: browser and password-manager autofill
 * stay on.
 */
export function getInputAttributes(
  state: AddressAutocompleteState,
  ids: AddressAutocompleteIds,
): InputAttributes {
  if (state.status === 'unavailable') return {};
  const open = state.status === 'open';
  const attributes: InputAttributes = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-haspopup': 'listbox',
    'aria-expanded': open ? 'true' : 'false',
  };
  if (open) attributes['aria-controls'] = ids.list;
  if (open && state.highlightedIndex >= 0) {
    attributes['aria-activedescendant'] = ids.item(state.highlightedIndex);
  }
  return attributes;
}

/** Attributes for the suggestions list element. */
export function getListAttributes(ids: AddressAutocompleteIds) {
  return { id: ids.list, role: 'listbox' as const, 'aria-label': LISTBOX_LABEL };
}

/** Attributes for the option at `index`. */
export function getItemAttributes(
  state: AddressAutocompleteState,
  ids: AddressAutocompleteIds,
  index: number,
) {
  return {
    id: ids.item(index),
    role: 'option' as const,
    'aria-selected': index === state.highlightedIndex ? ('true' as const) : ('false' as const),
  };
}

/** The texts of the polite announcement. */
export interface AddressAutocompleteMessages {
  /**
   * How many suggestions are shown.
   * @default (count) => `${count} address suggestion(s) available`
   */
  count?: (count: number) => string;
  /**
   * Announced when a search found nothing.
   * @default 'No results'
   */
  noResults?: string;
}

/**
 * The text for the polite live region (`role="status"`) beside the input: the number
 * of suggestions, "No results" after an empty search, or `''`.
 */
export function getAnnouncement(
  state: AddressAutocompleteState,
  messages: AddressAutocompleteMessages = {},
): string {
  const { resultCount } = state;
  if (resultCount === null) return '';
  if (resultCount === 0) return messages.noResults ?? 'No results';
  return messages.count
    ? messages.count(resultCount)
    : `${resultCount} address suggestion${resultCount === 1 ? '' : 's'} available`;
}
