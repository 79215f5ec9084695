/**
 * Checkout address rules, free of I/O: which fields are required, the countries the shop sells
 * to, state codes and postcode formats for the countries it knows, and WooCommerce's codes and
 * messages for each problem.
 */
import { COUNTRY_STATES as SHARED_STATES } from '@cartwright/address-data';
import { isEmail } from '../http/email';
import type { OrderAddress } from '../db/schema';
import { stripTags } from '../http/text';

/** The two address types of a checkout. */
export type AddressType = 'billing' | 'shipping';

/** An address with every WooCommerce field present and empty (no email: billing adds it). */
export const EMPTY_ADDRESS: Readonly<OrderAddress> = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: '',
  phone: '',
};

/** The fields of an address (`email` only on billing). */
export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
  'phone',
  'email',
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** WooCommerce's field labels (classic checkout messages name the field by them). */
export const FIELD_LABELS: Record<AddressField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company name',
  address_1: 'Street address',
  address_2: 'Apartment, suite, unit, etc.',
  city: 'Town / City',
  state: 'State / County',
  postcode: 'Postcode / ZIP',
  country: 'Country / Region',
  phone: 'Phone',
  email: 'Email address',
};

/**
 * The longest value each field keeps, in characters: the widths of WooCommerce's own address
 * columns (`wc_customer_lookup`: names 255, city and state 100, postcode 20; `wc_order_addresses`:
 * phone 100) and RFC 5321's 254 for an email. A longer value is refused, not cut: a 900,000-character
 * name was once stored (issue 13, finding 6).
 */
export const FIELD_MAX_LENGTH: Record<AddressField, number> = {
  first_name: 255,
  last_name: 255,
  company: 255,
  address_1: 255,
  address_2: 255,
  city: 100,
  state: 100,
  postcode: 20,
  country: 2,
  phone: 100,
  email: 254,
};

/** Whether `text` holds more than `max` characters (code points), counting no further than needed. */
function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}

/** Countries the shop sells and ships to (WooCommerce's "specific countries" setting). */
export const ALLOWED_COUNTRIES: readonly string[] = [
  'US',
  'GB',
  'DE',
  'FR',
  'CA',
  'AU',
  'IE',
  'NL',
  'BE',
  'ES',
  'IT',
  'AT',
  'CH',
  'NZ',
];

/**
 * Countries whose state is required and must be one of these codes: `@cartwright/address-data`'s
 * lists, the ones the storefront's state select offers.
 */
export const COUNTRY_STATES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(SHARED_STATES)
    .filter(([, entry]) => entry.required)
    .map(([country, entry]) => [country, entry.states.map((state) => state.code)]),
);

/** Postcode formats of the countries the shop knows (`WC_Validation::is_postcode`). */
const POSTCODE_FORMATS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(?:-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  GB: /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d[A-HJKPS-UW\d]?|[A-HK-Y]\d[ABEHMNPRV-Y\d]?) ?\d[ABD-HJLNP-UW-Z]{2})$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  AU: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  CH: /^\d{4}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  NZ: /^\d{4}$/,
};

/** Whether a (formatted) postcode has the country's format; any postcode of a country not listed. */
export function isPostcode(postcode: string, country: string): boolean {
  const format = POSTCODE_FORMATS[country];
  return format === undefined || format.test(postcode);
}

/** Countries where the postcode may be left empty (Ireland's Eircode is optional). */
const POSTCODE_OPTIONAL = new Set(['IE']);

/** One problem with a submitted address. */
export interface AddressProblem {
  type: AddressType;
  field: AddressField;
  /** WooCommerce's Store API code: `invalid_required`, `invalid_email`, `invalid_country`, … */
  code: string;
  /** The Store API message. */
  message: string;
  /** The classic checkout notice (HTML, the field label in `<strong>`). */
  notice: string;
}

/** Text as WordPress's `sanitize_text_field` leaves it: no tags, no control characters, one line. */
export function sanitizeText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return (
    stripTags(value)
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** WooCommerce's postcode normalisation: upper case, trimmed, inner spaces kept once. */
export function formatPostcode(postcode: string, country: string): string {
  const upper = postcode.toUpperCase().replace(/\s+/g, ' ').trim();
  if (country === 'GB' || country === 'CA') {
    const compact = upper.replace(/ /g, '');
    return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
  }
  return upper;
}

export { MAX_EMAIL_LENGTH, isEmail } from '../http/email';

/**
 * Cleans and checks one address. Returns the cleaned address (every field a string, country and
 * state upper-cased, postcode formatted) and the problems found, in field order.
 */
export function checkAddress(
  type: AddressType,
  input: unknown,
): { address: OrderAddress; problems: AddressProblem[] } {
  const record = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const value = (field: AddressField) => sanitizeText(record[field]);
  const country = value('country').toUpperCase();
  const state = value('state').toUpperCase();
  const address: OrderAddress = {
    first_name: value('first_name'),
    last_name: value('last_name'),
    company: value('company'),
    address_1: value('address_1'),
    address_2: value('address_2'),
    city: value('city'),
    state: COUNTRY_STATES[country] === undefined ? value('state') : state,
    postcode: formatPostcode(value('postcode'), country),
    country,
    phone: value('phone'),
  };
  if (type === 'billing') address.email = value('email').toLowerCase();

  const problems: AddressProblem[] = [];
  const prefix = type === 'billing' ? 'Billing' : 'Shipping';
  const add = (field: AddressField, code: string, message: string, notice: string) =>
    problems.push({ type, field, code, message, notice });
  const required = (field: AddressField) => {
    if (address[field] === '' || address[field] === undefined) {
      add(
        field,
        'invalid_required',
        `${FIELD_LABELS[field]} is required`,
        `<strong>${prefix} ${FIELD_LABELS[field]}</strong> is a required field.`,
      );
      return false;
    }
    return true;
  };

  // Too long first: nothing else is checked on (or echoed from) a value that will be refused.
  let tooLong = false;
  for (const field of ADDRESS_FIELDS) {
    const text = address[field];
    if (text === undefined || !longerThan(text, FIELD_MAX_LENGTH[field])) continue;
    tooLong = true;
    add(
      field,
      'invalid_length',
      `${FIELD_LABELS[field]} is too long (at most ${FIELD_MAX_LENGTH[field]} characters)`,
      `<strong>${prefix} ${FIELD_LABELS[field]}</strong> is too long: it can have at most ${FIELD_MAX_LENGTH[field]} characters.`,
    );
  }
  if (tooLong) return { address, problems };

  required('first_name');
  required('last_name');
  if (required('country') && !ALLOWED_COUNTRIES.includes(country)) {
    add(
      'country',
      'invalid_country',
      `Sorry, we do not allow orders from the provided country (${country})`,
      `<strong>${prefix} ${FIELD_LABELS.country}</strong> is not valid. Please enter one of the following: ${ALLOWED_COUNTRIES.join(', ')}`,
    );
  }
  required('address_1');
  required('city');
  const states = COUNTRY_STATES[country];
  if (states !== undefined && required('state') && !states.includes(state)) {
    add(
      'state',
      'invalid_state',
      `The provided state (${state}) is not valid`,
      `${prefix} ${FIELD_LABELS.state} is not valid. Please enter one of the following: ${states.join(', ')}`,
    );
  }
  const format = POSTCODE_FORMATS[country];
  if (POSTCODE_OPTIONAL.has(country) ? true : required('postcode')) {
    if (address.postcode !== '' && format !== undefined && !format.test(address.postcode)) {
      add(
        'postcode',
        'invalid_postcode',
        'The provided postcode / ZIP is not valid',
        `<strong>${prefix} ${FIELD_LABELS.postcode}</strong> is not a valid postcode / ZIP.`,
      );
    }
  }
  if (address.phone !== '' && !/^[\d\s#+()./-]{4,}$/.test(address.phone)) {
    add(
      'phone',
      'invalid_phone',
      'The provided phone number is not valid',
      `<strong>${prefix} ${FIELD_LABELS.phone}</strong> is not a valid phone number.`,
    );
  }
  if (type === 'billing' && required('email') && !isEmail(address.email!)) {
    add(
      'email',
      'invalid_email',
      'The provided email address is not valid',
      `<strong>${prefix} ${FIELD_LABELS.email}</strong> is not a valid email address.`,
    );
  }
  return { address, problems };
}
