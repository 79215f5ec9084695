import { describe, expect, test } from 'vitest';
import { mapProductUrl } from './store-links';

const STORE = 'http://127.0.0.1:8089';
const OURS = 'https://shop.example';

describe('mapProductUrl', () => {
  test("moves a product_url on the store's origin to ours, path and query kept", () => {
    const body = JSON.stringify({
      error: true,
      product_url: `${STORE}/product/tee/?attribute_pa_size=m`,
    });
    expect(JSON.parse(mapProductUrl(body, STORE, OURS))).toEqual({
      error: true,
      product_url: `${OURS}/product/tee/?attribute_pa_size=m`,
    });
  });

  test('leaves other origins, false, missing fields and non-JSON bodies exactly as sent', () => {
    for (const body of [
      JSON.stringify({ error: true, product_url: 'https://evil.example/product/tee/' }),
      JSON.stringify({ error: true, product_url: `${STORE}.evil.example/x` }),
      JSON.stringify({ error: true, product_url: false }),
      JSON.stringify({ fragments: {}, cart_hash: 'h' }),
      '<html>not json</html>',
      '[1,2]',
      'null',
    ]) {
      expect(mapProductUrl(body, STORE, OURS)).toBe(body);
    }
  });
});
