import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  firstRender,
  holdRequest,
  hydrated,
  purchasable,
  useStorefront,
  watchFirstRender,
} from './harness.mjs';

/**
 * A page the router still hydrates, with the header's links: the lost-password form (the shop,
 * search results, cart, category and product pages are island pages, decisions 0083 and 0084).
 */
const ROUTER_PAGE = '/my-account/lost-password/';

describe('islands that follow client-side navigations (decision 0074)', () => {
  const state = useStorefront();

  // The listing tests of decision 0074 (a next page's add-to-cart forms loading beside its data;
  // a sorted listing's dormant page links dropped) began on /shop/, the one listing with a second
  // page in the demo store. /shop/ is an island page now (decision 0083): its page links and its
  // sort are page loads, the server renders each page whole, and nothing is followed. They were
  // retired with it, as decision 0082 planned for each route that moves.

  /** A browser context whose cart holds one item (added as a theme's wc-ajax call adds it). */
  async function contextWithCart() {
    const [product] = await purchasable(state.baseUrl, 1);
    const context = await state.browser.newContext();
    const added = await context.request.post(`${state.baseUrl}/?wc-ajax=add_to_cart`, {
      form: { product_id: String(product.id), quantity: '1' },
    });
    assert.equal(added.status(), 200);
    return context;
  }

  /**
   * The cart page rendered by the router: /cart/ is an island page (decision 0084), so the way
   * there through the router starts on a page the router hydrates (ROUTER_PAGE).
   */
  async function cartThroughRouter(page) {
    await page.goto(`${state.baseUrl}${ROUTER_PAGE}`);
    await hydrated(page);
    await page.evaluate(() => (window.__samePage = true));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Cart' })
      .click();
    await page.waitForURL(/\/cart\/$/);
    await page.locator('main .cart-table').waitFor();
    assert.equal(await page.evaluate(() => window.__samePage), true, 'through the router');
    await page.waitForLoadState('networkidle');
  }

  test("the checkout's modules load side by side when the router goes there, not one import after another (decision 0075)", async () => {
    const context = await contextWithCart();
    const page = await context.newPage();
    await cartThroughRouter(page);
    // What the page's manifest says the checkout route is made of, and what the page has not
    // loaded yet (the modules the cart page shares with it are in already).
    const { module, imports } = await page.evaluate(
      () => window.__reactRouterManifest.routes['routes/checkout'],
    );
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    const missing = imports.filter((href) => !loaded.includes(href));
    assert.ok(missing.length >= 2, `the checkout has modules of its own (${missing})`);
    // The route's own module is held: without a preload, its imports are found only once it
    // has arrived.
    const held = holdRequest(page, (url) => url.pathname === module);
    const asked = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (missing.includes(pathname)) asked.push(pathname);
    });
    const navigated = page.waitForURL(/\/checkout\/$/);
    navigated.catch(() => {});
    await page.evaluate(() => (window.__samePage = true));
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await held.requested;
    await page.waitForFunction(
      (count) =>
        performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'link')
          .length >= count,
      missing.length,
      { timeout: 5000 },
    );
    assert.deepEqual([...asked].sort(), [...missing].sort(), 'every module asked for at once');
    await held.release();
    await navigated;
    assert.equal(await page.evaluate(() => window.__samePage), true, 'through the router');
    await page.getByRole('heading', { name: 'Billing details' }).waitFor();
    await context.close();
  });

  test("the cart page, reached again through the router, shows its quantity forms with its lines: their code loads beside the page's data (decision 0075)", async () => {
    const context = await contextWithCart();
    const page = await context.newPage();
    const quantityCode = /\/assets\/cart-quantity-form-[\w-]+\.js$/;
    const asked = [];
    let firstAsked;
    const quantityAsked = new Promise((resolve) => (firstAsked = resolve));
    page.on('request', (request) => {
      if (!quantityCode.test(new URL(request.url()).pathname)) return;
      asked.push(request.url());
      firstAsked(request.url());
    });
    // The cart page from the server (an island page, decision 0084): its quantity forms stay
    // dormant (no code).
    await page.goto(`${state.baseUrl}/cart/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(asked, [], 'no quantity code with the page');
    // A page the router hydrates: from there the cart is the router's.
    await page.goto(`${state.baseUrl}${ROUTER_PAGE}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => (window.__samePage = true));

    await watchFirstRender(page, {
      ready: 'main .cart-table',
      islands: 'main [data-island="cart-quantity"]',
    });
    const data = holdRequest(page, /\/cart\/_\.data/);
    const navigated = page.waitForURL(/\/cart\/$/);
    navigated.catch(() => {});
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Cart' })
      .click();
    await data.requested;
    // The quantity forms' code is asked for while the data is on its way.
    const chunk = await Promise.race([
      quantityAsked,
      new Promise((resolve) => setTimeout(resolve, 5000, null)),
    ]);
    assert.ok(chunk, 'the quantity code was asked for while the data was held');
    await page.evaluate((url) => import(url).then(() => undefined), chunk);
    await data.release();
    await navigated;
    const first = await firstRender(page);
    assert.equal(await page.evaluate(() => window.__samePage), true, 'through the router');
    assert.equal(asked.length, 1, 'asked for once');
    assert.equal(first.islands.length, 1, 'the line has its quantity form');
    assert.equal(first.empty, 0, 'it did not render empty, waiting for its code');
    await context.close();
  });

  test('the checkout, first reached through the router, shows with its address fields: the navigation waits for their code as for its data (decision 0075)', async () => {
    const context = await contextWithCart();
    const page = await context.newPage();
    // React reports an error it recovered from (a render redone synchronously) as a page error.
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await cartThroughRouter(page);
    await watchFirstRender(page, { ready: 'main form.checkout' });
    // The address fields' code is held: the page's data and modules come, the page waits.
    const fields = holdRequest(page, /\/assets\/checkout-islands-[\w-]+\.js$/);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await fields.requested;
    await page.waitForTimeout(500);
    // (React Router has pushed the new URL already; React has not rendered the page.)
    assert.equal(
      await page.locator('main .cart-table').count(),
      1,
      'the cart stays while the fields’ code is out',
    );
    assert.equal(await page.evaluate(() => window.__firstRender), undefined);
    await fields.release();
    await page.waitForURL(/\/checkout\/$/);
    const first = await firstRender(page);
    assert.ok(first.islands.includes('address-fields'), `the address fields (${first.islands})`);
    assert.equal(first.empty, 0, `no island rendered empty (${first.islands})`);
    // The waiting render was redone from its hooks without error.
    await page.getByRole('heading', { name: 'Billing details' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('the focus after a client-side navigation (decision 0076)', () => {
  const state = useStorefront();

  /** What has the focus: its tag and text, and whether it is the page's `main` heading. */
  const focused = (page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      return {
        tag: active?.tagName ?? null,
        text: active?.textContent?.trim() ?? '',
        isHeading: active === document.querySelector('main h1'),
        tabIndex: active?.tabIndex ?? null,
      };
    });

  /** Waits until the focus is on the page's heading (or fails, saying where it is). */
  async function headingFocused(page, text) {
    await page
      .waitForFunction(
        (expected) =>
          document.activeElement === document.querySelector('main h1') &&
          document.activeElement.textContent.trim() === expected,
        text,
        { timeout: 5000 },
      )
      .catch(async () => {
        assert.fail(`the heading "${text}" has the focus: ${JSON.stringify(await focused(page))}`);
      });
  }

  test("a link followed from the keyboard puts the focus on the new page's heading; a sort keeps it on the select", async () => {
    const context = await state.browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // From a page the router hydrates (ROUTER_PAGE: the listings, /cart/, the category and
    // product pages are island pages, decisions 0083 and 0084; reached by a page load they have
    // no router, reached through the router they render in it).
    await page.goto(`${state.baseUrl}${ROUTER_PAGE}`);
    await hydrated(page);
    await page.evaluate(() => {
      window.__samePage = true;
    });

    // The header's link stays on the page: the focus used to stay on it, and nothing said the
    // page had changed.
    await page.locator('header nav a[href="/shop/"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/shop\/$/);
    await headingFocused(page, 'Shop');
    const onShop = await focused(page);
    assert.equal(onShop.tabIndex, -1, 'the heading takes the focus from script only');

    // The page link goes with the page it was on: the focus used to fall to the body.
    await page.getByRole('link', { name: /^Page 2$/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/shop\/page\/2\/$/);
    await headingFocused(page, 'Shop');
    // The next Tab goes on from the heading, into the page's content (not back to the header).
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.querySelector('main').contains(document.activeElement)),
      true,
      'Tab from the heading stays in main',
    );

    // A sort from page 2 goes to another path (/shop/?orderby=…): its select keeps the focus.
    const select = page.locator('select[name="orderby"]');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(/\/shop\/\?orderby=/);
    await page.locator('.woocommerce-result-count', { hasText: '1' }).waitFor();
    await page.waitForTimeout(300);
    const afterSort = await focused(page);
    assert.equal(afterSort.tag, 'SELECT', `the sort select keeps the focus (${afterSort.tag})`);
    // And back to the cart: its heading.
    await page.locator('header nav a[href="/cart/"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/cart\/$/);
    await headingFocused(page, 'Cart');
    assert.equal(await page.evaluate(() => window.__samePage), true, 'all through the router');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a page that comes with a notice starts the focus on the notice, above the heading', async () => {
    const [product] = (await purchasable(state.baseUrl, 16)).filter((p) => p.type === 'simple');
    const context = await state.browser.newContext();
    const page = await context.newPage();
    // From a page the router hydrates (the listings and product pages, where the adds are, are
    // island pages, decisions 0083 and 0084: an add's redirect there is a page load).
    await page.goto(`${state.baseUrl}${ROUTER_PAGE}`);
    await hydrated(page);
    await page.evaluate(() => (window.__samePage = true));
    // An add as a theme's plain link makes it (`?add-to-cart=`), its redirect not followed: the
    // store keeps the notice for the next page the shopper sees.
    const added = await context.request.get(`${state.baseUrl}/?add-to-cart=${product.id}`, {
      maxRedirects: 0,
    });
    assert.equal(added.status(), 302, 'the store sends the shopper to the cart');
    // From the keyboard: the header's cart link goes there through the router, with the notice.
    await page.locator('header nav a[href="/cart/"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/cart\/$/);
    await page
      .waitForFunction(() => document.activeElement?.matches('#main .notice') === true, undefined, {
        timeout: 5000,
      })
      .catch(async () =>
        assert.fail(`a notice has the focus: ${JSON.stringify(await focused(page))}`),
      );
    const notice = await focused(page);
    assert.match(notice.text, /has been added to your cart/);
    assert.equal(notice.tabIndex, -1);
    assert.equal(await page.evaluate(() => window.__samePage), true, 'through the router');
    await context.close();
  });
});

describe('pages fetched ahead of a click (speculation rules, decision 0082)', () => {
  const state = useStorefront();

  test("a product card the pointer rests on has its page prefetched, and the click shows that page from the prefetch; the router's links are not fetched ahead", async () => {
    const context = await state.browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const prefetched = [];
    cdp.on('Preload.prefetchStatusUpdated', (event) => {
      if (event.status === 'Ready') prefetched.push(new URL(event.prefetchUrl).pathname);
    });
    await cdp.send('Preload.enable');
    await page.goto(`${state.baseUrl}/shop/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // The router's links and the search form are under the pointer first: nothing is fetched.
    await page.locator('header nav a[href="/cart/"]').hover();
    await page.locator('header nav a[href="/my-account/"]').hover();
    await page.waitForTimeout(600);
    assert.deepEqual(prefetched, [], "no router link's page is fetched ahead");

    const card = page.locator('main a.cw-product-card__link').first();
    const href = await card.getAttribute('href');
    await card.hover();
    const started = Date.now();
    while (prefetched.length === 0 && Date.now() - started < 5000) await page.waitForTimeout(50);
    assert.deepEqual(prefetched, [href], 'the card under the pointer has its page prefetched');

    await card.click();
    await page.waitForURL(`${state.baseUrl}${href}`);
    await page.locator('main h1').waitFor();
    assert.equal(
      await page.evaluate(() => performance.getEntriesByType('navigation')[0].deliveryType),
      'navigational-prefetch',
      'the product page came from its prefetch',
    );
    await context.close();
  });
});
