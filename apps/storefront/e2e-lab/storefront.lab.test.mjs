// The storefront in front of a real WooCommerce (STORE_URL mode), driven in Chromium: the
// journeys of issue 14 against the lab (docs/conformance.md). Not part of `npm test`: it needs
// a running WooCommerce, named by WOO_URL (`npm run conformance:e2e -- http://127.0.0.1:8089`).
// What the store persisted is read from WooCommerce itself: the Store API for carts, and the
// lab's own PHP (LAB_DIR) for an order's meta, which no shopper route shows.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
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

/** The store's own answer about itself, read directly (not through the storefront). */
async function storeIndex() {
  const response = await fetch(new URL('/wp-json/', WOO_URL));
  assert.equal(response.status, 200, `${WOO_URL}/wp-json/ answered ${response.status}`);
  return response.json();
}

/** An order as WooCommerce keeps it, read with the lab's PHP (meta no REST route shows a guest). */
async function orderInWooCommerce(id) {
  const script = `
    $_SERVER['HTTP_HOST'] = ${JSON.stringify(new URL(WOO_URL).host)};
    require 'wp-load.php';
    $order = wc_get_order(${Number(id)});
    if (!$order) { echo 'null'; exit; }
    $meta = [];
    foreach ($order->get_meta_data() as $m) { $meta[$m->key] = $m->value; }
    echo json_encode([
      'status' => $order->get_status(),
      'total' => $order->get_total(),
      'shipping_total' => $order->get_shipping_total(),
      'payment_method' => $order->get_payment_method(),
      'billing_email' => $order->get_billing_email(),
      'billing_state' => $order->get_billing_state(),
      'customer_note' => $order->get_customer_note(),
      'customer_login' => $order->get_user() ? $order->get_user()->user_login : null,
      'customer_order_count' => $order->get_customer_id()
        ? count(wc_get_orders(['customer_id' => $order->get_customer_id(), 'limit' => -1, 'return' => 'ids']))
        : 0,
      'items' => array_values(array_map(fn ($i) => [$i->get_name(), $i->get_quantity()], $order->get_items())),
      'meta' => $meta,
    ]);`;
  const { stdout } = await promisify(execFile)('php', ['-r', script], {
    cwd: path.join(LAB_DIR, 'wordpress'),
  });
  return JSON.parse(stdout);
}

/** The Store API's product list, straight from WooCommerce. */
async function wooProducts() {
  const response = await fetch(new URL('/wp-json/wc/store/v1/products?per_page=50', WOO_URL));
  return response.json();
}

/**
 * Whether the storefront sends the shopper to the cart after an add: the store's
 * `cart_redirect_after_add` when the companion plugin tells it, else WooCommerce's default the
 * storefront assumes ('yes').
 */
async function redirectsAfterAdd(index) {
  if (!index.namespaces.includes('cartwright/v1')) return true;
  const settings = await (await fetch(new URL('/wp-json/cartwright/v1/settings', WOO_URL))).json();
  return settings.cart_redirect_after_add !== 'no';
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ORDER_RECEIVED = /\/checkout\/order-received\/(\d+)\/\?key=(wc_order_[^&]+)/;

/** The Store API responses a page received, as "METHOD path → status". */
function recordStoreCalls(page, baseUrl) {
  const calls = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/wp-json/') || url.includes('wc-ajax=')) {
      calls.push(
        `${response.request().method()} ${url.replace(baseUrl, '')} → ${response.status()}`,
      );
    }
  });
  return calls;
}

describe(`the storefront in front of ${WOO_URL}`, () => {
  const s = {};
  let shop;
  let index;
  let products;
  let redirects;
  before(async () => {
    [index, products] = await Promise.all([storeIndex(), wooProducts()]);
    redirects = await redirectsAfterAdd(index);
    shop = startStorefront({ dataDir: '/nonexistent-unused', env: { STORE_URL: WOO_URL } });
    [s.baseUrl, s.browser] = await Promise.all([shop.url, launchBrowser()]);
  });
  after(async () => {
    await s.browser?.close();
    await shop?.stop();
  });
  /** Adds from the shop page with JavaScript and ends on the cart page, whatever the store's setting. */
  async function addFromShopToCart(page, product) {
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    if (redirects) {
      await page.waitForURL(/\/cart\/$/);
    } else {
      await page.getByRole('link', { name: 'View cart' }).first().waitFor();
      await page.goto(`${s.baseUrl}/cart/`);
    }
  }
  const simple = () => products.find((p) => !p.has_options && p.is_purchasable && p.is_in_stock);
  const variable = () => products.find((p) => p.has_options);

  test("the shop lists WooCommerce's catalogue under the store's own name", async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    assert.equal(await page.title(), `Shop – ${index.name}`);
    assert.equal(await page.locator('.site-title').innerText(), index.name);
    const names = await page.locator('.cw-product-card__name').allInnerTexts();
    for (const product of products.slice(0, names.length)) assert.ok(names.includes(product.name));
    const tee = variable();
    if (tee) {
      const link = page.getByRole('link', { name: `Select options for “${tee.name}”` });
      assert.equal(await link.getAttribute('href'), `/product/${tee.slug}/`);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-shop');
    await context.close();
  });

  test('a product page shows the product as WooCommerce prices it', async () => {
    const product = simple();
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    assert.equal(response.status(), 200);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    assert.equal(await page.title(), `${product.name} – ${index.name}`);
    const major = (Number(product.prices.price) / 10 ** product.prices.currency_minor_unit).toFixed(
      product.prices.currency_minor_unit,
    );
    assert.match(await page.locator('main').innerText(), new RegExp(escape(major)));
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('add to cart with JavaScript: wc-ajax through the storefront, the cart in WooCommerce', async () => {
    const product = simple();
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await addFromShopToCart(page, product);
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((item) => [item.id, item.quantity]),
      [[product.id, 1]],
    );
    await page.locator('.cw-cart-table, table').first().waitFor();
    assert.match(await page.locator('main').innerText(), new RegExp(escape(product.name)));
    await context.close();
  });

  test('add to cart without JavaScript: the form post reaches WooCommerce', async () => {
    const product = simple();
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForLoadState('load');
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((item) => [item.id, item.quantity]),
      [[product.id, 1]],
    );
    await page.goto(`${s.baseUrl}/cart/`);
    assert.match(await page.locator('main').innerText(), new RegExp(escape(product.name)));
    await screenshot(page, 'lab-cart-no-js');
    await context.close();
  });

  test('a variable product refused by wc-ajax sends the shopper to its page on our origin', async () => {
    const tee = variable();
    assert.ok(tee, 'the lab has a variable product');
    const response = await fetch(`${s.baseUrl}/?wc-ajax=add_to_cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `product_id=${tee.id}&quantity=1`,
    });
    const body = await response.json();
    assert.equal(body.error, true);
    assert.equal(body.product_url, `${s.baseUrl}/product/${tee.slug}/`);
  });

  test('the cart page changes a quantity with the nonce it was rendered with (no 401 round)', async () => {
    const product = simple();
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const calls = recordStoreCalls(page, s.baseUrl);
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await addFromShopToCart(page, product);
    await hydrated(page);
    const quantity = page.getByRole('spinbutton').first();
    await quantity.fill('3');
    const updated = page.waitForResponse((response) => response.url().includes('cart/update-item'));
    await page
      .getByRole('button', { name: /^Update/ })
      .first()
      .click();
    assert.equal((await updated).status(), 200);
    await page.waitForFunction(() =>
      /3 items/.test(document.querySelector('.site-header')?.textContent ?? ''),
    );
    const cart = await cartOf(context, s.baseUrl);
    assert.equal(cart.items[0].quantity, 3);
    // The store's shipping is a line of its own, named by the chosen rate (it was only in the total).
    const rate = cart.shipping_rates[0].shipping_rates.find((r) => r.selected);
    await page.reload();
    const shipping = await page.locator('.cart-totals__shipping').innerText();
    assert.match(shipping, new RegExp(`^${escape(rate.name)}: `));
    const updates = calls.filter((call) => call.includes('cart/update-item'));
    // One request, no 401 round (store-api-client adds WordPress's `_locale=user` to each URL).
    assert.deepEqual(updates, ['POST /wp-json/wc/store/v1/cart/update-item?_locale=user → 200']);
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-cart');
    await context.close();
  });

  test('campaign, consent, checkout with cash on delivery, order received; WooCommerce keeps the attribution', async () => {
    const product = simple();
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/?utm_source=lab&utm_medium=e2e&utm_campaign=conformance`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Accept all' }).click();
    await addFromShopToCart(page, product);
    const cart = await cartOf(context, s.baseUrl);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    // WooCommerce's base country for a new guest, from the cart it answered.
    assert.equal(await page.locator('#billing_country').inputValue(), cart.billing_address.country);
    assert.equal(await page.title(), `Checkout – ${index.name}`);
    const address = {
      billing_first_name: 'Grace',
      billing_last_name: 'Hopper',
      billing_address_1: '1 Harbor Way',
      billing_city: 'Austin',
      billing_postcode: '78701',
      billing_phone: '512 555 0100',
      billing_email: 'grace.lab@example.com',
    };
    await page.locator('#billing_country').selectOption('US');
    for (const [id, value] of Object.entries(address)) await page.locator(`#${id}`).fill(value);
    const state = page.locator('#billing_state');
    if ((await state.evaluate((el) => el.tagName)) === 'SELECT') await state.selectOption('TX');
    else await state.fill('TX');
    await page.locator('#payment_method_cod').check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const [, id, key] = ORDER_RECEIVED.exec(page.url());
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
    const overview = await page.locator('.woocommerce-order-overview').innerText();
    assert.match(overview, /Payment method:\s*Cash on delivery/);
    assert.match(
      await page.locator('table.order_details').innerText(),
      new RegExp(escape(product.name)),
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-order-received');

    const order = await orderInWooCommerce(id);
    assert.ok(order, `WooCommerce has order ${id}`);
    assert.equal(order.payment_method, 'cod');
    assert.equal(order.billing_email, address.billing_email);
    assert.equal(order.billing_state, 'TX');
    assert.deepEqual(order.items, [[product.name, 1]]);
    assert.equal(order.meta._wc_order_attribution_source_type, 'utm');
    assert.equal(order.meta._wc_order_attribution_utm_source, 'lab');
    assert.equal(order.meta._wc_order_attribution_utm_medium, 'e2e');
    assert.equal(order.meta._wc_order_attribution_utm_campaign, 'conformance');
    // The total the page showed is WooCommerce's, shipping included.
    assert.match(overview, new RegExp(`Total:[\\s\\S]*${escape(Number(order.total).toFixed(2))}`));
    assert.ok(key.startsWith('wc_order_'));
    assert.equal((await cartOf(context, s.baseUrl)).items.length, 0);
    await context.close();
  });

  test('my account: the lab customer logs in, buys, and finds the order in their orders (needs the companion plugin)', async (t) => {
    if (!index.namespaces.includes('cartwright/v1')) {
      t.skip('the store has no cartwright/v1 routes: the companion plugin is not active');
      return;
    }
    const password = (await readFile(path.join(LAB_DIR, 'shopper-password'), 'utf8')).trim();
    const product = simple();
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    await page.locator('#username').fill('shopper');
    await page.locator('#password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Orders' }).first().waitFor();

    // A purchase as the logged-in customer.
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await addFromShopToCart(page, product);
    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    const address = {
      billing_first_name: 'Sam',
      billing_last_name: 'Shopper',
      billing_address_1: '5 Market St',
      billing_city: 'Austin',
      billing_postcode: '78702',
      billing_phone: '512 555 0101',
    };
    await page.locator('#billing_country').selectOption('US');
    for (const [id, value] of Object.entries(address)) await page.locator(`#${id}`).fill(value);
    // The United States' states are a list (issue 15).
    await page.locator('#billing_state').selectOption('TX');
    if ((await page.locator('#billing_email').inputValue()) === '') {
      await page.locator('#billing_email').fill('shopper@example.com');
    }
    await page.locator('#payment_method_cod').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const [, id] = ORDER_RECEIVED.exec(page.url());
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();

    // The account lists it, as WooCommerce keeps it for this customer.
    await page.goto(`${s.baseUrl}/my-account/orders/`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const rows = await page.locator('.woocommerce-orders-table tbody th').allInnerTexts();
    const order = await orderInWooCommerce(id);
    assert.equal(order.customer_login, 'shopper', 'WooCommerce filed the order under the customer');
    assert.ok(rows.includes(`#${id}`), `#${id} in ${rows.join(', ')}`);
    assert.equal(rows.length, Math.min(order.customer_order_count, 10));
    await expectNoAxeViolations(page);
    await screenshot(page, 'lab-account-orders');
    await context.close();
  });

  // Issue 15 item 8 (account): the checkout's order note is the Store API's `customer_note`,
  // which WooCommerce keeps on the order as the customer's note.
  test('an order note written at checkout is kept by WooCommerce as the customer note', async () => {
    const product = simple();
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await addFromShopToCart(page, product);
    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    await page.locator('#billing_country').selectOption('US');
    const address = {
      billing_first_name: 'Nora',
      billing_last_name: 'Note',
      billing_address_1: '9 Lamar Blvd',
      billing_city: 'Austin',
      billing_postcode: '78703',
      billing_email: 'nora.lab@example.com',
    };
    for (const [id, value] of Object.entries(address)) await page.locator(`#${id}`).fill(value);
    const state = page.locator('#billing_state');
    if ((await state.evaluate((el) => el.tagName)) === 'SELECT') await state.selectOption('TX');
    else await state.fill('TX');
    await page.locator('#payment_method_cod').check();
    await page.getByLabel(/Order notes/).fill('Please ring the bell twice.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const [, id] = ORDER_RECEIVED.exec(page.url());
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
    const order = await orderInWooCommerce(id);
    assert.equal(order.customer_note, 'Please ring the bell twice.');
    assert.equal(order.billing_email, address.billing_email);
    await context.close();
  });
});
