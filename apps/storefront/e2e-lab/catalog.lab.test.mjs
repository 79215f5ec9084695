// Categories, the price filter and search's empty result in front of a real WooCommerce
// (STORE_URL mode, `npm run conformance:e2e -- http://127.0.0.1:8089`). What each page must show
// is WooCommerce's own Store API answer, read directly.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  screenshot,
  startStorefront,
} from '../e2e/harness.mjs';

const WOO_URL = process.env.WOO_URL;
if (!WOO_URL) {
  throw new Error(
    'WOO_URL is not set: name the WooCommerce to test against (see docs/conformance.md)',
  );
}
const woo = (p) => fetch(new URL(`/wp-json/wc/store/v1/${p}`, WOO_URL));

describe('categories and the price filter against WooCommerce (STORE_URL)', () => {
  const s = {};
  let shop;
  let category;
  before(async () => {
    const categories = await (await woo('products/categories')).json();
    category = categories.sort((a, b) => b.count - a.count)[0];
    shop = startStorefront({ dataDir: '/nonexistent-unused', env: { STORE_URL: WOO_URL } });
    [s.baseUrl, s.browser] = await Promise.all([shop.url, launchBrowser()]);
  });
  after(async () => {
    await s.browser?.close();
    await shop?.stop();
  });

  test("a category page lists WooCommerce's products for it, and the price filter narrows them", async () => {
    const range = (
      await (
        await woo(`products/collection-data?calculate_price_range=true&category=${category.id}`)
      ).json()
    ).price_range;
    const all = await (await woo(`products?category=${category.id}&per_page=100`)).json();
    const prices = all.map((p) => Number(p.prices.price)).sort((a, b) => a - b);
    const min = Math.floor(prices[Math.floor(prices.length / 3)] / 100);
    const max = Math.ceil(prices[Math.floor((prices.length * 2) / 3)] / 100);

    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product-category/${category.slug}/`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
    const dollars = (minor) => `$${(Number(minor) / 100).toFixed(2)}`;
    assert.equal(
      await page.locator('#price-filter-range').innerText(),
      `Prices here run from ${dollars(range.min_price)} to ${dollars(range.max_price)}.`,
    );
    await page.getByLabel('Min price ($)').fill(String(min));
    await page.getByLabel('Max price ($)').fill(String(max));
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/min_price=/);
    const expected = await (
      await woo(
        `products?category=${category.id}&min_price=${min * 100}&max_price=${max * 100}&orderby=menu_order&order=asc&per_page=16`,
      )
    ).json();
    assert.ok(expected.length > 0 && expected.length < all.length, 'the bounds must filter');
    await page.waitForFunction(
      (count) => document.querySelectorAll('.cw-product-card__name').length === count,
      expected.length,
    );
    assert.deepEqual(
      await page.locator('.cw-product-card__name').allInnerTexts(),
      expected.map((p) => p.name),
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-category-price-filter');
    await context.close();
  });

  test("filter by an attribute: WooCommerce's terms, counts and filtered list", async () => {
    const attributes = await (await woo('products/attributes')).json();
    const attribute = attributes.find((a) => a.count > 0);
    assert.ok(attribute, 'the lab has a global attribute (Size)');
    const [term] = await (await woo(`products/attributes/${attribute.id}/terms`)).json();
    const expected = await (
      await woo(
        `products?category=${category.id}&attributes[0][attribute]=${attribute.taxonomy}&attributes[0][slug][]=${term.slug}&attributes[0][operator]=in&orderby=menu_order&order=asc&per_page=16`,
      )
    ).json();
    assert.ok(expected.length > 0);
    const name = attribute.taxonomy.slice(3);
    for (const javaScriptEnabled of [true, false]) {
      const context = await s.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${s.baseUrl}/product-category/${category.slug}/`);
      if (javaScriptEnabled) await hydrated(page);
      await page
        .getByRole('navigation', { name: `Filter by ${attribute.name}` })
        .getByRole('link', {
          name: `${term.name} (${expected.length} product${expected.length === 1 ? '' : 's'})`,
        })
        .click();
      await page.waitForURL(
        `${s.baseUrl}/product-category/${category.slug}/?filter_${name}=${term.slug}&query_type_${name}=or`,
      );
      await page.waitForFunction(
        (count) => document.querySelectorAll('.cw-product-card__name').length === count,
        expected.length,
      );
      assert.deepEqual(
        await page.locator('.cw-product-card__name').allInnerTexts(),
        expected.map((p) => p.name),
      );
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await screenshot(page, 'lab-category-attribute-filter');
      }
      await context.close();
    }
  });

  test("an empty search suggests WooCommerce's categories", async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/?s=zzzz-nothing&post_type=product`);
    const links = page.getByRole('navigation', { name: 'Or browse a category' }).getByRole('link');
    assert.ok((await links.allInnerTexts()).includes(category.name));
    await context.close();
  });
});
