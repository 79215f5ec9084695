import { StoreApiError, type StoreCart } from '@cartwright/store-api-client';
import type { StoreApi } from '@cartwright/store-api-client/store';
import { describe, expect, test, vi } from 'vitest';
import { cartFormAction } from './cart-forms';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** A cart as the store answers it; only its identity matters here. */
const answered = (label: string) => ({ label }) as unknown as StoreCart;

/** A Store API session at the edge of the test: each write answers with a cart of its name. */
function session(overrides: Partial<StoreApi> = {}) {
  return {
    applyCoupon: vi.fn(() => Promise.resolve(answered('applied'))),
    removeCoupon: vi.fn(() => Promise.resolve(answered('removed'))),
    selectShippingRate: vi.fn((rateId: string) => Promise.resolve(answered(rateId))),
    updateCustomer: vi.fn(() => Promise.resolve(answered('customer'))),
    ...overrides,
  } as unknown as StoreApi & Record<string, ReturnType<typeof vi.fn>>;
}

describe('cartFormAction (the cart page’s forms, on the server and in an island page)', () => {
  test('a coupon applied answers the outcome and the store’s cart', async () => {
    const store = session();
    const result = await cartFormAction(
      form([
        ['coupon_code', '  lab10 '],
        ['apply_coupon', 'Apply coupon'],
      ]),
      store,
    );
    expect(store.applyCoupon).toHaveBeenCalledWith('lab10');
    expect(result.answer).toEqual({
      coupon: { ok: true, message: 'Coupon code applied successfully.' },
    });
    expect(result.cart).toEqual(answered('applied'));
  });

  test('a coupon the store refuses answers its message as text, and no cart', async () => {
    const refusal = new StoreApiError('Coupon &quot;nope&quot; does not exist!', {
      code: 'woocommerce_rest_cart_coupon_error',
      data: { status: 400 },
    });
    const store = session({ applyCoupon: vi.fn(() => Promise.reject(refusal)) });
    const result = await cartFormAction(
      form([
        ['coupon_code', 'nope'],
        ['apply_coupon', ''],
      ]),
      store,
    );
    expect(result).toEqual({
      answer: { coupon: { ok: false, message: 'Coupon "nope" does not exist!' } },
      cart: undefined,
    });
  });

  test('an empty code is refused before anything is sent', async () => {
    const store = session();
    const result = await cartFormAction(
      form([
        ['coupon_code', '   '],
        ['apply_coupon', ''],
      ]),
      store,
    );
    expect(result.answer).toEqual({
      coupon: { ok: false, message: 'Please enter a coupon code.' },
    });
    expect(store.applyCoupon).not.toHaveBeenCalled();
  });

  test('each rate named is chosen in order; the answer is the last cart', async () => {
    const store = session();
    const result = await cartFormAction(
      form([
        ['intent', 'select-shipping-rate'],
        ['shipping_method[0]', 'pickup_location:1'],
        ['shipping_method[1]', 'flat_rate:1'],
      ]),
      store,
    );
    expect(vi.mocked(store.selectShippingRate).mock.calls).toEqual([
      ['pickup_location:1', 0],
      ['flat_rate:1', 1],
    ]);
    expect(result).toEqual({ answer: {}, cart: answered('flat_rate:1') });
  });

  test('a state of another country than the one sent is left out of the calculated address', async () => {
    const store = session();
    await cartFormAction(
      form([
        ['intent', 'calculate-shipping'],
        ['calc_shipping_country', 'US'],
        ['calc_shipping_state_country', 'GB'],
        ['calc_shipping_state', 'Kent'],
        ['calc_shipping_city', ' Austin '],
        ['calc_shipping_postcode', '78701'],
      ]),
      store,
    );
    expect(store.updateCustomer).toHaveBeenCalledWith({
      shipping_address: { country: 'US', state: '', city: 'Austin', postcode: '78701' },
    });
  });

  test('a shipping change the store refuses answers its field’s message; a failure of the wire is thrown', async () => {
    const refusal = new StoreApiError('Invalid parameter(s): shipping_address', {
      code: 'rest_invalid_param',
      data: {
        status: 400,
        details: { shipping_address: { message: 'The postcode is not valid.' } },
      },
    });
    const refusing = session({ updateCustomer: vi.fn(() => Promise.reject(refusal)) });
    const calculate = form([
      ['intent', 'calculate-shipping'],
      ['calc_shipping_country', 'GB'],
    ]);
    expect(await cartFormAction(calculate, refusing)).toEqual({
      answer: { error: 'The postcode is not valid.' },
    });
    const offline = new StoreApiError('The request failed.', { code: 'fetch_error' });
    const failing = session({ updateCustomer: vi.fn(() => Promise.reject(offline)) });
    await expect(cartFormAction(calculate, failing)).rejects.toBe(offline);
  });

  test('any other post is left alone: nothing sent, no cart', async () => {
    const store = session();
    expect(await cartFormAction(form([['intent', 'other']]), store)).toEqual({ answer: {} });
    for (const write of Object.values(store)) expect(write).not.toHaveBeenCalled();
  });
});
