// The cart between pages and tabs: no cart request on a page load when nothing changed,
// another tab catching up without a reload, the store's adjustments shown as warnings,
// and the session notices a no-JavaScript add leaves for the next page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cartOf,
  expectNoAxeViolations,
  headerCount,
  hydrated,
  purchasable,
  useStorefront,
  loadWithChunkHeld,
} from './harness.mjs';

const STORE_API = '/wp-json/wc/store/v1';

/** Every request the page sends that reads or changes the cart (or reloads page data). */
function recordCartRequests(page) {
  const seen = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.searchParams.has('wc-ajax') ||
      url.pathname.startsWith(`${STORE_API}/cart`) ||
      url.pathname.endsWith('.data')
    ) {
      // The REST client asks for the shopper's language (`_locale=user`) on every call, as
      // WordPress's api-fetch does: not part of what is compared here.
      url.searchParams.delete('_locale');
      seen.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });
  return seen;
}

/** Adds through the store's own wc-ajax endpoint, with the browser context's cookies. */
async function addWithCookies(context, baseUrl, productId, quantity = 1) {
  const response = await context.request.post(`${baseUrl}/?wc-ajax=add_to_cart`, {
    form: { product_id: String(productId), quantity: String(quantity) },
  });
  assert.equal(response.status(), 200);
  const body = await response.json();
  assert.ok(body.fragments, `the add of ${productId} × ${quantity} was refused`);
}

/** The cart's code (the real controller and wire client, the warnings' view). */
const CART_CHUNK = /\/assets\/page-cart-[\w-]+\.js$/;

/** Records each request for the cart's code. */
function recordCartChunks(page) {
  const seen = [];
  page.on('request', (r) => CART_CHUNK.test(new URL(r.url()).pathname) && seen.push(r.url()));
  return seen;
}

/** This tab's stored cart hash and the browser's cookie, as the page sees them. */
const hashes = (page) =>
  page.evaluate(() => ({
    session: sessionStorage.getItem('wc_cart_hash'),
    local: localStorage.getItem('wc_cart_hash'),
    cookie: /(?:^|; )woocommerce_cart_hash=([^;]*)/.exec(document.cookie)?.[1] ?? '',
  }));

/** `promise`, or a failure naming `what` after 10 s (as `headerCount` waits). */
async function within(promise, what) {
  let timer;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not within 10 s`)), 10_000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('cart sync with redirect-after-add "no"', () => {
  const s = useStorefront({ CART_REDIRECT_AFTER_ADD: 'no' });

  test('a page load sends no cart request when the cart cookies show nothing changed', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    await addWithCookies(context, s.baseUrl, product.id, 2);
    const page = await context.newPage();
    const requests = recordCartRequests(page);
    for (const path of ['/shop/', `/product/${product.slug}/`, '/shop/']) {
      await page.goto(`${s.baseUrl}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      // Rendered on the server from the session: the header already shows the cart.
      assert.equal(await page.locator('.header-cart__count').innerText(), '2 items');
    }
    assert.deepEqual(requests, []);
    await context.close();
  });

  test('an add in one tab updates the other tab’s mini-cart without a reload', async () => {
    const [first, second] = await purchasable(s.baseUrl, 2);
    const context = await s.browser.newContext();
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    await tabB.goto(`${s.baseUrl}/product/${second.slug}/`);
    await hydrated(tabB);
    await tabA.goto(`${s.baseUrl}/shop/`);
    await hydrated(tabA);
    const bRequests = recordCartRequests(tabB);

    await tabA.getByRole('button', { name: `Add to cart: “${first.name}”` }).click();
    await headerCount(tabA, '1 item');
    await headerCount(tabB, '1 item');
    await tabB.locator('.header-cart summary').click();
    await tabB.getByRole('link', { name: `Remove ${first.name} from cart` }).waitFor();
    // Tab B read the cart once (the Store API), and reloaded no page data.
    assert.deepEqual(bRequests, [`GET ${STORE_API}/cart`]);

    // And back: a removal in tab B reaches tab A.
    await tabB.getByRole('link', { name: `Remove ${first.name} from cart` }).click();
    await headerCount(tabB, '0 items');
    await headerCount(tabA, '0 items');
    await context.close();
  });

  test('another tab’s add reaches a tab that has not loaded the cart’s code: it loads it then, and shows the add once it arrives', async () => {
    const [first] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    const {
      requested,
      release,
      requests: bChunks,
    } = await loadWithChunkHeld(tabB, CART_CHUNK, () => tabB.goto(`${s.baseUrl}/shop/`), {
      message: 'a page load without a cart change loads no cart code',
    });
    assert.deepEqual(await hashes(tabB), { session: '', local: '', cookie: '' });

    await tabA.goto(`${s.baseUrl}/shop/`);
    await hydrated(tabA);
    await tabA.getByRole('button', { name: `Add to cart: “${first.name}”` }).click();
    await headerCount(tabA, '1 item');
    // Tab B's listener heard tab A's stored hash and asked for the cart's code (held here).
    await within(requested, 'tab B asks for the cart code');
    assert.equal(await tabB.locator('.header-cart__count').innerText(), '0 items');
    await release();
    await headerCount(tabB, '1 item');
    assert.equal(bChunks.length, 1);
    const { session, local, cookie } = await hashes(tabB);
    assert.notEqual(cookie, '');
    assert.deepEqual({ session, local }, { session: cookie, local: cookie });
    await context.close();
  });

  test('a cart line’s quantity form the page had not woken shows the quantity another tab set', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    await tabA.goto(`${s.baseUrl}/shop/`);
    await hydrated(tabA);
    const add = tabA.getByRole('button', { name: `Add to cart: “${product.name}”` });
    await add.click();
    await headerCount(tabA, '1 item');
    await tabB.goto(`${s.baseUrl}/cart/`);
    await hydrated(tabB);
    const island = tabB.locator('[data-island="cart-quantity"]');
    assert.equal(await island.locator('input[name="quantity"]').inputValue(), '1');
    assert.equal(await tabB.locator('[data-island="cart-quantity"][data-live]').count(), 0);

    // The same product added again in tab A: tab B's line is 2 now, and its form wakes to show it.
    await add.click();
    await headerCount(tabA, '2 items');
    await headerCount(tabB, '2 items');
    await tabB.locator('[data-island="cart-quantity"][data-live]').waitFor();
    assert.equal(
      await tabB.getByLabel(`${product.name} quantity`).inputValue(),
      '2',
      'the live field shows the cart’s quantity',
    );
    await context.close();
  });

  test('a page restored from the back/forward cache after the cart changed elsewhere loads the cart’s code and shows the new cart', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const { requested, release } = await loadWithChunkHeld(page, CART_CHUNK, () =>
      page.goto(`${s.baseUrl}/shop/`),
    );
    // The cart changes while the page is away (another page of the session adds), then the
    // browser shows the page again from its back/forward cache: a persisted pageshow.
    await addWithCookies(context, s.baseUrl, product.id, 3);
    await page.evaluate(() =>
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })),
    );
    await within(requested, 'the restored page asks for the cart code');
    assert.equal(await page.locator('.header-cart__count').innerText(), '0 items');
    await release();
    await headerCount(page, '3 items');
    const { session, local, cookie } = await hashes(page);
    assert.notEqual(cookie, '');
    assert.deepEqual({ session, local }, { session: cookie, local: cookie });
    await context.close();
  });

  test('a line the store lowered to the stock is shown and announced as a warning', async () => {
    const products = await purchasable(s.baseUrl, 16);
    const scarce = products.find((p) => p.add_to_cart.maximum >= 4 && p.add_to_cart.maximum <= 10);
    const other = products.find((p) => p.id !== scarce?.id && p.add_to_cart.maximum >= 5);
    assert.ok(scarce && other, 'the demo shop has a product with little stock');
    const stock = scarce.add_to_cart.maximum;

    const context = await s.browser.newContext();
    await addWithCookies(context, s.baseUrl, scarce.id, stock);
    await addWithCookies(context, s.baseUrl, other.id, 1);
    // The warnings' live region is in the server's markup, empty, so what is added is announced.
    const html = await (await context.request.get(`${s.baseUrl}/cart/`)).text();
    assert.match(html, /<div class="cart-warnings" role="status" aria-live="polite"><\/div>/);
    const page = await context.newPage();
    const chunks = recordCartChunks(page);
    await page.goto(`${s.baseUrl}/cart/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(chunks, [], 'the warnings’ view and texts come with the cart’s code');
    const scarceRow = page.getByRole('row', { name: new RegExp(scarce.name) });
    assert.equal(await scarceRow.getByRole('spinbutton').inputValue(), String(stock));

    // Another shopper buys all but two of them.
    const buyer = await s.browser.newContext();
    let nonce;
    /** A Store API write; the first one without a nonce is answered 401 with one: again with it. */
    const api = async (path, data) => {
      const send = () =>
        buyer.request.post(`${s.baseUrl}${STORE_API}/${path}`, {
          data,
          headers: nonce ? { Nonce: nonce } : {},
        });
      let response = await send();
      if (response.status() === 401 && response.headers().nonce) {
        nonce = response.headers().nonce;
        response = await send();
      }
      nonce = response.headers().nonce ?? nonce;
      return response;
    };
    assert.equal(
      (await api('cart/add-item', { id: scarce.id, quantity: stock - 2 })).status(),
      201,
    );
    const order = await api('checkout', {
      billing_address: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        address_1: '14 Baker Street',
        city: 'London',
        postcode: 'NW1 6XE',
        country: 'GB',
        email: 'ada@example.com',
      },
      shipping_address: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        address_1: '14 Baker Street',
        city: 'London',
        postcode: 'NW1 6XE',
        country: 'GB',
      },
      payment_method: 'cheque',
    });
    assert.equal(order.status(), 200, await order.text());
    await buyer.close();

    // This shopper changes the other line: the answer carries the lowered one.
    await page.getByLabel(`${other.name} quantity`).fill('2');
    await page.getByRole('button', { name: `Update ${other.name}` }).click();
    const warning = page.locator('.cart-warnings[role="status"]', {
      hasText: `Your cart now holds 2 of “${scarce.name}”, not ${stock}`,
    });
    await warning.waitFor({ timeout: 10_000 });
    assert.equal(chunks.length, 1, 'loaded once, with the change');
    assert.equal(await scarceRow.getByRole('spinbutton').inputValue(), '2');
    assert.equal(page.url(), `${s.baseUrl}/cart/`);
    await expectNoAxeViolations(page);
    const cart = await cartOf(context, s.baseUrl);
    assert.deepEqual(
      cart.items.map((item) => [item.id, item.quantity]),
      [
        [scarce.id, 2],
        [other.id, 2],
      ],
    );
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await warning.waitFor({ state: 'detached' });
    await context.close();
  });

  test('without JavaScript, an add shows the store’s notice on the next page, once', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    // The store adds, then sends the shopper back to /shop/, which shows the notice.
    const notice = page.locator('.woocommerce-message[role="status"]');
    await notice.waitFor();
    assert.equal(page.url(), `${s.baseUrl}/shop/`);
    assert.equal(
      await notice.innerText(),
      `“${product.name}” has been added to your cart. View cart`,
    );
    assert.equal(
      await notice.getByRole('link', { name: 'View cart' }).getAttribute('href'),
      '/cart/',
    );
    await page.reload();
    assert.equal(await page.locator('.woocommerce-message').count(), 0);
    await context.close();
  });

  test('with JavaScript, the store’s error notice on a page takes focus 500 ms after the page loads and is scrolled to (spec §4)', async () => {
    const res = await fetch(`${s.baseUrl}${STORE_API}/products?per_page=100`);
    const soldOut = (await res.json()).find((p) => !p.is_in_stock);
    assert.ok(soldOut, 'the demo shop has a product out of stock');
    const context = await s.browser.newContext();
    // When an alert takes focus, timed from the start of the page's navigation.
    await context.addInitScript(() => {
      document.addEventListener('focusin', (event) => {
        if (event.target.getAttribute?.('role') === 'alert')
          window.__alertFocusedAt ??= performance.now();
      });
    });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/?add-to-cart=${soldOut.id}`);
    await page.waitForURL(`${s.baseUrl}/shop/`);
    const alert = page.locator('.woocommerce-error[role="alert"]');
    assert.equal(
      await alert.innerText(),
      `You cannot add "${soldOut.name}" to the cart because the product is out of stock.`,
    );
    await page.waitForFunction(
      () => document.activeElement?.matches('.woocommerce-error[role="alert"]') === true,
    );
    const { focusedAt, loaded } = await page.evaluate(() => ({
      focusedAt: window.__alertFocusedAt,
      loaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    }));
    assert.ok(focusedAt - loaded >= 500, `focused ${Math.round(focusedAt - loaded)} ms after load`);
    await page.waitForFunction(() => {
      const notice = document.querySelector('.woocommerce-error[role="alert"]');
      const target = Math.max(0, notice.getBoundingClientRect().top + window.scrollY - 100);
      return Math.abs(window.scrollY - target) <= 1;
    });
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('without JavaScript, a refused add shows the store’s error as an alert', async () => {
    const res = await fetch(`${s.baseUrl}${STORE_API}/products?per_page=100`);
    const soldOut = (await res.json()).find((p) => !p.is_in_stock);
    assert.ok(soldOut, 'the demo shop has a product out of stock');
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/?add-to-cart=${soldOut.id}`);
    await page.waitForURL(`${s.baseUrl}/shop/`);
    const alert = page.locator('.woocommerce-error[role="alert"]');
    assert.equal(
      await alert.innerText(),
      `You cannot add "${soldOut.name}" to the cart because the product is out of stock.`,
    );
    await context.close();
  });
});
