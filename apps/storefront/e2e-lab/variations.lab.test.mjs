// Variable products in front of a real WooCommerce (STORE_URL mode): the lab's "Check Tee"
// (global attribute Size, S/M/L) chosen on the product page and bought, with JavaScript on and
// off, axe on each state. Needs WOO_URL (`npm run conformance:e2e -- http://127.0.0.1:8089`).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import {
  cartOf,
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
const LAB_DIR = process.env.LAB_DIR ?? '/var/tmp/cartwright-woo-lab';
const ORDER_RECEIVED = /\/checkout\/order-received\/(\d+)\/\?key=(wc_order_[^&]+)/;

/** An order's lines as WooCommerce keeps them: name, quantity, variation id and its meta. */
async function orderLinesInWooCommerce(id) {
  const script = `
    $_SERVER['HTTP_HOST'] = ${JSON.stringify(new URL(WOO_URL).host)};
    require 'wp-load.php';
    $order = wc_get_order(${Number(id)});
    if (!$order) { echo 'null'; exit; }
    echo json_encode(array_values(array_map(fn ($i) => [
      'name' => $i->get_name(),
      'quantity' => $i->get_quantity(),
      'variation_id' => $i->get_variation_id(),
      'size' => $i->get_meta('pa_size'),
    ], $order->get_items())));`;
  const { stdout } = await promisify(execFile)('php', ['-r', script], {
    cwd: path.join(LAB_DIR, 'wordpress'),
  });
  return JSON.parse(stdout);
}

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

/** "Size: M" … as a line lists its options (dl.variation). */
const optionsOf = async (scope) =>
  (await scope.locator('dl.variation > div').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );

describe(`variable products in front of ${WOO_URL}`, () => {
  const s = {};
  let shop;
  let tee;
  let sizes;
  before(async () => {
    const products = await (
      await fetch(new URL('/wp-json/wc/store/v1/products?type=variable&per_page=50', WOO_URL))
    ).json();
    tee = products.find((product) => product.type === 'variable');
    assert.ok(tee, 'the lab has a variable product');
    // Each variation's id and size, from WooCommerce.
    sizes = new Map(
      tee.variations.map((variation) => [variation.attributes[0].value, variation.id]),
    );
    shop = startStorefront({ dataDir: '/nonexistent-unused', env: { STORE_URL: WOO_URL } });
    [s.baseUrl, s.browser] = await Promise.all([shop.url, launchBrowser()]);
  });
  after(async () => {
    await s.browser?.close();
    await shop?.stop();
  });

  test('with JavaScript: choose a size, buy it with cash on delivery, WooCommerce has the variation', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${tee.slug}/`);
    await hydrated(page);
    const label = tee.attributes[0].name;
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-variable-product');
    await page.getByLabel(label).selectOption('m');
    const medium = await (
      await fetch(new URL(`/wp-json/wc/store/v1/products/${sizes.get('m')}`, WOO_URL))
    ).json();
    const major = (Number(medium.prices.price) / 100).toFixed(2);
    assert.equal(await page.locator('.product-price').innerText(), `$${major}`);
    await expectNoAxeViolations(page);
    // The chosen variation goes through wc-ajax (WooCommerce takes a variation's id there);
    // the cart is then read from WooCommerce, wherever the store's setting sends the shopper.
    const [added] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('wc-ajax=add_to_cart')),
      page.getByRole('button', { name: `Add to cart: “${tee.name}”` }).click(),
    ]);
    assert.match(added.request().postData(), new RegExp(`product_id=${sizes.get('m')}&`));
    await added.finished();
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((item) => [item.id, item.quantity, item.variation.map((v) => v.value)]),
      [[sizes.get('m'), 1, ['M']]],
    );
    await page.goto(`${s.baseUrl}/cart/`);
    assert.deepEqual(await optionsOf(page.locator('.cart-table')), [`${label}: M`]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-variable-cart');

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    assert.deepEqual(await optionsOf(page.locator('main')), [`${label}: M`]);
    await page.locator('#billing_country').selectOption('US');
    const address = {
      billing_first_name: 'Grace',
      billing_last_name: 'Hopper',
      billing_address_1: '1 Harbor Way',
      billing_city: 'Austin',
      billing_postcode: '78701',
      billing_phone: '512 555 0100',
      billing_email: 'grace.variations@example.com',
    };
    for (const [id, value] of Object.entries(address)) await page.locator(`#${id}`).fill(value);
    const state = page.locator('#billing_state');
    if ((await state.evaluate((el) => el.tagName)) === 'SELECT') await state.selectOption('TX');
    else await state.fill('TX');
    await page.locator('#payment_method_cod').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const [, id] = ORDER_RECEIVED.exec(page.url());
    // WooCommerce's Store API order lists a line's options by term slug (`{attribute: 'Size',
    // value: 'm'}`, measured on 10.2.4), where its cart lists the term's name.
    await page.locator('main dl.variation').waitFor();
    assert.deepEqual(await optionsOf(page.locator('main')), [`${label}: m`]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-variable-order-received');

    const lines = await orderLinesInWooCommerce(id);
    assert.deepEqual(
      lines.map((line) => [line.variation_id, line.quantity, line.size]),
      [[sizes.get('m'), 1, 'm']],
    );
    await context.close();
  });

  test('without JavaScript: the form posts add-to-cart and attribute_pa_size, WooCommerce adds the variation', async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${tee.slug}/`);
    await page.getByLabel(tee.attributes[0].name).selectOption('l');
    await page.getByRole('button', { name: `Add to cart: “${tee.name}”` }).click();
    await page.waitForLoadState('load');
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((item) => [item.id, item.quantity]),
      [[sizes.get('l'), 1]],
    );
    await page.goto(`${s.baseUrl}/cart/`);
    assert.deepEqual(await optionsOf(page.locator('.cart-table')), [
      `${tee.attributes[0].name}: L`,
    ]);
    await expectNoAxeViolationsWithoutScripts(s.browser, page);
    await context.close();
  });
});
