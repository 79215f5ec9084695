import {
  createAddressAutocompleteRegistry,
  highlightLabel,
} from '@cartwright/address-autocomplete';
import type { AddressAutocompleteRegistry } from '@cartwright/address-autocomplete';
import { createStoreAddressProvider } from '@cartwright/address-autocomplete/providers/store';
import { useAddressAutocomplete } from '@cartwright/address-autocomplete/react';
import { AddressFields } from '@cartwright/ui-components';
import type { AddressFieldName, AddressFieldsProps } from '@cartwright/ui-components';
import { statesOf } from '@cartwright/address-data';
import { useEffect, useState } from 'react';
import { loadBrandingSanitiser, loadRestClient } from '../lib/chunks';

/** The store's address search goes through the page's one REST client (loaded on first use). */
const storeGet = async (path: string, init: { signal?: AbortSignal }) =>
  (await loadRestClient()).getStore(path, init);

const DEFAULT_REQUIRED: readonly AddressFieldName[] = ['country', 'address_1', 'city', 'postcode'];

/** The store's address suggestion setup, from `cartwright/v1/settings`. */
export interface AddressSuggestionSettings {
  /** The server providers configuration (wire contract §4.2). */
  providers: readonly { id: string; name: string; branding_html: string }[];
  /** The countries the store's own address search covers. */
  countries: readonly string[];
}

/**
 * The page's address provider registry (one per page, shared by the billing and shipping
 * forms, as WooCommerce's `window.wc.addressAutocomplete`): the server's providers
 * configuration with address-autocomplete's store provider registered against it.
 */
export function useAddressSuggestionRegistry(
  settings: AddressSuggestionSettings,
): AddressAutocompleteRegistry {
  const [registry] = useState(() => {
    const created = createAddressAutocompleteRegistry({ serverProviders: [...settings.providers] });
    created.registerAddressAutocompleteProvider(
      createStoreAddressProvider({ countries: settings.countries, request: storeGet }),
    );
    return created;
  });
  return registry;
}

/**
 * `AddressFields` whose street address suggests addresses from the page's registry, for
 * this form's own country (re-checked when it changes): billing and shipping each get their
 * own combobox over the shared registry. Without JavaScript, or for a country no provider
 * serves, it is the plain field.
 */
export function SuggestingAddressFields({
  registry,
  ...props
}: Omit<AddressFieldsProps, 'suggestions' | 'onCountryChange'> & {
  registry: AddressAutocompleteRegistry;
}) {
  const [country, setCountry] = useState(props.defaultValues?.country ?? '');
  const combobox = useAddressAutocomplete({ registry, addressType: props.type, country });
  // Branding is untrusted HTML: the sanitiser (and DOMPurify) loads only when there is some.
  const [branding, setBranding] = useState({ from: '', html: '' });
  useEffect(() => {
    const html = combobox.brandingHtml;
    if (!html) return;
    let current = true;
    loadBrandingSanitiser().then(
      ({ sanitizeBranding }) => {
        if (current) setBranding({ from: html, html: sanitizeBranding(html) });
      },
      // A sanitiser that never arrives shows no branding (the suggestions work without it).
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [combobox.brandingHtml]);
  // The country's states from the list the store checks against: a select, required where
  // the store requires a state (`@cartwright/address-data`).
  const states = statesOf(country);
  const required = props.required ?? DEFAULT_REQUIRED;
  return (
    <AddressFields
      {...props}
      states={states?.states}
      required={states?.required ? [...required, 'state'] : required}
      onCountryChange={setCountry}
      suggestions={{
        status: combobox.state.status,
        options: combobox.state.suggestions.map((suggestion) => ({
          id: suggestion.id,
          segments: highlightLabel(suggestion.label, suggestion.matchedSubstrings),
        })),
        announcement: combobox.announcement,
        getInputProps: (inputProps) => combobox.getInputProps(inputProps),
        getListProps: () => combobox.getListProps(),
        getItemProps: (index) => combobox.getItemProps(index),
        brandingHtml: branding.from === combobox.brandingHtml ? branding.html : '',
      }}
    />
  );
}
