import { describe, expect, test } from 'vitest';
import { storeMessageText } from './store-message';

describe('storeMessageText', () => {
  test('decodes the entities WooCommerce writes into coupon messages', () => {
    expect(storeMessageText('The minimum spend for coupon &quot;fiver&quot; is &#036;20.00.')).toBe(
      'The minimum spend for coupon "fiver" is $20.00.',
    );
    expect(storeMessageText('Coupon &quot;a&amp;b&quot; has expired.')).toBe(
      'Coupon "a&b" has expired.',
    );
  });

  test('decodes once: an escaped entity stays text, tags go', () => {
    expect(storeMessageText('&amp;quot; <b>bold</b> &lt;i&gt;')).toBe('&quot; bold <i>');
    expect(storeMessageText('&#0; &#9999999;')).toBe(' ');
  });
});
