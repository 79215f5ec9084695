import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  hydrated,
  purchasable,
  screenshot,
  useStorefront,
} from './harness.mjs';

/** The total as the pages print it: the Store API's minor units with the shop's currency. */
function formattedTotal(cart) {
  const t = cart.totals;
  const major = (Number(t.total_price) / 10 ** t.currency_minor_unit).toFixed(
    t.currency_minor_unit,
  );
  return `${t.currency_prefix}${major.replace('.', t.currency_decimal_separator)}${t.currency_suffix}`;
}

const ADDRESS = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_address_1: '12 St James Square',
  billing_city: 'London',
  billing_postcode: 'SW1Y 4JH',
  billing_phone: '020 7946 0000',
  billing_email: 'ada@example.com',
};

/** Types each value into its field with the keyboard only (Tab order is the page's). */
async function typeAddress(page, values) {
  for (const [id, value] of Object.entries(values)) {
    await page.locator(`#${id}`).focus();
    await page.keyboard.type(value);
  }
}

describe('checkout against the real store server', () => {
  const s = useStorefront();

  test('a guest checks out by keyboard with a cheque and lands on the order-received page', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    const cart = await cartOf(context, s.baseUrl);
    const total = formattedTotal(cart);

    await page.getByRole('link', { name: 'Proceed to checkout' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    await typeAddress(page, ADDRESS);
    await page.locator('#payment_method_cheque').focus();
    await page.keyboard.press('Space');
    assert.equal(await page.locator('#payment_method_cheque').isChecked(), true);
    assert.match(await page.locator('.order-total').innerText(), new RegExp(escape(total)));
    await expectNoAxeViolations(page);
    await screenshot(page, 'checkout');

    await page.getByRole('button', { name: 'Place order' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
    const overview = await page.locator('.woocommerce-order-overview').innerText();
    assert.match(overview, new RegExp(`Total:\\s*${escape(total)}`));
    assert.match(overview, /Payment method:\s*Check payments/);
    assert.match(await page.locator('.order_details tbody').innerText(), new RegExp(product.name));
    assert.match(await page.locator('.order-addresses').innerText(), /12 St James Square/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'order-received');

    const after = await cartOf(context, s.baseUrl);
    assert.equal(after.items.length, 0);
    await context.close();
  });

  test('without JavaScript the same checkout completes, and a double click makes one order', async () => {
    const [, product] = await purchasable(s.baseUrl, 2);
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    const total = formattedTotal(await cartOf(context, s.baseUrl));
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${s.baseUrl}/checkout/`);
    for (const [id, value] of Object.entries(ADDRESS)) await page.locator(`#${id}`).fill(value);
    await page.locator('#payment_method_cod').check();
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    const overview = await page.locator('.woocommerce-order-overview').innerText();
    assert.match(overview, new RegExp(`Total:\\s*${escape(total)}`));
    assert.match(overview, /Payment method:\s*Cash on delivery/);

    // The store answered both posts with one order: the cart is empty and the second
    // identical post is still answered with the same order page.
    assert.equal((await cartOf(context, s.baseUrl)).items.length, 0);
    const orderUrl = page.url();
    const wrongKey = await context.request.get(orderUrl.replace(/key=[^&]+/, 'key=wc_order_x'));
    assert.equal(wrongKey.status(), 404);
    await context.close();
  });

  test('a missing required field is reported inline and everything typed is kept', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    const { billing_city: _omitted, ...withoutCity } = ADDRESS;
    await typeAddress(page, withoutCity);
    await page.getByRole('button', { name: 'Place order' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Billing address: Town \/ City is required/);
    assert.equal(await page.locator('#billing_city').getAttribute('aria-invalid'), 'true');
    for (const [id, value] of Object.entries(withoutCity)) {
      assert.equal(await page.locator(`#${id}`).inputValue(), value, `${id} kept`);
    }
    await expectNoAxeViolations(page);
    assert.equal((await cartOf(context, s.baseUrl)).items.length, 1, 'no order was placed');
    await context.close();
  });

  test('address suggestions by keyboard fill the billing address, and the order keeps it', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);

    const street = page.locator('#billing_address_1');
    await street.focus();
    await page.keyboard.type('Str');
    const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await options.first().waitFor();
    const count = await options.count();
    assert.ok(count >= 2 && count <= 5, `${count} suggestions`);
    assert.match(await options.first().locator('strong').first().innerText(), /^str$/i);
    await expectNoAxeViolations(page);

    await page.keyboard.press('ArrowDown');
    const first = await street.getAttribute('aria-activedescendant');
    assert.ok(first);
    for (let i = 0; i < count; i += 1) await page.keyboard.press('ArrowDown');
    assert.equal(await street.getAttribute('aria-activedescendant'), first, 'wraps to the first');
    await page.keyboard.press('ArrowUp');
    assert.notEqual(await street.getAttribute('aria-activedescendant'), first, 'wraps to the last');
    await page.keyboard.press('ArrowDown');
    const chosen = (await options.first().innerText()).trim();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox', { name: 'Address suggestions' }).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('#billing_city')?.value !== '');
    const city = await page.locator('#billing_city').inputValue();
    const postcode = await page.locator('#billing_postcode').inputValue();
    const address1 = await street.inputValue();
    assert.ok(chosen.startsWith(address1), `${chosen} starts with ${address1}`);
    assert.ok(chosen.includes(city), `${chosen} names ${city}`);
    assert.ok(postcode !== '');

    const { billing_address_1: _a, billing_city: _c, billing_postcode: _p, ...rest } = ADDRESS;
    await typeAddress(page, rest);
    await page.getByRole('button', { name: 'Place order' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    const addresses = page.locator('.order-addresses');
    await addresses.waitFor();
    const text = await addresses.innerText();
    for (const part of [address1, city, postcode])
      assert.ok(text.includes(part), `order has ${part}`);
    await context.close();
  });

  test('an empty cart shows a message and a link to the shop', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/checkout/`);
    assert.match(await page.locator('main').innerText(), /Your cart is currently empty\./);
    assert.equal(
      await page.getByRole('link', { name: 'Return to shop' }).getAttribute('href'),
      '/shop/',
    );
    await context.close();
  });
});

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
