import { describe, expect, test } from 'vitest';
import { defineArgs } from './args';
import { RestError } from './rest-error';

const ARGS = defineArgs({
  id: { type: 'integer', required: true, minimum: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100 },
  order: { type: 'string', enum: ['asc', 'desc'] },
  flag: { type: 'boolean' },
  ids: { type: 'array', items: { type: 'integer' } },
  name: { type: 'string', maxLength: 5 },
  price: { type: 'integer', minimum: 0, emptyIsAbsent: true, message: 'price is in cents.' },
});

function refusal(params: Record<string, unknown>) {
  try {
    ARGS.read(params);
  } catch (error) {
    if (error instanceof RestError)
      return { code: error.code, status: error.status, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('defineArgs', () => {
  test('reads text as WordPress does for each declared type', () => {
    expect(
      ARGS.read({ id: '12', per_page: 100, order: 'asc', flag: '1', ids: '1, 2,,3', name: 'abc' }),
    ).toEqual({ id: 12, per_page: 100, order: 'asc', flag: true, ids: [1, 2, 3], name: 'abc' });
    expect(ARGS.read({ id: 1, flag: 'FALSE', ids: ['4', 5], price: '' })).toEqual({
      id: 1,
      flag: false,
      ids: [4, 5],
    });
    // Unknown parameters are ignored, as in WordPress.
    expect(ARGS.read({ id: '3', other: { deep: true } })).toEqual({ id: 3 });
  });

  test('every missing required argument first, in one rest_missing_callback_param', () => {
    expect(refusal({ per_page: 'x' })).toEqual({
      code: 'rest_missing_callback_param',
      status: 400,
      data: { params: ['id'] },
    });
    expect(refusal({ id: null }).code).toBe('rest_missing_callback_param');
  });

  test.each([
    [{ id: 'x' }, 'id', 'rest_invalid_type', 'id is not of type integer.'],
    [{ id: '1.5' }, 'id', 'rest_invalid_type', 'id is not of type integer.'],
    [{ id: '' }, 'id', 'rest_invalid_type', 'id is not of type integer.'],
    [{ id: ['1'] }, 'id', 'rest_invalid_type', 'id is not of type integer.'],
    [{ id: '0' }, 'id', 'rest_out_of_bounds', 'id must be greater than or equal to 1'],
    [
      { id: 1, per_page: '101' },
      'per_page',
      'rest_out_of_bounds',
      'per_page must be between 1 (inclusive) and 100 (inclusive)',
    ],
    [{ id: 1, order: 'up' }, 'order', 'rest_not_in_enum', 'order is not one of asc, desc.'],
    [{ id: 1, order: ['asc'] }, 'order', 'rest_invalid_type', 'order is not of type string.'],
    [{ id: 1, flag: 'maybe' }, 'flag', 'rest_invalid_type', 'flag is not of type boolean.'],
    [{ id: 1, flag: '' }, 'flag', 'rest_invalid_type', 'flag is not of type boolean.'],
    [{ id: 1, ids: '1,two' }, 'ids', 'rest_invalid_type', 'ids[1] is not of type integer.'],
    [{ id: 1, ids: { a: 1 } }, 'ids', 'rest_invalid_type', 'ids is not of type array.'],
    [{ id: 1, name: 'abcdef' }, 'name', 'rest_too_long', 'name must be at most 5 characters long.'],
    [{ id: 1, price: '-1' }, 'price', 'rest_out_of_bounds', 'price is in cents.'],
    [{ id: 1, price: 'x' }, 'price', 'rest_invalid_type', 'price is in cents.'],
  ])('%j → 400 rest_invalid_param for %s (%s)', (params, name, code, message) => {
    expect(refusal(params)).toEqual({
      code: 'rest_invalid_param',
      status: 400,
      data: {
        params: { [name]: message },
        details: { [name]: { code, message, data: null } },
      },
    });
  });

  test('every invalid argument is named at once, in declaration order', () => {
    const { data } = refusal({ order: 'x', id: 'y', flag: 'z' });
    expect(Object.keys((data as { params: object }).params)).toEqual(['id', 'order', 'flag']);
  });

  test('a huge page number is an integer (a page past the end), as PHP reads it', () => {
    expect(ARGS.read({ id: '99999999999999999999' }).id).toBeGreaterThan(2 ** 53);
  });
});
