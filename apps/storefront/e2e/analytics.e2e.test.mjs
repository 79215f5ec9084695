// Store analytics' feature flags (issue 16), in Chromium against the real store: the operator's
// ANALYTICS_FEATURES reach the page through the store's settings, and each flag has
// WooCommerce Analytics' effect. proxy: batches go through the page's one REST client
// (store-api-client, with the wp_rest nonce); sessionTracking: the woocommerceanalytics_session
// cookie and the session's events; ch: ch 1 on every event. With every flag off (the spec's
// site) nothing is posted: events wait in window._wca for a Tracks script.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hydrated, useStorefront } from './harness.mjs';

const TRACK = '/wp-json/woocommerce-analytics/v1/track';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const banner = (page) => page.getByRole('region', { name: 'Cookies and privacy' });

/** Every batch the context posts to the track route, as sent. */
function trackRequests(context) {
  const requests = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === TRACK) requests.push(request);
  });
  return requests;
}

const eventsOf = (requests) => requests.flatMap((request) => request.postDataJSON());

/**
 * Opens the shop and grants statistics only, on the banner; resolves once `until` (a response
 * the grant leads to, when given) has come too.
 */
async function openShopWithStatistics(context, baseUrl, until) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/shop/`);
  await hydrated(page);
  await banner(page).getByRole('button', { name: 'Choose' }).click();
  await banner(page).getByRole('checkbox', { name: 'Statistics', exact: true }).check();
  const awaited = until ? page.waitForResponse(until) : undefined;
  await banner(page).getByRole('button', { name: 'Save choices' }).click();
  await banner(page).waitFor({ state: 'detached' });
  await awaited;
  return page;
}

/** Follows the header's link to the cart: a page load from the island page /shop/. */
async function goToCart(page, baseUrl) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Cart', exact: true })
    .click();
  await page.waitForURL(`${baseUrl}/cart/`);
}

/**
 * Opens the shop, grants statistics only, stays until the landing's batch has gone (a second
 * after its last event), then goes to the cart. What a page left sooner sends is another test's.
 */
async function visitWithStatistics(context, baseUrl) {
  const page = await openShopWithStatistics(
    context,
    baseUrl,
    (response) => new URL(response.url()).pathname === TRACK,
  );
  await goToCart(page, baseUrl);
  return page;
}

describe('analytics with proxy, sessionTracking and ch on', () => {
  const s = useStorefront({ ANALYTICS_FEATURES: 'proxy,sessionTracking,ch' });

  test('the session starts on the landing page, is engaged on the next, and every batch goes through the REST client', async () => {
    const context = await s.browser.newContext();
    const requests = trackRequests(context);
    const page = await visitWithStatistics(context, s.baseUrl);
    await page.waitForFunction(
      () => document.cookie.includes('woocommerceanalytics_session='),
      undefined,
      { timeout: 10_000 },
    );
    // The batches are sent a second after the last event.
    const deadline = Date.now() + 15_000;
    while (eventsOf(requests).length < 4 && Date.now() < deadline) await page.waitForTimeout(200);

    const events = eventsOf(requests);
    assert.deepEqual(
      events.map((event) => event.event_name),
      ['session_started', 'page_view', 'session_engagement', 'page_view'],
    );
    const [first] = events;
    assert.match(first.properties.session_id, UUID);
    assert.equal(first.properties.landing_page, `${s.baseUrl}/shop/`);
    for (const event of events) {
      assert.equal(event.properties.session_id, first.properties.session_id);
      assert.equal(event.properties.landing_page, `${s.baseUrl}/shop/`);
      assert.equal(event.properties.ch, 1);
    }
    assert.equal(events[3].properties.url, `${s.baseUrl}/cart/`);

    // Through store-api-client: `_locale=user` and this browser's wp_rest nonce; the store
    // recorded every event.
    for (const request of requests) {
      assert.equal(new URL(request.url()).searchParams.get('_locale'), 'user');
      assert.match(request.headers()['x-wp-nonce'] ?? '', /^[0-9a-f]{10}$/);
      assert.equal((await request.response()).status(), 200);
    }

    const [cookie] = (await context.cookies()).filter(
      (c) => c.name === 'woocommerceanalytics_session',
    );
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/');
    const session = JSON.parse(decodeURIComponent(cookie.value));
    assert.equal(session.session_id, first.properties.session_id);
    assert.equal(session.is_engaged, true);
    // 30 minutes from the last page view at most (sooner near UTC midnight).
    assert.ok(session.expires - Date.now() <= 30 * 60 * 1000 + 5_000);
    assert.ok(Math.abs(cookie.expires * 1000 - session.expires) < 2_000);

    // Withdrawing statistics removes the session cookie, on the same page.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await banner(page).getByRole('checkbox', { name: 'Statistics', exact: true }).uncheck();
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    await banner(page).waitFor({ state: 'detached' });
    assert.equal(
      (await context.cookies()).some((c) => c.name === 'woocommerceanalytics_session'),
      false,
    );
    await context.close();
  });

  test('a page left within the batch delay sends its last batch through the REST client, kept alive, with the nonce', async () => {
    const context = await s.browser.newContext();
    // What the page hands to fetch as it is left (Playwright does not report a request made by
    // a document that is going away): noted in this tab's storage at the call.
    await context.addInitScript((track) => {
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = String(input);
        if (init?.keepalive && new URL(url, location.href).pathname === track) {
          const left = JSON.parse(sessionStorage.getItem('left') ?? '[]');
          left.push({
            from: location.pathname,
            url,
            nonce: new Headers(init.headers).get('X-WP-Nonce'),
            bytes: init.body?.size ?? 0,
          });
          sessionStorage.setItem('left', JSON.stringify(left));
        }
        return original(input, init);
      };
    }, TRACK);
    const requests = trackRequests(context);
    // The analytics start with the grant and ask for the nonce at once, not with the first batch.
    const page = await openShopWithStatistics(context, s.baseUrl, (response) =>
      response.url().includes('action=rest-nonce'),
    );
    // Left before the batch's second is up: nothing was posted from /shop/ by then.
    assert.deepEqual(requests, []);
    await goToCart(page, s.baseUrl);
    const left = await page.evaluate(() => JSON.parse(sessionStorage.getItem('left') ?? '[]'));
    assert.equal(left.length, 1, JSON.stringify(left));
    assert.equal(left[0].from, '/shop/');
    assert.equal(new URL(left[0].url, s.baseUrl).searchParams.get('_locale'), 'user');
    assert.match(left[0].nonce ?? '', /^[0-9a-f]{10}$/);
    assert.ok(left[0].bytes > 100, `a batch of events (${left[0].bytes} B)`);
    // The cart page's own events then go as a batch of their own, in the same session.
    const deadline = Date.now() + 5_000;
    while (eventsOf(requests).length < 2 && Date.now() < deadline) await page.waitForTimeout(200);
    assert.deepEqual(
      eventsOf(requests).map((event) => event.event_name),
      ['session_engagement', 'page_view'],
    );
    await context.close();
  });

  test('without a choice no session cookie is written and nothing is posted', async () => {
    const context = await s.browser.newContext();
    const requests = trackRequests(context);
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await page.goto(`${s.baseUrl}/cart/`);
    await hydrated(page);
    await page.waitForTimeout(1_500);
    assert.deepEqual(requests, []);
    assert.equal(
      (await context.cookies()).some((c) => c.name === 'woocommerceanalytics_session'),
      false,
    );
    await context.close();
  });
});

describe('analytics with every flag off (the spec’s site)', () => {
  const s = useStorefront({ ANALYTICS_FEATURES: '' });

  test('nothing is posted: each event waits in window._wca with its prefixed name, no session, no ch', async () => {
    const context = await s.browser.newContext();
    const requests = trackRequests(context);
    // Each document has its own window._wca, as on WooCommerce's pages, where the Tracks script
    // drains each page's queue: the shop's page view is in the shop's, the cart's in the cart's.
    const page = await openShopWithStatistics(context, s.baseUrl);
    await page.waitForFunction(() => (window._wca ?? []).length >= 1);
    const queued = [(await page.evaluate(() => window._wca)).at(-1)];
    await goToCart(page, s.baseUrl);
    await page.waitForFunction(() => (window._wca ?? []).length >= 1);
    await page.waitForTimeout(1_500);
    assert.deepEqual(requests, []);
    queued.push(...(await page.evaluate(() => window._wca)));
    assert.deepEqual(
      queued.map((event) => event._en),
      ['woocommerceanalytics_page_view', 'woocommerceanalytics_page_view'],
    );
    assert.equal(queued[0].url, `${s.baseUrl}/shop/`);
    assert.equal(queued[1].url, `${s.baseUrl}/cart/`);
    for (const event of queued) {
      assert.equal('session_id' in event, false);
      assert.equal('ch' in event, false);
    }
    assert.equal(
      (await context.cookies()).some((c) => c.name === 'woocommerceanalytics_session'),
      false,
    );
    await context.close();
  });
});
