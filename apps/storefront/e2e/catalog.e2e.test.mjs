// Categories, the price filter and search polish (issue 15 items 2 and 3), in Chromium against
// the real storefront and its embedded store. What each page must show is read from the store's
// own Store API answers, never written into the test.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  expectNoAxeViolations,
  holdRequest,
  hydrated,
  useStorefront,
  shots as screenshotsAt,
} from './harness.mjs';

/** The consent banner covers the page's foot in a full-page picture: answer it first. */
async function shots(page, name) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const reject = page.getByRole('button', { name: 'Reject all' });
  if (await reject.isVisible()) await reject.click();
  await screenshotsAt(page, name);
}

describe('categories and filters', () => {
  const s = useStorefront();
  const api = (p) => fetch(`${s.baseUrl}/wp-json/wc/store/v1/${p}`);

  /** The category with the most products (it fits on one page of 16). */
  async function biggestCategory() {
    const list = await (await api('products/categories')).json();
    return list.sort((a, b) => b.count - a.count)[0];
  }

  /** The store's answer for a product query: total and names in order. */
  async function storeList(query) {
    const res = await api(`products?per_page=16&${query}`);
    return {
      total: Number(res.headers.get('x-wp-total')),
      names: (await res.json()).map((p) => p.name),
    };
  }

  const gridNames = (page) => page.locator('.cw-product-card__name').allInnerTexts();

  test('a product page links its category; the category page shows its products, breadcrumbs and description', async () => {
    const category = await biggestCategory();
    const [product] = await (await api(`products?category=${category.id}&per_page=1`)).json();
    const expected = await storeList(`category=${category.id}&orderby=menu_order&order=asc`);
    assert.ok(expected.total > 1 && expected.total <= 16);

    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await hydrated(page);
    const meta = page.locator('.product-meta');
    await meta.getByRole('link', { name: category.name }).click();
    await page.waitForURL(`${s.baseUrl}/product-category/${category.slug}/`);
    // Exact: the product's own heading ("Roaster’s Choice Coffee") contains the category's name,
    // and the URL changes a moment before the category page is on screen.
    await page.getByRole('heading', { level: 1, name: category.name, exact: true }).waitFor();

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    assert.equal(await crumbs.getByRole('link', { name: 'Shop' }).getAttribute('href'), '/shop/');
    assert.equal(await crumbs.locator('[aria-current="page"]').innerText(), category.name);
    assert.equal(
      (await page.locator('.term-description').innerText()).trim(),
      category.description.replace(/<[^<>]*>/g, '').trim(),
    );
    assert.equal(
      (await page.locator('.woocommerce-result-count').innerText()).trim(),
      `Showing all ${expected.total} results`,
    );
    assert.deepEqual(await gridNames(page), expected.names);
    // The category list marks where the shopper is.
    const list = page.getByRole('navigation', { name: 'Product categories' });
    assert.equal(
      await list.locator('[aria-current="page"]').getAttribute('href'),
      `/product-category/${category.slug}/`,
    );
    assert.match(await page.title(), new RegExp(`^${category.name} – `));
    await expectNoAxeViolations(page);
    await shots(page, 'category');
    await context.close();
  });

  /** Price bounds (in dollars) that keep some of the category's products and drop others. */
  async function boundsFor(category) {
    const all = await (await api(`products?category=${category.id}&per_page=100`)).json();
    const prices = all.map((p) => Number(p.prices.price)).sort((a, b) => a - b);
    const min = Math.floor(prices[Math.floor(prices.length / 3)] / 100);
    const max = Math.ceil(prices[Math.floor((prices.length * 2) / 3)] / 100);
    const kept = prices.filter((p) => p >= min * 100 && p <= max * 100).length;
    assert.ok(kept > 0 && kept < prices.length, 'the bounds must filter');
    return { min, max };
  }

  test('filter a category by price with JavaScript: in place, the focus kept, removable, and kept when sorting', async () => {
    const category = await biggestCategory();
    const { min, max } = await boundsFor(category);
    const range = await (
      await api(`products/collection-data?calculate_price_range=true&category=${category.id}`)
    ).json();
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product-category/${category.slug}/`);
    await hydrated(page);
    const filter = page.getByRole('region', { name: 'Filter by price' });
    // The range the store computed is what the shopper is told.
    const dollars = (minor) => `$${(Number(minor) / 100).toFixed(2)}`;
    assert.equal(
      await filter.locator('#price-filter-range').innerText(),
      `Prices here run from ${dollars(range.price_range.min_price)} to ${dollars(range.price_range.max_price)}.`,
    );
    await page.evaluate(() => (window.__sameDocument = true));
    await filter.getByLabel('Min price ($)').fill(String(min));
    await filter.getByLabel('Max price ($)').fill(String(max));
    // Sent from the keyboard: Enter in the field.
    await filter.getByLabel('Max price ($)').press('Enter');
    await page.waitForURL(
      `${s.baseUrl}/product-category/${category.slug}/?min_price=${min}&max_price=${max}`,
    );
    const filtered = await storeList(
      `category=${category.id}&min_price=${min * 100}&max_price=${max * 100}&orderby=menu_order&order=asc`,
    );
    await page
      .locator('.woocommerce-result-count', {
        hasText: `Showing ${filtered.total === 1 ? 'the single result' : `all ${filtered.total} results`}`,
      })
      .waitFor();
    assert.deepEqual(await gridNames(page), filtered.names);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
    // The field Enter was pressed in still has the focus (not dropped to the page's body).
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('name')),
      'max_price',
    );
    assert.equal(await filter.getByLabel('Max price ($)').inputValue(), String(max));
    const active = page.getByRole('region', { name: 'Active filters' });
    assert.deepEqual(await active.getByRole('listitem').allInnerTexts(), [
      `× Min $${min}.00`,
      `× Max $${max}.00`,
    ]);
    await expectNoAxeViolations(page);
    await shots(page, 'category-price-filter');

    // Sorting keeps the filter.
    await page.getByRole('combobox', { name: 'Shop order' }).selectOption('price-desc');
    await page.waitForURL(/orderby=price-desc/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('min_price'), String(min));
    assert.equal(url.searchParams.get('max_price'), String(max));
    const sorted = await storeList(
      `category=${category.id}&min_price=${min * 100}&max_price=${max * 100}&orderby=price&order=desc`,
    );
    await page.waitForFunction(
      (first) => document.querySelector('.cw-product-card__name')?.textContent === first,
      sorted.names[0],
    );
    assert.deepEqual(await gridNames(page), sorted.names);

    // Removing one filter keeps the other and the ordering.
    await active.getByRole('link', { name: `Remove filter: Min $${min}.00` }).click();
    await page.waitForURL(
      `${s.baseUrl}/product-category/${category.slug}/?orderby=price-desc&max_price=${max}`,
    );
    const onlyMax = await storeList(
      `category=${category.id}&max_price=${max * 100}&orderby=price&order=desc`,
    );
    await page.waitForFunction(
      (count) => document.querySelectorAll('.cw-product-card__name').length === count,
      onlyMax.names.length,
    );
    assert.deepEqual(await gridNames(page), onlyMax.names);
    assert.equal(await page.getByLabel('Min price ($)').inputValue(), '');
    assert.equal(await page.getByLabel('Max price ($)').inputValue(), String(max));
    await context.close();
  });

  test('without JavaScript the price filter and the sort form keep each other, and an empty result helps', async () => {
    const category = await biggestCategory();
    const { min, max } = await boundsFor(category);
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product-category/${category.slug}/`);
    await page.getByLabel('Min price ($)').fill(String(min));
    await page.getByLabel('Max price ($)').fill(String(max));
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(
      `${s.baseUrl}/product-category/${category.slug}/?min_price=${min}&max_price=${max}`,
    );
    const filtered = await storeList(
      `category=${category.id}&min_price=${min * 100}&max_price=${max * 100}&orderby=menu_order&order=asc`,
    );
    assert.deepEqual(await gridNames(page), filtered.names);

    await page.getByRole('combobox', { name: 'Shop order' }).selectOption('price');
    await page.getByRole('button', { name: 'Sort' }).click();
    await page.waitForURL(/orderby=price/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('min_price'), String(min));
    assert.equal(url.searchParams.get('max_price'), String(max));
    const sorted = await storeList(
      `category=${category.id}&min_price=${min * 100}&max_price=${max * 100}&orderby=price&order=asc`,
    );
    assert.deepEqual(await gridNames(page), sorted.names);

    // Nothing in range: say so, and offer the whole category back.
    await page.goto(`${s.baseUrl}/product-category/${category.slug}/?min_price=99999`);
    assert.match(
      await page.locator('main').innerText(),
      /No products were found matching your selection\./,
    );
    assert.equal(
      await page
        .getByRole('link', { name: `Show every product in ${category.name}` })
        .getAttribute('href'),
      `/product-category/${category.slug}/`,
    );
    await context.close();

    // The same states with scripts, for axe.
    const checked = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const withJs = await checked.newPage();
    await withJs.goto(`${s.baseUrl}/product-category/${category.slug}/?min_price=99999`);
    await expectNoAxeViolations(withJs);
    await shots(withJs, 'category-filter-empty');
    await checked.close();
  });

  /** A category, attribute and term whose filter keeps some of the category's products. */
  async function attributeChoice() {
    const categories = await (await api('products/categories')).json();
    const attributes = await (await api('products/attributes')).json();
    for (const category of categories) {
      const all = await storeList(`category=${category.id}&per_page=100`);
      for (const attribute of attributes) {
        const terms = await (await api(`products/attributes/${attribute.id}/terms`)).json();
        for (const term of terms) {
          const kept = await storeList(
            `category=${category.id}&attributes[0][attribute]=${attribute.taxonomy}&attributes[0][slug][]=${term.slug}&attributes[0][operator]=in&orderby=menu_order&order=asc`,
          );
          if (kept.total > 0 && kept.total < all.total) return { category, attribute, term, kept };
        }
      }
    }
    throw new Error('the demo shop has no attribute term that filters a category');
  }

  test('filter a category by attribute, with JavaScript and without', async () => {
    const { category, attribute, term, kept } = await attributeChoice();
    const name = attribute.taxonomy.slice(3);
    const expectedUrl = `${s.baseUrl}/product-category/${category.slug}/?filter_${name}=${term.slug}&query_type_${name}=or`;
    for (const javaScriptEnabled of [true, false]) {
      const context = await s.browser.newContext({
        javaScriptEnabled,
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(`${s.baseUrl}/product-category/${category.slug}/`);
      if (javaScriptEnabled) await hydrated(page);
      const filter = page.getByRole('navigation', { name: `Filter by ${attribute.name}` });
      const link = filter.getByRole('link', { name: new RegExp(`^${term.name} \\(`) });
      assert.match(
        await link.getAttribute('aria-label'),
        new RegExp(`^${term.name} \\(${kept.total} products?\\)$`),
      );
      await link.click();
      await page.waitForURL(expectedUrl);
      await page.waitForFunction(
        (count) => document.querySelectorAll('.cw-product-card__name').length === count,
        kept.names.length,
      );
      assert.deepEqual(await gridNames(page), kept.names);
      const chosen = page
        .getByRole('navigation', { name: `Filter by ${attribute.name}` })
        .getByRole('link', { name: new RegExp(`^${term.name} .*chosen: remove$`) });
      assert.equal(await chosen.getAttribute('href'), `/product-category/${category.slug}/`);
      const active = page.getByRole('region', { name: 'Active filters' });
      assert.deepEqual(await active.getByRole('listitem').allInnerTexts(), [
        `× ${attribute.name}: ${term.name}`,
      ]);
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await shots(page, 'category-attribute-filter');
      }
      // The price filter keeps the attribute filter.
      await page.getByLabel('Max price ($)').fill('1000');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/max_price=1000/);
      assert.equal(new URL(page.url()).searchParams.get(`filter_${name}`), term.slug);
      // Removing the choice brings the whole category back (but the price bound).
      await page.goto(expectedUrl);
      await page
        .getByRole('region', { name: 'Active filters' })
        .getByRole('link', { name: `Remove filter: ${attribute.name}: ${term.name}` })
        .click();
      await page.waitForURL(`${s.baseUrl}/product-category/${category.slug}/`);
      await context.close();
    }
  });

  // The filters' code (decision 0073): one chunk, asked for when a shopper comes to the filters.
  const FILTERS_CHUNK = /\/assets\/category-filters-[\w-]+\.js$/;

  /**
   * Watches a page for the filters' chunk and for the listing's loads that carry `param`: a
   * full page load (a document) or the router's data request.
   */
  function watch(page, param) {
    const seen = { chunks: [], loads: [] };
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (FILTERS_CHUNK.test(url.pathname)) seen.chunks.push(url.pathname);
      if (url.pathname.startsWith('/product-category/') && url.searchParams.has(param))
        seen.loads.push(request.resourceType());
    });
    return seen;
  }

  /** `promise`, or a failure naming `what` if it has not settled within 10 s. */
  async function within(promise, what) {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within 10 s`)), 10_000);
    });
    try {
      return await Promise.race([promise, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** When the page's polite live region says `text` (the result count, 2 s after it changed). */
  const announced = (page, text) =>
    page.waitForFunction(
      (said) => document.querySelector('[data-cw-announcer="polite"]')?.textContent?.includes(said),
      text,
    );

  test('the filters’ code loads when a shopper comes to them: prices typed and sent by the keyboard while it loads apply once, through the router', async () => {
    const category = await biggestCategory();
    const { min, max } = await boundsFor(category);
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const seen = watch(page, 'min_price');
    const { requested, release } = holdRequest(page, FILTERS_CHUNK);
    await page.goto(`${s.baseUrl}/product-category/${category.slug}/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(seen.chunks, [], 'the page loads without the filters’ code');
    const island = page.locator('[data-island="category-filters"]');
    assert.equal(await island.getAttribute('data-live'), null);
    await page.evaluate(() => (window.__sameDocument = true));

    // The keyboard comes to the price filter: its code is asked for, and is slow to come.
    const filter = page.getByRole('region', { name: 'Filter by price' });
    await filter.getByLabel('Min price ($)').focus();
    await within(requested, 'the focus in the price filter asks for its code');
    await page.keyboard.type(String(min));
    await page.keyboard.press('Tab');
    await page.keyboard.type(String(max));
    // Enter sends the form before the code is in: held, neither sent natively nor lost.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    assert.equal(page.url(), `${s.baseUrl}/product-category/${category.slug}/`);
    assert.deepEqual(seen.loads, [], 'nothing sent before the code is in');
    assert.equal(await island.getAttribute('data-live'), null);

    await release();
    await page.waitForURL(
      `${s.baseUrl}/product-category/${category.slug}/?min_price=${min}&max_price=${max}`,
    );
    const filtered = await storeList(
      `category=${category.id}&min_price=${min * 100}&max_price=${max * 100}&orderby=menu_order&order=asc`,
    );
    const count = `Showing ${filtered.total === 1 ? 'the single result' : `all ${filtered.total} results`}`;
    await page.locator('.woocommerce-result-count', { hasText: count }).waitFor();
    assert.deepEqual(await gridNames(page), filtered.names);
    // Once, through the router: one data request, no page load, the chunk fetched once.
    assert.deepEqual(seen.loads, ['fetch']);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
    assert.equal(seen.chunks.length, 1);
    assert.equal(await island.getAttribute('data-live'), '');
    // The typed prices are the filter's now.
    assert.equal(await filter.getByLabel('Min price ($)').inputValue(), String(min));
    assert.equal(await filter.getByLabel('Max price ($)').inputValue(), String(max));
    // The new count is announced, as it was before the filters were an island.
    await announced(page, count);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('an attribute filter followed while its code loads is followed once, through the router; a sort before the code brings the filters of the sorted listing', async () => {
    const { category, attribute, term, kept } = await attributeChoice();
    const name = attribute.taxonomy.slice(3);
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const seen = watch(page, `filter_${name}`);
    const { requested, release } = holdRequest(page, FILTERS_CHUNK);
    await page.goto(`${s.baseUrl}/product-category/${category.slug}/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(seen.chunks, []);
    await page.evaluate(() => (window.__sameDocument = true));

    // The pointer comes to the term's link and clicks it before the code is in.
    const link = page
      .getByRole('navigation', { name: `Filter by ${attribute.name}` })
      .getByRole('link', { name: new RegExp(`^${term.name} \\(`) });
    await link.click();
    await within(requested, 'the pointer on a term asks for the filters’ code');
    await page.waitForTimeout(300);
    assert.equal(page.url(), `${s.baseUrl}/product-category/${category.slug}/`);
    assert.deepEqual(seen.loads, []);
    await release();
    await page.waitForURL(
      `${s.baseUrl}/product-category/${category.slug}/?filter_${name}=${term.slug}&query_type_${name}=or`,
    );
    await page.waitForFunction(
      (count) => document.querySelectorAll('.cw-product-card__name').length === count,
      kept.names.length,
    );
    assert.deepEqual(await gridNames(page), kept.names);
    assert.deepEqual(seen.loads, ['fetch'], 'one navigation, through the router');
    assert.equal(await page.evaluate(() => window.__sameDocument), true);
    assert.equal(seen.chunks.length, 1);
    assert.deepEqual(
      await page
        .getByRole('region', { name: 'Active filters' })
        .getByRole('listitem')
        .allInnerTexts(),
      [`× ${attribute.name}: ${term.name}`],
    );
    await context.close();

    // Another visit sorts before the filters' code: their server markup would be of the unsorted
    // listing, so they start again, load at once and keep the new ordering in the price form.
    const other = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const second = await other.newPage();
    const again = watch(second, 'orderby');
    const held = holdRequest(second, FILTERS_CHUNK);
    await second.goto(`${s.baseUrl}/product-category/${category.slug}/`);
    await hydrated(second);
    await second.waitForLoadState('networkidle');
    assert.deepEqual(again.chunks, []);
    await second.getByRole('combobox', { name: 'Shop order' }).selectOption('price-desc');
    await second.waitForURL(/orderby=price-desc/);
    await within(held.requested, 'the sorted listing’s filters ask for their code');
    // Until the code is in, no filters of another listing are shown.
    assert.equal(await second.locator('.price-filter input[name="orderby"]').count(), 0);
    await held.release();
    await second.locator('[data-island="category-filters"][data-live]').waitFor();
    assert.equal(
      await second.locator('.price-filter input[name="orderby"]').getAttribute('value'),
      'price-desc',
    );
    assert.equal(again.chunks.length, 1);
    await expectNoAxeViolations(second);
    await other.close();
  });

  test('unknown categories and pages past the end are 404 pages; /page/1/ redirects', async () => {
    const category = await biggestCategory();
    const missing = await fetch(`${s.baseUrl}/product-category/no-such-category/`);
    assert.equal(missing.status, 404);
    const past = await fetch(`${s.baseUrl}/product-category/${category.slug}/page/2/`);
    assert.equal(past.status, 404);
    const first = await fetch(
      `${s.baseUrl}/product-category/${category.slug}/page/1/?orderby=price`,
      {
        redirect: 'manual',
      },
    );
    assert.equal(first.status, 301);
    assert.equal(
      first.headers.get('location'),
      `/product-category/${category.slug}/?orderby=price`,
    );
    // A hostile price is ignored, not an error.
    const odd = await fetch(
      `${s.baseUrl}/product-category/${category.slug}/?min_price=%3Cscript%3E&max_price=-5`,
    );
    assert.equal(odd.status, 200);
    assert.doesNotMatch(await odd.text(), /<script>/);
  });
});

describe('search polish', () => {
  const s = useStorefront();
  const api = (p) => fetch(`${s.baseUrl}/wp-json/wc/store/v1/${p}`);

  test('search results default to Relevance, drop Default sorting, and sort with the query kept', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/?s=coffee&post_type=product`);
    await hydrated(page);
    const select = page.getByRole('combobox', { name: 'Shop order' });
    assert.equal(await select.inputValue(), 'relevance');
    assert.deepEqual(await select.locator('option').allInnerTexts(), [
      'Relevance',
      'Sort by popularity',
      'Sort by average rating',
      'Sort by latest',
      'Sort by price: low to high',
      'Sort by price: high to low',
    ]);
    // Relevance is the store's own order for the search.
    const own = await (await api('products?per_page=16&search=coffee')).json();
    assert.deepEqual(
      await page.locator('.cw-product-card__name').allInnerTexts(),
      own.map((p) => p.name),
    );
    await select.selectOption('price');
    await page.waitForURL(`${s.baseUrl}/?orderby=price&paged=1&s=coffee&post_type=product`);
    const byPrice = await (
      await api('products?per_page=16&search=coffee&orderby=price&order=asc')
    ).json();
    await page.waitForFunction(
      (first) => document.querySelector('.cw-product-card__name')?.textContent === first,
      byPrice[0].name,
    );
    assert.deepEqual(
      await page.locator('.cw-product-card__name').allInnerTexts(),
      byPrice.map((p) => p.name),
    );
    assert.match(
      await page.locator('.woocommerce-result-count').innerText(),
      /sorted by price: low to high/,
    );
    await expectNoAxeViolations(page);
    await shots(page, 'search-sorted');
    await context.close();
  });

  test('an empty search keeps the query in a box, suggests categories, and a suggestion leads on', async () => {
    const categories = (await (await api('products/categories')).json()).filter((c) => c.count > 0);
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/?s=zzzz-nothing&post_type=product`);
    const again = page.getByRole('search', { name: 'Search again' });
    assert.equal(await again.getByRole('searchbox').inputValue(), 'zzzz-nothing');
    const suggestions = page.getByRole('navigation', { name: 'Or browse a category' });
    const links = suggestions.getByRole('link');
    assert.deepEqual(
      await links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      categories.map((c) => `/product-category/${c.slug}/`),
    );
    // A new search from the box on the page, without JavaScript.
    await again.getByRole('searchbox').fill('tea');
    await again.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${s.baseUrl}/?s=tea&post_type=product`);
    await page.getByRole('heading', { level: 1, name: 'Search results: “tea”' }).waitFor();
    await context.close();

    const checked = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const withJs = await checked.newPage();
    await withJs.goto(`${s.baseUrl}/?s=zzzz-nothing&post_type=product`);
    await hydrated(withJs);
    await expectNoAxeViolations(withJs);
    await shots(withJs, 'search-empty');
    await withJs
      .getByRole('navigation', { name: 'Or browse a category' })
      .getByRole('link', { name: categories[0].name })
      .click();
    await withJs.waitForURL(`${s.baseUrl}/product-category/${categories[0].slug}/`);
    await withJs.getByRole('heading', { level: 1, name: categories[0].name }).waitFor();
    await checked.close();
  });
});
