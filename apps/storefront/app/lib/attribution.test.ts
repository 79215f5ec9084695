import { describe, expect, test } from 'vitest';
import { readCheckoutForm, toCheckoutRequest } from './checkout';

describe('order attribution in the checkout request', () => {
  test('the hidden inputs become the woocommerce/order-attribution extension data', () => {
    const form = new FormData();
    form.append('wc_order_attribution_source_type', 'utm');
    form.append('wc_order_attribution_utm_source', 'news');
    form.append('wc_order_attribution_utm_medium', 'email');
    form.append('wc_order_attribution_utm_term', '(none)');
    form.append('wc_order_attribution_bogus', 'x');
    const request = toCheckoutRequest(readCheckoutForm(form));
    const data = request.extensions?.['woocommerce/order-attribution'];
    expect(data).toMatchObject({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
      utm_term: '(none)',
      referrer: '',
    });
    expect(Object.keys(data ?? {})).toHaveLength(16);
    expect(data).not.toHaveProperty('bogus');
  });

  test('a form without the inputs (no JavaScript) sends every field empty', () => {
    const request = toCheckoutRequest(readCheckoutForm(new FormData()));
    expect(Object.values(request.extensions?.['woocommerce/order-attribution'] ?? {})).toEqual(
      Array.from({ length: 16 }, () => ''),
    );
  });
});
