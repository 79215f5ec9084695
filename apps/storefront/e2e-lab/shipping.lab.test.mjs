// Shipping in STORE_URL mode against the real-WooCommerce lab (issue 15, item 4): the lab's
// "everywhere" zone offers a 5.00 flat rate and local pickup (free shipping from 50.00), set up
// by scripts/woocommerce-lab/setup.php. Choosing a rate in the cart and at checkout goes to
// WooCommerce's own Store API (`select-shipping-rate`), and the order WooCommerce keeps has
// the rate chosen, read with the lab's PHP. Run by `npm run conformance:e2e -- URL`.
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
  startStorefront,
} from '../e2e/harness.mjs';

const WOO_URL = process.env.WOO_URL;
if (!WOO_URL) throw new Error('WOO_URL is not set: name the WooCommerce to test against');
const LAB_DIR = process.env.LAB_DIR ?? '/var/tmp/cartwright-woo-lab';
const ORDER_RECEIVED = /\/checkout\/order-received\/(\d+)\/\?key=(wc_order_[^&]+)/;

/** The shipping of an order as WooCommerce keeps it (the lab's PHP). */
async function orderShipping(id) {
  const script = `
    $_SERVER['HTTP_HOST'] = ${JSON.stringify(new URL(WOO_URL).host)};
    require 'wp-load.php';
    $order = wc_get_order(${Number(id)});
    echo json_encode([
      'total' => $order->get_total(),
      'shipping_total' => $order->get_shipping_total(),
      'billing_state' => $order->get_billing_state(),
      'methods' => array_values(array_map(fn ($s) => $s->get_method_id(), $order->get_shipping_methods())),
    ]);`;
  const { stdout } = await promisify(execFile)('php', ['-r', script], {
    cwd: path.join(LAB_DIR, 'wordpress'),
  });
  return JSON.parse(stdout);
}

const money = (cents) => `$${(cents / 100).toFixed(2)}`;

describe(`shipping in front of ${WOO_URL}`, () => {
  const s = {};
  let shop;
  let product;
  before(async () => {
    const products = await (
      await fetch(new URL('/wp-json/wc/store/v1/products?per_page=50', WOO_URL))
    ).json();
    // Under 50.00, so the flat rate and local pickup are the choice.
    product = products.find(
      (p) => !p.has_options && p.is_purchasable && p.is_in_stock && Number(p.prices.price) < 5000,
    );
    shop = startStorefront({ dataDir: '/nonexistent-unused', env: { STORE_URL: WOO_URL } });
    [s.baseUrl, s.browser] = await Promise.all([shop.url, launchBrowser()]);
  });
  after(async () => {
    await s.browser?.close();
    await shop?.stop();
  });

  test('pick local pickup in the cart, the flat rate at checkout in a US state from the list; WooCommerce charges it', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const price = Number(product.prices.price);
    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForFunction(() => document.cookie.includes('woocommerce_items_in_cart'));
    await page.goto(`${s.baseUrl}/cart/`);
    await hydrated(page);

    const rates = page.getByRole('group', { name: 'Shipping method' });
    const flat = rates.getByRole('radio', { name: 'Flat rate: $5.00' });
    await flat.waitFor();
    // The rate checked is the one WooCommerce's cart has chosen (its first rate by the zone's
    // method order, which a fresh lab may give either way).
    const chosen = (await cartOf(context, s.baseUrl)).shipping_rates[0].shipping_rates.find(
      (rate) => rate.selected,
    );
    assert.equal(await rates.getByRole('radio', { checked: true }).inputValue(), chosen.rate_id);
    await expectNoAxeViolations(page);
    if (!(await flat.isChecked())) {
      await flat.check();
      await page
        .getByRole('status')
        .filter({ hasText: `Total: ${money(price + 500)}` })
        .waitFor();
    }
    await rates.getByRole('radio', { name: 'Local pickup' }).check();
    await page
      .getByRole('status')
      .filter({ hasText: `Total: ${money(price)}` })
      .waitFor();
    const cart = await cartOf(context, s.baseUrl);
    assert.equal(cart.totals.total_shipping, '0', "WooCommerce's cart has local pickup");

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    // WooCommerce's base country, and its states as a required select from our list.
    assert.equal(await page.locator('#billing_country').inputValue(), 'US');
    const state = page.locator('#billing_state');
    assert.equal(await state.evaluate((el) => el.tagName), 'SELECT');
    assert.equal(await state.getAttribute('required'), '');
    for (const [id, value] of Object.entries({
      billing_first_name: 'Lab',
      billing_last_name: 'Shipper',
      billing_address_1: '1 Harbor Way',
      billing_city: 'Austin',
      billing_postcode: '78701',
      billing_email: 'shipper.lab@example.com',
    }))
      await page.locator(`#${id}`).fill(value);
    await state.selectOption({ label: 'Texas' });
    const checkoutRates = page.getByRole('group', { name: 'Shipping method' });
    assert.equal(
      await checkoutRates.getByRole('radio', { name: 'Local pickup' }).isChecked(),
      true,
      'the cart page choice carries over',
    );
    await checkoutRates.getByRole('radio', { name: 'Flat rate: $5.00' }).check();
    await page
      .locator('.order-total')
      .filter({ hasText: money(price + 500) })
      .waitFor();
    await page.locator('#payment_method_cod').check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const [, id] = ORDER_RECEIVED.exec(page.url());
    const order = await orderShipping(id);
    assert.equal(Number(order.shipping_total), 5);
    assert.deepEqual(order.methods, ['flat_rate']);
    assert.equal(order.billing_state, 'TX');
    assert.equal(Math.round(Number(order.total) * 100), price + 500);
    await context.close();
  });
});
