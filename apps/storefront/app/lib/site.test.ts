import type { ApiFetch } from '@cartwright/store-api-client';
import { describe, expect, test } from 'vitest';
import { NO_SITE_VIEW, loadSite } from './site.server';

const ID = 'a'.repeat(32);
const ORIGIN = 'http://localhost:3000';

/** An apiFetch that answers the settings route with `body` (or fails). */
const answering = (body: unknown): ApiFetch =>
  (() =>
    body instanceof Error ? Promise.reject(body) : Promise.resolve(body)) as unknown as ApiFetch;

const request = (cookie?: string) =>
  new Request(`${ORIGIN}/shop/`, cookie ? { headers: { cookie } } : {});

describe('loadSite', () => {
  test('reads the notice, the banner and the endpoint, keeping URLs on this origin', async () => {
    const site = await loadSite(
      request(),
      answering({
        store_notice: { id: ID, text: 'Free shipping' },
        coming_soon_banner: { rest_url: `${ORIGIN}/wp-json/wp/v2/users/1`, rest_nonce: 'abc' },
        subscription_endpoint: `${ORIGIN}/wp-json/hostinger-reach/v1/contact`,
      }),
    );
    expect(site).toEqual({
      notice: { id: ID, text: 'Free shipping', hidden: false },
      banner: { restUrl: '/wp-json/wp/v2/users/1', restNonce: 'abc' },
      subscriptionEndpoint: '/wp-json/hostinger-reach/v1/contact',
      analyticsProps: {},
      analyticsFeatures: null,
    });
  });

  test('takes the analytics feature flags only when all three are booleans', async () => {
    const flags = { ch: true, sessionTracking: true, proxy: false };
    const site = await loadSite(request(), answering({ analytics_features: flags }));
    expect(site.analyticsFeatures).toEqual(flags);
    for (const broken of [{ ...flags, proxy: 'yes' }, { ch: true, proxy: true }, 'proxy', null]) {
      const refused = await loadSite(request(), answering({ analytics_features: broken }));
      expect(refused.analyticsFeatures).toBeNull();
    }
  });

  test('passes on the analytics common properties with the right types only', async () => {
    const site = await loadSite(
      request(),
      answering({
        analytics_common_props: {
          blog_id: 1,
          store_id: '46a90d12-54be-4cd6-8ea4-aeeab9a986ad',
          ui: 7,
          is_guest: 0,
          store_admin: '1',
          woo_version: 'x'.repeat(201),
          wp_version: '6.8.8',
          _via_ip: '10.0.0.1',
        },
      }),
    );
    expect(site.analyticsProps).toEqual({
      blog_id: 1,
      store_id: '46a90d12-54be-4cd6-8ea4-aeeab9a986ad',
      ui: 7,
      is_guest: 0,
      wp_version: '6.8.8',
    });
  });

  test('a notice its cookie dismissed is marked hidden', async () => {
    const site = await loadSite(
      request(`other=1; store_notice${ID}=hidden`),
      answering({ store_notice: { id: ID, text: 'x' } }),
    );
    expect(site.notice?.hidden).toBe(true);
  });

  test.each([
    [
      'another origin',
      { coming_soon_banner: { rest_url: 'https://evil.example/x', rest_nonce: 'n' } },
    ],
    ['a malformed notice id', { store_notice: { id: '../x', text: 'x' } }],
    ['no nonce', { coming_soon_banner: { rest_url: `${ORIGIN}/wp-json/wp/v2/users/1` } }],
    ['an off-site endpoint', { subscription_endpoint: 'https://evil.example/contact' }],
  ])('drops %s', async (_name, body) => {
    expect(await loadSite(request(), answering(body))).toEqual(NO_SITE_VIEW);
  });

  test('a store without the settings route (a real WooCommerce) shows none of them', async () => {
    expect(await loadSite(request(), answering(new Error('rest_no_route')))).toEqual(NO_SITE_VIEW);
  });
});
