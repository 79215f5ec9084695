/**
 * The Store API's `cart/update-customer` arguments, free of I/O: partial billing and shipping
 * addresses laid over the session's, with WooCommerce's checks (a known country, a state from
 * the country's list, a well-formed postcode and email) and its `rest_invalid_param` errors.
 * Empty fields are allowed: the cart's "Calculate shipping" form sends only some.
 */
import {
  ALLOWED_COUNTRIES,
  COUNTRY_STATES,
  FIELD_MAX_LENGTH,
  formatPostcode,
  isEmail,
  isPostcode,
  sanitizeText,
  type AddressField,
} from '../checkout/address';
import type { OrderAddress } from '../db/schema';
import { invalidParams, type InvalidParam } from '../http/rest-error';
import type { CustomerAddresses } from './shipping';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The problem with one posted address, or the address laid over `current`. */
function updateAddress<A extends OrderAddress>(
  name: 'billing_address' | 'shipping_address',
  posted: unknown,
  current: A,
): { address: A } | { problem: InvalidParam } {
  if (!isRecord(posted)) {
    return {
      problem: { name, code: 'rest_invalid_type', message: `${name} is not of type object.` },
    };
  }
  const address = { ...current };
  for (const field of Object.keys(current) as AddressField[]) {
    const value = posted[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      return {
        problem: {
          name,
          code: 'rest_invalid_type',
          message: `${name}[${field}] is not of type string.`,
        },
      };
    }
    if (value.length > FIELD_MAX_LENGTH[field] * 4) {
      return {
        problem: {
          name,
          code: 'invalid_length',
          message: `${name}[${field}] must be at most ${FIELD_MAX_LENGTH[field]} characters long.`,
        },
      };
    }
    const text = sanitizeText(value);
    if ([...text].length > FIELD_MAX_LENGTH[field]) {
      return {
        problem: {
          name,
          code: 'invalid_length',
          message: `${name}[${field}] must be at most ${FIELD_MAX_LENGTH[field]} characters long.`,
        },
      };
    }
    (address as unknown as Record<string, string>)[field] = text;
  }
  address.country = address.country.toUpperCase();
  if (address.country !== '' && !ALLOWED_COUNTRIES.includes(address.country)) {
    return {
      problem: {
        name,
        code: 'invalid_country',
        message: `Invalid country code provided. Must be one of: ${ALLOWED_COUNTRIES.join(', ')}`,
      },
    };
  }
  const states = COUNTRY_STATES[address.country];
  if (states !== undefined) {
    address.state = address.state.toUpperCase();
    if (address.state !== '' && !states.includes(address.state)) {
      return {
        problem: {
          name,
          code: 'invalid_state',
          message: `The provided state (${address.state}) is not valid. Must be one of: ${states.join(', ')}`,
        },
      };
    }
  }
  address.postcode = formatPostcode(address.postcode, address.country);
  if (address.postcode !== '' && !isPostcode(address.postcode, address.country)) {
    return {
      problem: {
        name,
        code: 'invalid_postcode',
        message: 'The provided postcode / ZIP is not valid',
      },
    };
  }
  const email = (address as { email?: string }).email;
  if (email !== undefined && email !== '') {
    (address as { email?: string }).email = email.toLowerCase();
    if (!isEmail(email)) {
      return {
        problem: {
          name,
          code: 'invalid_email',
          message: 'The provided email address is not valid',
        },
      };
    }
  }
  return { address };
}

/**
 * The session's addresses after `update-customer`: each posted address's fields over the
 * current ones.
 *
 * @throws {RestError} 400 `rest_invalid_param` naming each refused address
 */
export function updateCustomer(
  params: Record<string, unknown>,
  current: CustomerAddresses,
): CustomerAddresses {
  const next: CustomerAddresses = {
    billing: { ...current.billing },
    shipping: { ...current.shipping },
  };
  const problems: InvalidParam[] = [];
  if (params.billing_address !== undefined) {
    const result = updateAddress('billing_address', params.billing_address, current.billing);
    if ('problem' in result) problems.push(result.problem);
    else next.billing = result.address;
  }
  if (params.shipping_address !== undefined) {
    const result = updateAddress('shipping_address', params.shipping_address, current.shipping);
    if ('problem' in result) problems.push(result.problem);
    else next.shipping = result.address;
  }
  if (problems.length > 0) throw invalidParams(problems);
  return next;
}
