import { describe, expect, test } from 'vitest';
import {
  ADDRESS_TYPES,
  BLUR_CLOSE_DELAY_MS,
  MAX_SUGGESTIONS,
  MIN_QUERY_LENGTH,
  SECONDARY_FIELDS_DELAY_MS,
} from './constants';
import { AddressAutocompleteError, isAddressAutocompleteError } from './errors';
import { highlightLabel, normalizeSuggestions } from './suggestions';

const LABEL = '10 Downing Street, London'; // 25 characters

/** Renders segments the way a dropdown would, bold as [brackets], to compare whole results at a glance. */
const render = (label: string, matches: unknown) =>
  highlightLabel(label, matches)
    .map((segment) => (segment.highlighted ? `[${segment.text}]` : segment.text))
    .join('');

describe('constants', () => {
  test('match the values in spec §9', () => {
    expect(ADDRESS_TYPES).toEqual(['billing', 'shipping']);
    expect(MIN_QUERY_LENGTH).toBe(3);
    expect(MAX_SUGGESTIONS).toBe(5);
    expect(BLUR_CLOSE_DELAY_MS).toBe(200);
    expect(SECONDARY_FIELDS_DELAY_MS).toBe(50);
  });
});

describe('highlightLabel', () => {
  test.each([
    ['one match in the middle', [{ offset: 3, length: 7 }], '10 [Downing] Street, London'],
    ['a match at the start', [{ offset: 0, length: 2 }], '[10] Downing Street, London'],
    [
      'a match that ends exactly at the label end',
      [{ offset: 19, length: 6 }],
      '10 Downing Street, [London]',
    ],
    ['the whole label', [{ offset: 0, length: 25 }], '[10 Downing Street, London]'],
    [
      'two separate matches',
      [
        { offset: 0, length: 2 },
        { offset: 19, length: 6 },
      ],
      '[10] Downing Street, [London]',
    ],
    [
      'matches given out of order',
      [
        { offset: 19, length: 6 },
        { offset: 0, length: 2 },
      ],
      '[10] Downing Street, [London]',
    ],
    [
      'overlapping matches, merged',
      [
        { offset: 3, length: 5 },
        { offset: 5, length: 5 },
      ],
      '10 [Downing] Street, London',
    ],
    [
      'a match inside another, merged',
      [
        { offset: 3, length: 14 },
        { offset: 5, length: 2 },
      ],
      '10 [Downing Street], London',
    ],
    [
      'touching matches, merged',
      [
        { offset: 3, length: 4 },
        { offset: 7, length: 3 },
      ],
      '10 [Downing] Street, London',
    ],
    ['a negative offset, ignored', [{ offset: -1, length: 3 }], LABEL],
    ['a zero length, ignored', [{ offset: 3, length: 0 }], LABEL],
    ['a negative length, ignored', [{ offset: 5, length: -2 }], LABEL],
    ['a match one past the end, ignored', [{ offset: 19, length: 7 }], LABEL],
    ['a fractional offset, ignored', [{ offset: 1.5, length: 2 }], LABEL],
    ['numeric strings, ignored', [{ offset: '3', length: '7' }], LABEL],
    [
      'null and non-object entries, ignored',
      [null, 3, 'x', { offset: 3, length: 7 }],
      '10 [Downing] Street, London',
    ],
    [
      'an invalid entry beside a valid one',
      [
        { offset: 20, length: 50 },
        { offset: 0, length: 2 },
      ],
      '[10] Downing Street, London',
    ],
    ['no matches', [], LABEL],
    ['matches that are not a list', { offset: 3, length: 7 }, LABEL],
    ['undefined matches', undefined, LABEL],
  ])('with %s', (_title, matches, expected) => {
    expect(render(LABEL, matches)).toBe(expected);
  });

  test('returns ordered, non-empty segments that rebuild the label', () => {
    const segments = highlightLabel(LABEL, [{ offset: 3, length: 7 }]);
    expect(segments).toEqual([
      { text: '10 ', highlighted: false },
      { text: 'Downing', highlighted: true },
      { text: ' Street, London', highlighted: false },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(LABEL);
  });

  test('an empty label gives no segments', () => {
    expect(highlightLabel('', [{ offset: 0, length: 1 }])).toEqual([]);
  });

  test('a label that is not a string is refused with invalid_label', () => {
    expect(() => highlightLabel(42 as unknown as string, [])).toThrow(
      expect.objectContaining({ name: 'AddressAutocompleteError', code: 'invalid_label' }),
    );
  });
});

describe('normalizeSuggestions', () => {
  const suggestion = (n: number) => ({
    id: `place-${n}`,
    label: `${n} Main Street`,
    matchedSubstrings: [{ offset: 0, length: 1 }],
  });

  test.each([
    ['an object', { suggestions: [] }],
    ['null', null],
    ['undefined', undefined],
    ['a string', '[]'],
  ])('rejects a result that is %s with invalid_suggestions', (_title, result) => {
    let error: unknown;
    try {
      normalizeSuggestions(result);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AddressAutocompleteError);
    expect(error).toMatchObject({
      code: 'invalid_suggestions',
      message: 'Invalid suggestions response - not an array',
    });
  });

  test('keeps well-formed suggestions as they are', () => {
    expect(normalizeSuggestions([suggestion(1), suggestion(2)])).toEqual([
      suggestion(1),
      suggestion(2),
    ]);
  });

  test('keeps at most 5 suggestions, the first ones', () => {
    const result = normalizeSuggestions([1, 2, 3, 4, 5, 6, 7].map(suggestion));
    expect(result.map((item) => item.id)).toEqual([
      'place-1',
      'place-2',
      'place-3',
      'place-4',
      'place-5',
    ]);
  });

  test('drops malformed suggestions before counting to 5', () => {
    const result = normalizeSuggestions([
      null,
      { id: 7, label: 'numeric id' },
      { id: '', label: 'empty id' },
      { id: 'no-label' },
      { id: 'empty-label', label: '' },
      'text',
      ...[1, 2, 3, 4, 5, 6].map(suggestion),
    ]);
    expect(result.map((item) => item.id)).toEqual([
      'place-1',
      'place-2',
      'place-3',
      'place-4',
      'place-5',
    ]);
  });

  test.each([
    ['missing', undefined, []],
    ['not a list', 'bold', []],
    [
      'a list with malformed entries',
      [{ offset: 0, length: 2 }, { offset: '1', length: 2 }, null, { offset: 4 }],
      [{ offset: 0, length: 2 }],
    ],
  ])('cleans matchedSubstrings that are %s', (_title, matchedSubstrings, expected) => {
    const [result] = normalizeSuggestions([{ id: 'a', label: 'abcdef', matchedSubstrings }]);
    expect(result?.matchedSubstrings).toEqual(expected);
  });

  test('returns fresh objects without extra fields, so provider data cannot leak through', () => {
    const input = { id: 'a', label: 'abc', matchedSubstrings: [], extra: '<script>' };
    const [result] = normalizeSuggestions([input]);
    expect(result).toEqual({ id: 'a', label: 'abc', matchedSubstrings: [] });
    expect(result).not.toBe(input);
  });
});

describe('isAddressAutocompleteError', () => {
  test.each([
    ['an AddressAutocompleteError', new AddressAutocompleteError('invalid_label', 'x'), true],
    ['a look-alike from another realm', { name: 'AddressAutocompleteError', code: 'x' }, true],
    ['a plain Error', new Error('x'), false],
    ['undefined', undefined, false],
  ])('recognises %s', (_title, value, expected) => {
    expect(isAddressAutocompleteError(value)).toBe(expected);
  });
});
