import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { holdRequest, hydrated, useStorefront } from './harness.mjs';

const CATALOG_ISLANDS = /\/assets\/catalog-islands-[\w-]+\.js$/;

describe('islands that follow client-side navigations (decision 0074)', () => {
  const state = useStorefront();

  test("a listing's next page, reached through the router, shows its add-to-cart forms with its products: their code loads beside the page's data", async () => {
    const context = await state.browser.newContext();
    const page = await context.newPage();
    const asked = [];
    page.on('request', (request) => {
      if (CATALOG_ISLANDS.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    await page.goto(`${state.baseUrl}/shop/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(asked, [], 'no add-to-cart code with the first page');

    // At the first moment the second page's products are in, are its add-to-cart forms too?
    await page.evaluate(() => {
      const seen = new MutationObserver(() => {
        const count = document.querySelector('.woocommerce-result-count')?.textContent ?? '';
        if (!count.includes('17')) return;
        seen.disconnect();
        const forms = [...document.querySelectorAll('main [data-island="add-to-cart"]')];
        window.__firstRender = {
          islands: forms.length,
          empty: forms.filter((island) => island.childElementCount === 0).length,
        };
      });
      seen.observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    // The page's data is held, as on a slow network: the navigation has started, nothing shows.
    const data = holdRequest(page, /\/shop\/page\/2\/_\.data/);
    const navigated = page.waitForURL(/\/shop\/page\/2\/$/);
    navigated.catch(() => {}); // (awaited below; a failure before that closes the page)
    await page.getByRole('link', { name: /^Page 2$/ }).click();
    await data.requested;
    // The add-to-cart code is asked for while the data is still on its way.
    const chunk = await page.waitForRequest(
      (request) => CATALOG_ISLANDS.test(new URL(request.url()).pathname),
      { timeout: 5000 },
    );
    // Once it has arrived and run (the same module: the page's import of it resolves after its
    // own imports have arrived and it has run), the data comes.
    await page.evaluate((url) => import(url).then(() => undefined), chunk.url());
    await data.release();
    await navigated;
    await page.waitForFunction(() => window.__firstRender !== undefined);
    const first = await page.evaluate(() => window.__firstRender);
    assert.ok(first.islands >= 10, `the second page has add-to-cart forms (${first.islands})`);
    assert.equal(first.empty, 0, 'none of them rendered empty, waiting for its code');
    assert.equal(asked.length, 1, 'the code was asked for once');
    // They are the live forms: a button that adds through the cart's code, not a page load.
    const button = page.locator('main [data-island="add-to-cart"][data-live] button').first();
    await button.waitFor();
    await context.close();
  });

  test("after a sort, the listing's page links are the sorted listing's: a dormant island whose markup is out of date is dropped, not followed", async () => {
    const context = await state.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${state.baseUrl}/shop/`);
    await hydrated(page);
    await page.evaluate(() => {
      window.__samePage = true;
    });
    const links = page.locator('[data-island="pagination"] a');
    assert.deepEqual(
      await links.evaluateAll((all) => [...new Set(all.map((a) => a.getAttribute('href')))]),
      ['/shop/page/2/'],
    );
    // Sorted from the keyboard: the sort menu wakes, the page links are not touched.
    const select = page.locator('select[name="orderby"]');
    await select.focus();
    await select.selectOption('price');
    await page.waitForURL(/\/shop\/\?orderby=price(?:&|$)/);
    await page
      .locator('[data-island="pagination"][data-live] a[href^="/shop/page/2/?orderby=price"]')
      .first()
      .waitFor();
    await page.getByRole('link', { name: /^Page 2$/ }).click();
    await page.waitForURL(/\/shop\/page\/2\/\?orderby=price(?:&|$)/);
    assert.equal(await page.evaluate(() => window.__samePage), true, 'through the router');
    await page.locator('.woocommerce-result-count', { hasText: '17' }).waitFor();
    await context.close();
  });
});
