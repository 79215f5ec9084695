import type { AddressAutocompleteRegistry } from '@cartwright/address-autocomplete';
import { useState } from 'react';
import { loadRouteChunk } from '../lib/chunks';

/** The store's address suggestion setup, from `cartwright/v1/settings`. */
export interface AddressSuggestionSettings {
  /** The server providers configuration (wire contract §4.2). */
  providers: readonly { id: string; name: string; branding_html: string }[];
  /** The countries the store's own address search covers. */
  countries: readonly string[];
}

/**
 * The suggestion engine (`components/address-suggestions`: registry, store search, combobox),
 * loaded with the first keystroke in a street address field that can suggest (decision 0060).
 */
const loadAddressSuggestions = () =>
  loadRouteChunk('address-suggestions', () => import('./address-suggestions'));

/** The suggestion engine's chunk. */
type SuggestionsModule = Awaited<ReturnType<typeof loadAddressSuggestions>>;

/**
 * The page's address suggestions before and after their code arrives (decision 0060): the
 * store's settings, and `load()`, which loads the engine's chunk once and makes the page's
 * one provider registry (shared by the billing and shipping forms, as WooCommerce's
 * `window.wc.addressAutocomplete`). A failed load rejects, and the next call tries again.
 * In a module of its own so that a page can make it without loading the fields' code
 * (the checkout's address fields are islands, decision 0069).
 */
export interface AddressSuggestionSource {
  /** The store's address suggestion setup. */
  readonly settings: AddressSuggestionSettings;
  /** The engine's code and the page's registry. */
  load(): Promise<{ module: SuggestionsModule; registry: AddressAutocompleteRegistry }>;
}

/** The page's {@link AddressSuggestionSource}: made once, nothing loaded until a form asks. */
export function useAddressSuggestionSource(
  settings: AddressSuggestionSettings,
): AddressSuggestionSource {
  const [source] = useState((): AddressSuggestionSource => {
    let registry: AddressAutocompleteRegistry | undefined;
    return {
      settings,
      load: async () => {
        const module = await loadAddressSuggestions();
        registry ??= module.createAddressSuggestionRegistry(settings);
        return { module, registry };
      },
    };
  });
  return source;
}
