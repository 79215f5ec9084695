import { StoreApiError } from '@cartwright/store-api-client';
import { describe, expect, test } from 'vitest';
import { checkoutPrefill, checkoutProblems, readCheckoutForm, toCheckoutRequest } from './checkout';

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const billing = {
  billing_first_name: ' Ada ',
  billing_last_name: 'Lovelace',
  billing_country: 'GB',
  billing_address_1: '12 St James Square',
  billing_address_2: '',
  billing_city: 'London',
  billing_state: '',
  billing_postcode: 'SW1Y 4JH',
  billing_email: 'ada@example.com',
  billing_phone: '020 7946 0000',
  payment_method: 'cheque',
};

describe('readCheckoutForm', () => {
  test('keeps the known fields trimmed and ignores anything else', () => {
    const values = readCheckoutForm(form({ ...billing, surprise: 'x' }));
    expect(values.billing_first_name).toBe('Ada');
    expect(values.payment_method).toBe('cheque');
    expect(values).not.toHaveProperty('surprise');
  });
});

describe('toCheckoutRequest', () => {
  test('ships to the billing address when the box is not ticked', () => {
    const request = toCheckoutRequest(
      readCheckoutForm(form({ ...billing, shipping_first_name: 'Other', shipping_city: 'Paris' })),
    );
    expect(request.payment_method).toBe('cheque');
    expect(request.billing_address).toMatchObject({
      first_name: 'Ada',
      city: 'London',
      email: 'ada@example.com',
    });
    expect(request.shipping_address).toMatchObject({ first_name: 'Ada', city: 'London' });
    expect(request.shipping_address).not.toHaveProperty('email');
  });

  test('uses the shipping fields when "Ship to a different address?" is ticked', () => {
    const request = toCheckoutRequest(
      readCheckoutForm(
        form({
          ...billing,
          ship_to_different_address: '1',
          shipping_first_name: 'Charles',
          shipping_city: 'Paris',
          shipping_country: 'FR',
        }),
      ),
    );
    expect(request.shipping_address).toMatchObject({
      first_name: 'Charles',
      city: 'Paris',
      country: 'FR',
    });
    expect(request.billing_address.city).toBe('London');
  });
});

describe('checkoutProblems', () => {
  test('lists every address problem and puts each on its field', () => {
    const error = new StoreApiError('Invalid parameter(s): billing_address, shipping_address', {
      code: 'rest_invalid_param',
      data: {
        status: 400,
        details: {
          billing_address: {
            code: 'invalid_required',
            message: 'First name is required',
            data: { field: 'first_name' },
            additional_errors: [
              {
                code: 'invalid_postcode',
                message: 'The provided postcode / ZIP is not valid',
                data: { field: 'postcode' },
              },
            ],
          },
          shipping_address: {
            code: 'invalid_required',
            message: 'Town / City is required',
            data: { field: 'city' },
            additional_errors: [],
          },
        },
      },
    });
    expect(checkoutProblems(error)).toEqual({
      messages: [
        'Billing address: First name is required',
        'Billing address: The provided postcode / ZIP is not valid',
        'Shipping address: Town / City is required',
      ],
      fields: {
        billing_first_name: 'First name is required',
        billing_postcode: 'The provided postcode / ZIP is not valid',
        shipping_city: 'Town / City is required',
      },
    });
  });

  test('a payment method refusal lands on the payment choice', () => {
    const error = new StoreApiError('The bacs payment gateway is not available.', {
      code: 'woocommerce_rest_checkout_payment_method_disabled',
    });
    expect(checkoutProblems(error)).toEqual({
      messages: ['The bacs payment gateway is not available.'],
      fields: { payment_method: 'The bacs payment gateway is not available.' },
    });
  });

  test('anything that is not a store refusal is not turned into a message', () => {
    expect(checkoutProblems(new Error('boom'))).toBeNull();
    expect(
      checkoutProblems(new StoreApiError('You are probably offline.', { code: 'fetch_error' })),
    ).toBeNull();
  });
});

describe('checkoutPrefill', () => {
  const empty = {
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
  test("a new guest's cart gives the store's base country only", () => {
    expect(
      checkoutPrefill({
        billing_address: { ...empty, country: 'US', email: '' },
        shipping_address: { ...empty, country: 'US' },
      }),
    ).toEqual({ billing_country: 'US', shipping_country: 'US' });
  });

  test("a customer's saved addresses fill the form; unknown countries are not preselected", () => {
    expect(
      checkoutPrefill({
        billing_address: {
          ...empty,
          first_name: 'Ada',
          last_name: 'Lovelace',
          address_1: '1 Loop',
          city: 'Austin',
          state: 'TX',
          postcode: '78701',
          country: 'US',
          email: 'ada@example.com',
          phone: '555',
        },
        shipping_address: { ...empty, first_name: 'Ada', country: 'ZZ' },
      }),
    ).toEqual({
      billing_first_name: 'Ada',
      billing_last_name: 'Lovelace',
      billing_address_1: '1 Loop',
      billing_city: 'Austin',
      billing_state: 'TX',
      billing_postcode: '78701',
      billing_country: 'US',
      billing_email: 'ada@example.com',
      billing_phone: '555',
      shipping_first_name: 'Ada',
    });
  });
});
