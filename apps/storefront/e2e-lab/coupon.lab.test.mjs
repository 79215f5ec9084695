// Coupons through the storefront in front of a real WooCommerce (STORE_URL mode), in Chromium:
// the lab's `lab10` (10 %) applied and removed on the cart page, with JavaScript and without,
// and WooCommerce's own cart read back (issue 15 item 6). Needs WOO_URL, as the other lab files.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  startStorefront,
} from '../e2e/harness.mjs';

const WOO_URL = process.env.WOO_URL;
if (!WOO_URL) {
  throw new Error(
    'WOO_URL is not set: name the WooCommerce to test against (see docs/conformance.md)',
  );
}

describe(`coupons through the storefront in front of ${WOO_URL}`, () => {
  const s = {};
  let shop;
  let product;
  before(async () => {
    const listing = await (
      await fetch(new URL('/wp-json/wc/store/v1/products?per_page=50', WOO_URL))
    ).json();
    product = listing.find((p) => !p.has_options && p.is_purchasable && p.is_in_stock);
    shop = startStorefront({
      dataDir: '/nonexistent-unused',
      env: { STORE_URL: WOO_URL, PORT: process.env.E2E_LAB_PORT ?? '0' },
    });
    [s.baseUrl, s.browser] = await Promise.all([shop.url, launchBrowser()]);
  });
  after(async () => {
    await s.browser?.close();
    await shop?.stop();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`lab10 applied and removed on the cart page ${javaScriptEnabled ? 'with' : 'without'} JavaScript, in WooCommerce's cart`, async () => {
      const context = await s.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      // The line goes in through the storefront's origin (its proxy to WooCommerce).
      const first = await context.request.get(`${s.baseUrl}/wp-json/wc/store/v1/cart`);
      const added = await context.request.post(`${s.baseUrl}/wp-json/wc/store/v1/cart/add-item`, {
        headers: { nonce: first.headers()['nonce'] },
        data: { id: product.id, quantity: 2 },
      });
      assert.equal(added.status(), 201);
      await page.goto(`${s.baseUrl}/cart/`);
      if (javaScriptEnabled) await hydrated(page);

      await page.getByLabel('Coupon code').fill('LAB10');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      await page.getByRole('listitem').filter({ hasText: 'lab10' }).waitFor();
      const woo = await cartOf(context, s.baseUrl);
      assert.deepEqual(
        woo.coupons.map((c) => c.code),
        ['lab10'],
      );
      const discount = Number(woo.totals.total_discount);
      assert.equal(discount, Math.round(Number(product.prices.price) * 2 * 0.1));
      const line = await page.locator('.cart-totals__discount').innerText();
      assert.match(line, new RegExp(`lab10: [-−]\\$${(discount / 100).toFixed(2)}`));
      // axe needs scripts: the same markup is checked with JavaScript (and in e2e/coupon).
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // WooCommerce's own refusal, in its words.
      await page.getByLabel('Coupon code').fill('lab10');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'already been applied' });
      await alert.waitFor();
      assert.equal(
        (await alert.innerText()).trim(),
        'Coupon code "lab10" has already been applied.',
      );

      await page.getByRole('button', { name: 'Remove coupon lab10' }).click();
      await page.getByRole('listitem').filter({ hasText: 'lab10' }).waitFor({ state: 'detached' });
      assert.deepEqual((await cartOf(context, s.baseUrl)).coupons, []);
      assert.equal(await page.locator('.cart-totals__discount').count(), 0);
      // axe needs scripts: the same markup is checked with JavaScript (and in e2e/coupon).
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
