import type { StoreCart } from '@cartwright/store-api-client';
import { describe, expect, test } from 'vitest';
import { chosenRatesOf, shippingViewOf } from './shipping';

const rate = (rate_id: string, price: string, selected: boolean) => ({
  rate_id,
  name: rate_id.split(':')[0]!,
  price,
  selected,
});

describe('shippingViewOf', () => {
  test('keeps the packages and well-formed rates, and the destination', () => {
    const view = shippingViewOf({
      needs_shipping: true,
      shipping_rates: [
        {
          package_id: 0,
          shipping_rates: [
            rate('flat_rate:1', '500', true),
            rate('local_pickup:3', '0', false),
            rate('bad:1', '5.00', false),
          ],
        },
        { package_id: 'x', shipping_rates: [] },
      ] as unknown as StoreCart['shipping_rates'],
      shipping_address: { country: 'US', state: 'NY', city: 'New York', postcode: '10001' },
    } as Pick<StoreCart, 'needs_shipping' | 'shipping_rates' | 'shipping_address'>);
    expect(view).toEqual({
      needed: true,
      packages: [
        {
          packageId: 0,
          rates: [
            { rateId: 'flat_rate:1', name: 'flat_rate', price: '500', selected: true },
            { rateId: 'local_pickup:3', name: 'local_pickup', price: '0', selected: false },
          ],
        },
      ],
      destination: { country: 'US', state: 'NY', city: 'New York', postcode: '10001' },
    });
  });
});

describe('chosenRatesOf', () => {
  test('reads shipping_method[n] fields only', () => {
    const form = new FormData();
    form.set('shipping_method[0]', 'local_pickup:3');
    form.set('shipping_method[x]', 'flat_rate:1');
    form.set('shipping_method[1]', '');
    form.set('payment_method', 'cod');
    expect(chosenRatesOf(form)).toEqual([[0, 'local_pickup:3']]);
  });
});
