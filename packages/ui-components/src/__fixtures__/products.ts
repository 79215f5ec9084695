import type { Currency, StoreApiCurrencyFields } from '../index';

/** The Store API currency fields of a default US shop. */
export const usdStoreApiFields: StoreApiCurrencyFields = {
  currency_code: 'USD',
  currency_symbol: '$',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '$',
  currency_suffix: '',
};

export const usd: Currency = {
  code: 'USD',
  symbol: '$',
  minorUnit: 2,
  decimalSeparator: '.',
  thousandSeparator: ',',
  prefix: '$',
  suffix: '',
};

export const eur: Currency = {
  code: 'EUR',
  symbol: '€',
  minorUnit: 2,
  decimalSeparator: ',',
  thousandSeparator: '.',
  prefix: '',
  suffix: ' €',
};

/** A square product illustration as an inline SVG data URI: no network in stories or tests. */
export function productImage(colour: string, label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">` +
    `<rect width="300" height="300" fill="#f7f5f2"/>` +
    `<circle cx="150" cy="130" r="80" fill="${colour}"/>` +
    `<rect x="70" y="215" width="160" height="22" rx="11" fill="${colour}" opacity="0.35"/>` +
    `<text x="150" y="140" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${label}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
