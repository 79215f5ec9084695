import { describe, expect, test } from 'vitest';
import { formatAmount, priceHtml } from './serialize';

describe('formatAmount', () => {
  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [1600, '16.00'],
    [14_900, '149.00'],
    [123_456_789, '1,234,567.89'],
    [-1050, '-10.50'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatAmount(cents)).toBe(text);
  });
});

describe('priceHtml', () => {
  test('a regular price is one amount', () => {
    expect(priceHtml(1800, null)).toBe(
      '<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>18.00</bdi></span>',
    );
  });

  test('a sale price strikes the regular price and tells screen readers both', () => {
    const html = priceHtml(2000, 1500);
    expect(html.indexOf('<del aria-hidden="true">')).toBeLessThan(
      html.indexOf('<ins aria-hidden="true">'),
    );
    expect(html).toContain('<span class="screen-reader-text">Original price was: $20.00.</span>');
    expect(html).toContain('<span class="screen-reader-text">Current price is: $15.00.</span>');
  });

  test('a "sale" price that is not lower is no sale', () => {
    expect(priceHtml(1500, 1500)).toBe(priceHtml(1500, null));
  });
});
