import { describe, expect, test, vi } from 'vitest';
import { createAddressAutocompleteRegistry, parseServerProviders } from './registry';

const SERVER = [
  {
    id: 'woocommerce_payments',
    name: 'WooCommerce Payments',
    branding_html: ' Powered by&nbsp;<b>G</b> ',
  },
  { id: 'cartwright_store', name: 'Store addresses', branding_html: '' },
];
const provider = (id: string, countries: string[] = ['GB']) => ({
  id,
  canSearch: (country: string) => countries.includes(country),
  search: () => Promise.resolve([]),
  select: () => Promise.resolve({}),
});
const logger = () => ({ error: vi.fn(), warn: vi.fn() });

describe('registerAddressAutocompleteProvider', () => {
  const { canSearch, search, select } = provider('x');
  test.each([
    ['null', null, 'Address provider must be a valid object'],
    ['a string', 'cartwright_store', 'Address provider must be a valid object'],
    ['a function', () => undefined, 'Address provider must be a valid object'],
    [
      'an object without id',
      { canSearch, search, select },
      'Address provider must have a valid ID',
    ],
    ['a numeric id', { id: 7, canSearch, search, select }, 'Address provider must have a valid ID'],
    ['an empty id', { id: '', canSearch, search, select }, 'Address provider must have a valid ID'],
    [
      'no canSearch (checked before search)',
      { id: 'cartwright_store' },
      'Address provider must have a canSearch function',
    ],
    [
      'no search',
      { id: 'cartwright_store', canSearch, select },
      'Address provider must have a search function',
    ],
    [
      'no select',
      { id: 'cartwright_store', canSearch, search },
      'Address provider must have a select function',
    ],
    [
      'an id the server does not list',
      provider('photon'),
      'Provider photon not registered on server',
    ],
  ])('refuses %s, logging the reason and returning false', (_title, candidate, message) => {
    const log = logger();
    const registry = createAddressAutocompleteRegistry({ serverProviders: SERVER, logger: log });
    expect(registry.registerAddressAutocompleteProvider(candidate)).toBe(false);
    expect(log.error).toHaveBeenCalledExactlyOnceWith(
      'Error registering address provider:',
      message,
    );
    expect(registry.getProviders()).toEqual([]);
  });

  test.each([
    ['an object', { providers: SERVER }],
    ['a number', 42],
  ])('refuses every provider when the server configuration is %s', (_title, serverProviders) => {
    const log = logger();
    const registry = createAddressAutocompleteRegistry({ serverProviders, logger: log });
    expect(registry.registerAddressAutocompleteProvider(provider('cartwright_store'))).toBe(false);
    expect(log.error).toHaveBeenCalledWith(
      'Error registering address provider:',
      'Server providers configuration is invalid',
    );
  });

  test('checks the functions before the server configuration', () => {
    const log = logger();
    const registry = createAddressAutocompleteRegistry({ serverProviders: 42, logger: log });
    registry.registerAddressAutocompleteProvider({ id: 'x' });
    expect(log.error).toHaveBeenCalledWith(
      'Error registering address provider:',
      'Address provider must have a canSearch function',
    );
  });

  test('accepts a configured provider once, freezes it, and warns about a second registration', () => {
    const log = logger();
    const registry = createAddressAutocompleteRegistry({ serverProviders: SERVER, logger: log });
    const first = provider('cartwright_store');
    expect(registry.registerAddressAutocompleteProvider(first)).toBe(true);
    expect(Object.isFrozen(first)).toBe(true);
    expect(registry.registerAddressAutocompleteProvider(provider('cartwright_store'))).toBe(false);
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      'Address provider with ID "cartwright_store" is already registered.',
    );
    expect(log.error).not.toHaveBeenCalled();
    expect(registry.getProviders()).toEqual([first]);
  });

  test('reads the configuration from a JSON string, as WooCommerce prints it', () => {
    const registry = createAddressAutocompleteRegistry({
      serverProviders: JSON.stringify(SERVER),
      logger: logger(),
    });
    expect(registry.registerAddressAutocompleteProvider(provider('woocommerce_payments'))).toBe(
      true,
    );
  });

  test('logs invalid JSON and then refuses providers as not registered on the server', () => {
    const log = logger();
    const registry = createAddressAutocompleteRegistry({ serverProviders: '[{"id":', logger: log });
    expect(log.error).toHaveBeenCalledWith(
      'Invalid address providers JSON:',
      expect.any(SyntaxError),
    );
    expect(registry.registerAddressAutocompleteProvider(provider('cartwright_store'))).toBe(false);
    expect(log.error).toHaveBeenLastCalledWith(
      'Error registering address provider:',
      'Provider cartwright_store not registered on server',
    );
  });

  test('tells subscribers about each registration', () => {
    const registry = createAddressAutocompleteRegistry({
      serverProviders: SERVER,
      logger: logger(),
    });
    const listener = vi.fn();
    const unsubscribe = registry.subscribe(listener);
    registry.registerAddressAutocompleteProvider(provider('cartwright_store'));
    registry.registerAddressAutocompleteProvider(provider('cartwright_store'));
    unsubscribe();
    registry.registerAddressAutocompleteProvider(provider('woocommerce_payments'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('findProvider', () => {
  test('picks the first provider in server order whose canSearch is true', () => {
    const registry = createAddressAutocompleteRegistry({
      serverProviders: SERVER,
      logger: logger(),
    });
    const store = provider('cartwright_store', ['GB', 'US']);
    const payments = provider('woocommerce_payments', ['US']);
    registry.registerAddressAutocompleteProvider(store); // registered first, but second on the server
    registry.registerAddressAutocompleteProvider(payments);
    expect(registry.findProvider('US')).toBe(payments);
    expect(registry.findProvider('GB')).toBe(store);
    expect(registry.findProvider('FR')).toBeNull();
  });

  test('treats a canSearch that throws or answers a truthy non-boolean as false', () => {
    const registry = createAddressAutocompleteRegistry({
      serverProviders: SERVER,
      logger: logger(),
    });
    registry.registerAddressAutocompleteProvider({
      ...provider('woocommerce_payments'),
      canSearch: () => {
        throw new Error('no token');
      },
    });
    registry.registerAddressAutocompleteProvider({
      ...provider('cartwright_store'),
      canSearch: () => 'yes',
    });
    expect(registry.findProvider('GB')).toBeNull();
  });
});

describe('server providers', () => {
  test('getServerProvider returns the entry with string fields, or null', () => {
    const registry = createAddressAutocompleteRegistry({
      serverProviders: [{ id: 'a', name: 5 }],
      logger: logger(),
    });
    expect(registry.getServerProvider('a')).toEqual({ id: 'a', name: '', branding_html: '' });
    expect(registry.getServerProvider('b')).toBeNull();
  });

  test('getBrandingHtml trims the server branding and gives an empty string when there is none', () => {
    const registry = createAddressAutocompleteRegistry({
      serverProviders: SERVER,
      logger: logger(),
    });
    expect(registry.getBrandingHtml('woocommerce_payments')).toBe('Powered by&nbsp;<b>G</b>');
    expect(registry.getBrandingHtml('cartwright_store')).toBe('');
    expect(registry.getBrandingHtml('missing')).toBe('');
  });

  test('parseServerProviders keeps arrays as they are and turns nothing into an empty list', () => {
    expect(parseServerProviders(SERVER)).toBe(SERVER);
    expect(parseServerProviders(undefined)).toEqual([]);
  });
});
