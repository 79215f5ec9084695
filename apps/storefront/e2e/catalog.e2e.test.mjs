// Categories, the price filter and search polish (issue 15 items 2 and 3), in Chromium against
// the real storefront and its embedded store. What each page must show is read from the store's
// own Store API answers, never written into the test.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  expectNoAxeViolations,
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

  // The filters' code (decision 0073): one chunk, which an island page (decision 0084) never
  // loads: its filters are the links and the GET form they are without JavaScript. (The tests of
  // the filters as a dormant island on a category page the router hydrated, a price sent or a
  // term followed while their code loads, were retired with that page: reached through the
  // router, a category page renders the filters from their code at once.)
  const FILTERS_CHUNK = /\/assets\/category-filters-[\w-]+\.js$/;

  /** When the page's polite live region says `text` (the result count, 2 s after it appeared). */
  const announced = (page, text) =>
    page.waitForFunction(
      (said) => document.querySelector('[data-cw-announcer="polite"]')?.textContent?.includes(said),
      text,
    );

  test('filter a category by price with JavaScript: a page load that gives the focus back to the field, removable, and kept when sorting', async () => {
    const category = await biggestCategory();
    const { min, max } = await boundsFor(category);
    const range = await (
      await api(`products/collection-data?calculate_price_range=true&category=${category.id}`)
    ).json();
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const filterCode = [];
    page.on('request', (r) => {
      if (FILTERS_CHUNK.test(new URL(r.url()).pathname)) filterCode.push(r.url());
    });
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
    const count = `Showing ${filtered.total === 1 ? 'the single result' : `all ${filtered.total} results`}`;
    await page.locator('.woocommerce-result-count', { hasText: count }).waitFor();
    assert.deepEqual(await gridNames(page), filtered.names);
    // The new page's count is announced (spec §4, after 2000 ms), as for any listing.
    await announced(page, count);
    assert.deepEqual(filterCode, [], 'the filters need no code of their own');
    // An island page (decision 0084): the form is sent as without JavaScript, a page load.
    assert.equal(await page.evaluate(() => window.__sameDocument), undefined, 'a page load');
    // The new page's field Enter was pressed in has the focus (not the document's start).
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
