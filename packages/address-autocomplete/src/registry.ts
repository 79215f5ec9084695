import { isRecord } from './platform';
import type { AddressAutocompleteProvider, Logger, ServerProvider } from './types';

/** Options of {@link createAddressAutocompleteRegistry}. */
export interface AddressAutocompleteRegistryOptions {
  /**
   * The server providers configuration (spec §3, reference §4.2): a list of
   * `{ id, name, branding_html }` in the server's order (the preferred provider first),
   * or that list as a JSON string, as WooCommerce prints it in
   * `wc_address_autocomplete_common_params.address_providers`. A string that is not
   * JSON is logged ("Invalid address providers JSON:") and becomes an empty list.
   * Anything else that is not a list makes every registration fail with "Server
   * providers configuration is invalid".
   * @default []
   * @example createAddressAutocompleteRegistry({ serverProviders: window.wc_address_autocomplete_common_params?.address_providers })
   */
  serverProviders?: unknown;
  /**
   * Receives refusals and warnings.
   * @default console
   */
  logger?: Logger;
}

/**
 * Providers registered on the client, checked against the server configuration.
 * Subscribe to learn about registrations (availability may change).
 */
export interface AddressAutocompleteRegistry {
  /**
   * Registers a provider (spec §5 "Address provider registration"). Refuses, logging
   * `'Error registering address provider:', message` and returning `false`, in this
   * order: not an object ("Address provider must be a valid object"), no string id
   * ("Address provider must have a valid ID"), a missing `canSearch`, `search` or
   * `select` ("Address provider must have a {name} function"), a server configuration
   * that is not a list ("Server providers configuration is invalid"), an id the server
   * does not list ("Provider {id} not registered on server"). An id already registered
   * logs a warning and returns `false`. A registered provider is frozen.
   *
   * @example
   * if (!registry.registerAddressAutocompleteProvider(createStoreAddressProvider())) {
   *   // see the console for the reason
   * }
   */
  registerAddressAutocompleteProvider(provider: unknown): boolean;
  /** The server's entry for `id`, with `name` and `branding_html` as strings, or `null`. */
  getServerProvider(id: string): ServerProvider | null;
  /** The server's branding HTML for `id`, trimmed; `''` when there is none. Not sanitised. */
  getBrandingHtml(id: string): string;
  /** The registered providers, in registration order. */
  getProviders(): readonly AddressAutocompleteProvider[];
  /**
   * The provider that serves `country`: the first provider, in the server's order,
   * that is registered and whose `canSearch(country)` is `true` (a `canSearch` that
   * throws counts as `false`); `null` when none does.
   */
  findProvider(country: string): AddressAutocompleteProvider | null;
  /** Calls `listener` after every successful registration. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * Reads the server providers configuration: a JSON string is parsed (invalid JSON is
 * logged as "Invalid address providers JSON:" and gives `[]`); anything else is
 * returned as it is, to be checked at registration.
 */
export function parseServerProviders(value: unknown, logger: Logger = console): unknown {
  if (typeof value !== 'string') return value ?? [];
  try {
    return JSON.parse(value) as unknown;
  } catch (error) {
    logger.error('Invalid address providers JSON:', error);
    return [];
  }
}

const REQUIRED_FUNCTIONS = ['canSearch', 'search', 'select'] as const;

/**
 * Creates a provider registry bound to a server providers configuration. WooCommerce
 * keeps one per page (`window.wc.addressAutocomplete`); create one per page too and
 * share it between the billing and shipping forms.
 *
 * @example
 * const registry = createAddressAutocompleteRegistry({
 *   serverProviders: [{ id: 'cartwright_store', name: 'Store addresses', branding_html: '' }],
 * });
 * registry.registerAddressAutocompleteProvider(createStoreAddressProvider()); // true
 */
export function createAddressAutocompleteRegistry(
  options: AddressAutocompleteRegistryOptions = {},
): AddressAutocompleteRegistry {
  const logger = options.logger ?? console;
  const serverProviders = parseServerProviders(options.serverProviders, logger);
  const providers = new Map<string, AddressAutocompleteProvider>();
  const listeners = new Set<() => void>();
  // The configuration is read once, here: later changes to the given list are not seen.
  const serverEntries: Record<string, unknown>[] = Array.isArray(serverProviders)
    ? (serverProviders as unknown[]).filter(isRecord)
    : [];

  const getServerProvider = (id: string): ServerProvider | null => {
    const entry = serverEntries.find((item) => item.id === id);
    if (!entry) return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return { id, name: text(entry.name), branding_html: text(entry.branding_html) };
  };

  /** Why `provider` cannot be registered (spec §5, in this order), or `''`. */
  const refusal = (provider: unknown): string => {
    if (typeof provider !== 'object' || provider === null) {
      return 'Address provider must be a valid object';
    }
    const { id } = provider as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') return 'Address provider must have a valid ID';
    const missing = REQUIRED_FUNCTIONS.find(
      (name) => typeof (provider as Record<string, unknown>)[name] !== 'function',
    );
    if (missing) return `Address provider must have a ${missing} function`;
    if (!Array.isArray(serverProviders)) return 'Server providers configuration is invalid';
    return getServerProvider(id) ? '' : `Provider ${id} not registered on server`;
  };

  return {
    registerAddressAutocompleteProvider(provider) {
      const message = refusal(provider);
      if (message) {
        logger.error('Error registering address provider:', message);
        return false;
      }
      const { id } = provider as AddressAutocompleteProvider;
      if (providers.has(id)) {
        logger.warn(`Address provider with ID "${id}" is already registered.`);
        return false;
      }
      providers.set(id, Object.freeze(provider as AddressAutocompleteProvider));
      for (const listener of [...listeners]) listener();
      return true;
    },
    getServerProvider,
    getBrandingHtml: (id) => getServerProvider(id)?.branding_html.trim() ?? '',
    getProviders: () => [...providers.values()],
    findProvider(country) {
      for (const entry of serverEntries) {
        const provider = providers.get(entry.id as string); // only string ids are ever set
        if (!provider) continue;
        try {
          if (provider.canSearch(country) === true) return provider;
        } catch {
          // A provider that cannot answer cannot serve this country.
        }
      }
      return null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
