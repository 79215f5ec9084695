// Consent, order attribution and store analytics in Chromium against the real store, recording
// the network and the cookies (issue #7 "Done when").
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import {
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  purchasable,
  screenshot,
  startStorefront,
  tempDataDir,
} from './harness.mjs';

const TRACK = '/wp-json/woocommerce-analytics/v1/track';

const started = Date.now();
/** Progress on stderr with E2E_DEBUG set (where the time goes on a busy machine). */
const step = (what) => {
  if (process.env.E2E_DEBUG)
    process.stderr.write(`[privacy e2e +${Date.now() - started} ms] ${what}\n`);
};

const ADDRESS = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  // In the store's base state (California, the checkout's default): the state is preselected.
  billing_address_1: '1 Market Street',
  billing_city: 'San Francisco',
  billing_postcode: '94105',
  billing_email: 'ada@example.com',
};

/** Every analytics request a browser context makes, and every main-frame document load. */
function record(context) {
  const seen = { track: [], documents: 0 };
  context.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(TRACK)) seen.track.push(request);
    if (request.isNavigationRequest() && request.resourceType() === 'document') seen.documents++;
  });
  return seen;
}

const sbjsCookies = async (context) =>
  (await context.cookies()).filter((cookie) => cookie.name.startsWith('sbjs_'));

const banner = (page) => page.getByRole('region', { name: 'Cookies and privacy' });

/**
 * Waits for the attribution cookies a grant of marketing stores: the tracker is a lazy chunk
 * loaded with the grant (decision 0055), so they are written a moment after the click.
 */
const attributionStored = (page) =>
  page.waitForFunction(() => /(^|;\s*)sbjs_current=/.test(document.cookie), undefined, {
    timeout: 10_000,
  });

/** The page's lazy privacy chunks (lib/privacy-attribution, lib/privacy-analytics) it requested. */
function privacyChunks(context) {
  const seen = [];
  context.on('request', (request) => {
    const match = /\/assets\/(privacy-attribution|privacy-analytics)-[^/]+\.js$/.exec(
      new URL(request.url()).pathname,
    );
    if (match) seen.push(match[1]);
  });
  return seen;
}

/** Adds the first product on the shop page, then places the order with a cheque. */
async function buy(page, baseUrl, product) {
  await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
  await page.waitForURL(`${baseUrl}/cart/`);
  // The add's redirect from the island page /shop/ is a page load (decision 0083): the cart page
  // hydrates before the next click, as a shopper's would have by then.
  await hydrated(page);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.waitForURL(`${baseUrl}/checkout/`);
  await hydrated(page);
  for (const [id, value] of Object.entries(ADDRESS)) await page.locator(`#${id}`).fill(value);
  await page.locator('#payment_method_cheque').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  return Number(/order-received\/(\d+)\//.exec(page.url())[1]);
}

describe('consent, attribution and analytics on every page', () => {
  const s = {};
  let dataDir;
  let shop;
  before(async () => {
    dataDir = await tempDataDir();
    shop = startStorefront({ dataDir });
    [s.baseUrl, s.browser] = await Promise.all([shop.url, launchBrowser()]);
    step('storefront started');
  });
  after(async () => {
    await s.browser?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The administrator the store printed once on first start. */
  function administrator() {
    const match = /created the administrator "([^"]+)" with the password (\S+)/.exec(shop.output);
    assert.ok(match, 'the store printed its administrator');
    return { login: match[1], password: match[2] };
  }

  /** An order's (or, with `resource` 'customers', a customer's) attribution as the shop reads it. */
  async function attributionOf(orderId, resource = 'orders') {
    const context = await s.browser.newContext();
    const { login, password } = administrator();
    const loggedIn = await context.request.post(`${s.baseUrl}/wp-login.php`, {
      form: { log: login, pwd: password },
      maxRedirects: 0,
    });
    assert.equal(loggedIn.status(), 302);
    const nonce = await (
      await context.request.get(`${s.baseUrl}/wp-admin/admin-ajax.php?action=rest-nonce`)
    ).text();
    const response = await context.request.get(
      `${s.baseUrl}/wp-json/cartwright/v1/${resource}/${orderId}/attribution`,
      { headers: { 'X-WP-Nonce': nonce } },
    );
    assert.equal(response.status(), 200);
    const body = await response.json();
    await context.close();
    return body;
  }

  test('with no choice made, ten page views, an add to cart and a checkout send no analytics and set no sbjs cookie; granting statistics then starts analytics without a reload', async () => {
    const [first, second] = await purchasable(s.baseUrl, 2);
    const context = await s.browser.newContext();
    const seen = record(context);
    const page = await context.newPage();

    // Ten page views: five full loads and five client-side navigations.
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    await banner(page).waitFor();
    step('banner shown');
    await expectNoAxeViolations(page);
    step('axe done');
    await screenshot(page, 'consent-banner');
    await page.goto(`${s.baseUrl}/product/${first.slug}/`);
    await page.goto(`${s.baseUrl}/product/${second.slug}/`);
    await page.goto(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/shop/?orderby=price`);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Cart', 'Shop', 'Cart', 'Shop', 'Cart']) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${s.baseUrl}/${name.toLowerCase()}/`);
    }
    await page.goto(`${s.baseUrl}/shop/`);
    await hydrated(page);
    assert.equal(await banner(page).isVisible(), true);

    step('ten page views done');
    const orderId = await buy(page, s.baseUrl, first);
    step('bought');
    assert.deepEqual(
      seen.track.map((request) => request.url()),
      [],
    );
    assert.deepEqual(await sbjsCookies(context), []);
    // Nothing of the kind was stored for the shop either.
    assert.deepEqual((await attributionOf(orderId)).meta_data, []);

    // Grant statistics only, on the order-received page: analytics start, no reload.
    const documentsBefore = seen.documents;
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    await banner(page).getByRole('checkbox', { name: 'Statistics', exact: true }).check();
    // Through the page's REST client (store-api-client adds `_locale=user`, as api-fetch does).
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === TRACK);
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    const response = await sent;
    step('analytics sent');
    assert.equal(seen.documents, documentsBefore, 'granting consent did not reload the page');
    assert.equal(response.status(), 200);
    const events = response.request().postDataJSON();
    assert.ok(events.length > 0);
    assert.ok(events.every((event) => event.event_name === 'page_view'));
    const last = events.at(-1).properties;
    assert.match(last.url, /\/checkout\/order-received\/\d+\//);
    assert.equal(last.isCart, false);
    assert.equal(last.isAccountPage, false);
    // Spec §3: all eleven common properties, with the store's values for a guest (a page view's
    // own `url`, checked above, is the page's and overrides the common one, the site's).
    const { store_id: storeId, ...common } = last;
    assert.match(storeId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.deepEqual(common, {
      ...common,
      blog_id: 1,
      ui: 0,
      woo_version: '10.2.4',
      wp_version: '6.8.8',
      store_admin: 0,
      device: 'desktop',
      store_currency: 'USD',
      timezone: '+00:00',
      is_guest: 1,
    });
    // The store records them now: the adapter wrote wp_consent_statistics=allow, which the
    // track route reads (a request from this browser's cookies is recorded, not skipped).
    const direct = await context.request.post(`${s.baseUrl}${TRACK}`, { data: [events[0]] });
    assert.deepEqual(await direct.json(), { success: true, results: [{ success: true }] });
    // The shopper chose no marketing: still no attribution cookie, and no banner.
    assert.deepEqual(await sbjsCookies(context), []);
    assert.equal(await banner(page).count(), 0);

    // The choice is remembered: the next page is served without the banner.
    const html = await (await context.request.get(`${s.baseUrl}/shop/`)).text();
    assert.doesNotMatch(html, /class="cw-consent-banner"/);
    // …while a visitor who has not chosen gets it in the first HTML (nothing pops in later).
    const fresh = await (await fetch(`${s.baseUrl}/shop/`)).text();
    assert.match(fresh, /<section[^>]*class="cw-consent-banner"/);
    await context.close();
  });

  test('a shopper who registers is no longer counted as a guest: later events carry their id', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const seen = record(context);
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    // The shopper stays until the landing's batch has gone (a second after its last event): the
    // registration below is a form post, a page load (an island page, decision 0083).
    const landed = page.waitForResponse((response) => response.url().includes(TRACK));
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await landed;
    const register = page.locator('form.woocommerce-form-register');
    await register.getByLabel('Email address').fill('analytics-reader@example.com');
    await register.locator('#reg_password').fill('Tr0ub4dor&3-horse-battery');
    await register.getByRole('button', { name: 'Register' }).click();
    await page.getByText('From your account dashboard').waitFor();
    // A page view after the login, sent with a later batch: the batch that carries it (the
    // landing's view may go alone first, a second after the analytics chunk arrived).
    const sent = page.waitForResponse(
      (response) =>
        response.url().includes(TRACK) &&
        response
          .request()
          .postDataJSON()
          .some((event) => new URL(event.properties.url).pathname === '/shop/'),
    );
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Shop' })
      .click();
    await page.waitForURL(`${s.baseUrl}/shop/`);
    await sent;
    const views = seen.track
      .flatMap((request) => request.postDataJSON())
      .filter((event) => event.event_name === 'page_view')
      .map((event) => event.properties);
    const before = views.find((props) => new URL(props.url).pathname === '/my-account/');
    const after = views.find((props) => new URL(props.url).pathname === '/shop/');
    assert.ok(before && after, JSON.stringify(views.map((props) => props.url)));
    assert.deepEqual([before.is_guest, before.ui], [1, 0]);
    assert.equal(after.is_guest, 0);
    assert.equal(after.store_admin, 0);
    assert.ok(Number.isInteger(after.ui) && after.ui > 0, `ui ${after.ui}`);
    await context.close();
  });

  test('landing on a campaign URL and accepting on that page stores utm / news on the order, as the shop reads it', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/?utm_source=news&utm_medium=email`);
    await hydrated(page);
    assert.deepEqual(await sbjsCookies(context), [], 'nothing is stored before the choice');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await attributionStored(page);
    const current = (await sbjsCookies(context)).find((cookie) => cookie.name === 'sbjs_current');
    assert.ok(current, 'sbjs_current is set once consent is given');
    assert.match(decodeURIComponent(current.value), /typ=utm\|\|\|src=news\|\|\|mdm=email/);

    step('accepted on the landing page');
    const orderId = await buy(page, s.baseUrl, product);
    step('bought');
    const attribution = await attributionOf(orderId);
    assert.equal(attribution.source_type, 'utm');
    assert.equal(attribution.origin, 'Source: News');
    const meta = Object.fromEntries(attribution.meta_data.map(({ key, value }) => [key, value]));
    assert.equal(meta._wc_order_attribution_utm_source, 'news');
    assert.equal(meta._wc_order_attribution_utm_medium, 'email');
    assert.match(meta._wc_order_attribution_session_entry, /utm_source=news/);
    assert.match(meta._wc_order_attribution_session_start_time, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.equal(meta._wc_order_attribution_utm_campaign, undefined, '(none) is not stored');

    // The shopper cannot read it.
    const own = await context.request.get(
      `${s.baseUrl}/wp-json/cartwright/v1/orders/${orderId}/attribution`,
    );
    assert.equal(own.status(), 401);
    await context.close();
  });

  test('registering after accepting on a campaign landing page stores the campaign on the new customer', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(
      `${s.baseUrl}/shop/?utm_source=autumn-mail&utm_medium=email&utm_campaign=autumn`,
    );
    await hydrated(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    const register = page.locator('form.woocommerce-form-register');
    await register.getByLabel('Email address').fill('autumn@example.com');
    // /my-account/ is an island page (decision 0083): the form is the live one once the shopper
    // has come to it, and it carries the attribution inputs.
    await page.locator('[data-island="account-register"][data-live]').waitFor();
    assert.equal(
      await register.locator('input[name="wc_order_attribution_utm_source"]').inputValue(),
      'autumn-mail',
      'the register form carries the attribution inputs',
    );
    await register.locator('#reg_password').fill('Correct-Horse-Battery-9');
    await register.getByRole('button', { name: 'Register' }).click();
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Log out' })
      .waitFor();
    const account = await (
      await context.request.get(`${s.baseUrl}/wp-json/cartwright/v1/account`)
    ).json();
    assert.equal(account.logged_in, true);
    const attribution = await attributionOf(account.id, 'customers');
    assert.equal(attribution.customer_id, account.id);
    assert.equal(attribution.origin, 'Source: Autumn-mail');
    const meta = Object.fromEntries(attribution.meta_data.map(({ key, value }) => [key, value]));
    assert.equal(meta._wc_order_attribution_source_type, 'utm');
    assert.equal(meta._wc_order_attribution_utm_campaign, 'autumn');
    assert.match(meta._wc_order_attribution_session_entry, /utm_source=autumn-mail/);
    assert.equal(meta._wc_order_attribution_session_pages, '2');
    await context.close();
  });

  test('without JavaScript the banner is hidden, nothing tracks and the order carries no attribution', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const seen = record(context);
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${product.slug}/?utm_source=news&utm_medium=email`);
    assert.equal(await banner(page).isVisible(), false);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/checkout/`);
    for (const [id, value] of Object.entries(ADDRESS)) await page.locator(`#${id}`).fill(value);
    await page.locator('#payment_method_cheque').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    const orderId = Number(/order-received\/(\d+)\//.exec(page.url())[1]);
    assert.deepEqual(seen.track, []);
    assert.deepEqual(await sbjsCookies(context), []);
    assert.deepEqual((await attributionOf(orderId)).meta_data, []);
    await context.close();
  });

  test('withdrawing marketing consent removes every sbjs cookie on the same page', async () => {
    const context = await s.browser.newContext();
    const seen = record(context);
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/?utm_source=news&utm_medium=email`);
    await hydrated(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await attributionStored(page);
    const names = (await sbjsCookies(context)).map((cookie) => cookie.name).sort();
    assert.deepEqual(names, [
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_migrations',
      'sbjs_session',
      'sbjs_udata',
    ]);

    step('accepted');
    const documentsBefore = seen.documents;
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expectNoAxeViolations(page);
    const marketing = banner(page).getByRole('checkbox', { name: 'Marketing', exact: true });
    assert.equal(await marketing.isChecked(), true, 'the earlier choice is shown');
    await marketing.uncheck();
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    await banner(page).waitFor({ state: 'detached' });
    assert.deepEqual(await sbjsCookies(context), []);
    assert.equal(await page.evaluate(() => /(^|;\s*)sbjs_/.test(document.cookie)), false);
    assert.equal(seen.documents, documentsBefore, 'no reload');
    // And none comes back on the next page view.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Cart' })
      .click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    assert.deepEqual(await sbjsCookies(context), []);
    await context.close();
  });

  test('the attribution and analytics code loads with the consent that needs it: not before a choice, at once after "Accept all", on load for a returning visitor, never after "Reject all"', async () => {
    const context = await s.browser.newContext();
    const chunks = privacyChunks(context);
    const page = await context.newPage();
    // Landing on a page away from the shop's listings, with a campaign in its URL.
    await page.goto(`${s.baseUrl}/my-account/lost-password/?utm_source=news&utm_medium=email`);
    await hydrated(page);
    await banner(page).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(chunks, [], 'no tracker code before the choice');
    assert.deepEqual(await sbjsCookies(context), []);

    // The grant loads both chunks, which replay the page view held since landing.
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await attributionStored(page);
    const cookie = async (name) =>
      decodeURIComponent((await sbjsCookies(context)).find((c) => c.name === name)?.value ?? '');
    assert.match(await cookie('sbjs_current'), /typ=utm\|\|\|src=news\|\|\|mdm=email/);
    assert.match(
      await cookie('sbjs_current_add'),
      /ep=.*\/my-account\/lost-password\/\?utm_source=news/,
    );
    assert.match(await cookie('sbjs_session'), /^pgs=1\|\|\|cpg=.*\/my-account\/lost-password\//);
    await page.waitForLoadState('networkidle');
    assert.deepEqual([...chunks].sort(), ['privacy-analytics', 'privacy-attribution']);

    // A returning visitor who accepted: the trackers load with the page and count it at once.
    const returning = await context.newPage();
    await returning.goto(`${s.baseUrl}/shop/`);
    await hydrated(returning);
    assert.equal(await banner(returning).count(), 0);
    await returning.waitForFunction(
      () => /(^|;\s*)sbjs_session=pgs%3D2/.test(document.cookie),
      undefined,
      { timeout: 10_000 },
    );
    assert.match(await cookie('sbjs_current'), /src=news/, 'the campaign is kept');
    assert.equal(chunks.filter((name) => name === 'privacy-attribution').length, 2);
    await context.close();

    // A visitor who refused: nothing of the trackers loads, on that page or the next.
    const refusing = await s.browser.newContext();
    const refused = privacyChunks(refusing);
    const other = await refusing.newPage();
    await other.goto(`${s.baseUrl}/shop/?utm_source=news`);
    await hydrated(other);
    await banner(other).getByRole('button', { name: 'Reject all' }).click();
    await banner(other).waitFor({ state: 'detached' });
    await other.reload();
    await hydrated(other);
    await other.waitForLoadState('networkidle');
    assert.deepEqual(refused, []);
    assert.deepEqual(await sbjsCookies(refusing), []);
    await refusing.close();
  });

  test('the banner is sent with the page and its code follows when the shopper comes to it; a click before that code arrives is kept and applied', async () => {
    const context = await s.browser.newContext();
    const bannerCode = [];
    let release;
    const arrived = new Promise((resolve) => (release = resolve));
    // Hold the banner's chunk back, as a slow network would.
    await context.route(/\/assets\/ConsentBanner-[^/]+\.js$/, async (route) => {
      bannerCode.push(route.request().url());
      await arrived;
      await route.continue();
    });
    const errors = [];
    const page = await context.newPage();
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${s.baseUrl}/shop/?utm_source=early&utm_medium=email`);
    await hydrated(page);
    // Hydrated: the page's own code runs ("Cookie settings" enabled), the banner's is on its way.
    await page.getByRole('button', { name: 'Cookie settings', disabled: false }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(bannerCode.length, 0, 'the banner code is not loaded with the page');
    assert.equal(await banner(page).isVisible(), true, 'the server-rendered banner stays');
    // The pointer coming over the banner asks for its code (held back here); the click waits.
    // (/shop/ is an island page, decision 0083: the pointer first wakes the page's live parts,
    // then the banner asks for its code.)
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    for (let waited = 0; bannerCode.length === 0 && waited < 5000; waited += 50)
      await page.waitForTimeout(50);
    assert.equal(bannerCode.length, 1, 'the banner code is requested when the shopper comes');
    await page.waitForTimeout(300);
    assert.equal(await banner(page).isVisible(), true, 'nothing to do it with yet');
    assert.deepEqual(await sbjsCookies(context), []);
    release();
    // The code arrives, the banner hydrates and the held click is applied.
    await banner(page).waitFor({ state: 'detached' });
    await attributionStored(page);
    const cookies = Object.fromEntries(
      (await context.cookies()).map((cookie) => [cookie.name, decodeURIComponent(cookie.value)]),
    );
    assert.equal(cookies.wp_consent_marketing, 'allow');
    assert.equal(cookies.wp_consent_statistics, 'allow');
    assert.match(cookies.sbjs_current, /src=early/);
    assert.deepEqual(errors, []);

    // A shopper who has chosen: no banner in the page, and no banner code until "Cookie settings".
    const next = await context.newPage();
    await next.goto(`${s.baseUrl}/cart/`);
    await hydrated(next);
    await next.waitForLoadState('networkidle');
    assert.equal(await banner(next).count(), 0);
    assert.equal(bannerCode.length, 1, 'no banner code for a shopper who has chosen');
    await next.getByRole('button', { name: 'Cookie settings', disabled: false }).click();
    await banner(next).getByRole('checkbox', { name: 'Marketing', exact: true }).waitFor();
    assert.equal(bannerCode.length, 2, 'loaded again by the new page, on the press');
    await context.close();
  });
});
