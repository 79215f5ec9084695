// Shipping and addresses in Chromium against the real store server (issue 15, items 4 and 5):
// the cart's rates and "Calculate shipping" form, choosing a rate and seeing the total change
// (JavaScript on and off), and a checkout in the United States with the state chosen from the
// list, proven by the order the store kept. axe-core checks every state with JavaScript on
// (it runs in the page, so not in a context without JavaScript: those states render the same
// server markup); screenshots at 1280 and 375 px go to E2E_SCREENSHOTS when it names a directory.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  hydrated,
  purchasable,
  useStorefront,
  shots,
  holdScripts,
  holdRequest,
  loadWithChunkHeld,
} from './harness.mjs';

const ORDER_RECEIVED = /\/checkout\/order-received\/(\d+)\/\?key=(wc_order_[A-Za-z0-9]+)$/;

/** The coupon form's and the shipping rates' chunk (components/cart-islands.ts). */
const isCartIslandsChunk = (url) => /\/assets\/cart-islands-[\w-]+\.js$/.test(url.pathname);

const money = (cents) => `$${(cents / 100).toFixed(2)}`;

/** The cart page's total, as shown. */
const cartTotal = (page) => page.locator('.cart-totals dd strong').innerText();

/** Adds a product under 50.00 (so free shipping is not offered) from its page. */
async function addCheapProduct(page, baseUrl) {
  const products = await purchasable(baseUrl, 16);
  const product = products.find((p) => Number(p.prices.price) < 2500);
  assert.ok(product, 'a product under 25.00');
  await page.goto(`${baseUrl}/product/${product.slug}/`);
  await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
  await page.waitForURL(`${baseUrl}/cart/`);
  return { product, price: Number(product.prices.price) };
}

describe('shipping in the cart and at checkout', () => {
  const s = useStorefront();

  test('in the cart, picking local pickup takes the shipping out of the total, announced; another address brings its own rates', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    const { price } = await addCheapProduct(page, s.baseUrl);
    await hydrated(page);

    const rates = page.getByRole('group', { name: 'Shipping method' });
    await rates.waitFor();
    const flat = rates.getByRole('radio', { name: 'Flat rate: $5.00' });
    const pickup = rates.getByRole('radio', { name: 'Local pickup' });
    assert.equal(await flat.isChecked(), true, 'the first rate is chosen by default');
    assert.equal(await cartTotal(page), money(price + 500));
    assert.match(await page.locator('.cart-totals__shipping').innerText(), /Flat rate: \$5\.00/);
    assert.match(await page.locator('.woocommerce-shipping-destination').innerText(), /CA, US/);
    await expectNoAxeViolations(page);
    await shots(page, 'cart-rates');

    await pickup.check();
    await page
      .getByRole('status')
      .filter({ hasText: `Total: ${money(price)}` })
      .waitFor();
    assert.equal(await cartTotal(page), money(price));
    assert.equal((await cartOf(context, s.baseUrl)).totals.total_shipping, '0');
    await expectNoAxeViolations(page);
    await shots(page, 'cart-pickup');

    // "Calculate shipping": New York is in the United States zone (8.00, no pickup).
    await page.getByText('Calculate shipping').click();
    await page.locator('#calc_shipping_state').selectOption('NY');
    await page.locator('#calc_shipping_city').fill('New York');
    await page.locator('#calc_shipping_postcode').fill('10001');
    await expectNoAxeViolations(page);
    await shots(page, 'cart-calculator');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await rates.getByRole('radio', { name: 'Flat rate: $8.00' }).waitFor();
    // The form the shopper sent has gone (closed, for the new destination): the focus is back on
    // its toggle, not on the page's body.
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      'Calculate shipping',
      'the focus is on the calculator’s summary',
    );
    assert.equal(await rates.getByRole('radio', { name: 'Local pickup' }).count(), 0);
    assert.equal(await cartTotal(page), money(price + 800));
    assert.match(
      await page.locator('.woocommerce-shipping-destination').innerText(),
      /New York, NY, 10001, US/,
    );
    const cart = await cartOf(context, s.baseUrl);
    assert.equal(cart.shipping_address.state, 'NY');
    assert.equal(cart.totals.total_shipping, '800');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('without JavaScript, the rates form and the shipping calculator post and the totals follow', async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    assert.equal(await cartTotal(page), money(price + 500));
    await page.getByRole('radio', { name: 'Local pickup' }).check();
    await page.getByRole('button', { name: 'Update totals' }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.equal(await cartTotal(page), money(price));
    assert.equal(await page.getByRole('radio', { name: 'Local pickup' }).isChecked(), true);

    // Canada from the calculator: its provinces come from the same list once the page reloads.
    await page.getByText('Calculate shipping').click();
    await page.locator('#calc_shipping_country').selectOption('FR');
    await page.locator('#calc_shipping_postcode').fill('75001');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('radio', { name: 'International flat rate: $15.00' }).waitFor();
    assert.equal(await cartTotal(page), money(price + 1500));
    // France has no state list: a text field, and the California state was not carried over.
    await page.getByText('Calculate shipping').click();
    assert.equal(await page.locator('#calc_shipping_state').evaluate((el) => el.tagName), 'INPUT');
    assert.equal((await cartOf(context, s.baseUrl)).shipping_address.state, '');
    await shots(page, 'cart-nojs-france');
    await context.close();
  });

  test('the Calculate shipping form is an island: its code and the states lists are not loaded with the cart; a country changed and an Update pressed while it is on its way are taken up once it arrives', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    // Landed on the cart by a client-side navigation, whose islands load at once (no server
    // markup): the cart below is a fresh page load.
    await page.waitForLoadState('networkidle');
    const calculatorChunk = /\/assets\/shipping-calculator-form-[\w-]+\.js$/;
    const documents = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    const { requested: asked, release } = await loadWithChunkHeld(
      page,
      calculatorChunk,
      () => page.goto(`${s.baseUrl}/cart/`),
      {
        also: /\/assets\/src-[\w-]+\.js$/,
        message: 'the calculator’s code and address-data load with first use',
      },
    );
    documents.length = 0;

    // France chosen in the server's form, the postcode typed (its focus wakes the form) and
    // Update pressed while the code is held: the state field is still the United States' list.
    await page.getByText('Calculate shipping').click();
    await page.locator('#calc_shipping_country').selectOption('FR');
    await page.locator('#calc_shipping_postcode').fill('75001');
    await asked;
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    assert.equal(await page.locator('[data-island="shipping-calculator"][data-live]').count(), 0);
    assert.equal(await page.locator('#calc_shipping_state').evaluate((el) => el.tagName), 'SELECT');
    await release();
    const rates = page.getByRole('group', { name: 'Shipping method' });
    await rates.getByRole('radio', { name: 'International flat rate: $15.00' }).waitFor();
    assert.equal(await cartTotal(page), money(price + 1500));
    assert.deepEqual(documents, [], 'sent by the live form, not a native post');
    const cart = await cartOf(context, s.baseUrl);
    assert.equal(cart.shipping_address.country, 'FR');
    assert.equal(cart.shipping_address.postcode, '75001');
    assert.equal(cart.shipping_address.state, '', 'the United States state was not carried over');

    // The form for the new destination: France's state is a text field.
    await page.getByText('Calculate shipping').click();
    await page.locator('[data-island="shipping-calculator"][data-live]').waitFor();
    assert.equal(await page.locator('#calc_shipping_country').inputValue(), 'FR');
    assert.equal(await page.locator('#calc_shipping_state').evaluate((el) => el.tagName), 'INPUT');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a country changed in the Calculate shipping form before its code arrives gives the live form that country’s states', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await addCheapProduct(page, s.baseUrl);
    // Landed on the cart by a client-side navigation, whose islands load at once (no server
    // markup): the cart below is a fresh page load.
    await page.waitForLoadState('networkidle');
    const calculatorChunk = /\/assets\/shipping-calculator-form-[\w-]+\.js$/;
    const { requested: asked, release } = holdRequest(page, (url) =>
      calculatorChunk.test(url.pathname),
    );
    await page.goto(`${s.baseUrl}/cart/`);
    await hydrated(page);
    await page.getByText('Calculate shipping').click();
    const country = page.locator('#calc_shipping_country');
    await country.focus();
    await asked;
    await country.selectOption('CA');
    await release();
    await page.locator('[data-island="shipping-calculator"][data-live]').waitFor();
    const state = page.locator('#calc_shipping_state');
    await state.locator('option[value="QC"]').waitFor({ state: 'attached' });
    assert.equal(await country.inputValue(), 'CA');
    assert.equal(await state.evaluate((el) => el.tagName), 'SELECT');
    assert.equal(
      await page.locator('input[name="calc_shipping_state_country"]').inputValue(),
      'CA',
    );
    // The focus stayed on the country select across the swap (keyboard journey).
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'calc_shipping_country');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a checkout in the US offers the state as a select, refuses none, and keeps the chosen rate and state', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);

    // The store's base country and state, a select of the list, required.
    assert.equal(await page.locator('#billing_country').inputValue(), 'US');
    const state = page.locator('#billing_state');
    assert.equal(await state.evaluate((el) => el.tagName), 'SELECT');
    assert.equal(await state.getAttribute('required'), '');
    assert.equal(await state.inputValue(), 'CA');
    assert.equal(await state.locator('option').count(), 55, 'an empty choice and 54 states');
    await expectNoAxeViolations(page);

    await page.locator('#billing_first_name').fill('Sam');
    await page.locator('#billing_last_name').fill('Shopper');
    await page.locator('#billing_address_1').fill('350 Fifth Avenue');
    await page.locator('#billing_city').fill('New York');
    await page.locator('#billing_postcode').fill('10118');
    await page.locator('#billing_email').fill('sam@example.com');
    // No state: the store refuses the order, and the page says which field.
    await state.selectOption('');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('alert').filter({ hasText: 'State' }).waitFor();
    assert.equal(await page.locator('#billing_state').getAttribute('aria-invalid'), 'true');
    await expectNoAxeViolations(page);
    await shots(page, 'checkout-state-required');

    // New York from the list: the rates follow the address (the United States zone, 8.00).
    await page.locator('#billing_state').selectOption({ label: 'New York' });
    const rates = page.getByRole('group', { name: 'Shipping method' });
    await rates.getByRole('radio', { name: 'Flat rate: $8.00' }).waitFor();
    await page
      .locator('.order-total')
      .filter({ hasText: money(price + 800) })
      .waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Total: ${money(price + 800)}` })
      .waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'checkout-us-rates');

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const overview = await page.locator('.woocommerce-order-overview').innerText();
    assert.match(overview, new RegExp(`Total:\\s*\\${money(price + 800)}`));
    assert.match(await page.locator('table.order_details').innerText(), /Shipping:\s*\$8\.00/);
    assert.match(await page.locator('.order-addresses').innerText(), /NY/);
    await expectNoAxeViolations(page);
    await shots(page, 'order-received-shipping');
    await context.close();
  });

  test('a rate chosen after the first paint but before hydration is the chosen rate once the page has hydrated (issue 16)', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    // Every script of the page is held: it paints from the server's HTML but cannot hydrate.
    const scripts = await holdScripts(page);
    await page.goto(`${s.baseUrl}/checkout/`, { waitUntil: 'domcontentloaded' });
    await scripts.requested;
    assert.equal(
      await page.evaluate(() => document.documentElement.hasAttribute('data-cw-hydrated')),
      false,
      'the page has not hydrated',
    );
    const rates = page.getByRole('group', { name: 'Shipping method' });
    await page
      .locator('.order-total')
      .filter({ hasText: money(price + 500) })
      .waitFor();
    await rates.getByRole('radio', { name: 'Local pickup' }).check();
    await scripts.release();
    await hydrated(page);

    // The store has the choice: the total drops the shipping, and stays so after a reload.
    await page
      .locator('.order-total')
      .filter({ hasText: money(price) })
      .waitFor();
    assert.equal(await rates.getByRole('radio', { name: 'Local pickup' }).isChecked(), true);
    await page.reload();
    await hydrated(page);
    assert.equal(await rates.getByRole('radio', { name: 'Local pickup' }).isChecked(), true);
    await page
      .locator('.order-total')
      .filter({ hasText: money(price) })
      .waitFor();
    await context.close();
  });

  test('the cart’s rates are an island: their code is not loaded with the cart; a rate clicked while it is on its way is chosen, and the live rates keep it', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    // Landed by a client-side navigation, whose islands load at once: the cart below is a
    // fresh page load.
    await page.waitForLoadState('networkidle');
    const { requested: asked, release } = await loadWithChunkHeld(
      page,
      isCartIslandsChunk,
      () => page.goto(`${s.baseUrl}/cart/`),
      { message: 'the rates’ code is not loaded with the cart' },
    );

    const rates = page.getByRole('group', { name: 'Shipping method' });
    const pickup = rates.getByRole('radio', { name: 'Local pickup' });
    await pickup.check();
    await asked;
    // Chosen with the code held: the page sends it, the totals follow.
    await page
      .getByRole('status')
      .filter({ hasText: `Total: ${money(price)}` })
      .waitFor();
    assert.equal(await cartTotal(page), money(price));
    assert.equal(await page.locator('[data-island="shipping-rates"][data-live]').count(), 0);
    assert.equal((await cartOf(context, s.baseUrl)).totals.total_shipping, '0');

    await release();
    await page.locator('[data-island="shipping-rates"][data-live]').waitFor();
    assert.equal(await pickup.isChecked(), true, 'the live rates keep the choice');
    // The live rates by keyboard: back to the flat rate.
    await pickup.focus();
    await page.keyboard.press('ArrowUp');
    const flat = rates.getByRole('radio', { name: 'Flat rate: $5.00' });
    assert.equal(await flat.isChecked(), true);
    await page
      .getByRole('status')
      .filter({ hasText: `Total: ${money(price + 500)}` })
      .waitFor();
    assert.equal((await cartOf(context, s.baseUrl)).totals.total_shipping, '500');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a rate chosen in the cart before hydration is chosen once the page has hydrated', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    await page.waitForLoadState('networkidle');
    const scripts = await holdScripts(page);
    await page.goto(`${s.baseUrl}/cart/`, { waitUntil: 'domcontentloaded' });
    await scripts.requested;
    const rates = page.getByRole('group', { name: 'Shipping method' });
    await rates.getByRole('radio', { name: 'Local pickup' }).check();
    await scripts.release();
    await hydrated(page);
    await page
      .locator('.cart-totals__total')
      .filter({ hasText: money(price) })
      .waitFor();
    assert.equal((await cartOf(context, s.baseUrl)).totals.total_shipping, '0');
    await page.reload();
    await hydrated(page);
    assert.equal(await rates.getByRole('radio', { name: 'Local pickup' }).isChecked(), true);
    await context.close();
  });

  test('the checkout’s rates are an island: a rate chosen by keyboard while their code is on its way changes the total, and the live rates keep it and the focus', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    await page.waitForLoadState('networkidle');
    const { requested: asked, release } = await loadWithChunkHeld(
      page,
      isCartIslandsChunk,
      () => page.goto(`${s.baseUrl}/checkout/`),
      { message: 'the rates’ code is not loaded with the checkout' },
    );

    const rates = page.getByRole('group', { name: 'Shipping method' });
    const flat = rates.getByRole('radio', { name: 'Flat rate: $5.00' });
    const pickup = rates.getByRole('radio', { name: 'Local pickup' });
    await flat.focus();
    await asked;
    await page.keyboard.press('ArrowDown');
    assert.equal(await pickup.isChecked(), true);
    await page
      .locator('.order-total')
      .filter({ hasText: money(price) })
      .waitFor();
    assert.equal(await page.locator('[data-island="shipping-rates"][data-live]').count(), 0);
    assert.equal((await cartOf(context, s.baseUrl)).totals.total_shipping, '0');

    await release();
    await page.locator('[data-island="shipping-rates"][data-live]').waitFor();
    assert.equal(await pickup.isChecked(), true, 'the live rates keep the choice');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('value')),
      await pickup.getAttribute('value'),
      'the focus stayed on the chosen rate across the swap',
    );
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('without JavaScript, a US checkout with the state from the list and local pickup', async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { price } = await addCheapProduct(page, s.baseUrl);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${s.baseUrl}/checkout/`);
    assert.equal(await page.locator('#billing_state').evaluate((el) => el.tagName), 'SELECT');
    await page.locator('#billing_first_name').fill('Ana');
    await page.locator('#billing_last_name').fill('Pickup');
    await page.locator('#billing_address_1').fill('1 Market Street');
    await page.locator('#billing_city').fill('San Francisco');
    await page.locator('#billing_state').selectOption({ label: 'California' });
    await page.locator('#billing_postcode').fill('94105');
    await page.locator('#billing_email').fill('ana@example.com');
    await page.getByRole('radio', { name: 'Local pickup' }).check();
    await page.getByRole('button', { name: 'Update totals' }).click();
    await page
      .locator('.order-total')
      .filter({ hasText: money(price) })
      .waitFor();
    // Everything typed is still there.
    assert.equal(await page.locator('#billing_address_1').inputValue(), '1 Market Street');
    assert.equal(await page.getByRole('radio', { name: 'Local pickup' }).isChecked(), true);
    await shots(page, 'checkout-nojs-pickup');
    await page.locator('#payment_method_cod').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const overview = await page.locator('.woocommerce-order-overview').innerText();
    assert.match(overview, new RegExp(`Total:\\s*\\${money(price)}`));
    await context.close();
  });
});
