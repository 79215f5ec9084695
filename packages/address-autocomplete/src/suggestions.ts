import { MAX_SUGGESTIONS } from './constants';
import { AddressAutocompleteError } from './errors';
import type { AddressSuggestion, HighlightSegment, MatchedSubstring } from './types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
      `A suggestion label must be a string, got ${label === null ? 'null' : typeof label}.`,
    );
  }
  const ranges: Array<[start: number, end: number]> = [];
  if (Array.isArray(matchedSubstrings)) {
    for (const match of matchedSubstrings as unknown[]) {
      if (!isRecord(match)) continue;
      const { offset, length } = match;
      if (!Number.isInteger(offset) || !Number.isInteger(length)) continue;
      const start = offset as number;
      const end = start + (length as number);
      if (start >= 0 && end > start && end <= label.length) ranges.push([start, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);

  const segments: HighlightSegment[] = [];
  let cursor = 0;
  let index = 0;
  while (index < ranges.length) {
    const [start] = ranges[index]!;
    let end = ranges[index]![1];
    index += 1;
    // Merge every range that overlaps or touches the current one.
    while (index < ranges.length && ranges[index]![0] <= end) {
      end = Math.max(end, ranges[index]![1]);
      index += 1;
    }
    if (start > cursor) segments.push({ text: label.slice(cursor, start), highlighted: false });
    segments.push({ text: label.slice(start, end), highlighted: true });
    cursor = end;
  }
  if (cursor < label.length) segments.push({ text: label.slice(cursor), highlighted: false });
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
 * is an object with a non-empty string `id` and `label`; others are dropped.
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
    const { id, label, matchedSubstrings } = item;
    if (typeof id !== 'string' || id === '' || typeof label !== 'string' || label === '') continue;
    suggestions.push({ id, label, matchedSubstrings: toMatchedSubstrings(matchedSubstrings) });
  }
  return suggestions;
}
