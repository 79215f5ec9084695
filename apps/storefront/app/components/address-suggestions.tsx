/**
 * The address suggestion engine of the checkout and the account's address forms, loaded on
 * first use (`lib/chunks.ts`'s `loadAddressSuggestions`, decision 0060): the provider
 * registry with the store's address search, and one combobox per form that
 * `SuggestingAddressFields` hands to its `AddressFields`. Nothing here runs before a shopper
 * types into a street address field that can suggest.
 */
import {
  createAddressAutocompleteRegistry,
  highlightLabel,
} from '@cartwright/address-autocomplete';
import type { AddressAutocompleteRegistry } from '@cartwright/address-autocomplete';
import { createStoreAddressProvider } from '@cartwright/address-autocomplete/providers/store';
import { useAddressAutocomplete } from '@cartwright/address-autocomplete/react';
import type { AddressFieldsSuggestions, AddressFieldsType } from '@cartwright/ui-components';
import { memo, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { RefObject } from 'react';
import { loadRestClient, loadRouteChunk } from '../lib/chunks';

/**
 * The branding sanitiser (with DOMPurify): only when a provider has branding to show. Loaded from
 * here, not `lib/chunks`, so its file name stays out of the shell (decision 0060).
 */
const loadBrandingSanitiser = () =>
  loadRouteChunk('address-branding', () => import('@cartwright/address-autocomplete/branding'));
import type { AddressSuggestionSettings } from './address-suggestion-source';

/** The store's address search goes through the page's one REST client (loaded on first use). */
const storeGet = async (path: string, init: { signal?: AbortSignal }) =>
  (await loadRestClient()).getStore(path, init);

/**
 * The page's address provider registry (one per page, shared by the billing and shipping
 * forms, as WooCommerce's `window.wc.addressAutocomplete`): the server's providers
 * configuration with address-autocomplete's store provider registered against it.
 */
export function createAddressSuggestionRegistry(
  settings: AddressSuggestionSettings,
): AddressAutocompleteRegistry {
  const registry = createAddressAutocompleteRegistry({ serverProviders: [...settings.providers] });
  registry.registerAddressAutocompleteProvider(
    createStoreAddressProvider({ countries: settings.countries, request: storeGet }),
  );
  return registry;
}

/** Props of {@link AddressSuggestionsEngine}. */
export interface AddressSuggestionsEngineProps {
  /** The page's registry ({@link createAddressSuggestionRegistry}). */
  registry: AddressAutocompleteRegistry;
  /** The form's address type. */
  addressType: AddressFieldsType;
  /** The form's current country. */
  country: string;
  /** The form's street address input (kept current through the combobox's input props). */
  input: RefObject<HTMLInputElement | null>;
  /** Receives the form's combobox whenever it changes, and `null` when this unmounts. */
  onSuggestions: (suggestions: AddressFieldsSuggestions | null) => void;
}

/**
 * One form's suggestions combobox, rendered beside its `AddressFields` (it renders nothing):
 * the combobox goes up through `onSuggestions`, so the fields, already on the page with what
 * the shopper typed and the focus, are not mounted again. On arrival it searches for what is
 * in the street field if the shopper is still in it, so the first suggestions follow the text
 * typed while this code loaded.
 */
export const AddressSuggestionsEngine = memo(function AddressSuggestionsEngine({
  registry,
  addressType,
  country,
  input,
  onSuggestions,
}: AddressSuggestionsEngineProps) {
  const { state, announcement, brandingHtml, engine, getInputProps, getListProps, getItemProps } =
    useAddressAutocomplete({ registry, addressType, country });
  // Branding is untrusted HTML: the sanitiser (and DOMPurify) loads only when there is some.
  const [branding, setBranding] = useState({ from: '', html: '' });
  useEffect(() => {
    if (!brandingHtml) return;
    let current = true;
    loadBrandingSanitiser().then(
      ({ sanitizeBranding }) => {
        if (current) setBranding({ from: brandingHtml, html: sanitizeBranding(brandingHtml) });
      },
      // A sanitiser that never arrives shows no branding (the suggestions work without it).
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [brandingHtml]);
  const safeBranding = branding.from === brandingHtml ? branding.html : '';

  const suggestions = useMemo<AddressFieldsSuggestions>(
    () => ({
      status: state.status,
      options: state.suggestions.map((suggestion) => ({
        id: suggestion.id,
        segments: highlightLabel(suggestion.label, suggestion.matchedSubstrings),
      })),
      announcement,
      // The input ref rides along, so the page keeps its handle on the field.
      getInputProps: (props) => getInputProps({ ...props, ref: input }),
      getListProps,
      getItemProps: (index) => getItemProps(index),
      brandingHtml: safeBranding,
    }),
    [state, announcement, safeBranding, input, getInputProps, getListProps, getItemProps],
  );
  // Before paint: the field turns into the combobox in the same frame as this arrives.
  useLayoutEffect(() => onSuggestions(suggestions), [onSuggestions, suggestions]);
  useLayoutEffect(() => () => onSuggestions(null), [onSuggestions]);

  // What was typed while this loaded: searched once, if the shopper is still in the field
  // (a list opening under a field they have left would be in the way).
  useEffect(() => {
    const field = input.current;
    if (field && field === field.ownerDocument.activeElement && field.value) {
      void engine.input(field.value);
    }
  }, [engine, input]);
  return null;
});
