import { describe, expect, test } from 'vitest';
import { decodeOptionText, discoverStoreFeatures } from './store-features';

const answering =
  (status: number, body: unknown): typeof fetch =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('discoverStoreFeatures', () => {
  test('a store with the cartwright/v1 namespace offers accounts', async () => {
    const found = await discoverStoreFeatures(
      'http://store/wp-json/',
      answering(200, { namespaces: ['wc/store/v1', 'cartwright/v1', 'woocommerce-analytics/v1'] }),
    );
    expect(found).toEqual({ features: { account: true, analytics: true }, site: null, notes: [] });
  });

  test('a plain WooCommerce does not, and the note says why', async () => {
    const found = await discoverStoreFeatures(
      'http://store/wp-json/',
      answering(200, { namespaces: ['wp/v2', 'wc/store/v1', 'wc/v3'] }),
    );
    expect(found.features).toEqual({ account: false, analytics: false });
    expect(found.notes).toEqual([
      'my account (login, registration, orders, addresses) is off: the store has no cartwright/v1 routes (the Cartwright companion plugin is not installed)',
      'store analytics events are not sent: the store has no woocommerce-analytics/v1 routes (WooCommerce Analytics is not active)',
    ]);
  });

  test.each([
    ['an error status', answering(500, { code: 'x' })],
    ['no namespaces', answering(200, { name: 'Shop' })],
    ['a body that is not an object', answering(200, 'hello')],
    [
      'a network failure',
      (() => Promise.reject(new TypeError('fetch failed'))) satisfies typeof fetch,
    ],
  ])('%s turns the features off and names the problem', async (_, fetchImpl) => {
    const found = await discoverStoreFeatures('http://store/wp-json/', fetchImpl);
    expect(found.features).toEqual({ account: false, analytics: false });
    expect(found.notes[0]).toMatch(/^my account .* is off: http:\/\/store\/wp-json\/ /);
  });

  test("reads the shop's name and tagline from the index, as text", async () => {
    const found = await discoverStoreFeatures(
      'http://store/wp-json/',
      answering(200, {
        name: ' Bob&#039;s &amp; Sons ',
        description: 'Beans &#x2615; &lt;fresh&gt;',
        namespaces: ['wc/store/v1'],
      }),
    );
    expect(found.site).toEqual({ name: "Bob's & Sons", description: 'Beans \u2615 <fresh>' });
  });

  test('an index without a name gives no identity (the caller falls back)', async () => {
    for (const body of [{ name: '  ' }, { name: 42 }, { description: 'x' }]) {
      const found = await discoverStoreFeatures('http://store/wp-json/', answering(200, body));
      expect(found.site).toBeNull();
    }
  });
});

describe('decodeOptionText', () => {
  test('decodes the references WordPress writes and leaves anything else alone', () => {
    expect(decodeOptionText('a &amp; b &quot;c&quot; &#8211; &#x41;&apos;')).toBe(
      'a & b "c" \u2013 A\'',
    );
    expect(decodeOptionText('&nbsp; &#0; &#99999999; &bogus; & plain')).toBe(
      '&nbsp; &#0; &#99999999; &bogus; & plain',
    );
  });
});
