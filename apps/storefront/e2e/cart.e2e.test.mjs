import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  addFromShop,
  storeAnswer,
  cartOf,
  expectNoAxeViolations,
  headerCount,
  holdScripts,
  hydrated,
  purchasable,
  screenshot,
  useStorefront,
  wakeIsland,
  loadWithChunkHeld,
} from './harness.mjs';

/** The header mini-cart's panel, an island (components/HeaderCart.tsx, decision 0059). */
const MINI_CART_CHUNK = /\/assets\/header-islands-[\w-]+\.js$/;

describe('cart with redirect-after-add "yes" (the spec’s shop)', () => {
  const s = useStorefront();

  test('adding from /shop/ lands on /cart/ showing the item, and the header counts it', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    const row = page.getByRole('row', { name: new RegExp(product.name) });
    assert.equal(await row.getByRole('spinbutton').inputValue(), '1');
    assert.match(await page.locator('.header-cart__count').innerText(), /^1 item$/);
    // The store left WooCommerce's notice for the cart page (wire contract §1.5).
    const notice = page.locator('.woocommerce-message[role="status"]');
    await notice.waitFor();
    assert.equal(
      await notice.innerText(),
      `“${product.name}” has been added to your cart. Continue shopping`,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'cart');
    await context.close();
  });

  test(
    'an add posted before the page’s script ran lands on the cart: the script starting meanwhile does not reload the page under the redirect',
    { timeout: 60_000 },
    async () => {
      const [product] = await purchasable(s.baseUrl, 1);
      const context = await s.browser.newContext();
      const page = await context.newPage();
      // The page paints; its scripts are held, so the click is the form's native post.
      const scripts = await holdScripts(page);
      await page.goto(`${s.baseUrl}/shop/`, { waitUntil: 'domcontentloaded' });
      await scripts.requested;
      // The store takes the add and sets the cart's cookies and its notices; its answer (the
      // redirect to the cart) is held, so the product page stays shown while its script runs.
      let letAnswerThrough;
      const answerHeld = new Promise((resolve) => (letAnswerThrough = resolve));
      let added;
      const addTaken = new Promise((resolve) => (added = resolve));
      await page.route(
        (url) => url.searchParams.has('add-to-cart') || url.pathname === '/shop/',
        async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          const response = await route.fetch({ maxRedirects: 0 });
          added();
          await answerHeld;
          // (Cancelled if the page was reloaded meanwhile: the failure this test is about.)
          await route.fulfill({ response }).catch(() => {});
        },
      );
      // (The click waits for the navigation it starts: it ends once the answer is let through.)
      const clicked = page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
      await addTaken;
      // The cart moved on since the page was rendered: the runtime wakes the page's parts (their
      // effects run) while the redirect waits.
      const hydrating = page.waitForRequest(/\/assets\/islands-hydrate-[\w-]+\.js$/);
      await scripts.release();
      await hydrating;
      await page.waitForTimeout(800);
      letAnswerThrough();
      await clicked;
      await page.waitForURL(`${s.baseUrl}/cart/`);
      await page
        .locator('.woocommerce-message[role="status"]', { hasText: product.name })
        .waitFor();
      assert.equal(page.url(), `${s.baseUrl}/cart/`);
      assert.deepEqual(
        (await cartOf(context, s.baseUrl)).items.map((item) => [item.id, item.quantity]),
        [[product.id, 1]],
      );
      await context.close();
    },
  );

  test('without JavaScript: add with a quantity, update it, remove it', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await page.getByLabel(`${product.name} quantity`).fill('2');
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    const quantity = page.getByLabel(`${product.name} quantity`);
    assert.equal(await quantity.inputValue(), '2');

    await quantity.fill('5');
    await page.getByRole('button', { name: `Update ${product.name}` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.equal(await page.getByLabel(`${product.name} quantity`).inputValue(), '5');
    const cart = await cartOf(context, s.baseUrl);
    assert.equal(cart.items[0].quantity, 5);
    assert.equal(cart.totals.total_items, String(Number(product.prices.price) * 5));
    // The total holds the chosen shipping rate too (the store's flat rate to California).
    assert.equal(
      Number(cart.totals.total_price),
      Number(cart.totals.total_items) + Number(cart.totals.total_shipping),
    );

    await page.getByRole('link', { name: `Remove ${product.name} from cart` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.ok(await page.getByText('Your cart is currently empty.').isVisible());
    await context.close();
  });
});

describe('cart with redirect-after-add "no"', () => {
  const s = useStorefront({ CART_REDIRECT_AFTER_ADD: 'no' });

  test('adding stays on the page, shows View cart, updates the header and announces after 1 s', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    const button = page.getByRole('button', { name: `Add to cart: “${product.name}”` });
    await button.click();
    const viewCart = page.getByRole('link', { name: 'View cart' }).first();
    await viewCart.waitFor();
    assert.equal(await viewCart.getAttribute('href'), '/cart/');
    assert.equal(page.url(), `${s.baseUrl}/shop/`);
    await headerCount(page, '1 item');
    // Announced through the page's polite live region (the one announcer), as a message of its
    // own: the region may still hold the result count re-announced 2 s after load (spec §4).
    const status = page.locator('[data-cw-announcer="polite"] > div', {
      hasText: 'has been added to your cart',
    });
    await status.waitFor({ state: 'attached', timeout: 3000 });
    assert.equal(
      (await status.textContent())?.trim(),
      `“${product.name}” has been added to your cart`,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'shop-added');
    // /shop/ is an island page (decision 0082): View cart is a plain link, and the cart page
    // loads as a document, with the item the add put there.
    await page.evaluate(() => (window.__samePage = true));
    await viewCart.click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    assert.equal(await page.evaluate(() => window.__samePage), undefined, 'a document load');
    await page.getByRole('link', { name: product.name }).first().waitFor();
    await context.close();
  });

  test('from the keyboard, View cart after an add is not hidden behind the consent banner (WCAG 2.4.11)', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    const banner = page.locator('.cw-consent-banner');
    await banner.waitFor();
    await page.locator('main button', { hasText: 'Add to cart' }).first().focus();
    await page.keyboard.press('Enter');
    const viewCart = page.getByRole('link', { name: 'View cart' }).first();
    await viewCart.waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await viewCart.evaluate((link) => link === document.activeElement), true);
    // The first card's link sits where the fixed banner covers it in a 720 px window, until the
    // focus scrolls it clear.
    const link = await viewCart.boundingBox();
    const cover = await banner.boundingBox();
    assert.ok(link && cover, 'both are shown');
    assert.ok(
      link.y + link.height <= cover.y,
      `the focused link (${link.y}–${link.y + link.height}) is above the banner (from ${cover.y})`,
    );
    await context.close();
  });

  test('the add-to-cart code loads when a shopper comes to a button; clicks made while it loads are each added once (decision 0067)', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const adds = [];
    page.on('request', (r) => {
      if (r.url().includes('wc-ajax=add_to_cart')) adds.push(r);
    });
    const {
      requested,
      release,
      requests: islandChunks,
    } = await loadWithChunkHeld(
      page,
      /\/assets\/catalog-islands-[\w-]+\.js$/,
      () => page.goto(`${s.baseUrl}/shop/`),
      { message: 'the page loads without the add-to-cart code' },
    );
    const button = page.getByRole('button', { name: `Add to cart: “${product.name}”` });
    const island = button.locator('xpath=ancestor::div[@data-island][1]');
    assert.equal(await island.getAttribute('data-island'), 'add-to-cart');
    assert.equal(await island.getAttribute('data-live'), null);

    // The pointer over the button asks for the code (held here); two clicks before it arrives
    // neither post the form (no page load) nor are lost.
    await button.click();
    await requested;
    await button.click();
    assert.equal(page.url(), `${s.baseUrl}/shop/`, 'the clicks wait for the code, no page load');
    assert.equal(adds.length, 0);
    // The held clicks are sent one after the other once the code is in: View cart shows at the
    // first answer, and the header then counts the second add while it is still on its way. The
    // store has both once it has answered the second.
    const bothAdded = storeAnswer(page, 'wc-ajax=add_to_cart', 2);
    await release();
    await page.getByRole('link', { name: 'View cart' }).first().waitFor();
    await headerCount(page, '2 items');
    assert.equal(page.url(), `${s.baseUrl}/shop/`);
    assert.equal(await island.getAttribute('data-live'), '');
    await bothAdded;
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).items.map((i) => [i.id, i.quantity]),
      [[product.id, 2]],
    );
    assert.equal(islandChunks.length, 1, 'loaded once');
    await context.close();
  });

  test('an island page runs none of its React code until a shopper comes to a live part; clicks made while it loads are each added once (decision 0083)', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const adds = [];
    page.on('request', (r) => {
      if (r.url().includes('wc-ajax=add_to_cart')) adds.push(r);
    });
    // /shop/ loads and is ready (its runtime listens) without the React half of its runtime
    // (`islands-hydrate`, `page`) and without React.
    const { requested, release, requests } = await loadWithChunkHeld(
      page,
      /\/assets\/islands-hydrate-[\w-]+\.js$/,
      () => page.goto(`${s.baseUrl}/shop/`),
      {
        also: /\/assets\/page-[\w-]{8}\.js$/,
        message: 'the page loads without the code that hydrates it',
      },
    );
    assert.equal(await page.evaluate(() => window.__reactRouterRouteModules), undefined);
    const button = page.getByRole('button', { name: `Add to cart: “${product.name}”` });
    // The pointer over the button asks for it (held here); two clicks meanwhile neither post the
    // form (no page load) nor are lost.
    await button.click();
    await requested;
    await button.click();
    await page.waitForTimeout(200);
    assert.equal(page.url(), `${s.baseUrl}/shop/`, 'the clicks wait for the code, no page load');
    assert.equal(adds.length, 0);
    const bothAdded = storeAnswer(page, 'wc-ajax=add_to_cart', 2);
    await release();
    await page.getByRole('link', { name: 'View cart' }).first().waitFor();
    await headerCount(page, '2 items');
    await bothAdded;
    assert.equal(page.url(), `${s.baseUrl}/shop/`);
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).items.map((i) => [i.id, i.quantity]),
      [[product.id, 2]],
    );
    assert.equal(requests.filter((url) => /islands-hydrate-/.test(url)).length, 1, 'loaded once');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('the cart code loads with the first add, not with the page; an add clicked while it loads is shown at once and sent once', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const adds = [];
    page.on('request', (r) => {
      if (r.url().includes('wc-ajax=add_to_cart')) adds.push(r);
    });
    // The cart's code is held on its way: the click must show the button loading meanwhile.
    const { release, requests: cartChunks } = await loadWithChunkHeld(
      page,
      /\/assets\/page-cart-[\w-]+\.js$/,
      () => page.goto(`${s.baseUrl}/shop/`),
    );
    const button = page.getByRole('button', { name: `Add to cart: “${product.name}”` });
    await wakeIsland(button);
    await button.click();
    assert.equal(await button.getAttribute('aria-busy'), 'true');
    assert.match((await button.getAttribute('class')) ?? '', /\bloading\b/);
    assert.equal(cartChunks.length, 1);
    assert.equal(adds.length, 0);
    await release();
    await page.getByRole('link', { name: 'View cart' }).first().waitFor();
    await headerCount(page, '1 item');
    assert.equal(cartChunks.length, 1);
    assert.equal(adds.length, 1);
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((i) => [i.id, i.quantity]),
      [[product.id, 1]],
    );
    await context.close();
  });

  test('a listener that vetoes the add stops it before anything is sent; the next add goes through', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    const adds = [];
    page.on('request', (r) => r.url().includes('wc-ajax=add_to_cart') && adds.push(r));
    // A theme or plugin script vetoes the next add (WooCommerce's event name, a DOM event here).
    await page.evaluate(() => {
      window.vetoed = [];
      document.body.addEventListener(
        'should_send_ajax_request.adding_to_cart',
        (event) => {
          window.vetoed.push(event.detail.data.product_id);
          event.preventDefault();
        },
        { once: true },
      );
    });
    const button = page.getByRole('button', { name: `Add to cart: “${product.name}”` });
    await wakeIsland(button);
    await button.click();
    assert.deepEqual(await page.evaluate(() => window.vetoed), [String(product.id)]);
    // No request, no loading state left behind, no View cart.
    assert.equal(adds.length, 0);
    assert.notEqual(await button.getAttribute('aria-busy'), 'true');
    assert.doesNotMatch((await button.getAttribute('class')) ?? '', /\bloading\b/);
    assert.equal(await page.getByRole('link', { name: 'View cart' }).count(), 0);
    await button.click();
    await page.getByRole('link', { name: 'View cart' }).first().waitFor();
    assert.equal(adds.length, 1);
    await context.close();
  });

  test('five rapid clicks on one button put quantity 5 in the cart', async () => {
    const [, product] = await purchasable(s.baseUrl, 2);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    const requests = [];
    let answered = 0;
    let allAnswered;
    const fiveAnswered = new Promise((resolve) => (allAnswered = resolve));
    page.on('request', (r) => r.url().includes('wc-ajax=add_to_cart') && requests.push(r));
    page.on('requestfinished', (r) => {
      if (r.url().includes('wc-ajax=add_to_cart') && (answered += 1) === 5) allAnswered();
    });
    const button = page.getByRole('button', { name: `Add to cart: “${product.name}”` });
    for (let i = 0; i < 5; i += 1) await button.click({ delay: 0 });
    // The header counts pending adds at once (optimistic), so it says 5 before the store
    // does: wait for the store's five answers, then the header must still say 5.
    let timer;
    await Promise.race([
      fiveAnswered,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${answered} of 5 adds answered`)), 15_000);
      }),
    ]).finally(() => clearTimeout(timer));
    await headerCount(page, '5 items');
    assert.equal(requests.length, 5);
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((i) => [i.id, i.quantity]),
      [[product.id, 5]],
    );
    await context.close();
  });

  test('removing from the header mini-cart updates it without leaving the page', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await addFromShop(page, s.baseUrl, product);
    await page.locator('.header-cart summary').click();
    const removed = storeAnswer(page, 'wc-ajax=remove_from_cart');
    await page.getByRole('link', { name: `Remove ${product.name} from cart` }).click();
    await headerCount(page, '0 items');
    assert.equal(page.url(), `${s.baseUrl}/shop/`);
    await removed;
    assert.equal((await cartOf(context, s.baseUrl)).items.length, 0);
    await context.close();
  });

  test('the header mini-cart’s panel is an island: its code is not loaded with the page, it is when a pointer comes over the header cart', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const requests = [];
    page.on('request', (r) => {
      if (MINI_CART_CHUNK.test(new URL(r.url()).pathname)) requests.push(r.url());
    });
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(requests, [], 'the panel’s code is not loaded with the page');
    const island = page.locator('.header-cart [data-island="mini-cart"]');
    assert.equal(await island.count(), 1);
    assert.equal(await island.getAttribute('data-live'), null);
    // The server's panel is there (the disclosure opens without the code).
    assert.equal(
      (await island.locator('.woocommerce-mini-cart__empty-message').textContent())?.trim(),
      'No products in the cart.',
    );

    await page.locator('.header-cart summary').hover();
    await page
      .locator('.header-cart [data-island="mini-cart"][data-live]')
      .waitFor({ state: 'attached' });
    assert.equal(requests.length, 1);
    await page.locator('.header-cart summary').click();
    assert.ok(await page.getByText('No products in the cart.').isVisible());
    await expectNoAxeViolations(page);

    // The keyboard: focus reaching the header cart's summary brings the code too.
    const keyboard = await context.newPage();
    const keyboardRequests = [];
    keyboard.on('request', (r) => {
      if (MINI_CART_CHUNK.test(new URL(r.url()).pathname)) keyboardRequests.push(r.url());
    });
    await keyboard.goto(`${s.baseUrl}/shop/`);
    await hydrated(keyboard);
    await keyboard.waitForLoadState('networkidle');
    assert.deepEqual(keyboardRequests, []);
    await keyboard.locator('.header-cart summary').focus();
    await keyboard
      .locator('.header-cart [data-island="mini-cart"][data-live]')
      .waitFor({ state: 'attached' });
    await keyboard.keyboard.press('Enter');
    assert.ok(await keyboard.getByText('No products in the cart.').isVisible());
    await context.close();
  });

  test('an add on /shop/ brings the panel’s code without the shopper coming to it, and the open panel lists the product', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const requests = [];
    page.on('request', (r) => {
      if (MINI_CART_CHUNK.test(new URL(r.url()).pathname)) requests.push(r.url());
    });
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(requests, []);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await headerCount(page, '1 item');
    // The server's panel (an empty cart) is stale now: the cart's change brought the code.
    await page
      .locator('.header-cart [data-island="mini-cart"][data-live]')
      .waitFor({ state: 'attached' });
    assert.equal(requests.length, 1);

    await page.locator('.header-cart summary').click();
    const panel = page.locator('.header-cart__panel');
    const rows = panel.locator('.cw-mini-cart__item');
    assert.equal(await rows.count(), 1);
    assert.match(await rows.first().innerText(), new RegExp(product.name));
    assert.ok(
      await panel.getByRole('link', { name: `Remove ${product.name} from cart` }).isVisible(),
    );
    assert.equal(await panel.getByText('No products in the cart.').count(), 0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a remove clicked in the server’s panel while its code is on its way is done once, when the code arrives', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const adding = await context.newPage();
    await addFromShop(adding, s.baseUrl, product);
    await adding.close();

    const page = await context.newPage();
    const removals = [];
    page.on('request', (r) => {
      if (r.url().includes('wc-ajax=remove_from_cart')) removals.push(r);
    });
    const { requested, release } = await loadWithChunkHeld(
      page,
      MINI_CART_CHUNK,
      () => page.goto(`${s.baseUrl}/shop/`),
      { message: 'a page rendered with a cart does not load the panel’s code' },
    );

    // Opening the disclosure asks for the code (held here); the remove link is the server's.
    await page.locator('.header-cart summary').click();
    await requested;
    const island = page.locator('.header-cart [data-island="mini-cart"]');
    assert.equal(await island.getAttribute('data-live'), null);
    await page.getByRole('link', { name: `Remove ${product.name} from cart` }).click();
    assert.equal(page.url(), `${s.baseUrl}/shop/`, 'the click waits for the code, no page load');
    assert.equal(removals.length, 0);
    assert.equal((await cartOf(context, s.baseUrl)).items.length, 1);

    await release();
    await headerCount(page, '0 items');
    assert.equal(page.url(), `${s.baseUrl}/shop/`);
    assert.equal(removals.length, 1, 'removed once');
    // The count is optimistic: the store has the removal once it has answered.
    await removals[0].response();
    assert.equal((await cartOf(context, s.baseUrl)).items.length, 0);
    assert.equal(await island.getAttribute('data-live'), '');
    await page.getByText('No products in the cart.').waitFor();
    await context.close();
  });

  test('a quantity change with a stale nonce is refused once, then sent again by the client', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await addFromShop(page, s.baseUrl, product);
    // The cart page is rendered with a Store API nonce the store no longer takes, as a page left
    // open too long: the session's current nonce is replaced in the page's HTML.
    const current = (await context.request.get(`${s.baseUrl}/wp-json/wc/store/v1/cart`)).headers()
      .nonce;
    assert.match(current, /^[0-9a-f]{10}$/);
    await page.route(`${s.baseUrl}/cart/`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      assert.ok(html.includes(current), 'the page carries the session’s nonce');
      await route.fulfill({ response, body: html.replaceAll(current, 'stale00000') });
    });
    await page.goto(`${s.baseUrl}/cart/`);
    await hydrated(page);
    const sent = [];
    page.on('response', (response) => {
      if (response.url().includes('/cart/update-item')) sent.push(response.status());
    });
    const accepted = page.waitForResponse(
      (response) => response.url().includes('/cart/update-item') && response.status() === 200,
    );
    await page.getByLabel(`${product.name} quantity`).fill('3');
    await page.getByRole('button', { name: `Update ${product.name}` }).click();
    await accepted;
    // Refused (403, with the fresh nonce), then sent again by store-api-client: no error shown.
    assert.deepEqual(sent, [403, 200]);
    await headerCount(page, '3 items');
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).items.map((item) => [item.id, item.quantity]),
      [[product.id, 3]],
    );
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a cart line’s quantity form is an island: its code is not loaded with the cart; a quantity typed and updated while it is on its way is sent once, through the cart queue', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await addFromShop(page, s.baseUrl, product);
    const isQuantityChunk = (url) =>
      /\/assets\/(?:cart-quantity-form|QuantityInput)-[\w-]+\.js$/.test(url.pathname);
    const updates = [];
    const documents = [];
    page.on('request', (r) => {
      if (r.url().includes('/cart/update-item')) updates.push(r.url());
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    const { requested: asked, release } = await loadWithChunkHeld(
      page,
      (url) => /\/assets\/cart-quantity-form-[\w-]+\.js$/.test(url.pathname),
      () => page.goto(`${s.baseUrl}/cart/`),
      {
        also: isQuantityChunk,
        message: 'neither the form’s code nor QuantityInput loads with the cart',
      },
    );
    assert.equal(await page.locator('[data-island="cart-quantity"]').count(), 1);
    assert.equal(await page.locator('[data-island="cart-quantity"][data-live]').count(), 0);
    documents.length = 0;

    // The shopper types a quantity (the focus wakes the form) and presses Update while the
    // code is held on its way: nothing is sent yet, and nothing is posted natively.
    const quantity = page.getByLabel(`${product.name} quantity`);
    await quantity.fill('3');
    await asked;
    const updated = storeAnswer(page, '/cart/update-item');
    await page.getByRole('button', { name: `Update ${product.name}` }).click();
    assert.equal(await page.locator('[data-island="cart-quantity"][data-live]').count(), 0);
    assert.deepEqual(updates, []);
    await release();
    await headerCount(page, '3 items');
    await page.locator('[data-island="cart-quantity"][data-live]').waitFor();
    assert.equal(await quantity.inputValue(), '3');
    // The header's count is the queue's optimistic one: the request is counted once answered.
    await updated;
    assert.equal(updates.length, 1, 'sent once');
    assert.deepEqual(documents, [], 'through the cart queue, not a form post');
    assert.deepEqual(
      (await cartOf(context, s.baseUrl)).items.map((item) => [item.id, item.quantity]),
      [[product.id, 3]],
    );
    await expectNoAxeViolations(page);

    // Live now: a second change from the keyboard goes through at once.
    const updatedAgain = storeAnswer(page, '/cart/update-item');
    await quantity.fill('2');
    await quantity.press('Enter');
    await headerCount(page, '2 items');
    await updatedAgain;
    assert.equal(updates.length, 2);
    assert.deepEqual(documents, []);
    await context.close();
  });

  test('Enter in a cart line’s quantity field updates the line and leaves the focus in the field, which shows the new quantity', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await addFromShop(page, s.baseUrl, product);
    await page.goto(`${s.baseUrl}/cart/`);
    await hydrated(page);
    // From the keyboard: into the field (its focus wakes the form), a new quantity, Enter.
    const quantity = page.getByLabel(`${product.name} quantity`);
    await quantity.focus();
    await page.locator('[data-island="cart-quantity"][data-live]').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await headerCount(page, '3 items');
    // The line has re-rendered with the store's quantity (the header's count and the lines come
    // from the same cart), and the shopper is where they were.
    assert.equal(
      await quantity.evaluate((field) => field === document.activeElement),
      true,
      `the focus is still in the quantity field (not on ${await page.evaluate(() => document.activeElement?.tagName)})`,
    );
    assert.equal(await quantity.inputValue(), '3');
    await context.close();
  });

  test('a quantity field tabbed into while its code is on its way keeps its text selected: a digit typed once the code is in replaces it', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await addFromShop(page, s.baseUrl, product);
    const { requested: asked, release } = await loadWithChunkHeld(
      page,
      (url) => /\/assets\/cart-quantity-form-[\w-]+\.js$/.test(url.pathname),
      () => page.goto(`${s.baseUrl}/cart/`),
    );
    // Into the field from the keyboard: the browser selects its text, and the focus wakes the form.
    const quantity = page.getByLabel(`${product.name} quantity`);
    await quantity.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await asked;
    assert.equal(await page.evaluate(() => document.getSelection()?.toString()), '1');
    await release();
    await page.locator('[data-island="cart-quantity"][data-live]').waitFor();
    assert.equal(await page.evaluate(() => document.getSelection()?.toString()), '1');
    await page.keyboard.type('3');
    assert.equal(await quantity.inputValue(), '3', 'typed over the selected text, not after it');
    await context.close();
  });

  test('when the remove answer has no fragments, the browser follows the remove link', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await addFromShop(page, s.baseUrl, product);
    // The store answers the ajax removal with nothing useful: the link's own URL must do it.
    // (The client adds `_locale=user` to every URL it requests, wc-ajax ones too.)
    await page.route('**/?wc-ajax=remove_from_cart*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.locator('.header-cart summary').click();
    await page.getByRole('link', { name: `Remove ${product.name} from cart` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.ok(await page.getByText('Your cart is currently empty.').isVisible());
    await context.close();
  });
});
