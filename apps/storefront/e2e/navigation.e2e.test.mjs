import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hydrated, useStorefront } from './harness.mjs';

// Every page is an island page now (decision 0087): a link, a page link, a sort or an add's
// redirect is a page load, which the server renders whole. The tests of client-side navigations
// (the islands' code loaded beside a navigation's data, decisions 0074 and 0075; the focus put on
// the next page's heading or notice, decision 0076) began on the last page the router hydrated,
// the lost-password form, and were retired with it, as decision 0082 planned for each route that
// moved. What a page load shows first is each page's own tests' (the alert focused after 500 ms,
// the notices scrolled to: spec §4).

describe('pages fetched ahead of a click (speculation rules, decision 0082)', () => {
  const state = useStorefront();

  test("a product card the pointer rests on has its page prefetched, and the click shows that page from the prefetch; the header's links are not fetched ahead", async () => {
    const context = await state.browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const prefetched = [];
    cdp.on('Preload.prefetchStatusUpdated', (event) => {
      if (event.status === 'Ready') prefetched.push(new URL(event.prefetchUrl).pathname);
    });
    await cdp.send('Preload.enable');
    await page.goto(`${state.baseUrl}/shop/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // The header's links are under the pointer first: only a product card's page is fetched.
    await page.locator('header nav a[href="/cart/"]').hover();
    await page.locator('header nav a[href="/my-account/"]').hover();
    await page.waitForTimeout(600);
    assert.deepEqual(prefetched, [], "no header link's page is fetched ahead");

    const card = page.locator('main a.cw-product-card__link').first();
    const href = await card.getAttribute('href');
    await card.hover();
    const started = Date.now();
    while (prefetched.length === 0 && Date.now() - started < 5000) await page.waitForTimeout(50);
    assert.deepEqual(prefetched, [href], 'the card under the pointer has its page prefetched');

    await card.click();
    await page.waitForURL(`${state.baseUrl}${href}`);
    await page.locator('main h1').waitFor();
    assert.equal(
      await page.evaluate(() => performance.getEntriesByType('navigation')[0].deliveryType),
      'navigational-prefetch',
      'the product page came from its prefetch',
    );
    await context.close();
  });
});
