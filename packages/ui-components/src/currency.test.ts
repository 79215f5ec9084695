import { describe, expect, test } from 'vitest';
import { eur, usd, usdStoreApiFields } from './__fixtures__/products';
import { UiComponentsError, currencyFromStoreApi, formatPrice, isUiComponentsError } from './index';
import type { Currency } from './index';

const jpy: Currency = { ...usd, code: 'JPY', symbol: '¥', minorUnit: 0, prefix: '¥' };
const bhd: Currency = { ...usd, code: 'BHD', symbol: 'BD', minorUnit: 3, prefix: 'BD ' };
const noGrouping: Currency = { ...usd, thousandSeparator: '' };

describe('formatPrice', () => {
  test.each<[string | number, Currency, string]>([
    ['1999', usd, '$19.99'],
    [1999, usd, '$19.99'],
    ['0', usd, '$0.00'],
    ['5', usd, '$0.05'],
    ['100', usd, '$1.00'],
    ['007', usd, '$0.07'],
    ['99999', usd, '$999.99'],
    ['100000', usd, '$1,000.00'],
    ['123456789', usd, '$1,234,567.89'],
    ['-500', usd, '-$5.00'],
    [-123456, usd, '-$1,234.56'],
    ['-0', usd, '$0.00'],
    ['123456', eur, '1.234,56 €'],
    ['1234567', jpy, '¥1,234,567'],
    [0, jpy, '¥0'],
    ['1234', bhd, 'BD 1.234'],
    ['123456', noGrouping, '$1234.56'],
    ['123456789012345678901234', usd, '$1,234,567,890,123,456,789,012.34'],
  ])('formats %j in %s as %j', (amount, currency, expected) => {
    expect(formatPrice(amount, currency)).toBe(expected);
  });

  test.each<[string, unknown]>([
    ['a decimal string', '19.99'],
    ['an empty string', ''],
    ['a padded string', ' 1999'],
    ['exponent notation', '1e3'],
    ['a double minus', '--1'],
    ['a plus sign', '+5'],
    ['NaN', Number.NaN],
    ['a fractional number', 1.5],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an unsafe integer', 2 ** 53],
    ['null', null],
    ['undefined', undefined],
  ])('rejects %s with an invalid_amount error instead of printing NaN', (_label, amount) => {
    let caught: unknown;
    try {
      formatPrice(amount as string, usd);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UiComponentsError);
    expect(caught).toMatchObject({ name: 'UiComponentsError', code: 'invalid_amount' });
    expect((caught as UiComponentsError).input).toBe(amount);
    expect((caught as Error).message).toMatch(/integer/);
  });

  test.each<[string, Currency]>([
    ['a negative minor unit', { ...usd, minorUnit: -1 }],
    ['a fractional minor unit', { ...usd, minorUnit: 2.5 }],
    ['an absurd minor unit', { ...usd, minorUnit: 21 }],
    ['a missing prefix', { ...usd, prefix: undefined as unknown as string }],
    ['a numeric decimal separator', { ...usd, decimalSeparator: 0 as unknown as string }],
  ])('rejects a currency with %s with an invalid_currency error', (_label, currency) => {
    expect(() => formatPrice('1999', currency)).toThrow(
      expect.objectContaining({ code: 'invalid_currency' }),
    );
  });
});

describe('currencyFromStoreApi', () => {
  test('maps the Store API currency_* fields to a Currency', () => {
    expect(currencyFromStoreApi(usdStoreApiFields)).toEqual(usd);
  });

  test('accepts a whole Store API prices object and ignores the amounts', () => {
    const prices = {
      ...usdStoreApiFields,
      price: '1800',
      regular_price: '2000',
      sale_price: '1800',
    };
    const currency = currencyFromStoreApi(prices);
    expect(formatPrice(prices.price, currency)).toBe('$18.00');
  });

  test('a suffix currency from the Store API formats with its suffix', () => {
    const currency = currencyFromStoreApi({
      currency_code: 'EUR',
      currency_symbol: '€',
      currency_minor_unit: 2,
      currency_decimal_separator: ',',
      currency_thousand_separator: '.',
      currency_prefix: '',
      currency_suffix: ' €',
    });
    expect(formatPrice('250000', currency)).toBe('2.500,00 €');
  });

  test('names the missing field in an invalid_currency error', () => {
    const { currency_prefix: _omitted, ...incomplete } = usdStoreApiFields;
    expect(() => currencyFromStoreApi(incomplete as typeof usdStoreApiFields)).toThrow(
      expect.objectContaining({
        code: 'invalid_currency',
        message: expect.stringContaining('currency_prefix') as string,
      }),
    );
  });

  test('rejects a minor unit sent as a string', () => {
    const fields = { ...usdStoreApiFields, currency_minor_unit: '2' as unknown as number };
    expect(() => currencyFromStoreApi(fields)).toThrow(
      expect.objectContaining({
        code: 'invalid_currency',
        message: expect.stringContaining('currency_minor_unit') as string,
      }),
    );
  });

  test('rejects a missing prices object', () => {
    expect(() => currencyFromStoreApi(null as unknown as typeof usdStoreApiFields)).toThrow(
      expect.objectContaining({ code: 'invalid_currency' }),
    );
  });
});

describe('isUiComponentsError', () => {
  test('recognises this package’s errors and look-alikes from another copy by name', () => {
    const foreign = Object.assign(new Error('from another bundle'), {
      name: 'UiComponentsError',
      code: 'invalid_amount',
    });
    expect(isUiComponentsError(new UiComponentsError('invalid_amount', 'bad'))).toBe(true);
    expect(isUiComponentsError(foreign)).toBe(true);
    expect(isUiComponentsError(new Error('bad'))).toBe(false);
    expect(isUiComponentsError({ name: 'UiComponentsError', code: 'invalid_amount' })).toBe(false);
  });

  test('keeps the cause it was given', () => {
    const cause = new TypeError('root');
    expect(new UiComponentsError('invalid_currency', 'bad', { cause }).cause).toBe(cause);
  });
});
