import { StoreApiError } from '@cartwright/store-api-client';
import { describe, expect, test } from 'vitest';
import {
  addressKeys,
  isAddressType,
  orderDate,
  readAddressForm,
  toAddress,
  toFormValues,
} from './account';
import { accountProblems } from './account-problems';

const refusal = (code: string, message: string, data?: unknown) =>
  new StoreApiError(message, { code, data });

describe('accountProblems', () => {
  test.each([
    ['invalid_credentials', 'The username or password you entered is incorrect.', 'password'],
    ['empty_username', 'Username is required.', 'username'],
    [
      'registration-error-email-exists',
      'An account is already registered with your email address. Please log in.',
      'email',
    ],
    ['registration-error-weak-password', 'Please enter a stronger password.', 'password'],
  ])('%s is shown on the %s field', (code, message, field) => {
    expect(accountProblems(refusal(code, message))).toEqual({
      messages: [message],
      fields: { [field]: message },
    });
  });

  test('an expired form nonce is a message on no field', () => {
    const message = 'Your session has expired. Please try again.';
    expect(accountProblems(refusal('cartwright_invalid_nonce', message))).toEqual({
      messages: [message],
      fields: {},
    });
  });

  test('address refusals are listed one per field, as at checkout', () => {
    const problems = accountProblems(
      refusal('rest_invalid_param', 'Invalid parameter(s): shipping_address', {
        details: {
          shipping_address: {
            message: 'City is required',
            data: { field: 'city' },
            additional_errors: [
              { message: 'The provided postcode / ZIP is not valid', data: { field: 'postcode' } },
            ],
          },
        },
      }),
    );
    expect(problems?.fields).toEqual({
      shipping_city: 'City is required',
      shipping_postcode: 'The provided postcode / ZIP is not valid',
    });
  });

  test('anything else is not the shopper’s to fix, and is rethrown by the page', () => {
    expect(accountProblems(refusal('internal_server_error', 'Boom'))).toBeNull();
    expect(accountProblems(new Error('network'))).toBeNull();
  });
});

describe('address forms', () => {
  test('only billing has an email field', () => {
    expect(addressKeys('billing')).toContain('email');
    expect(addressKeys('shipping')).not.toContain('email');
    expect(isAddressType('billing')).toBe(true);
    expect(isAddressType('home')).toBe(false);
    expect(isAddressType(undefined)).toBe(false);
  });

  test('posted fields become the store’s address and back, unknown names dropped', () => {
    const form = new FormData();
    form.append('shipping_city', ' Springfield ');
    form.append('shipping_country', 'US');
    form.append('billing_city', 'elsewhere');
    form.append('shipping_surprise', 'x');
    const values = readAddressForm(form, 'shipping');
    expect(values).toEqual({ shipping_city: 'Springfield', shipping_country: 'US' });
    const address = toAddress(values, 'shipping');
    expect(address).toMatchObject({ city: 'Springfield', country: 'US', first_name: '' });
    expect(address).not.toHaveProperty('email');
    expect(toFormValues(address, 'shipping').shipping_city).toBe('Springfield');
  });
});

describe('orderDate', () => {
  test('dates an order in GMT as WooCommerce does', () => {
    expect(orderDate('2026-11-22T23:59:59')).toBe('November 22, 2026');
  });
  test('an unreadable date is shown as given', () => {
    expect(orderDate('soon')).toBe('soon');
  });
});
