// ./dom on WooCommerce's own classic markup ([products] shortcode + WooCommerce's mini-cart),
// in Chromium, against the real store at WOO_URL, with WooCommerce's add-to-cart.js kept off.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bundle, launchBrowser, openClassicPage, routeLab, storeCart, wooUrl } from './lab.mjs';

const base = wooUrl();
let browser;
let context;
let page;
let blocked;
const addRequests = [];

before(async () => {
  const code = await bundle();
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
  blocked = await routeLab(page, base, code);
  page.on('request', (request) => {
    if (request.url().includes('wc-ajax=add_to_cart')) addRequests.push(request.postData());
  });
  await openClassicPage(page, base);
  await page.evaluate(() => {
    window.labEvents = [];
    const $body = window.jQuery(document.body);
    // Another plugin's listeners, as they are written for WooCommerce's add-to-cart.js.
    for (const name of [
      'adding_to_cart',
      'added_to_cart',
      'removed_from_cart',
      'wc_cart_button_updated',
      'wc_fragments_loaded',
      'ajax_request_not_sent.adding_to_cart',
    ]) {
      $body.on(name, (_event, ...args) => {
        const [a, b, c] = args;
        window.labEvents.push({
          name,
          fragmentKeys: a && typeof a === 'object' && !a.jquery ? Object.keys(a) : null,
          hash: typeof b === 'string' ? b : null,
          buttonIsJQuery: Boolean((a?.jquery && a) || (c?.jquery && c)),
          buttonProductId: (c?.jquery ? c : a?.jquery ? a : null)?.attr('data-product_id') ?? null,
        });
      });
    }
    window.cartwright = window.CartwrightLab.attachClassicCart({
      params: window.wc_add_to_cart_params,
      // The lab's own markup is trusted here; a theme passes DOMPurify.sanitize.
      sanitize: (html) => html,
    });
  });
});

after(async () => {
  await browser?.close();
});

test('the page is WooCommerce’s classic loop, with its jQuery and its add-to-cart.js kept off', async () => {
  assert.ok(blocked.length > 0, 'WooCommerce enqueued add-to-cart.js and the lab kept it off');
  assert.equal(await page.evaluate(() => typeof window.jQuery), 'function');
  assert.equal(await page.locator('.products .ajax_add_to_cart[data-product_id]').count(), 4);
  assert.equal(await page.locator('.widget_shopping_cart_content').count(), 1);
  assert.equal((await storeCart(page)).items_count, 0);
});

test('add: one request, the cart changes in WooCommerce, fragments and View cart appear, plugins hear added_to_cart', async () => {
  const button = page.locator('.products .ajax_add_to_cart').first();
  const productId = Number(await button.getAttribute('data-product_id'));
  await button.click();
  await page.locator('.products a.added_to_cart.wc-forward').first().waitFor();
  assert.equal(addRequests.length, 1, 'exactly one add request (WooCommerce’s own handler is off)');
  assert.equal(new URLSearchParams(addRequests[0]).get('product_id'), String(productId));
  assert.ok(await button.evaluate((el) => el.classList.contains('added')));

  const cart = await storeCart(page);
  assert.deepEqual(
    cart.items.map((item) => [item.id, item.quantity]),
    [[productId, 1]],
  );
  // WooCommerce's mini-cart fragment replaced the empty one.
  await page.locator('.widget_shopping_cart_content .woocommerce-mini-cart-item').waitFor();
  assert.equal(
    await page.locator('.widget_shopping_cart_content .remove_from_cart_button').count(),
    1,
  );

  const events = await page.evaluate(() => window.labEvents);
  assert.deepEqual(
    events.map((event) => event.name),
    ['adding_to_cart', 'added_to_cart', 'wc_cart_button_updated', 'wc_fragments_loaded'],
  );
  const added = events[1];
  assert.ok(added.fragmentKeys.includes('div.widget_shopping_cart_content'));
  assert.match(added.hash, /^[0-9a-f]{32}$/);
  assert.equal(added.buttonIsJQuery, true);
  assert.equal(added.buttonProductId, String(productId));
});

test('a should_send_ajax_request handler returning false sends no request', async () => {
  await page.evaluate(() => {
    window.labEvents = [];
    window.jQuery(document.body).on('should_send_ajax_request.adding_to_cart', () => false);
  });
  const before = addRequests.length;
  const second = page.locator('.products .ajax_add_to_cart').nth(1);
  await second.click();
  await page.waitForFunction(() =>
    window.labEvents.some((event) => event.name === 'ajax_request_not_sent.adding_to_cart'),
  );
  await page.waitForTimeout(500);
  assert.equal(addRequests.length, before, 'no add request after the veto');
  assert.equal((await storeCart(page)).items_count, 1, 'the cart did not change');
  assert.ok(!(await second.evaluate((el) => el.classList.contains('loading'))));
  await page.evaluate(() =>
    window.jQuery(document.body).off('should_send_ajax_request.adding_to_cart'),
  );
});

test('remove from the mini-cart: the cart empties in WooCommerce and plugins hear removed_from_cart', async () => {
  await page.evaluate(() => {
    window.labEvents = [];
  });
  await page.locator('.widget_shopping_cart_content .remove_from_cart_button').click();
  await page.waitForFunction(() =>
    window.labEvents.some((event) => event.name === 'removed_from_cart'),
  );
  assert.equal((await storeCart(page)).items_count, 0);
  assert.equal(
    await page.locator('.widget_shopping_cart_content .woocommerce-mini-cart-item').count(),
    0,
  );
  assert.equal(await page.locator('.woocommerce-mini-cart__empty-message').count(), 1);
  const events = await page.evaluate(() => window.labEvents);
  assert.deepEqual(
    events.map((event) => event.name),
    ['removed_from_cart', 'wc_fragments_loaded'],
  );
  assert.ok(events[0].fragmentKeys.includes('div.widget_shopping_cart_content'));
  assert.equal(events[0].hash, '', 'an empty cart’s hash is the empty string');
  assert.equal(events[0].buttonIsJQuery, true);
  assert.equal(page.url(), `${base}/cw-classic-loop/`, 'no fallback navigation');
});
