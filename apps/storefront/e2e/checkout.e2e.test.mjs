// Checkout in Chromium against the real store server, proven by what the store persisted:
// keyboard checkout, address suggestions on both address forms and availability per
// country, JavaScript off, and a double click on "Place order" (JavaScript on and off)
// making exactly one order. The last test stops the storefront and reads its database.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  purchasable,
  screenshot,
  startStorefront,
  tempDataDir,
  holdRequest,
  loadWithChunkHeld,
  holdScripts,
} from './harness.mjs';

/** The store's own PGlite, resolved through the store-server package that wrote the data. */
function openStoreDatabase(dataDir) {
  const storeServer = fileURLToPath(import.meta.resolve('@cartwright/store-server'));
  const { PGlite } = createRequire(storeServer)('@electric-sql/pglite');
  return PGlite.create({ dataDir });
}

/** Records every address search the page's `fetch` starts, synchronously, in the page. */
function recordAddressSearches() {
  window.__addressSearches = [];
  const originalFetch = window.fetch;
  window.fetch = function fetchRecordingSearches(input, init) {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/address-autocomplete/search')) window.__addressSearches.push(url);
    return originalFetch.call(this, input, init);
  };
}

/** The address searches the page started so far, as absolute URLs. */
const searchesOf = async (page) =>
  (await page.evaluate(() => window.__addressSearches)).map((url) => new URL(url, page.url()));

/**
 * Sets the country select as a script or autofill would: the street field keeps the focus,
 * so nothing but the country change itself can close the list.
 */
const changeCountryKeepingFocus = (page, type, code) =>
  page.evaluate(
    ([id, value]) => {
      const select = document.getElementById(id);
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [`${type}_country`, code],
  );

/** Types each value into its field with the keyboard. */
async function typeInto(page, values) {
  for (const [id, value] of Object.entries(values)) {
    await page.locator(`#${id}`).focus();
    await page.keyboard.type(value);
  }
}

const ADDRESS_FIELDS = ['country', 'address_1', 'address_2', 'city', 'state', 'postcode'];

/** The address fields of one form, as the page holds them. */
async function addressOnPage(page, type) {
  const address = {};
  for (const field of ADDRESS_FIELDS) {
    address[field] = await page.locator(`#${type}_${field}`).inputValue();
  }
  return address;
}

/** Types three characters of a street and chooses the first suggestion by keyboard. */
async function chooseSuggestion(page, type, query) {
  const list = page.locator(`#address_suggestions_${type}_list`);
  await page.locator(`#${type}_address_1`).focus();
  await page.keyboard.type(query);
  await list.getByRole('option').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await list.waitFor({ state: 'detached' });
  // address_2, city, postcode and state follow about 50 ms after country and address_1.
  await page.waitForFunction((id) => document.getElementById(id)?.value !== '', `${type}_city`);
}

async function addToCartAndCheckout(context, baseUrl, product) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/product/${product.slug}/`);
  await hydrated(page);
  await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
  await page.waitForURL(`${baseUrl}/cart/`);
  assert.equal((await cartOf(context, baseUrl)).items_count, 1, 'the product is in the cart');
  await page.goto(`${baseUrl}/checkout/`);
  await hydrated(page);
  return page;
}

const isCheckoutPath = (url) => url.pathname.startsWith('/checkout');

/**
 * Whether `request` sends the address the order ships to, for the rates: the island checkout
 * sends it to the store from the browser (decision 0086), as the Store API's update-customer.
 */
const isAddressUpdate = (request) =>
  request.method() === 'POST' && request.url().includes('/cart/update-customer');

/** The address suggestion engine's chunk (components/address-suggestions, decision 0060). */
const isSuggestionChunk = (url) => /\/assets\/address-suggestions-[\w-]+\.js$/.test(url.pathname);

/**
 * Clicks "Place order" twice, the second time while the first post is still waiting for
 * its answer (held back here once the store has it), as an impatient double click does on
 * a slow connection; the page then lands on whatever the second post is answered with.
 * Resolves with the number of checkout posts the page sent.
 */
async function placeOrderTwice(page) {
  const button = page.getByRole('button', { name: 'Place order' });
  let posts = 0;
  let firstSent;
  let secondSent;
  const first = new Promise((resolve) => (firstSent = resolve));
  const second = new Promise((resolve) => (secondSent = resolve));
  await page.route(isCheckoutPath, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    // Only order posts (a page without JavaScript also posts its "Update totals").
    if ((route.request().postData() ?? '').includes('intent=update-')) return route.fallback();
    posts += 1;
    if (posts > 1) {
      secondSent();
      return route.continue();
    }
    const answer = route.fetch(); // the store gets the first post now…
    firstSent();
    try {
      const [response] = await Promise.all([answer, second]); // …the page its answer later
      await route.fulfill({ response });
    } catch {
      // The second post replaced the first: the page no longer waits for this answer.
    }
  });
  // By keyboard: a locator would wait for the first post's navigation, held back here.
  await button.focus();
  await page.keyboard.press('Enter');
  await first;
  await page.keyboard.press('Enter');
  await second;
  await page.waitForURL(ORDER_RECEIVED);
  await page.unroute(isCheckoutPath);
  return posts;
}

const ORDER_RECEIVED = /\/checkout\/order-received\/(\d+)\/\?key=(wc_order_[^&]+)/;

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
  // In the store's base state (California, the checkout's default): the state is preselected.
  billing_address_1: '1 Market Street',
  billing_city: 'San Francisco',
  billing_postcode: '94105',
  billing_phone: '415 555 0100',
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
  const s = {};
  let dataDir;
  let shop;
  /** Every order the suite placed, with the addresses the page held when it was placed. */
  const placed = [];
  /** Records the order the page landed on (after `waitForURL(ORDER_RECEIVED)`). */
  const recordOrder = (page, billing, shipping = billing) => {
    const [, id, key] = ORDER_RECEIVED.exec(page.url());
    placed.push({ id: Number(id), key, billing, shipping });
  };

  before(async () => {
    dataDir = await tempDataDir();
    shop = startStorefront({ dataDir });
    [s.baseUrl, s.browser] = await Promise.all([shop.url, launchBrowser()]);
  });
  after(async () => {
    await s.browser?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

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
    const billing = await addressOnPage(page, 'billing');

    await page.getByRole('button', { name: 'Place order' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(ORDER_RECEIVED);
    recordOrder(page, billing);
    await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
    const overview = await page.locator('.woocommerce-order-overview').innerText();
    assert.match(overview, new RegExp(`Total:\\s*${escape(total)}`));
    assert.match(overview, /Payment method:\s*Check payments/);
    assert.match(await page.locator('.order_details tbody').innerText(), new RegExp(product.name));
    assert.match(await page.locator('.order-addresses').innerText(), /1 Market Street/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'order-received');

    const after = await cartOf(context, s.baseUrl);
    assert.equal(after.items.length, 0);

    // The same link in another browser (an emailed link, another device): the order is a
    // guest's, so the Store API wants its billing email. The page asks for it, refuses a wrong one.
    const orderUrl = page.url();
    const elsewhere = await s.browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(orderUrl);
    await other.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
    assert.equal(await other.locator('.woocommerce-order-overview').count(), 0);
    await hydrated(other);
    await expectNoAxeViolations(other);
    await other.locator('#billing_email').fill('someone.else@example.com');
    await other.getByRole('button', { name: 'Show my order' }).click();
    await other.getByRole('alert').filter({ hasText: 'does not match this order' }).waitFor();
    assert.equal(await other.locator('.woocommerce-order-overview').count(), 0);
    await other.locator('#billing_email').fill(ADDRESS.billing_email.toUpperCase());
    await other.getByRole('button', { name: 'Show my order' }).click();
    await other.locator('.woocommerce-order-overview').waitFor();
    assert.match(
      await other.locator('.woocommerce-order-overview').innerText(),
      new RegExp(`Total:\\s*${escape(total)}`),
    );
    assert.equal(other.url(), orderUrl);
    await screenshot(other, 'order-received-verified');
    await elsewhere.close();
    await context.close();
  });

  test('without JavaScript the same checkout completes, and a double click lands on one order', async () => {
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
    const billing = await addressOnPage(page, 'billing');
    assert.equal(await placeOrderTwice(page), 2, 'the store got two posts');
    recordOrder(page, billing);
    const overview = await page.locator('.woocommerce-order-overview').innerText();
    assert.match(overview, new RegExp(`Total:\\s*${escape(total)}`));
    assert.match(overview, /Payment method:\s*Cash on delivery/);

    // The second post was answered with the same order (the database test counts them).
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
    // The order is the form's post (the checkout is an island page, decision 0086): the refusal
    // comes as the page again, with the notice. When that page loaded and when the notice takes
    // the focus, timed in it.
    await context.addInitScript(() => {
      document.addEventListener('focusin', (event) => {
        if (event.target.id === 'checkout-errors') window.__alertFocused = performance.now();
      });
    });
    await page.getByRole('button', { name: 'Place order' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Billing address: Town \/ City is required/);
    // Spec §4: the alert takes focus 500 ms after the page loads, and the page scrolls to 100 px
    // above it.
    await page.waitForFunction(() => document.activeElement?.id === 'checkout-errors');
    const after = await page.evaluate(
      () =>
        window.__alertFocused -
        performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    );
    assert.ok(after >= 495, `focused ${after} ms after the page loaded`);
    await page.waitForFunction(() => {
      const notice = document.getElementById('checkout-errors');
      const target = Math.max(0, notice.getBoundingClientRect().top + window.scrollY - 100);
      return Math.abs(window.scrollY - target) <= 1;
    });
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
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
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
    // The store's provider has no branding: the sanitiser (and DOMPurify) never loads.
    assert.ok(
      scripts.some((path) => path.includes('/assets/checkout-')),
      'scripts were seen',
    );
    assert.deepEqual(
      scripts.filter((path) => /\/assets\/(branding|purify)[-.]/.test(path)),
      [],
      'no branding sanitiser chunk',
    );
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
    const billing = await addressOnPage(page, 'billing');
    await page.getByRole('button', { name: 'Place order' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(ORDER_RECEIVED);
    recordOrder(page, billing);
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
  test('changing the country closes an open list and re-checks availability; an unserved country gets no suggestions and no search', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    await context.addInitScript(recordAddressSearches);
    await context.clock.install();
    const page = await addToCartAndCheckout(context, s.baseUrl, product);
    const street = page.locator('#billing_address_1');
    const list = page.getByRole('listbox', { name: 'Address suggestions' });
    // From the United Kingdom (the checkout starts in the store's base country, the US).
    await changeCountryKeepingFocus(page, 'billing', 'GB');

    await street.focus();
    await page.keyboard.type('Str');
    await list.getByRole('option').first().waitFor();
    assert.equal(await street.getAttribute('aria-expanded'), 'true');

    await changeCountryKeepingFocus(page, 'billing', 'US');
    await list.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_address_1');
    assert.equal(await street.getAttribute('role'), 'combobox', 'the US is served too');
    assert.equal(await street.getAttribute('aria-expanded'), 'false');
    await page.keyboard.type('e');
    await list.getByRole('option').first().waitFor();
    const usSearch = (await searchesOf(page)).at(-1);
    assert.equal(usSearch.searchParams.get('country'), 'US');
    assert.equal(usSearch.searchParams.get('query'), 'Stre');

    await changeCountryKeepingFocus(page, 'billing', 'IE');
    await list.waitFor({ state: 'detached' });
    assert.equal(await street.getAttribute('role'), null, 'a plain text field for Ireland');
    assert.equal(await street.getAttribute('aria-expanded'), null);
    const searchesBefore = (await searchesOf(page)).length;
    await page.keyboard.type('et');
    // Past the provider's 300 ms debounce and every other timer the page has.
    await page.clock.runFor(2000);
    assert.deepEqual((await searchesOf(page)).slice(searchesBefore), [], 'no search for IE');
    assert.equal(await list.count(), 0);
    assert.equal(await street.inputValue(), 'Street');

    // Back to a served country: suggestions come back for the same field.
    await changeCountryKeepingFocus(page, 'billing', 'GB');
    assert.equal(await street.getAttribute('role'), 'combobox');
    await page.keyboard.press('Backspace');
    await page.clock.runFor(400);
    await list.getByRole('option').first().waitFor();
    assert.equal((await searchesOf(page)).at(-1).searchParams.get('country'), 'GB');
    await context.close();
  });

  test("a country chosen after the first paint but before hydration is the form's country once the page has hydrated (issue 16)", async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    await context.addInitScript(recordAddressSearches);
    const page = await addToCartAndCheckout(context, s.baseUrl, product);
    // Every script of the page is held: it paints from the server's HTML but cannot hydrate.
    const scripts = await holdScripts(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await scripts.requested;
    assert.equal(
      await page.evaluate(() => document.documentElement.hasAttribute('data-cw-hydrated')),
      false,
      'the page has not hydrated',
    );
    // The server rendered the store's base country, the US, with its state select.
    assert.equal(await page.locator('#billing_state').evaluate((el) => el.tagName), 'SELECT');
    await page.locator('#billing_country').selectOption('GB');
    await page.getByRole('checkbox', { name: 'Ship to a different address?' }).check();
    const addressUpdates = [];
    page.on('request', (request) => {
      if (isAddressUpdate(request)) addressUpdates.push(request.postDataJSON().shipping_address);
    });
    const updated = page.waitForResponse((response) => isAddressUpdate(response.request()));
    await scripts.release();
    await page.locator('html[data-cw-hydrated]').waitFor({ state: 'attached' });

    assert.equal(await page.locator('#billing_country').inputValue(), 'GB');
    // The ticked box keeps the shipping address shown, and the rates follow the new address.
    assert.equal(
      await page.getByRole('checkbox', { name: 'Ship to a different address?' }).isChecked(),
      true,
    );
    await page.locator('#shipping_address_1').waitFor();
    await updated;
    // The box ticked: the order ships to the shipping address, which is what goes for the rates.
    assert.equal(addressUpdates.length, 1);
    assert.equal(addressUpdates[0].country, await page.locator('#shipping_country').inputValue());
    // The United Kingdom has no state list: the state is an optional text field again.
    await page.locator('input#billing_state').waitFor();
    assert.equal(await page.locator('#billing_state').getAttribute('required'), null);
    // And the street suggests for the United Kingdom.
    await page.locator('#billing_address_1').focus();
    await page.keyboard.type('Str');
    await page
      .getByRole('listbox', { name: 'Address suggestions' })
      .getByRole('option')
      .first()
      .waitFor();
    assert.equal((await searchesOf(page)).at(-1).searchParams.get('country'), 'GB');
    await context.close();
  });

  test('with a different shipping address, each street suggests for its own country, and a double click on Place order lands on one order', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await addToCartAndCheckout(context, s.baseUrl, product);

    await typeInto(page, {
      billing_first_name: 'Grace',
      billing_last_name: 'Hopper',
      billing_email: 'grace@example.com',
    });
    await page.locator('#billing_country').selectOption('GB');
    await chooseSuggestion(page, 'billing', 'Cas');
    const billing = await addressOnPage(page, 'billing');
    assert.equal(billing.country, 'GB');
    assert.match(billing.address_1, /Cas/i);

    await page.getByRole('checkbox', { name: 'Ship to a different address?' }).focus();
    await page.keyboard.press('Space');
    await typeInto(page, { shipping_first_name: 'Alan', shipping_last_name: 'Turing' });
    await page.locator('#shipping_country').selectOption('US');
    const shippingStreet = page.locator('#shipping_address_1');
    await shippingStreet.focus();
    await page.keyboard.type('Elm');
    const shippingList = page.locator('#address_suggestions_shipping_list');
    await shippingList.getByRole('option').first().waitFor();
    assert.equal(await shippingStreet.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('#address_suggestions_billing_list').count(), 0);
    assert.equal(await page.locator('#billing_address_1').getAttribute('aria-expanded'), 'false');
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    assert.equal(
      await shippingStreet.getAttribute('aria-activedescendant'),
      'suggestion-item-shipping-0',
    );
    await page.keyboard.press('Enter');
    await shippingList.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.getElementById('shipping_city')?.value !== '');
    const shipping = await addressOnPage(page, 'shipping');
    assert.equal(shipping.country, 'US');
    assert.match(shipping.address_1, /Elm/i);
    assert.notEqual(shipping.state, '', 'a US suggestion fills the state');
    assert.deepEqual(await addressOnPage(page, 'billing'), billing, 'billing left alone');

    await page.locator('#payment_method_cod').check();
    assert.equal(await placeOrderTwice(page), 2, 'the store got two posts');
    recordOrder(page, billing, shipping);
    const text = await page.locator('.order-addresses').innerText();
    for (const part of [billing.address_1, billing.city, shipping.address_1, shipping.city]) {
      assert.ok(text.includes(part), `the order-received page shows ${part}`);
    }
    await context.close();
  });

  test('the suggestion code is not loaded with the page, nor by tabbing through or autofilling the street; the first keystroke loads it, and what was typed while it came is kept and searched for', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    await context.addInitScript(recordAddressSearches);
    const chunkRequests = [];
    context.on('request', (request) => {
      if (isSuggestionChunk(new URL(request.url()))) chunkRequests.push(request.url());
    });
    const page = await addToCartAndCheckout(context, s.baseUrl, product);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(chunkRequests, [], 'not with the page');
    const street = page.locator('#billing_address_1');
    // The plain field the page rendered: no combobox until the engine is here.
    assert.equal(await street.getAttribute('role'), null);
    await page.getByRole('textbox', { name: 'Street address' }).first().waitFor();

    // Tabbing through, and autofill (a plain input event), load nothing of the engine. The focus
    // wakes the address fields' island (its own code, not the engine's), which then takes the
    // field's place: the script's writes below go to the live field, not to one the island has
    // just swapped out (since decision 0088 React itself loads with that focus, so the swap can
    // come during them).
    await street.focus();
    await page.keyboard.press('Tab');
    await page.locator('[data-island="address-fields"][data-live] #billing_address_1').waitFor();
    const setValue = (value, event) =>
      street.evaluate(
        (input, [text, dispatch]) => {
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(
            input,
            text,
          );
          if (dispatch) input.dispatchEvent(new Event('input', { bubbles: true }));
        },
        [value, event],
      );
    await setValue('1 Autofilled Road', true);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(chunkRequests, [], 'no keystroke, no code');
    // Emptied without an event (a deletion would be a keystroke, and load the code).
    await setValue('', false);

    // The shopper types; the code is held on its way while they go on typing.
    const { requested, release } = holdRequest(page, isSuggestionChunk);
    await street.focus();
    await page.keyboard.type('S');
    await requested;
    await page.keyboard.type('tre');
    assert.equal(await street.inputValue(), 'Stre');
    assert.equal(await street.getAttribute('role'), null, 'still the plain field');
    assert.deepEqual(await searchesOf(page), [], 'no search without the engine');
    await release();

    // The engine takes over the same field: text, caret and focus stay, and the first
    // search is for everything typed so far.
    const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await options.first().waitFor();
    assert.equal(await street.getAttribute('role'), 'combobox');
    assert.equal(await street.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_address_1');
    assert.equal(await street.inputValue(), 'Stre');
    assert.equal(await street.evaluate((input) => input.selectionStart), 4);
    const searches = await searchesOf(page);
    assert.equal(searches.length, 1);
    assert.equal(searches[0].searchParams.get('query'), 'Stre');
    assert.match(await options.first().locator('strong').first().innerText(), /^stre$/i);
    assert.equal(chunkRequests.length, 1, 'loaded once');
    await expectNoAxeViolations(page);
    await screenshot(page, 'checkout-suggestions-lazy');

    // The shipping form shares the loaded engine: its first keystroke loads nothing more.
    await page.getByRole('checkbox', { name: 'Ship to a different address?' }).check();
    await page.locator('#shipping_address_1').focus();
    await page.keyboard.type('Elm');
    await page.locator('#address_suggestions_shipping_list').getByRole('option').first().waitFor();
    assert.equal(chunkRequests.length, 1);
    await context.close();
  });

  test('the address fields are islands: their code is not loaded with the checkout; an address changed while it is on its way is sent for the rates, and the live fields take up the country', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const fieldChunk = /\/assets\/(?:checkout-islands|SuggestingAddressFields|src)-[\w-]+\.js$/;
    const page = await addToCartAndCheckout(context, s.baseUrl, product);
    // The way here was a client-side navigation to the cart, whose islands load at once (no
    // server markup): counted from a fresh load of the checkout on.
    await page.waitForLoadState('networkidle');
    const addressUpdates = [];
    page.on('request', (request) => {
      if (isAddressUpdate(request)) addressUpdates.push(request.postDataJSON().shipping_address);
    });
    const { requested, release } = await loadWithChunkHeld(
      page,
      (url) => /\/assets\/checkout-islands-[\w-]+\.js$/.test(url.pathname),
      () => page.reload(),
      {
        also: (url) => fieldChunk.test(url.pathname),
        message: 'the fields’ code and the states lists are not loaded',
      },
    );
    assert.equal(await page.locator('[data-island="address-fields"]').count(), 2);
    assert.equal(await page.locator('[data-island="address-fields"][data-live]').count(), 0);
    // An island page (decision 0086): no router, the checkout's content hydrated as one part.
    assert.equal(await page.locator('html').getAttribute('data-cw-islands'), 'checkout');

    // The code is held on its way: the shopper picks Canada and types a city in the server's
    // fields. The checkout hears them and sends the address for the rates meanwhile.
    const updated = page.waitForResponse((response) => isAddressUpdate(response.request()));
    await page.locator('#billing_country').focus();
    await requested;
    await page.locator('#billing_country').selectOption('CA');
    await page.locator('#billing_city').fill('Toronto');
    await updated;
    assert.equal(addressUpdates.length, 1, 'one update, 400 ms after the last change');
    assert.equal(addressUpdates[0].country, 'CA');
    assert.equal(addressUpdates[0].city, 'Toronto');
    assert.equal(await page.locator('[data-island="address-fields"][data-live]').count(), 0);
    // Still the server's state field: the United States' list.
    assert.equal(await page.locator('#billing_state option[value="NY"]').count(), 1);

    await release();
    await page.locator('[data-island="address-fields"][data-live]').first().waitFor();
    // The live fields are Canada's: its provinces, what was typed kept, the focus where it was.
    await page.locator('#billing_state option[value="QC"]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('#billing_country').inputValue(), 'CA');
    assert.equal(await page.locator('#billing_city').inputValue(), 'Toronto');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_city');
    assert.equal(addressUpdates.length, 1, 'the swap sends nothing again');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('the order note is an island: its code is not loaded with the checkout; a note typed while it is on its way is kept by the live field and goes with the order', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    const isExtrasChunk = (url) =>
      /\/assets\/checkout-extras-islands-[\w-]+\.js$/.test(url.pathname);
    // A fresh page load (a client-side navigation renders islands with their code at once),
    // and the address typed.
    const { requested: asked, release } = await loadWithChunkHeld(
      page,
      isExtrasChunk,
      async () => {
        await page.goto(`${s.baseUrl}/checkout/`);
        await hydrated(page);
        await typeAddress(page, ADDRESS);
      },
      { message: 'the order note’s code is not loaded with the checkout' },
    );

    const note = page.getByLabel(/Order notes/);
    await note.focus();
    await asked;
    await page.keyboard.type('Ring twice.');
    assert.equal(await page.locator('[data-island="order-notes"][data-live]').count(), 0);
    await release();
    await page.locator('[data-island="order-notes"][data-live]').waitFor();
    assert.equal(await note.inputValue(), 'Ring twice.', 'the live field keeps the note');
    assert.equal(
      await page.evaluate(() => document.activeElement?.id),
      'order_comments',
      'the focus stayed in the note',
    );
    await expectNoAxeViolations(page);

    const billing = await addressOnPage(page, 'billing');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    recordOrder(page, billing);
    const noteRow = page.locator('tr.order-note');
    await noteRow.waitFor();
    assert.match(await noteRow.textContent(), /Note:\s*Ring twice\./);
    await context.close();
  });

  test('when the suggestion code fails to arrive the street stays a plain field that keeps what is typed; the next keystroke loads it again', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    await context.addInitScript(recordAddressSearches);
    const page = await addToCartAndCheckout(context, s.baseUrl, product);
    await page.route(isSuggestionChunk, (route) => route.abort(), { times: 1 });
    const failed = page.waitForEvent('requestfailed', (request) =>
      isSuggestionChunk(new URL(request.url())),
    );
    const street = page.locator('#billing_address_1');
    await street.focus();
    await page.keyboard.type('El');
    await failed;
    assert.equal(await street.getAttribute('role'), null, 'a plain field');
    assert.equal(await street.inputValue(), 'El');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_address_1');
    // The next keystroke loads the code again, and the suggestions are for the whole text.
    await page.keyboard.type('m');
    const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await options.first().waitFor();
    assert.equal(await street.inputValue(), 'Elm');
    assert.equal(await street.getAttribute('role'), 'combobox');
    assert.deepEqual(
      (await searchesOf(page)).map((url) => url.searchParams.get('query')),
      ['Elm'],
    );
    await context.close();
  });

  test('the store database holds exactly the orders placed, one per checkout, with the addresses chosen on the page', async () => {
    assert.equal(placed.length, 5, 'the checkouts above placed their orders');
    // PGlite is one process's database: stop the store before reading what it wrote.
    assert.equal(await shop.stop(), 0);
    const db = await openStoreDatabase(dataDir);
    try {
      const { rows } = await db.query(
        `select id, order_key, billing, shipping from orders
         where status <> 'checkout-draft' order by id`,
      );
      // A double click that made a second order would show here as an extra row.
      assert.deepEqual(
        rows.map((row) => row.id),
        placed.map((order) => order.id).sort((a, b) => a - b),
      );
      for (const expected of placed) {
        const order = rows.find((row) => row.id === expected.id);
        assert.equal(order.order_key, expected.key);
        for (const field of ADDRESS_FIELDS) {
          assert.equal(
            order.billing[field],
            expected.billing[field],
            `#${order.id} billing ${field}`,
          );
          assert.equal(
            order.shipping[field],
            expected.shipping[field],
            `#${order.id} shipping ${field}`,
          );
        }
      }
    } finally {
      await db.close();
    }
  });
});

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
