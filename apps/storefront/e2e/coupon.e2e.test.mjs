import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  hydrated,
  purchasable,
  useStorefront,
  shots,
  loadWithChunkHeld,
} from './harness.mjs';

/**
 * axe needs scripts to run: a page rendered without JavaScript (a form post's answer, which no
 * GET reaches again) is checked as its markup, written into a page of the same origin with
 * scripts blocked and the styles loaded.
 */
async function expectNoAxeViolationsIn(s, page, javaScriptEnabled) {
  if (javaScriptEnabled) return expectNoAxeViolations(page);
  const html = await page.content();
  const context = await s.browser.newContext();
  const copy = await context.newPage();
  await copy.route('**/*', (route) =>
    route.request().resourceType() === 'script' ? route.abort() : route.continue(),
  );
  // A page of the storefront's origin first, so the copy's styles load from it.
  await copy.goto(`${s.baseUrl}/cart/`);
  await copy.setContent(html, { waitUntil: 'load' });
  await copy.unroute('**/*');
  try {
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}

const money = (cents) => `$${(cents / 100).toFixed(2)}`;

/** What the store adds to the items after discounts: shipping (the cart's default rate) and tax. */
const chargedOnTop = (totals) => Number(totals.total_shipping) + Number(totals.total_tax ?? 0);

/** A cart with two of the shop's first product, put there through the Store API. */
async function cartWithProduct(s, context) {
  const [product] = await purchasable(s.baseUrl, 1);
  const first = await context.request.get(`${s.baseUrl}/wp-json/wc/store/v1/cart`);
  const nonce = first.headers()['nonce'];
  const added = await context.request.post(`${s.baseUrl}/wp-json/wc/store/v1/cart/add-item`, {
    headers: { nonce },
    data: { id: product.id, quantity: 2 },
  });
  assert.equal(added.status(), 201);
  return { product, subtotal: Number(product.prices.price) * 2 };
}

/** 10 % off, floored per line and rounded half down at the cart (one line: the same). */
const tenPercent = (cents) => {
  const exact = cents * 10;
  return Math.floor(exact / 100) + (exact % 100 > 50 ? 1 : 0);
};

describe('coupons on the cart and checkout', () => {
  const s = useStorefront({ PORT: process.env.E2E_PORT ?? '0' });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

    test(`cart ${mode}: a refused code says why; lab10 applies, shows a chip and a discount line; removing it restores the total`, async () => {
      const context = await s.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const { subtotal } = await cartWithProduct(s, context);
      const discount = tenPercent(subtotal);
      await page.goto(`${s.baseUrl}/cart/`);
      if (javaScriptEnabled) await hydrated(page);
      const settle = async () => {
        if (javaScriptEnabled) await page.waitForLoadState('networkidle');
        else await page.waitForLoadState('load');
      };
      const code = page.getByLabel('Coupon code');

      await code.fill('expired15');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'expired15' });
      await alert.waitFor();
      assert.equal((await alert.innerText()).trim(), 'Coupon "expired15" has expired.');
      await expectNoAxeViolationsIn(s, page, javaScriptEnabled);
      await shots(page, `cart-coupon-refused-${javaScriptEnabled ? 'js' : 'nojs'}`);

      await page.getByLabel('Coupon code').fill('LAB10');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      const chip = page.getByRole('listitem').filter({ hasText: 'lab10' });
      await chip.waitFor();
      await settle();
      assert.match(
        await page.locator('.cw-coupon__status').innerText(),
        /Coupon code applied successfully\./,
      );
      // As WooCommerce shows it: the code as the store keeps it (lower case, whatever was
      // typed) and the discount with a hyphen-minus, "-$2.40" (wc_cart_totals_coupon_html).
      assert.equal(await chip.locator('.cw-coupon__code').innerText(), 'lab10');
      assert.equal(await chip.locator('.cw-coupon__amount').innerText(), `-${money(discount)}`);
      const totals = page.locator('.cart-totals');
      assert.match(
        await totals.locator('.cart-totals__discount').innerText(),
        new RegExp(`lab10: -\\${money(discount)}`),
      );
      const stored = await cartOf(context, s.baseUrl);
      assert.match(
        await totals.innerText(),
        new RegExp(`Total\\s+\\${money(subtotal - discount + chargedOnTop(stored.totals))}`),
      );
      assert.deepEqual(
        stored.coupons.map((c) => [c.code, c.totals.total_discount]),
        [['lab10', String(discount)]],
      );
      await expectNoAxeViolationsIn(s, page, javaScriptEnabled);
      await shots(page, `cart-coupon-applied-${javaScriptEnabled ? 'js' : 'nojs'}`);

      await page.getByRole('button', { name: 'Remove coupon lab10' }).click();
      await page
        .locator('.cw-coupon__status', { hasText: 'Coupon code removed successfully.' })
        .waitFor();
      // The notice comes with the action's answer; the chip goes once the cart is read again.
      await page.getByRole('listitem').filter({ hasText: 'lab10' }).waitFor({ state: 'detached' });
      await settle();
      assert.equal(await totals.locator('.cart-totals__discount').count(), 0);
      const restored = await cartOf(context, s.baseUrl);
      assert.match(
        await totals.innerText(),
        new RegExp(`Total\\s+\\${money(subtotal + chargedOnTop(restored.totals))}`),
      );
      assert.deepEqual(restored.coupons, []);
      await expectNoAxeViolationsIn(s, page, javaScriptEnabled);
      await context.close();
    });

    test(`checkout ${mode}: apply lab10 beside the form, the order review shows the discount, remove it`, async () => {
      const context = await s.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const { subtotal } = await cartWithProduct(s, context);
      const discount = tenPercent(subtotal);
      await page.goto(`${s.baseUrl}/checkout/`);
      if (javaScriptEnabled) {
        await hydrated(page);
        // Typed details survive applying a coupon with JavaScript.
        await page.getByLabel('First name').first().fill('Ada');
      }
      await page.getByLabel('Coupon code').fill('lab10');
      await page.getByRole('button', { name: 'Apply coupon' }).click();
      await page.getByRole('listitem').filter({ hasText: 'lab10' }).waitFor();
      if (javaScriptEnabled) await page.waitForLoadState('networkidle');
      const review = page.locator('.woocommerce-checkout-review-order-table');
      assert.match(
        await review.locator('.order-discount').innerText(),
        new RegExp(`Discount\\s+lab10: -\\${money(discount)}`),
      );
      // The total is the items less the discount, plus the shipping the store charges.
      const { totals } = await cartOf(context, s.baseUrl);
      assert.equal(Number(totals.total_discount), discount);
      const expected = subtotal - discount + chargedOnTop(totals);
      assert.equal(Number(totals.total_price), expected);
      assert.match(
        await review.locator('.order-total').innerText(),
        new RegExp(`\\${money(expected)}`),
      );
      if (javaScriptEnabled) {
        assert.equal(await page.getByLabel('First name').first().inputValue(), 'Ada');
      }
      await expectNoAxeViolationsIn(s, page, javaScriptEnabled);
      await shots(page, `checkout-coupon-applied-${javaScriptEnabled ? 'js' : 'nojs'}`);

      await page.getByRole('button', { name: 'Remove coupon lab10' }).click();
      await page
        .locator('.cw-coupon__status', { hasText: 'Coupon code removed successfully.' })
        .waitFor();
      await page.getByRole('listitem').filter({ hasText: 'lab10' }).waitFor({ state: 'detached' });
      if (javaScriptEnabled) await page.waitForLoadState('networkidle');
      assert.equal(await review.locator('.order-discount').count(), 0);
      assert.deepEqual((await cartOf(context, s.baseUrl)).coupons, []);
      await expectNoAxeViolationsIn(s, page, javaScriptEnabled);
      await context.close();
    });
  }

  test('the coupon form is an island: its code is not loaded with the cart; a code applied while it is on its way goes through once it arrives, without a page load', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { subtotal } = await cartWithProduct(s, context);
    const isIslandChunk = (url) => /\/assets\/cart-islands-[\w-]+\.js$/.test(url.pathname);
    const { requested: arrived, release } = await loadWithChunkHeld(
      page,
      isIslandChunk,
      () => page.goto(`${s.baseUrl}/cart/`),
      { message: 'the coupon form’s code is not loaded with the page' },
    );
    const island = page.locator('[data-island="coupon-form"]');
    assert.equal(await island.locator('[data-live]').count(), 0);

    // The shopper types a code and applies it while the code is held on its way.
    const documents = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.getByLabel('Coupon code').fill('lab10');
    await arrived;
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    assert.equal(await page.locator('[data-island="coupon-form"][data-live]').count(), 0);
    await release();
    await page
      .locator('.cw-coupon__status', { hasText: 'Coupon code applied successfully.' })
      .waitFor();
    await page.getByRole('listitem').filter({ hasText: 'lab10' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(documents, [], 'applied without a page load, not as a form post');
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).coupons.map((c) => [c.code, c.totals.total_discount]),
      [['lab10', String(tenPercent(subtotal))]],
    );
    await context.close();
  });

  test('the cart is an island page (decision 0084): none of its React code comes with it; a coupon goes from the browser to the store, and the totals follow without a page load', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { subtotal } = await cartWithProduct(s, context);
    const scripts = [];
    const documents = [];
    const writes = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.resourceType() === 'script') scripts.push(url.pathname);
      if (r.resourceType() === 'document') documents.push(url.pathname);
      if (r.method() === 'POST') writes.push(url.pathname);
    });
    await page.goto(`${s.baseUrl}/cart/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const reactHalf = (path) => /\/assets\/(?:islands-hydrate|page)-[\w-]+\.js$/.test(path);
    assert.deepEqual(scripts.filter(reactHalf), [], 'the page runs none of its React code at load');
    assert.equal(await page.locator('html[data-cw-islands="cart"]').count(), 1);
    documents.length = 0;

    // The shopper comes to the coupon field: the cart's content is hydrated, then the form's code.
    await page.getByLabel('Coupon code').fill('lab10');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page
      .locator('.cw-coupon__status', { hasText: 'Coupon code applied successfully.' })
      .waitFor();
    const discount = money(tenPercent(subtotal));
    await page.locator('.cart-totals', { hasText: `lab10: -${discount}` }).waitFor();
    assert.deepEqual(documents, [], 'no page load');
    assert.deepEqual(writes, ['/wp-json/wc/store/v1/cart/apply-coupon'], 'sent to the store');
    assert.equal(scripts.filter((path) => /islands-hydrate-/.test(path)).length, 1);
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).coupons.map((c) => c.code),
      ['lab10'],
    );
    await expectNoAxeViolations(page);
    await context.close();
  });
});
