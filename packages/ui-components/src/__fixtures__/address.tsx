import {
  createAddressAutocompleteRegistry,
  highlightLabel,
} from '@cartwright/address-autocomplete';
import type { Address, AddressAutocompleteProvider } from '@cartwright/address-autocomplete';
import { useAddressAutocomplete } from '@cartwright/address-autocomplete/react';
import { useState } from 'react';
import { AddressFields } from '../index';
import type { AddressFieldsProps, AddressFieldsSuggestions, AddressFieldsType } from '../index';

/** Test and story fixtures: a small in-memory provider and the page-level wiring. */

export const countries = [
  { code: 'GB', name: 'United Kingdom (UK)' },
  { code: 'US', name: 'United States (US)' },
  { code: 'FR', name: 'France' },
] as const;

const addresses: (Address & { id: string })[] = [
  {
    id: 'gb-1',
    country: 'GB',
    address_1: '10 Downing Street',
    address_2: '',
    city: 'London',
    postcode: 'SW1A 2AA',
    state: '',
  },
  {
    id: 'gb-2',
    country: 'GB',
    address_1: '221B Baker Street',
    address_2: 'Flat B',
    city: 'London',
    postcode: 'NW1 6XE',
    state: '',
  },
  {
    id: 'gb-3',
    country: 'GB',
    address_1: '1 Downing Road',
    address_2: '',
    city: 'Dagenham',
    postcode: 'RM9 6NP',
    state: 'Essex',
  },
  {
    id: 'gb-4',
    country: 'GB',
    address_1: '12 Downing Avenue',
    address_2: '',
    city: 'Guildford',
    postcode: 'GU2 7QU',
    state: 'Surrey',
  },
  {
    id: 'us-1',
    country: 'US',
    address_1: '1600 Pennsylvania Avenue NW',
    address_2: '',
    city: 'Washington',
    postcode: '20500',
    state: 'DC',
  },
];

/** A provider over the addresses above: GB and US only; matches every occurrence of the query. */
export function memoryProvider(options: { fail?: boolean } = {}): AddressAutocompleteProvider {
  return {
    id: 'memory',
    canSearch: (country) => country === 'GB' || country === 'US',
    search: (query, country) => {
      if (options.fail) return Promise.reject(new Error('provider down'));
      const needle = query.toLowerCase();
      return Promise.resolve(
        addresses
          .filter((a) => a.country === country)
          .map((a) => ({ id: a.id, label: `${a.address_1}, ${a.city}, ${a.postcode}` }))
          .filter((s) => s.label.toLowerCase().includes(needle))
          .map((s) => ({
            ...s,
            matchedSubstrings: [
              { offset: s.label.toLowerCase().indexOf(needle), length: needle.length },
            ],
          })),
      );
    },
    select: (id) => {
      const { id: _id, ...address } = addresses.find((a) => a.id === id)!;
      return Promise.resolve(address);
    },
  };
}

export function makeRegistry(branding = '', provider = memoryProvider()) {
  const registry = createAddressAutocompleteRegistry({
    serverProviders: [{ id: 'memory', name: 'Memory', branding_html: branding }],
    logger: { error: () => undefined, warn: () => undefined },
  });
  registry.registerAddressAutocompleteProvider(provider);
  return registry;
}

/** AddressFields wired to the real suggestions hook, as a checkout page does. */
export function ConnectedAddressFields({
  registry,
  type = 'billing',
  initialCountry = 'GB',
  brandingHtml = '',
  ...props
}: {
  registry: ReturnType<typeof makeRegistry>;
  type?: AddressFieldsType;
  initialCountry?: string;
  /** Already sanitised, as the page passes it after sanitizeBranding. */
  brandingHtml?: string;
} & Partial<AddressFieldsProps>) {
  const [country, setCountry] = useState(initialCountry);
  const combobox = useAddressAutocomplete({
    registry,
    addressType: type,
    country,
    logger: { error: () => undefined, warn: () => undefined },
  });
  const suggestions: AddressFieldsSuggestions = {
    status: combobox.state.status,
    options: combobox.state.suggestions.map((s) => ({
      id: s.id,
      segments: highlightLabel(s.label, s.matchedSubstrings),
    })),
    announcement: combobox.announcement,
    getInputProps: (props) => combobox.getInputProps(props),
    getListProps: () => combobox.getListProps(),
    getItemProps: (index) => combobox.getItemProps(index),
    brandingHtml: combobox.brandingHtml ? brandingHtml : '',
  };
  return (
    <form aria-label="Checkout" onSubmit={(event) => event.preventDefault()}>
      <AddressFields
        type={type}
        countries={countries}
        defaultValues={{ country: initialCountry }}
        onCountryChange={setCountry}
        suggestions={suggestions}
        {...props}
      />
      <button type="button">Elsewhere</button>
    </form>
  );
}
