// Tax in Chromium against the real store server (issue 15, item 7): an administrator turns on
// WooCommerce's `woocommerce_calc_taxes` (the seeded rates: California 7.25 %, New York 4 %,
// no tax on US shipping), then a shopper sees the tax line in the cart, watches it and the total
// change when the checkout's state changes (JavaScript on and off), and finds the same tax line
// on the order-received page and in the order the store kept. axe-core checks every state with
// JavaScript on; screenshots at 1280 and 375 px go to E2E_SCREENSHOTS when it names a directory.
import assert from 'node:assert/strict';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  outboxOf,
  purchasable,
  startStorefront,
  tempDataDir,
  shots,
} from './harness.mjs';

const ORDER_RECEIVED = /\/checkout\/order-received\/(\d+)\/\?key=(wc_order_[A-Za-z0-9]+)$/;

const money = (cents) => `$${(cents / 100).toFixed(2)}`;
/** Tax on one line at a rate in percent, rounded half up to the cent (WooCommerce's default). */
const taxOn = (cents, percent) => Math.floor((cents * percent) / 100 + 0.5);

describe('tax in the cart, at checkout and on the order', () => {
  let dataDir;
  let shop;
  let baseUrl;
  let browser;
  let product;
  let admin;

  /** Changes the store's tax options as the administrator (login cookie + X-WP-Nonce). */
  async function changeTax(tax) {
    const context = await browser.newContext();
    try {
      const login = await context.request.post(`${baseUrl}/wp-login.php`, {
        form: { log: admin.login, pwd: admin.password },
        maxRedirects: 0,
      });
      assert.equal(login.status(), 302, 'the administrator logs in');
      const nonce = await (
        await context.request.get(`${baseUrl}/wp-admin/admin-ajax.php?action=rest-nonce`)
      ).text();
      const response = await context.request.post(`${baseUrl}/wp-json/cartwright/v1/settings`, {
        headers: { 'X-WP-Nonce': nonce },
        data: { tax },
      });
      assert.equal(response.status(), 200, await response.text());
      return (await response.json()).site_settings.tax;
    } finally {
      await context.close();
    }
  }

  before(async () => {
    dataDir = await tempDataDir();
    shop = startStorefront({ dataDir });
    [baseUrl, browser] = await Promise.all([shop.url, launchBrowser()]);
    const match = /created the administrator "([^"]+)" with the password (\S+)/.exec(shop.output);
    assert.ok(match, 'the store printed the administrator credentials');
    admin = { login: match[1], password: match[2] };
    // The administrator turns taxes on (the seeded store has them off, as WooCommerce does).
    const settings = await changeTax({ calc_taxes: true });
    assert.equal(settings.calc_taxes, true);
    const products = await purchasable(baseUrl, 16);
    product = products.find((p) => Number(p.prices.price) < 2500);
    assert.ok(product, 'a product under 25.00');
  });

  after(async () => {
    await browser?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function addProduct(page) {
    await page.goto(`${baseUrl}/product/${product.slug}/`);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${baseUrl}/cart/`);
    return Number(product.prices.price);
  }

  test('the cart shows California tax; changing the state at checkout changes the tax line and the total; the order keeps it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const price = await addProduct(page);
    const caTax = taxOn(price, 7.25);
    const nyTax = taxOn(price, 4);

    // The cart: the store's base (California) until the shopper says otherwise.
    const caLine = page.locator('.cart-totals dd.cart-totals__tax');
    // After a client-side navigation the URL is /cart/ a moment before the cart is on screen.
    await page.locator('.cart-totals').waitFor();
    assert.equal(await page.locator('.cart-totals dt', { hasText: 'CA Tax' }).count(), 1);
    assert.equal(await caLine.innerText(), money(caTax));
    assert.equal(
      await page.locator('.cart-totals dd strong').innerText(),
      money(price + caTax + 500),
    );
    const cart = await cartOf(context, baseUrl);
    assert.deepEqual(cart.totals.tax_lines, [
      { name: 'CA Tax', price: String(caTax), rate: '7.25%' },
    ]);
    assert.equal(cart.items[0].totals.line_total_tax, String(caTax));
    assert.equal(cart.totals.total_shipping_tax, '0');
    await hydrated(page);
    await expectNoAxeViolations(page);
    await shots(page, 'cart-ca-tax');

    await page.goto(`${baseUrl}/checkout/`);
    await hydrated(page);
    const taxRow = page.locator('tr.order-tax');
    assert.match(await taxRow.innerText(), new RegExp(`CA Tax\\s*\\${money(caTax)}`));
    assert.match(
      await page.locator('.order-total').innerText(),
      new RegExp(`\\${money(price + caTax + 500)}`),
    );
    await expectNoAxeViolations(page);
    await shots(page, 'checkout-ca-tax');

    await page.locator('#billing_first_name').fill('Nia');
    await page.locator('#billing_last_name').fill('Taxpayer');
    await page.locator('#billing_address_1').fill('350 Fifth Avenue');
    await page.locator('#billing_city').fill('New York');
    await page.locator('#billing_postcode').fill('10118');
    await page.locator('#billing_email').fill('nia@example.com');
    // New York: its own rate, and the United States zone's 8.00 shipping.
    await page.locator('#billing_state').selectOption({ label: 'New York' });
    await taxRow.filter({ hasText: 'NY Tax' }).waitFor();
    assert.match(await taxRow.innerText(), new RegExp(`NY Tax\\s*\\${money(nyTax)}`));
    assert.equal(await page.locator('tr.order-tax', { hasText: 'CA Tax' }).count(), 0);
    await page
      .locator('.order-total')
      .filter({ hasText: money(price + nyTax + 800) })
      .waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'checkout-ny-tax');

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const [, id, key] = ORDER_RECEIVED.exec(page.url());
    const details = await page.locator('table.order_details').innerText();
    assert.match(details, new RegExp(`NY Tax:?\\s*\\${money(nyTax)}`));
    assert.match(details, new RegExp(`Total:?\\s*\\${money(price + nyTax + 800)}`));
    await expectNoAxeViolations(page);
    await shots(page, 'order-received-tax');

    // The order the store kept has the same tax line and totals.
    const order = await (
      await context.request.get(
        `${baseUrl}/wp-json/wc/store/v1/order/${id}?key=${key}&billing_email=nia%40example.com`,
      )
    ).json();
    assert.deepEqual(order.totals.tax_lines, [
      { name: 'NY Tax', price: String(nyTax), rate: '4%' },
    ]);
    assert.equal(order.totals.total_tax, String(nyTax));
    assert.equal(order.totals.total_price, String(price + nyTax + 800));

    // The order confirmation (written to the outbox without SMTP) has the tax line too.
    const outbox = outboxOf(dataDir);
    let confirmation = '';
    for (let attempt = 0; attempt < 50 && confirmation === ''; attempt += 1) {
      const files = (await readdir(outbox).catch(() => [])).filter((f) =>
        f.includes('customer-order'),
      );
      if (files.length > 0) confirmation = await readFile(path.join(outbox, files[0]), 'utf8');
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(confirmation, /NY Tax/, 'the confirmation email names the tax');
    assert.ok(confirmation.includes(money(nyTax)), 'with its amount');
    await context.close();
  });

  test('without JavaScript, "Update totals" after choosing a state brings its tax', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const price = await addProduct(page);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${baseUrl}/checkout/`);
    assert.match(await page.locator('tr.order-tax').innerText(), /CA Tax/);
    await page.locator('#billing_state').selectOption({ label: 'New York' });
    await page.getByRole('button', { name: 'Update totals' }).click();
    await page.locator('tr.order-tax', { hasText: 'NY Tax' }).waitFor();
    assert.match(
      await page.locator('tr.order-tax').innerText(),
      new RegExp(`NY Tax\\s*\\${money(taxOn(price, 4))}`),
    );
    await shots(page, 'checkout-nojs-ny-tax');
    await context.close();
  });

  test('prices shown including tax: the product page, the cart with "(incl. tax)" and the total that includes it', async () => {
    await changeTax({ tax_display_shop: 'incl', tax_display_cart: 'incl' });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const price = Number(product.prices.price);
      const caTax = taxOn(price, 7.25);
      await page.goto(`${baseUrl}/product/${product.slug}/`);
      assert.match(await page.locator('main').innerText(), new RegExp(`\\${money(price + caTax)}`));
      await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
      await page.waitForURL(`${baseUrl}/cart/`);
      const totals = page.locator('.cart-totals');
      assert.match(
        await totals.innerText(),
        new RegExp(`Subtotal\\s*\\${money(price + caTax)} \\(incl\\. tax\\)`),
      );
      assert.equal(await totals.locator('.cart-totals__tax').count(), 0, 'no separate tax line');
      assert.equal(
        await totals.locator('.cart-totals__total').innerText(),
        `${money(price + caTax + 500)} (includes ${money(caTax)} tax)`,
      );
      await hydrated(page);
      await expectNoAxeViolations(page);
      await shots(page, 'cart-incl-tax');
      await page.goto(`${baseUrl}/checkout/`);
      await hydrated(page);
      assert.match(
        await page.locator('.order-total').innerText(),
        new RegExp(`includes \\${money(caTax)} tax`),
      );
      await expectNoAxeViolations(page);
      await shots(page, 'checkout-incl-tax');
      await context.close();
    } finally {
      await changeTax({ tax_display_shop: 'excl', tax_display_cart: 'excl' });
    }
  });
});
