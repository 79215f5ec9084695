/**
 * The store's address search over the embedded dataset: plain-text queries, every word must
 * match, at most five suggestions with the matched parts marked, and select by id.
 */
import { ADDRESS_DATASET, type DatasetAddress } from './dataset';
import { stripTags } from '../http/text';

/** Shortest query (after reduction to plain text) that searches, as the client's rule. */
export const MIN_ADDRESS_QUERY_LENGTH = 3;
/** Most suggestions one search returns. */
export const MAX_ADDRESS_SUGGESTIONS = 5;
/** Longest query accepted, in characters (after reduction to plain text). */
export const MAX_ADDRESS_QUERY_LENGTH = 100;

/** One suggestion, in the wire shape of the store provider's search route. */
export interface AddressSuggestionBody {
  id: string;
  label: string;
  matched_substrings: { offset: number; length: number }[];
}

/** The six address fields the select route answers with. */
export interface SelectedAddressBody {
  country: string;
  address_1: string;
  address_2: string;
  city: string;
  postcode: string;
  state: string;
}

/**
 * Reduces a query to plain text: tags removed, control characters dropped, whitespace collapsed.
 * `'<b>12</b>  Baker\u0000 St'` → `'12 Baker St'`.
 */
export function plainQuery(query: string): string {
  return (
    stripTags(query, { replacement: ' ' })
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The label shown for an address: street, second line, city, state and postcode. */
export function addressLabel(address: DatasetAddress): string {
  return [
    address.address_1,
    address.address_2,
    address.city,
    `${address.state} ${address.postcode}`.trim(),
  ]
    .filter((part) => part !== '')
    .join(', ');
}

function merge(ranges: { offset: number; length: number }[]) {
  const sorted = [...ranges].sort((a, b) => a.offset - b.offset);
  const merged: { offset: number; length: number }[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.offset <= last.offset + last.length) {
      last.length = Math.max(last.length, range.offset + range.length - last.offset);
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/**
 * Searches the dataset of one country. Every word of the (plain-text) query must occur in the
 * label, case-insensitively; addresses whose street starts with the query come first. Queries
 * shorter than {@link MIN_ADDRESS_QUERY_LENGTH} find nothing.
 */
export function searchAddresses(query: string, country: string): AddressSuggestionBody[] {
  const text = plainQuery(query).toLowerCase();
  if (text.length < MIN_ADDRESS_QUERY_LENGTH) return [];
  const words = text.split(/[\s,]+/).filter((word) => word !== '');
  const found: { suggestion: AddressSuggestionBody; rank: number }[] = [];
  for (const address of ADDRESS_DATASET) {
    if (address.country !== country) continue;
    const label = addressLabel(address);
    const lower = label.toLowerCase();
    const ranges: { offset: number; length: number }[] = [];
    let all = true;
    for (const word of words) {
      const offset = lower.indexOf(word);
      if (offset === -1) {
        all = false;
        break;
      }
      ranges.push({ offset, length: word.length });
    }
    if (!all) continue;
    found.push({
      suggestion: { id: address.id, label, matched_substrings: merge(ranges) },
      rank: lower.startsWith(text) ? 0 : 1,
    });
  }
  return found
    .sort((a, b) => a.rank - b.rank)
    .slice(0, MAX_ADDRESS_SUGGESTIONS)
    .map(({ suggestion }) => suggestion);
}

/** The address of a suggestion id, or `undefined` when the dataset has none. */
export function selectAddress(id: string): SelectedAddressBody | undefined {
  const address = ADDRESS_DATASET.find((entry) => entry.id === id);
  if (address === undefined) return undefined;
  const { country, address_1, address_2, city, postcode, state } = address;
  return { country, address_1, address_2, city, postcode, state };
}
