import { AddressAutocompleteError } from '../errors';
import { isRecord } from '../platform';
import { defineAddressProvider } from '../provider-helper';
import type {
  Address,
  AddressAutocompleteProvider,
  AddressSuggestion,
  MatchedSubstring,
  Timers,
} from '../types';
import { countryFilter, getJson, withParams } from './http';
import type { FetchLike } from './http';

export type { FetchLike } from './http';

/** Options of {@link createPhotonAddressProvider}. */
export interface PhotonAddressProviderOptions {
  /**
   * The provider id; must match the server configuration.
   * @default 'photon'
   */
  id?: string;
  /**
   * The Photon instance. The public one is free under a fair-use policy: keep the
   * debounce, or run your own (https://github.com/komoot/photon).
   * @default 'https://photon.komoot.io'
   */
  baseUrl?: string;
  /**
   * Result language (`en`, `de`, `fr`, or `default` for local names).
   * @default 'en'
   */
  lang?: string;
  /**
   * The countries to offer suggestions for; without a list, any country code.
   */
  countries?: readonly string[];
  /**
   * Turns Photon's state name into the code WooCommerce stores. The default knows US
   * states and Canadian provinces and returns `''` (the field is cleared) elsewhere.
   */
  stateCode?: (country: string, stateName: string) => string;
  /** @default globalThis.fetch (resolved at request time) */
  fetch?: FetchLike;
  /** @default 300 */
  debounceMs?: number;
  /** @default 100 */
  cacheSize?: number;
  /** @default globalThis.setTimeout / clearTimeout */
  timers?: Timers;
}

// prettier-ignore
const STATE_CODES: Record<string, Record<string, string>> = {
  US: { Alabama: 'AL', Alaska: 'AK', Arizona: 'AZ', Arkansas: 'AR', California: 'CA', Colorado: 'CO', Connecticut: 'CT', Delaware: 'DE', 'District of Columbia': 'DC', Florida: 'FL', Georgia: 'GA', Hawaii: 'HI', Idaho: 'ID', Illinois: 'IL', Indiana: 'IN', Iowa: 'IA', Kansas: 'KS', Kentucky: 'KY', Louisiana: 'LA', Maine: 'ME', Maryland: 'MD', Massachusetts: 'MA', Michigan: 'MI', Minnesota: 'MN', Mississippi: 'MS', Missouri: 'MO', Montana: 'MT', Nebraska: 'NE', Nevada: 'NV', 'New Hampshire': 'NH', 'New Jersey': 'NJ', 'New Mexico': 'NM', 'New York': 'NY', 'North Carolina': 'NC', 'North Dakota': 'ND', Ohio: 'OH', Oklahoma: 'OK', Oregon: 'OR', Pennsylvania: 'PA', 'Rhode Island': 'RI', 'South Carolina': 'SC', 'South Dakota': 'SD', Tennessee: 'TN', Texas: 'TX', Utah: 'UT', Vermont: 'VT', Virginia: 'VA', Washington: 'WA', 'West Virginia': 'WV', Wisconsin: 'WI', Wyoming: 'WY' },
  CA: { Alberta: 'AB', 'British Columbia': 'BC', Manitoba: 'MB', 'New Brunswick': 'NB', 'Newfoundland and Labrador': 'NL', 'Northwest Territories': 'NT', 'Nova Scotia': 'NS', Nunavut: 'NU', Ontario: 'ON', 'Prince Edward Island': 'PE', Quebec: 'QC', Saskatchewan: 'SK', Yukon: 'YT' },
};

// Countries that write the house number after the street ("Unter den Linden 77").
const NUMBER_AFTER_STREET = new Set(
  'AT BE CH CZ DE DK EE ES FI HR HU IS IT LT LV NL NO PL PT RS SE SI SK'.split(' '),
);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Bold ranges: the first case-insensitive occurrence of each query word in the label. */
function matchWords(label: string, query: string): MatchedSubstring[] {
  const lower = label.toLowerCase();
  const matches: MatchedSubstring[] = [];
  for (const word of query.toLowerCase().split(/[\s,]+/)) {
    const offset = word ? lower.indexOf(word) : -1;
    if (offset >= 0) matches.push({ offset, length: word.length });
  }
  return matches;
}

/**
 * An adapter for Photon (https://photon.komoot.io), the OpenStreetMap geocoder:
 * `GET {baseUrl}/api/?q&limit=10&lang`, keeping house and street results in the
 * requested country (Photon has no country filter), mapped to WooCommerce address
 * fields. Photon has no "details" call, so `select` answers from the addresses of
 * recent searches; an unknown id rejects with `unknown_suggestion`.
 *
 * @example
 * registry.registerAddressAutocompleteProvider(createPhotonAddressProvider({ countries: ['DE', 'AT', 'CH'] }));
 */
export function createPhotonAddressProvider(
  options: PhotonAddressProviderOptions = {},
): AddressAutocompleteProvider {
  const {
    id = 'photon',
    baseUrl = 'https://photon.komoot.io',
    lang = 'en',
    countries,
    stateCode = (country, name) => STATE_CODES[country]?.[name] ?? '',
    fetch,
    ...rest
  } = options;
  const addresses = new Map<string, Partial<Address>>();

  return defineAddressProvider({
    ...rest,
    id,
    canSearch: countryFilter(countries),
    async search(query, country, _type, { signal }) {
      const url = withParams(`${baseUrl.replace(/\/$/, '')}/api/`, { q: query, limit: '10', lang });
      const body = await getJson(fetch, url, signal);
      if (!isRecord(body) || !Array.isArray(body.features)) {
        throw new AddressAutocompleteError(
          'provider_invalid_response',
          'Photon did not answer a FeatureCollection',
        );
      }
      const suggestions: AddressSuggestion[] = [];
      for (const feature of body.features as unknown[]) {
        const properties =
          isRecord(feature) && isRecord(feature.properties) ? feature.properties : {};
        const street =
          text(properties.street) || (properties.type === 'street' ? text(properties.name) : '');
        const number = text(properties.housenumber);
        const osmId =
          typeof properties.osm_id === 'number'
            ? String(properties.osm_id)
            : text(properties.osm_id);
        const suggestionId = `${text(properties.osm_type)}${osmId}`;
        if (
          text(properties.countrycode).toUpperCase() !== country ||
          !street ||
          !osmId ||
          suggestions.some((suggestion) => suggestion.id === suggestionId)
        ) {
          continue;
        }
        const address_1 = !number
          ? street
          : NUMBER_AFTER_STREET.has(country)
            ? `${street} ${number}`
            : `${number} ${street}`;
        const city =
          text(properties.city) || text(properties.locality) || text(properties.district);
        const address: Partial<Address> = {
          country,
          address_1,
          city,
          postcode: text(properties.postcode),
          state: stateCode(country, text(properties.state)),
        };
        const label = [address_1, city, address.postcode].filter(Boolean).join(', ');
        addresses.delete(suggestionId);
        addresses.set(suggestionId, address);
        if (addresses.size > 200) addresses.delete(addresses.keys().next().value!);
        suggestions.push({ id: suggestionId, label, matchedSubstrings: matchWords(label, query) });
      }
      return suggestions;
    },
    select(suggestionId) {
      const address = addresses.get(suggestionId);
      if (!address) {
        return Promise.reject(
          new AddressAutocompleteError(
            'unknown_suggestion',
            `No recent Photon suggestion has the id ${suggestionId}`,
          ),
        );
      }
      return Promise.resolve({ ...address });
    },
  });
}
