import { UiComponentsError } from './errors';

/**
 * How a shop formats money. Mirrors the Store API's `currency_*` fields
 * (see {@link currencyFromStoreApi}), so any WooCommerce currency setting can be expressed.
 *
 * @example
 * const usd: Currency = {
 *   code: 'USD',
 *   symbol: '$',
 *   minorUnit: 2,
 *   decimalSeparator: '.',
 *   thousandSeparator: ',',
 *   prefix: '$',
 *   suffix: '',
 * };
 */
export interface Currency {
  /** ISO 4217 code, e.g. `"USD"`. */
  code: string;
  /** The currency symbol, e.g. `"$"`. Informational: `prefix`/`suffix` decide what is printed. */
  symbol: string;
  /** How many minor units make up the decimal part: `2` for cents, `0` for yen. An integer from 0 to 20. */
  minorUnit: number;
  /** Printed between the whole and the decimal part, e.g. `"."`. */
  decimalSeparator: string;
  /** Printed between groups of three whole digits, e.g. `","`; `""` for none. */
  thousandSeparator: string;
  /** Printed before the number, e.g. `"$"`; `""` for none. */
  prefix: string;
  /** Printed after the number, e.g. `" €"`; `""` for none. */
  suffix: string;
}

/**
 * The currency fields the WooCommerce Store API sends with every `prices` and
 * `totals` object. Extra fields (such as `price` or `regular_price`) are allowed and ignored.
 */
export interface StoreApiCurrencyFields {
  /** ISO 4217 code, e.g. `"USD"`. */
  currency_code: string;
  /** The currency symbol, e.g. `"$"`. */
  currency_symbol: string;
  /** Number of decimals, e.g. `2`. */
  currency_minor_unit: number;
  /** e.g. `"."` */
  currency_decimal_separator: string;
  /** e.g. `","` */
  currency_thousand_separator: string;
  /** e.g. `"$"` or `""` */
  currency_prefix: string;
  /** e.g. `""` or `" €"` */
  currency_suffix: string;
}

const MAX_MINOR_UNIT = 20;
const INTEGER_STRING = /^-?\d+$/;

/** An amount split into its sign and its digits without leading zeros (`"0"` for zero). */
export interface ParsedAmount {
  negative: boolean;
  digits: string;
}

/**
 * Parses an integer amount in minor units without going through floating point,
 * so strings longer than `Number.MAX_SAFE_INTEGER` stay exact.
 */
export function parseMinorAmount(amountMinor: string | number): ParsedAmount {
  let text: string;
  if (typeof amountMinor === 'number') {
    if (!Number.isSafeInteger(amountMinor)) {
      throw new UiComponentsError(
        'invalid_amount',
        `Price amount must be an integer number of minor units, got ${String(amountMinor)}.`,
        { input: amountMinor },
      );
    }
    text = String(amountMinor);
  } else if (typeof amountMinor === 'string' && INTEGER_STRING.test(amountMinor)) {
    text = amountMinor;
  } else {
    throw new UiComponentsError(
      'invalid_amount',
      `Price amount must be an integer string of minor units such as "1999", got ${JSON.stringify(amountMinor) ?? String(amountMinor)}.`,
      { input: amountMinor },
    );
  }
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '');
  // "-0" is zero, and zero has no sign.
  return { negative: negative && digits !== '0', digits };
}

/** Whether two integer amounts in minor units differ in value (`"0100"` equals `100`). */
export function amountsDiffer(a: string | number, b: string | number): boolean {
  const left = parseMinorAmount(a);
  const right = parseMinorAmount(b);
  return left.negative !== right.negative || left.digits !== right.digits;
}

function assertCurrency(currency: Currency): void {
  if (typeof currency !== 'object' || currency === null) {
    throw new UiComponentsError('invalid_currency', 'Currency must be an object.', {
      input: currency,
    });
  }
  const { minorUnit } = currency;
  if (!Number.isInteger(minorUnit) || minorUnit < 0 || minorUnit > MAX_MINOR_UNIT) {
    throw new UiComponentsError(
      'invalid_currency',
      `Currency minorUnit must be an integer from 0 to ${MAX_MINOR_UNIT}, got ${String(minorUnit)}.`,
      { input: currency },
    );
  }
  for (const key of ['decimalSeparator', 'thousandSeparator', 'prefix', 'suffix'] as const) {
    if (typeof currency[key] !== 'string') {
      throw new UiComponentsError('invalid_currency', `Currency ${key} must be a string.`, {
        input: currency,
      });
    }
  }
}

function groupThousands(whole: string, separator: string): string {
  if (separator === '' || whole.length <= 3) return whole;
  const head = whole.length % 3 || 3;
  const groups = [whole.slice(0, head)];
  for (let index = head; index < whole.length; index += 3) {
    groups.push(whole.slice(index, index + 3));
  }
  return groups.join(separator);
}

/**
 * Formats an integer amount in minor units for display, the way WooCommerce does:
 * sign, prefix, grouped whole part, decimal separator, `minorUnit` decimals, suffix.
 *
 * @param amountMinor - An integer in minor units: a string as the Store API sends it
 *   (`"1999"`, `"-500"`) or a safe integer number.
 * @param currency - How to print it; build one from a Store API response with {@link currencyFromStoreApi}.
 * @returns The formatted price, e.g. `"$19.99"`.
 * @throws {UiComponentsError} `invalid_amount` when the amount is not an integer
 *   (`"19.99"`, `""`, `NaN`, `1.5`); `invalid_currency` when the currency is malformed.
 *
 * @example
 * formatPrice('123456', usd); // "$1,234.56"
 * formatPrice(-500, usd); // "-$5.00"
 * formatPrice('1000', { ...eur, prefix: '', suffix: ' €', decimalSeparator: ',', thousandSeparator: '.' }); // "10,00 €"
 */
export function formatPrice(amountMinor: string | number, currency: Currency): string {
  const { negative, digits } = parseMinorAmount(amountMinor);
  assertCurrency(currency);
  const { minorUnit } = currency;
  const padded = digits.padStart(minorUnit + 1, '0');
  const whole = groupThousands(
    padded.slice(0, padded.length - minorUnit),
    currency.thousandSeparator,
  );
  const number =
    minorUnit > 0 ? `${whole}${currency.decimalSeparator}${padded.slice(-minorUnit)}` : whole;
  // WooCommerce puts the minus sign before the currency prefix ("-$5.00").
  return `${negative ? '-' : ''}${currency.prefix}${number}${currency.suffix}`;
}

/**
 * Maps the Store API's `currency_*` fields (present on every product `prices` and
 * cart `totals` object) to a {@link Currency}.
 *
 * @throws {UiComponentsError} `invalid_currency` naming the first missing or mistyped field.
 *
 * @example
 * const product = await (await fetch('/wp-json/wc/store/v1/products/42')).json();
 * const currency = currencyFromStoreApi(product.prices);
 * formatPrice(product.prices.price, currency); // "$19.99"
 */
export function currencyFromStoreApi(prices: StoreApiCurrencyFields): Currency {
  if (typeof prices !== 'object' || prices === null) {
    throw new UiComponentsError('invalid_currency', 'Store API prices must be an object.', {
      input: prices,
    });
  }
  const stringFields = [
    'currency_code',
    'currency_symbol',
    'currency_decimal_separator',
    'currency_thousand_separator',
    'currency_prefix',
    'currency_suffix',
  ] as const;
  for (const field of stringFields) {
    if (typeof prices[field] !== 'string') {
      throw new UiComponentsError(
        'invalid_currency',
        `Store API field ${field} must be a string, got ${typeof prices[field]}.`,
        { input: prices },
      );
    }
  }
  const minorUnit = prices.currency_minor_unit;
  if (!Number.isInteger(minorUnit) || minorUnit < 0 || minorUnit > MAX_MINOR_UNIT) {
    throw new UiComponentsError(
      'invalid_currency',
      `Store API field currency_minor_unit must be an integer from 0 to ${MAX_MINOR_UNIT}, got ${String(minorUnit)}.`,
      { input: prices },
    );
  }
  return {
    code: prices.currency_code,
    symbol: prices.currency_symbol,
    minorUnit,
    decimalSeparator: prices.currency_decimal_separator,
    thousandSeparator: prices.currency_thousand_separator,
    prefix: prices.currency_prefix,
    suffix: prices.currency_suffix,
  };
}
