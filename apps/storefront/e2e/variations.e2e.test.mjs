// Variable products (issue 15 item 1): choose a variation on the product page and buy it,
// with JavaScript on and off, axe on each state; the choice shown on every page after.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  holdRequest,
  holdScripts,
  hydrated,
  useStorefront,
  shots,
  loadWithChunkHeld,
} from './harness.mjs';

const COFFEE = 'Roaster’s Choice Coffee';
const MUG = 'Glazed Studio Mug';
const ORDER_RECEIVED = /\/checkout\/order-received\/\d+\/\?key=wc_order_/;
const ADDRESS = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_address_1: '12 St James Square',
  billing_city: 'London',
  billing_postcode: 'SW1Y 4JH',
  billing_phone: '020 7946 0000',
  billing_email: 'ada@example.com',
};

/** The text of an option of a labelled select, and whether it is disabled. */
const optionOf = (page, label, value) => page.getByLabel(label).locator(`option[value="${value}"]`);

/**
 * axe on a page as a browser without JavaScript got it: axe needs scripts, so the page's
 * HTML (its own scripts removed) is checked in a page that runs them.
 */
async function expectNoAxeViolationsWithoutScripts(browser, page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const origin = new URL(page.url()).origin;
  const context = await browser.newContext();
  const checked = await context.newPage();
  await checked.setContent(html.replace('<head>', `<head><base href="${origin}/">`), {
    waitUntil: 'load',
  });
  await expectNoAxeViolations(checked);
  await context.close();
}

/** "Grind: Filter" … as a line lists its options (dl.variation), in order. */
const optionsOf = async (scope) =>
  (await scope.locator('dl.variation > div').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );

describe('variable products', () => {
  const s = useStorefront();

  test('with JavaScript: the listing links to the choice, price, stock and image follow it, and the variation is bought', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/?orderby=date`);
    await hydrated(page);
    // The card shows the price range, as WooCommerce's listings do (the dash read as "to").
    const card = page.locator('.cw-product-card', {
      has: page.getByRole('link', { name: COFFEE, exact: true }),
    });
    assert.equal(
      (await card.locator('.cw-product-card__price').textContent()).replace(/\s+/g, ' '),
      '$13.00 – to $42.00',
    );
    const select = page.getByRole('link', { name: `Select options for “${COFFEE}”` });
    await select.click();
    await page.waitForURL(`${s.baseUrl}/product/roasters-choice-coffee/`);
    await hydrated(page);
    // Before a choice: the range, no variation id, the add refused with a reason.
    assert.match(
      await page.locator('.product-price').innerText(),
      /\$13\.00\s*–\s*to\s*\$42\.00|\$13\.00\s*–\s*\$42\.00/,
    );
    await expectNoAxeViolations(page);
    await shots(page, 'variable-product');
    const imageBefore = await page.locator('.product-gallery img').getAttribute('src');

    // The form is an island (decision 0067); come to by a link, its code loads with the page.
    await page.getByLabel('Grind').selectOption('filter');
    await page.locator('[data-island="variation-form"][data-live]').waitFor();
    assert.equal(await page.getByLabel('Grind').inputValue(), 'filter');
    // Filter comes only in 250 g: 1 kg is disabled and says why.
    assert.equal(await optionOf(page, 'Size', '1-kg').isDisabled(), true);
    assert.equal(await optionOf(page, 'Size', '1-kg').innerText(), '1 kg (unavailable)');
    await page.getByLabel('Size').selectOption('250-g');
    assert.equal(await page.locator('.product-price').innerText(), '$13.00');
    assert.equal(await page.locator('.stock').innerText(), 'Only 4 left in stock');
    assert.equal(await page.locator('.product-meta dd').first().innerText(), 'CW-COF-VAR-FI-250');
    assert.ok(Number(await page.locator('input[name="variation_id"]').inputValue()) > 0);
    await expectNoAxeViolations(page);
    await shots(page, 'variable-product-chosen');

    // Espresso 1 kg is sold out; whole bean 1 kg is on sale, and the sale shows.
    await page.getByRole('button', { name: 'Clear options' }).click();
    await page.getByLabel('Size').selectOption('1-kg');
    assert.equal(await optionOf(page, 'Grind', 'espresso').innerText(), 'Espresso (sold out)');
    assert.equal(await optionOf(page, 'Grind', 'espresso').isDisabled(), true);
    assert.equal(await optionOf(page, 'Grind', 'filter').isDisabled(), true);
    await page.getByLabel('Grind').selectOption('whole-bean');
    assert.match(await page.locator('.product-price').innerText(), /\$42\.00[\s\S]*\$38\.00/);
    await expectNoAxeViolations(page);

    // The mug's picture follows its colour.
    await page.goto(`${s.baseUrl}/product/glazed-studio-mug/`);
    await hydrated(page);
    const mugImage = await page.locator('.product-gallery img').getAttribute('src');
    await page.getByLabel('Colour').selectOption('sage');
    await page.waitForFunction(
      (before) => document.querySelector('.product-gallery img')?.getAttribute('src') !== before,
      mugImage,
    );
    assert.match(await page.locator('.product-gallery img').getAttribute('src'), /sage/);
    assert.equal(await optionOf(page, 'Colour', 'terracotta').innerText(), 'Terracotta (sold out)');
    assert.notEqual(imageBefore, null);

    // Buy the filter coffee.
    await page.goto(`${s.baseUrl}/product/roasters-choice-coffee/`);
    await hydrated(page);
    await page.getByLabel('Grind').selectOption('filter');
    await page.getByLabel('Size').selectOption('250-g');
    await page.getByLabel(`${COFFEE} quantity`).fill('2');
    await page.getByRole('button', { name: `Add to cart: “${COFFEE}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((item) => [item.sku, item.quantity]),
      [['CW-COF-VAR-FI-250', 2]],
    );
    const row = page.getByRole('row', { name: new RegExp(COFFEE) });
    assert.deepEqual(await optionsOf(row), ['Grind: Filter', 'Size: 250 g']);
    // The line links back to the page with its choice made.
    assert.equal(
      await row.getByRole('link', { name: COFFEE, exact: true }).getAttribute('href'),
      '/product/roasters-choice-coffee/?attribute_pa_grind=filter&attribute_pa_size=250-g',
    );
    await expectNoAxeViolations(page);
    await shots(page, 'variable-cart');

    await page.locator('.header-cart summary').click();
    assert.deepEqual(await optionsOf(page.locator('.cw-mini-cart__item')), [
      'Grind: Filter',
      'Size: 250 g',
    ]);
    await expectNoAxeViolations(page);
    await shots(page, 'variable-mini-cart');

    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    assert.deepEqual(await optionsOf(page.locator('.checkout-review, table').last()), [
      'Grind: Filter',
      'Size: 250 g',
    ]);
    // A London address: the checkout starts on the store's base country (the United States).
    await page.locator('#billing_country').selectOption('GB');
    for (const [id, value] of Object.entries(ADDRESS)) await page.locator(`#${id}`).fill(value);
    await page.locator('#payment_method_cod').check();
    await expectNoAxeViolations(page);
    await shots(page, 'variable-checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    assert.deepEqual(await optionsOf(page.locator('main')), ['Grind: Filter', 'Size: 250 g']);
    await expectNoAxeViolations(page);
    await shots(page, 'variable-order-received');
    await context.close();
  });

  test('options chosen after the first paint but before hydration are the choice once the page has hydrated (issue 16)', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    // Every script of the page is held: it paints from the server's HTML but cannot hydrate.
    const scripts = await holdScripts(page);
    await page.goto(`${s.baseUrl}/product/roasters-choice-coffee/`, {
      waitUntil: 'domcontentloaded',
    });
    await scripts.requested;
    assert.equal(
      await page.evaluate(() => document.documentElement.hasAttribute('data-cw-hydrated')),
      false,
      'the page has not hydrated',
    );
    await page.getByLabel('Grind').selectOption('filter');
    await page.getByLabel('Size').selectOption('250-g');
    await scripts.release();
    await hydrated(page);

    // The choice is taken up in the render after hydration: the price follows it.
    await page.locator('.product-price', { hasText: /^\$13\.00$/ }).waitFor();
    assert.equal(await page.getByLabel('Grind').inputValue(), 'filter');
    assert.equal(await page.getByLabel('Size').inputValue(), '250-g');
    assert.equal(await page.locator('.product-meta dd').first().innerText(), 'CW-COF-VAR-FI-250');
    // The server's form showed no choice: the early one wakes the form's code (decision 0067),
    // which fills in the chosen variation's id.
    await page.waitForFunction(
      () => Number(document.querySelector('input[name="variation_id"]')?.value) > 0,
    );
    await page.getByRole('button', { name: `Add to cart: “${COFFEE}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).items.map((item) => [item.sku, item.quantity]),
      [['CW-COF-VAR-FI-250', 1]],
    );
    await context.close();
  });

  test('the option form’s code loads when a shopper comes to it; options chosen while it loads are the choice (decision 0067)', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const {
      requested,
      release,
      requests: islandChunks,
    } = await loadWithChunkHeld(
      page,
      /\/assets\/catalog-islands-[\w-]+\.js$/,
      () => page.goto(`${s.baseUrl}/product/roasters-choice-coffee/`),
      { message: 'the page loads without the form’s code' },
    );
    const form = page.locator('[data-island="variation-form"]');
    assert.equal(await form.getAttribute('data-live'), null);

    // A keyboard shopper tabs into the form (its code is asked for, held here) and chooses.
    await page.getByLabel('Grind').focus();
    await requested;
    await page.getByLabel('Grind').selectOption('filter');
    await page.getByLabel('Size').selectOption('250-g');
    await page.getByLabel('Size').focus();
    assert.equal(await form.getAttribute('data-live'), null, 'still the server’s form');
    await release();
    await page.locator('.product-price', { hasText: /^\$13\.00$/ }).waitFor();
    assert.equal(await form.getAttribute('data-live'), '');
    assert.equal(await page.getByLabel('Grind').inputValue(), 'filter');
    assert.equal(await page.getByLabel('Size').inputValue(), '250-g');
    assert.equal(await page.locator('.product-meta dd').first().innerText(), 'CW-COF-VAR-FI-250');
    assert.ok(Number(await page.locator('input[name="variation_id"]').inputValue()) > 0);
    // The focus stayed on the field the shopper was in.
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('name')),
      'attribute_pa_size',
    );
    await page.getByRole('button', { name: `Add to cart: “${COFFEE}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).items.map((item) => [item.sku, item.quantity]),
      [['CW-COF-VAR-FI-250', 1]],
    );
    assert.equal(islandChunks.length, 1);
    await context.close();
  });

  test('an option chosen while the form’s code comes, then "Add to cart" pressed before it is in: the choice is added (issue 16)', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const code = holdRequest(page, /\/assets\/catalog-islands-[\w-]+\.js$/);
    await page.goto(`${s.baseUrl}/product/roasters-choice-coffee/`);
    await hydrated(page);
    // The first choice wakes the page (an island page hydrates its content, which takes the
    // choice up) and the form, whose code is asked for: held here.
    await page.getByLabel('Grind').selectOption('filter');
    await code.requested;
    // The second choice and the add land in the form's server markup, the add held with it.
    await page.getByLabel('Size').selectOption('250-g');
    await page.getByRole('button', { name: `Add to cart: “${COFFEE}”` }).click();
    const form = page.locator('[data-island="variation-form"]');
    assert.equal(await form.getAttribute('data-live'), null, 'still the server’s form');
    assert.equal(page.url(), `${s.baseUrl}/product/roasters-choice-coffee/`);
    // The code comes: the live form takes both choices, then does the add it held, with them.
    await code.release();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).items.map((item) => [item.sku, item.quantity]),
      [['CW-COF-VAR-FI-250', 1]],
    );
    await context.close();
  });

  test('without JavaScript: the form posts the choice, an unavailable one is explained, and the variation is bought', async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/roasters-choice-coffee/`);
    // A combination that does not exist: the store refuses it and says so on the product page.
    await page.getByLabel('Grind').selectOption('filter');
    await page.getByLabel('Size').selectOption('1-kg');
    await page.getByRole('button', { name: `Add to cart: “${COFFEE}”` }).click();
    const refused = page.getByRole('alert');
    await refused.waitFor();
    assert.match(await refused.innerText(), /Please choose a different combination/);
    assert.equal((await cartOf(context, s.baseUrl)).items.length, 0);
    await expectNoAxeViolationsWithoutScripts(s.browser, page);
    await shots(page, 'variable-product-no-js-refused');

    await page.goto(`${s.baseUrl}/product/glazed-studio-mug/`);
    await page.getByLabel('Colour').selectOption('sand');
    await page.getByRole('button', { name: `Add to cart: “${MUG}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    const row = page.getByRole('row', { name: new RegExp(MUG) });
    assert.deepEqual(await optionsOf(row), ['Colour: Sand']);
    await expectNoAxeViolationsWithoutScripts(s.browser, page);

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${s.baseUrl}/checkout/`);
    // A London address: the checkout starts on the store's base country (the United States).
    await page.locator('#billing_country').selectOption('GB');
    for (const [id, value] of Object.entries(ADDRESS)) await page.locator(`#${id}`).fill(value);
    await page.locator('#payment_method_cod').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    assert.deepEqual(await optionsOf(page.locator('main')), ['Colour: Sand']);
    await expectNoAxeViolationsWithoutScripts(s.browser, page);
    await context.close();
  });
});
