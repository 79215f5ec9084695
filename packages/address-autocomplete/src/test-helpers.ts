import { vi } from 'vitest';
import type { AddressFields } from './engine';
import { createAddressAutocompleteRegistry } from './registry';
import type {
  Address,
  AddressAutocompleteProvider,
  AddressField,
  AddressSuggestion,
} from './types';

/** Test helpers (not exported from the package). */
export const suggestion = (n: number, label = `${n} Main Street`): AddressSuggestion => ({
  id: `place-${n}`,
  label,
  matchedSubstrings: [],
});

export const fakeLogger = () => ({ error: vi.fn(), warn: vi.fn() });

type SearchFn = AddressAutocompleteProvider['search'];
type SelectFn = AddressAutocompleteProvider['select'];

export function fakeProvider(
  id: string,
  options: {
    countries?: string[];
    search?: SearchFn;
    select?: SelectFn;
    canSearch?: (country: string) => boolean;
  } = {},
) {
  const { countries = ['GB', 'US'] } = options;
  return {
    id,
    canSearch: vi.fn<(country: string) => boolean>(
      options.canSearch ?? ((country) => countries.includes(country)),
    ),
    search: vi.fn<SearchFn>(
      options.search ??
        ((query) => Promise.resolve([1, 2, 3].map((n) => suggestion(n, `${n} ${query} Road`)))),
    ),
    select: vi.fn<SelectFn>(
      options.select ??
        (() =>
          Promise.resolve<Partial<Address>>({
            country: 'GB',
            address_1: '10 Downing Street',
            city: 'London',
            postcode: 'SW1A 2AA',
          })),
    ),
  };
}

/** An in-memory form: field values, and every write in order. */
export function memoryFields(initial: Partial<Record<AddressField, string>> = {}) {
  const values: Partial<Record<AddressField, string>> = { ...initial };
  const writes: string[] = [];
  const fields: AddressFields = {
    get: (field) => values[field],
    set(field, value) {
      values[field] = value;
      writes.push(`${field}=${value}`);
    },
  };
  return { fields, values, writes };
}

export function setup(
  options: { providers?: ReturnType<typeof fakeProvider>[]; country?: string } = {},
) {
  const logger = fakeLogger();
  const registry = createAddressAutocompleteRegistry({
    serverProviders: [
      { id: 'first', name: 'First', branding_html: '<b>First</b>' },
      { id: 'second', name: 'Second', branding_html: '' },
    ],
    logger,
  });
  const providers = options.providers ?? [fakeProvider('first')];
  for (const provider of providers) registry.registerAddressAutocompleteProvider(provider);
  return { registry, logger, providers };
}
