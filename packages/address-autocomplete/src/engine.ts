import {
  getAnnouncement,
  getInputAttributes,
  getItemAttributes,
  getListAttributes,
  initialAddressAutocompleteState,
  addressAutocompleteReducer,
} from './combobox';
import type {
  AddressAutocompleteAction,
  AddressAutocompleteIds,
  AddressAutocompleteMessages,
  AddressAutocompleteState,
  AddressAutocompleteStateReducer,
  InputAttributes,
} from './combobox';
import {
  BLUR_CLOSE_DELAY_MS,
  MIN_QUERY_LENGTH,
  SECONDARY_FIELDS,
  SECONDARY_FIELDS_DELAY_MS,
} from './constants';
import type { AddressAutocompleteRegistry } from './registry';
import { globalTimers, isRecord } from './platform';
import { toPlainText } from './plain-text';
import { normalizeSuggestions } from './suggestions';
import type { AddressField, AddressType, Logger, Timers } from './types';

/**
 * Where a chosen address goes: read and write one field of this address type.
 * `createFormFields` gives one for a WooCommerce form (`{type}_{field}` names).
 *
 * @example
 * // React state (controlled inputs):
 * const fields: AddressFields = {
 *   get: (field) => valuesRef.current[field],
 *   set: (field, value) => setValues((values) => ({ ...values, [field]: value })),
 * };
 */
export interface AddressFields {
  /** The field's current value; `undefined` when the form has no such field. */
  get: (field: AddressField) => string | undefined;
  /** Sets the field's value (and tells the framework about it). */
  set: (field: AddressField, value: string) => void;
}

/** Options of {@link createAddressAutocomplete}. */
export interface AddressAutocompleteOptions {
  /** The page's provider registry. */
  registry: AddressAutocompleteRegistry;
  /** `'billing'` or `'shipping'`. */
  addressType: AddressType;
  /** Where a chosen address is written. */
  fields: AddressFields;
  /**
   * The current country code; update it with `setCountry`.
   * @default ''
   */
  country?: string;
  /** Overrides transitions (see {@link AddressAutocompleteStateReducer}). */
  stateReducer?: AddressAutocompleteStateReducer;
  /** Texts of the polite announcement. */
  messages?: AddressAutocompleteMessages;
  /**
   * Receives search and select failures.
   * @default console
   */
  logger?: Logger;
  /**
   * Timer functions (the 200 ms blur close, the 50 ms secondary fields).
   * @default globalThis.setTimeout / clearTimeout
   */
  timers?: Timers;
}

/** What {@link AddressAutocomplete.input} needs to know about the input event. */
export interface InputDetails {
  /**
   * The value came from browser or password-manager autofill (see `isAutofillEvent`):
   * no search runs and the list closes, so autofill is never fought.
   * @default false
   */
  autofill?: boolean;
}

/**
 * The suggestions engine of one address form, a framework-free external store:
 * `subscribe`/`getSnapshot` plus commands. Wire the input's events to the commands and
 * spread the attribute getters onto the elements (or use `./react`).
 */
export interface AddressAutocomplete {
  /** Calls `listener` after every state change. Returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** The current state; the same object until something changes. */
  getSnapshot: () => AddressAutocompleteState;
  /** The ids used by the attribute getters. */
  readonly ids: AddressAutocompleteIds;
  /**
   * The country changed: closes the list, aborts a running search and re-checks which
   * provider (if any) serves the new country.
   */
  setCountry(country: string): void;
  /**
   * The address input's value changed: reduces it to plain text, and from 3
   * characters searches with the active provider (an older search is aborted and its
   * answer dropped). Resolves when the search is settled; never rejects.
   */
  input(value: string, details?: InputDetails): Promise<void>;
  /**
   * A key went down in the input. Returns `true` when it was handled (ArrowDown,
   * ArrowUp, Enter on an active item, Escape, while the list is open): call
   * `preventDefault()` then.
   */
  keyDown(key: string): boolean;
  /** The input got focus: cancels a pending blur close. */
  focus(): void;
  /** The input lost focus: the list closes 200 ms later. */
  blur(): void;
  /** A click landed outside the input and the list: closes the list. */
  outsideClick(): void;
  /** The pointer is over the option at `index`: makes it active. */
  hover(index: number): void;
  /**
   * Chooses the suggestion at `index`: closes the list, awaits the provider's
   * `select`, sets `country` and `address_1`, then 50 ms later `address_2`, `city`,
   * `postcode` and `state`, clearing each one the address lacks. A select error is
   * logged and changes nothing. Never rejects.
   */
  choose(index: number): Promise<void>;
  /** Attributes for the input (see `getInputAttributes`). */
  getInputAttributes(): InputAttributes;
  /** Attributes for the listbox. */
  getListAttributes(): ReturnType<typeof getListAttributes>;
  /** Attributes for the option at `index`. */
  getItemAttributes(index: number): ReturnType<typeof getItemAttributes>;
  /** The text for the polite live region. */
  getAnnouncement(): string;
  /** The active provider's branding HTML from the server, trimmed, unsanitised; `''` if none. */
  getBrandingHtml(): string;
}

/**
 * Creates the suggestions engine for one address form (billing or shipping).
 *
 * @example
 * const engine = createAddressAutocomplete({
 *   registry,
 *   addressType: 'billing',
 *   country: 'GB',
 *   fields: createFormFields(form, 'billing'),
 * });
 * input.addEventListener('input', (event) =>
 *   engine.input(input.value, { autofill: isAutofillEvent(event) }));
 * input.addEventListener('keydown', (event) => engine.keyDown(event.key) && event.preventDefault());
 * engine.subscribe(() => render(engine.getSnapshot()));
 */
export function createAddressAutocomplete(
  options: AddressAutocompleteOptions,
): AddressAutocomplete {
  const { registry, addressType, fields, stateReducer, messages } = options;
  const logger = options.logger ?? console;
  const timers = options.timers ?? globalTimers;
  const ids: AddressAutocompleteIds = {
    list: `address_suggestions_${addressType}_list`,
    item: (index) => `suggestion-item-${addressType}-${index}`,
  };
  const listeners = new Set<() => void>();
  const providerFor = (country: string) => registry.findProvider(country);
  let state = initialAddressAutocompleteState(
    options.country ?? '',
    providerFor(options.country ?? '')?.id ?? null,
  );
  let search: AbortController | undefined;
  let searchId = 0;
  let selectId = 0;
  let blurTimer: unknown;
  let fillTimer: unknown;
  let writing = false;
  let unsubscribeRegistry: (() => void) | undefined;

  const dispatch = (action: AddressAutocompleteAction) => {
    const changes = addressAutocompleteReducer(state, action);
    const next = stateReducer ? stateReducer(state, { ...action, changes }) : changes;
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const abortSearch = () => {
    searchId += 1;
    search?.abort();
    search = undefined;
  };
  const cancelBlur = () => {
    if (blurTimer !== undefined) timers.clearTimeout(blurTimer);
    blurTimer = undefined;
  };
  const currentProvider = () =>
    state.providerId ? registry.getProviders().find((p) => p.id === state.providerId) : undefined;
  const recheck = () => {
    const providerId = providerFor(state.country)?.id ?? null;
    if (providerId !== state.providerId) abortSearch();
    dispatch({ type: 'AvailabilityChanged', providerId });
  };
  const write = (field: AddressField, value: string) => {
    // The adapter may fire input/change events that lead back to input(): ignore those.
    writing = true;
    try {
      fields.set(field, value);
    } finally {
      writing = false;
    }
  };
  const close = (type: 'EscapePressed' | 'BlurTimedOut' | 'OutsideClicked') => {
    abortSearch();
    cancelBlur();
    dispatch({ type });
  };

  const engine: AddressAutocomplete = {
    subscribe(listener) {
      listeners.add(listener);
      if (!unsubscribeRegistry) {
        // Providers may register after the form renders (their scripts load later).
        unsubscribeRegistry = registry.subscribe(recheck);
        recheck();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribeRegistry) {
          unsubscribeRegistry();
          unsubscribeRegistry = undefined;
        }
      };
    },
    getSnapshot: () => state,
    ids,
    setCountry(country) {
      if (country === state.country) return;
      abortSearch();
      cancelBlur();
      dispatch({ type: 'CountryChanged', country, providerId: providerFor(country)?.id ?? null });
    },
    async input(value, details = {}) {
      if (writing) return;
      abortSearch();
      const plain = toPlainText(value);
      if (plain !== value) logger.warn('Input was sanitized for security');
      const query = plain.trim();
      dispatch({ type: 'InputChanged', query });
      const provider = currentProvider();
      if (details.autofill) return dispatch({ type: 'AutofillDetected' });
      if (!provider || query.length < MIN_QUERY_LENGTH) return;
      const id = searchId;
      const controller = new AbortController();
      search = controller;
      let result: unknown;
      try {
        result = await provider.search(query, state.country, addressType, {
          signal: controller.signal,
        });
      } catch (error) {
        if (id !== searchId) return;
        search = undefined;
        logger.error('Address search error:', error);
        return dispatch({ type: 'SearchFailed' });
      }
      if (id !== searchId) return; // a newer search, a country change or a close came first
      search = undefined;
      if (!Array.isArray(result)) {
        logger.error('Invalid suggestions response - not an array');
        return dispatch({ type: 'SearchFailed' });
      }
      dispatch({ type: 'SuggestionsReceived', suggestions: normalizeSuggestions(result) });
    },
    keyDown(key) {
      if (state.status !== 'open') return false;
      if (key === 'ArrowDown') dispatch({ type: 'HighlightNext' });
      else if (key === 'ArrowUp') dispatch({ type: 'HighlightPrevious' });
      else if (key === 'Escape') close('EscapePressed');
      else if (key === 'Enter' && state.highlightedIndex >= 0)
        void engine.choose(state.highlightedIndex);
      else return false;
      return true;
    },
    focus: cancelBlur,
    blur() {
      cancelBlur();
      blurTimer = timers.setTimeout(() => {
        blurTimer = undefined;
        close('BlurTimedOut');
      }, BLUR_CLOSE_DELAY_MS);
    },
    outsideClick: () => close('OutsideClicked'),
    hover: (index) => dispatch({ type: 'ItemHovered', index }),
    async choose(index) {
      const suggestion = state.suggestions[index];
      const provider = currentProvider();
      if (state.status !== 'open' || !suggestion || !provider) return;
      abortSearch();
      cancelBlur();
      dispatch({ type: 'ItemChosen', index });
      const id = ++selectId;
      let result: unknown;
      try {
        result = await provider.select(suggestion.id);
      } catch (error) {
        logger.error('Error selecting address from provider', provider.id, error);
        return;
      }
      if (id !== selectId || !isRecord(result)) return;
      const address = result;
      const text = (value: unknown) =>
        typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      const country = text(address.country);
      if (country) write('country', country);
      if (text(address.address_1)) write('address_1', text(address.address_1));
      if (country) engine.setCountry(country);
      if (fillTimer !== undefined) timers.clearTimeout(fillTimer);
      // Later, because the country change may rebuild the state field (spec §4).
      fillTimer = timers.setTimeout(() => {
        fillTimer = undefined;
        for (const field of SECONDARY_FIELDS) {
          const value = text(address[field]);
          if (value) write(field, value);
          else if (fields.get(field)) write(field, '');
        }
      }, SECONDARY_FIELDS_DELAY_MS);
    },
    getInputAttributes: () => getInputAttributes(state, ids),
    getListAttributes: () => getListAttributes(ids),
    getItemAttributes: (index) => getItemAttributes(state, ids, index),
    getAnnouncement: () => getAnnouncement(state, messages),
    getBrandingHtml: () => (state.providerId ? registry.getBrandingHtml(state.providerId) : ''),
  };
  return engine;
}
