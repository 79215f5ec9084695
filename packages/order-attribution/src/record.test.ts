import { describe, expect, test } from 'vitest';
import { OrderAttributionError, isOrderAttributionError } from './errors';
import { ATTRIBUTION_FIELDS, EXTENSION_NAMESPACE, FIELD_PREFIX } from './fields';
import type { AttributionRecord } from './fields';
import { formatSessionStartTime, toExtensionData, toFormFields } from './record';

const typein: AttributionRecord = {
  source_type: 'typein',
  referrer: '(none)',
  utm_campaign: '(none)',
  utm_source: '(direct)',
  utm_medium: '(none)',
  session_entry: 'https://shop.example/product/beanie/',
  session_start_time: '2026-03-07 09:05:03',
  session_pages: '2',
  session_count: '1',
  user_agent: 'Mozilla/5.0',
};

describe('names', () => {
  test('lists the 16 fields in the spec order', () => {
    expect(ATTRIBUTION_FIELDS).toEqual([
      'source_type',
      'referrer',
      'utm_campaign',
      'utm_source',
      'utm_medium',
      'utm_content',
      'utm_id',
      'utm_term',
      'utm_source_platform',
      'utm_creative_format',
      'utm_marketing_tactic',
      'session_entry',
      'session_start_time',
      'session_pages',
      'session_count',
      'user_agent',
    ]);
  });

  test('uses WooCommerce’s input prefix and extension namespace', () => {
    expect(FIELD_PREFIX).toBe('wc_order_attribution_');
    expect(EXTENSION_NAMESPACE).toBe('woocommerce/order-attribution');
  });
});

describe('formatSessionStartTime', () => {
  test.each([
    ['a morning time, zero-padded', '2026-03-07T09:05:03.999Z', '2026-03-07 09:05:03'],
    ['the last second of a year', '2025-12-31T23:59:59Z', '2025-12-31 23:59:59'],
    ['midnight', '2026-01-01T00:00:00Z', '2026-01-01 00:00:00'],
    ['a time given with an offset, in UTC', '2026-06-30T23:30:00-02:00', '2026-07-01 01:30:00'],
    ['a year before 1000, padded to four digits', '0987-04-05T06:07:08Z', '0987-04-05 06:07:08'],
  ])('formats %s', (_title, iso, expected) => {
    expect(formatSessionStartTime(new Date(iso))).toBe(expected);
  });

  test.each([
    ['an invalid Date', new Date('not a date')],
    ['a timestamp number', 1_700_000_000_000],
    ['an ISO string', '2026-03-07T09:05:03Z'],
  ])('refuses %s with invalid_date', (_title, value) => {
    expect(() => formatSessionStartTime(value as Date)).toThrow(
      expect.objectContaining({ name: 'OrderAttributionError', code: 'invalid_date' }),
    );
  });
});

describe('toFormFields', () => {
  test('names every field with the prefix, in field order, and empties missing values', () => {
    const fields = toFormFields(typein);
    expect(Object.keys(fields)).toEqual(
      ATTRIBUTION_FIELDS.map((field) => `wc_order_attribution_${field}`),
    );
    expect(fields).toMatchObject({
      wc_order_attribution_source_type: 'typein',
      wc_order_attribution_utm_source: '(direct)',
      wc_order_attribution_utm_content: '',
      wc_order_attribution_utm_marketing_tactic: '',
      wc_order_attribution_session_start_time: '2026-03-07 09:05:03',
      wc_order_attribution_session_count: '1',
    });
  });

  test('turns null values (tracking off) into empty strings', () => {
    const off = Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, null]));
    const fields = toFormFields(off);
    expect(new Set(Object.values(fields))).toEqual(new Set(['']));
    expect(Object.keys(fields)).toHaveLength(16);
  });

  test('ignores keys that are not attribution fields', () => {
    const fields = toFormFields({ ...typein, promo: 'x' } as AttributionRecord);
    expect(Object.keys(fields)).toHaveLength(16);
    expect(fields).not.toHaveProperty('wc_order_attribution_promo');
  });
});

describe('toExtensionData', () => {
  test('puts all 16 fields as strings under the order-attribution namespace', () => {
    const data = toExtensionData(typein);
    expect(Object.keys(data)).toEqual(['woocommerce/order-attribution']);
    const values = data['woocommerce/order-attribution'];
    expect(Object.keys(values)).toEqual([...ATTRIBUTION_FIELDS]);
    expect(values).toMatchObject({
      source_type: 'typein',
      utm_term: '',
      user_agent: 'Mozilla/5.0',
    });
    expect(Object.values(values).every((value) => typeof value === 'string')).toBe(true);
  });

  test('serialises into the Store API checkout body shape', () => {
    const body = JSON.parse(
      JSON.stringify({ extensions: toExtensionData({ source_type: 'utm' }) }),
    ) as {
      extensions: Record<string, Record<string, string>>;
    };
    expect(body.extensions['woocommerce/order-attribution']?.source_type).toBe('utm');
    expect(body.extensions['woocommerce/order-attribution']?.referrer).toBe('');
  });
});

describe('bad records', () => {
  test.each([
    ['null', null],
    ['a list', []],
    ['a string', 'source_type=typein'],
    ['a number in a field', { session_count: 3 }],
    ['an object in a field', { referrer: { href: 'x' } }],
  ])('refuses %s with invalid_record in both shapes', (_title, record) => {
    for (const convert of [toFormFields, toExtensionData]) {
      let error: unknown;
      try {
        convert(record as AttributionRecord);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(OrderAttributionError);
      expect(isOrderAttributionError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'invalid_record' });
    }
  });

  test('isOrderAttributionError recognises a look-alike by name but not a plain Error', () => {
    expect(isOrderAttributionError({ name: 'OrderAttributionError', code: 'invalid_date' })).toBe(
      true,
    );
    expect(isOrderAttributionError(new Error('x'))).toBe(false);
  });
});
