import { MAX_SUGGESTIONS } from './constants';
import { AddressAutocompleteError } from './errors';
import { toPlainText } from './plain-text';
import { isRecord } from './platform';
import type { AddressSuggestion, HighlightSegment, MatchedSubstring } from './types';

/**
 * Splits a suggestion label into plain and bold runs (spec §5 "Address search").
 * A match counts only if its `offset` is an integer ≥ 0, its `length` an integer
 * > 0 and `offset + length` ≤ the label's length; other entries are ignored.
 * Overlapping or touching matches merge, in any order. If `matchedSubstrings` is
 * not a list, the whole label is plain.
 *
 * @throws {AddressAutocompleteError} `invalid_label` if `label` is not a string.
 *
 * @example
 * highlightLabel('10 Downing Street', [{ offset: 3, length: 7 }]);
 * // [{ text: '10 ', highlighted: false }, { text: 'Downing', highlighted: true },
 * //  { text: ' Street', highlighted: false }]
 */
export function highlightLabel(label: string, matchedSubstrings: unknown): HighlightSegment[] {
  if (typeof label !== 'string') {
    throw new AddressAutocompleteError(
      'invalid_label',
      `A suggestion label must be a string, got ${typeof label}`,
    );
  }
  // One flag per UTF-16 code unit: overlapping and touching matches merge by themselves.
  const bold = Array<boolean>(label.length).fill(false);
  for (const { offset, length } of toMatchedSubstrings(matchedSubstrings)) {
    if (
      Number.isInteger(offset) &&
      Number.isInteger(length) &&
      offset >= 0 &&
      length > 0 &&
      offset + length <= label.length
    ) {
      bold.fill(true, offset, offset + length);
    }
  }
  const segments: HighlightSegment[] = [];
  for (let index = 0; index < label.length; index += 1) {
    const highlighted = bold[index]!;
    const last = segments[segments.length - 1];
    if (last?.highlighted === highlighted) last.text += label[index];
    else segments.push({ text: label[index]!, highlighted });
  }
  return segments;
}

function toMatchedSubstrings(value: unknown): MatchedSubstring[] {
  if (!Array.isArray(value)) return [];
  const matches: MatchedSubstring[] = [];
  for (const match of value as unknown[]) {
    if (!isRecord(match)) continue;
    const { offset, length } = match;
    if (typeof offset === 'number' && typeof length === 'number') matches.push({ offset, length });
  }
  return matches;
}

/**
 * Checks a provider's search result and returns at most {@link MAX_SUGGESTIONS}
 * well-formed suggestions, as fresh objects. A suggestion is well-formed when it
 * is an object with a non-empty string `id` and `label`; others are dropped. Labels
 * are reduced to plain text ({@link toPlainText}) before anything else, as WooCommerce
 * does before highlighting.
 * Match entries that are not `{offset: number, length: number}` are dropped (the
 * rest are range-checked by {@link highlightLabel}); a missing list becomes `[]`.
 *
 * @throws {AddressAutocompleteError} `invalid_suggestions` if `result` is not a list (spec §5).
 *
 * @example
 * const suggestions = normalizeSuggestions(await provider.search(query, country, 'billing'));
 */
export function normalizeSuggestions(result: unknown): AddressSuggestion[] {
  if (!Array.isArray(result)) {
    throw new AddressAutocompleteError(
      'invalid_suggestions',
      'Invalid suggestions response - not an array',
    );
  }
  const suggestions: AddressSuggestion[] = [];
  for (const item of result as unknown[]) {
    if (suggestions.length === MAX_SUGGESTIONS) break;
    if (!isRecord(item)) continue;
    const { id, matchedSubstrings } = item;
    const label = typeof item.label === 'string' ? toPlainText(item.label) : '';
    if (typeof id !== 'string' || id === '' || label === '') continue;
    suggestions.push({ id, label, matchedSubstrings: toMatchedSubstrings(matchedSubstrings) });
  }
  return suggestions;
}
