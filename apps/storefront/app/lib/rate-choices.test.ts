import { describe, expect, test } from 'vitest';
import { ratePackageOf } from './rate-choices';

describe('ratePackageOf', () => {
  test("names a rate radio's package", () => {
    expect(ratePackageOf('shipping_method[0]')).toBe(0);
    expect(ratePackageOf('shipping_method[12]')).toBe(12);
  });

  test('is null for every other field, and for a package that is not a whole number ≥ 0', () => {
    for (const name of [
      '',
      'shipping_method',
      'shipping_method[]',
      'shipping_method[-1]',
      'shipping_method[1.5]',
      'shipping_method[x]',
      'shipping_method[ 1]',
      'shipping_method[0x1]',
      'shipping_method[1e1]',
      'shipping_method[01]',
      'shipping_method[0',
      'billing_country',
      'payment_method',
    ]) {
      expect(ratePackageOf(name), name).toBeNull();
    }
  });
});
