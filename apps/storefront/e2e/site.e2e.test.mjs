// Site-wide features (issue #6): the store notice, the coming-soon footer banner, the
// subscription form and the skip link, against the real store server in Chromium.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import {
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  screenshot,
  startStorefront,
  tempDataDir,
  holdRequest,
  loadWithChunkHeld,
} from './harness.mjs';

const md5 = (text) => createHash('md5').update(text).digest('hex');

describe('site-wide: store notice, coming-soon banner, subscription form, skip link', () => {
  let dataDir;
  let shop;
  let baseUrl;
  let browser;
  let admin;

  before(async () => {
    dataDir = await tempDataDir();
    shop = startStorefront({ dataDir });
    [baseUrl, browser] = await Promise.all([shop.url, launchBrowser()]);
    // The store prints the first administrator's random password once, on its first start.
    const match = /created the administrator "([^"]+)" with the password (\S+)/.exec(shop.output);
    assert.ok(match, 'the store printed the administrator credentials');
    admin = { login: match[1], password: match[2] };
  });

  after(async () => {
    await browser?.close();
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A browser context logged in as the administrator through the real login form. */
  async function adminContext(options = {}) {
    const context = await browser.newContext(options);
    await logIn(context);
    return context;
  }

  async function logIn(context) {
    const response = await context.request.post(`${baseUrl}/wp-login.php`, {
      form: { log: admin.login, pwd: admin.password },
      maxRedirects: 0,
    });
    assert.equal(response.status(), 302, 'the administrator logs in');
  }

  /** Changes the store's settings as the administrator (cookie + X-WP-Nonce). */
  async function changeSettings(body) {
    const context = await adminContext();
    try {
      const nonce = await (
        await context.request.get(`${baseUrl}/wp-admin/admin-ajax.php?action=rest-nonce`)
      ).text();
      const response = await context.request.post(`${baseUrl}/wp-json/cartwright/v1/settings`, {
        headers: { 'X-WP-Nonce': nonce },
        data: body,
      });
      assert.equal(response.status(), 200, await response.text());
    } finally {
      await context.close();
    }
  }

  const noticeOf = (page) => page.getByRole('complementary', { name: 'Store notice' });

  test('every page reflows at 320 CSS px: no horizontal scrolling, the cart panel on screen (WCAG 1.4.10)', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    for (const path of [
      '/shop/',
      '/product/house-blend-coffee-beans/',
      '/cart/',
      '/checkout/',
      '/my-account/',
      '/subscribe/',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      const overflow = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        wider: [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > 320.5)
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
      }));
      assert.deepEqual(overflow, { width: 320, wider: [] }, `${path} fits 320 px`);
    }
    await page.goto(`${baseUrl}/shop/`);
    await page.locator('.header-cart summary').click();
    const panel = await page.locator('.header-cart__panel').boundingBox();
    assert.ok(panel && panel.x >= 0 && panel.x + panel.width <= 320, JSON.stringify(panel));
    await context.close();
  });

  test('keyboard only: the skip link is the first tab stop and moves focus to main', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/shop/`);
    await hydrated(page);
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent);
    assert.equal(first, 'Skip to content');
    await page.keyboard.press('Enter');
    const focused = await page.evaluate(() => document.activeElement?.closest('main')?.id);
    assert.equal(focused, 'main');
    await context.close();
  });

  test('the 404 page is an island page (decision 0084): 404 with its message and none of our React code; the header search from it works', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const response = await page.goto(`${baseUrl}/no-such-page/`);
    assert.equal(response.status(), 404);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('data-cw-islands'), 'layout');
    const reactHalf = scripts.filter((path) => /\/assets\/(?:islands-hydrate|page)-/.test(path));
    assert.deepEqual(reactHalf, [], 'none of our React code at load');
    await expectNoAxeViolations(page);
    await page.getByRole('searchbox').first().fill('mug');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/\?s=mug/);
    await page.locator('.woocommerce-result-count').waitFor();
    await context.close();
  });

  test('the store notice shows, dismisses in place, stays dismissed across pages, and shows again for a new text', async () => {
    const text = 'Free shipping on every order this week.';
    await changeSettings({ store_notice: { enabled: true, text } });

    const context = await browser.newContext();
    const page = await context.newPage();
    // In the server's HTML, visible, before any script ran: no flash, no layout shift.
    const html = await (await page.goto(`${baseUrl}/shop/`)).text();
    assert.match(html, new RegExp(`data-notice-id="${md5(text)}"`));
    assert.doesNotMatch(html, /woocommerce-store-notice[^>]*display:\s*none/);
    await hydrated(page);
    const notice = noticeOf(page);
    assert.equal(await notice.isVisible(), true);
    assert.match(await notice.textContent(), /Free shipping on every order this week\./);
    await expectNoAxeViolations(page);
    await screenshot(page, 'site-store-notice');

    const before = page.url();
    // The notice is an island (decision 0067): a click that comes before its code is held and
    // done once the code is in, so the notice goes a chunk's load after the click at most.
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await noticeOf(page).waitFor({ state: 'detached', timeout: 5000 });
    assert.equal(await noticeOf(page).count(), 0, 'the notice is gone');
    assert.equal(page.url(), before, 'dismissing did not navigate');
    const cookie = (await context.cookies()).find((c) => c.name === `store_notice${md5(text)}`);
    assert.equal(cookie?.value, 'hidden');
    assert.equal(cookie?.path, '/');
    assert.equal(cookie?.expires, -1, 'a session cookie');

    for (const path of ['/cart/', '/shop/']) {
      const body = await (await page.goto(`${baseUrl}${path}`)).text();
      assert.doesNotMatch(body, /woocommerce-store-notice/, `not rendered on ${path}`);
    }

    await changeSettings({ store_notice: { text: 'Closed on Monday for stocktaking.' } });
    await page.reload();
    assert.match(await noticeOf(page).textContent(), /Closed on Monday for stocktaking\./);
    await context.close();
  });

  test('without JavaScript the dismiss link sets the cookie and comes back without the notice', async () => {
    await changeSettings({ store_notice: { enabled: true, text: 'No JavaScript needed.' } });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cart/`);
    await noticeOf(page).getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL(`${baseUrl}/cart/`);
    assert.equal(await noticeOf(page).count(), 0);
    const cookie = (await context.cookies()).find(
      (c) => c.name === `store_notice${md5('No JavaScript needed.')}`,
    );
    assert.equal(cookie?.value, 'hidden');
    assert.equal(cookie?.path, '/');
    await page.goto(`${baseUrl}/shop/`);
    assert.equal(await noticeOf(page).count(), 0, 'stays dismissed on other pages');
    await context.close();
  });

  test('the coming-soon banner: an administrator sees it, dismisses it for good until the next login; a guest or customer never sees it', async () => {
    await changeSettings({ coming_soon: true, store_notice: { enabled: false } });
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${baseUrl}/shop/`);
    assert.equal(await guestPage.locator('#coming-soon-footer-banner').count(), 0);
    // A customer (registered through /my-account/, which logs them in) never sees it either.
    await guestPage.goto(`${baseUrl}/my-account/`);
    const register = guestPage.locator('form.woocommerce-form-register');
    await register.getByLabel('Email address').fill('customer@example.com');
    await register.locator('#reg_password').fill('Correct horse 7 battery');
    await register.getByRole('button', { name: 'Register' }).click();
    await guestPage.getByText('From your account dashboard').waitFor();
    await guestPage.goto(`${baseUrl}/shop/`);
    assert.equal(await guestPage.locator('#coming-soon-footer-banner').count(), 0);
    await guest.close();

    const context = await adminContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/shop/`);
    await hydrated(page);
    const banner = page.locator('#coming-soon-footer-banner');
    assert.equal(await banner.isVisible(), true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'site-coming-soon');

    const dismissal = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/wp-json/wp/v2/users/'),
    );
    const answered = page.waitForResponse((r) => r.url().includes('/wp-json/wp/v2/users/'));
    await banner.getByRole('link', { name: 'Dismiss' }).click();
    const request = await dismissal;
    assert.equal(request.postData(), 'woocommerce_meta%5Bcoming_soon_banner_dismissed%5D=yes');
    assert.match(request.headers()['x-wp-nonce'] ?? '', /^[0-9a-f]{10}$/);
    assert.equal((await answered).status(), 200);
    await banner.waitFor({ state: 'detached' });

    await page.reload();
    assert.equal(await page.locator('#coming-soon-footer-banner').count(), 0, 'stays dismissed');

    await context.clearCookies();
    await logIn(context);
    await page.reload();
    assert.equal(
      await page.locator('#coming-soon-footer-banner').isVisible(),
      true,
      'shown again after logging in',
    );
    await context.close();
  });

  test('without JavaScript the banner’s dismiss link works too', async () => {
    await changeSettings({ coming_soon: true });
    const context = await adminContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cart/`);
    await page.locator('#coming-soon-footer-banner').getByRole('link', { name: 'Dismiss' }).click();
    await page.waitForURL(`${baseUrl}/cart/`);
    assert.equal(await page.locator('#coming-soon-footer-banner').count(), 0);
    await context.close();
    await changeSettings({ coming_soon: false });
  });

  describe('the subscription form', () => {
    const CONTACT = '/wp-json/hostinger-reach/v1/contact';
    // The page's REST client adds `_locale=user`, as WordPress's api-fetch does.
    const isContact = (url) => new URL(url).pathname === CONTACT;
    const form = (page) => page.locator('form.hostinger-reach-block-subscription-form');
    const message = (page) => page.locator('.reach-subscription-message');

    async function open() {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${baseUrl}/shop/`);
      await hydrated(page);
      return { context, page };
    }

    test('succeeds: the thanks shows, the form is reset and the button hidden', async () => {
      const { context, page } = await open();
      const sent = page.waitForRequest((r) => isContact(r.url()));
      await form(page).getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
      await form(page).getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
      await form(page).getByRole('button', { name: 'Subscribe' }).click();
      const request = await sent;
      assert.deepEqual(JSON.parse(request.postData()), {
        group: '',
        id: 'site-footer-subscription',
        metadata: { plugin: 'hostinger-reach' },
        email: 'ada@example.com',
        name: 'Ada',
        surname: '',
      });
      assert.match(request.headers()['x-wp-nonce'] ?? '', /^[0-9a-f]{10}$/);
      assert.equal((await request.response()).status(), 200);
      await message(page).getByText('Thanks for subscribing.').waitFor();
      assert.equal(await form(page).getByRole('button', { name: 'Subscribe' }).count(), 0);
      assert.equal(await form(page).getByRole('textbox', { name: 'Email' }).inputValue(), '');
      await expectNoAxeViolations(page);
      await screenshot(page, 'site-subscribed');
      await context.close();
    });

    test('its code loads when a shopper comes to it, not with the page; what was typed and a submit made before it arrived carry over', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const isIslandChunk = (url) => /\/assets\/footer-islands-[\w-]+\.js$/.test(url.pathname);
      const {
        requested,
        release,
        requests: chunkRequests,
      } = await loadWithChunkHeld(page, isIslandChunk, () => page.goto(`${baseUrl}/shop/`), {
        message: 'the form’s code is not loaded with the page',
      });
      const posts = [];
      page.on('request', (r) => {
        if (isContact(r.url())) posts.push(r);
      });

      // The shopper types and submits while the code is still on its way (held here).
      const email = form(page).getByRole('textbox', { name: 'Email' });
      await email.fill('early@example.com');
      await requested;
      await form(page).getByRole('button', { name: 'Subscribe' }).click();
      assert.equal(page.url(), `${baseUrl}/shop/`, 'the submit waits for the code, no reload');
      assert.equal(posts.length, 0);

      const sent = page.waitForRequest((r) => isContact(r.url()));
      await release();
      const request = await sent;
      assert.equal(JSON.parse(request.postData()).email, 'early@example.com');
      await message(page).getByText('Thanks for subscribing.').waitFor();
      assert.equal(posts.length, 1, 'sent once');
      assert.equal(chunkRequests.length, 1);
      await expectNoAxeViolations(page);
      await context.close();
    });

    test('typing into the form before its code arrives keeps the text and the focus', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const { requested, release } = holdRequest(page, /\/assets\/footer-islands-[\w-]+\.js$/);
      await page.goto(`${baseUrl}/shop/`);
      await hydrated(page);
      const email = form(page).getByRole('textbox', { name: 'Email' });
      await email.click();
      await page.keyboard.type('ada@exa');
      await requested;
      const live = page.locator('[data-island="subscription"][data-live]');
      assert.equal(await live.count(), 0, 'still the server’s markup');
      await release();
      await live.waitFor();
      await page.keyboard.type('mple.com');
      assert.equal(await email.inputValue(), 'ada@example.com');
      assert.equal(await email.evaluate((e) => e === document.activeElement), true);
      await context.close();
    });

    test('a server failure shows the error and re-enables the button', async () => {
      const { context, page } = await open();
      await page.route(isContact, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await form(page).getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
      await form(page).getByRole('button', { name: 'Subscribe' }).click();
      await message(page).getByText('Something went wrong. Please try again.').waitFor();
      assert.equal(await form(page).getByRole('button', { name: 'Subscribe' }).isEnabled(), true);
      await context.close();
    });

    test('a REST client chunk that has not arrived after 120 s fails the send (spec §9); it is fetched again on the next', async () => {
      const context = await browser.newContext();
      // The page's timers run on a clock the test moves; time otherwise flows as usual.
      await context.clock.install();
      const page = await context.newPage();
      await page.goto(`${baseUrl}/shop/`);
      await hydrated(page);
      // The lazy REST client's chunk hangs: held, not answered, until the test lets it go.
      const isRestClientChunk = (url) => /\/assets\/rest-client-[\w-]+\.js$/.test(url.pathname);
      const { requested, release } = holdRequest(page, isRestClientChunk);
      await form(page).getByRole('textbox', { name: 'Email' }).fill('slow@example.com');
      const button = form(page).getByRole('button', { name: 'Subscribe' });
      await button.click();
      await requested;
      await page.clock.fastForward(119_000);
      assert.equal(await button.isDisabled(), true, 'still waiting for the chunk at 119 s');
      assert.equal(
        await message(page).getByText('Something went wrong. Please try again.').count(),
        0,
      );
      await page.clock.fastForward(1_000);
      await message(page).getByText('Something went wrong. Please try again.').waitFor();
      assert.equal(await button.isEnabled(), true);

      // The chunk arrives late; the next send imports it again and goes through.
      await release();
      await button.click();
      await message(page).getByText('Thanks for subscribing.').waitFor();
      await context.close();
    });

    test('a stale nonce is refreshed by the page’s REST client and the subscription retried once', async () => {
      const { context, page } = await open();
      // The first nonce the page gets is stale (an old one, say): the store refuses it.
      let staleGiven = false;
      await page.route(
        (url) => url.searchParams.get('action') === 'rest-nonce',
        async (route) => {
          if (staleGiven) return route.continue();
          staleGiven = true;
          return route.fulfill({ status: 200, contentType: 'text/plain', body: 'deadbeef00' });
        },
      );
      const answers = [];
      page.on('response', (r) => {
        if (isContact(r.url())) answers.push([r.request().headers()['x-wp-nonce'], r.status()]);
      });
      await form(page).getByRole('textbox', { name: 'Email' }).fill('stale@example.com');
      await form(page).getByRole('button', { name: 'Subscribe' }).click();
      await message(page).getByText('Thanks for subscribing.').waitFor();
      assert.equal(answers.length, 2, JSON.stringify(answers));
      assert.deepEqual(answers[0], ['deadbeef00', 403], 'the store refused the stale nonce');
      assert.match(answers[1][0], /^[0-9a-f]{10}$/);
      assert.notEqual(answers[1][0], 'deadbeef00');
      assert.equal(answers[1][1], 200, 'the retry with the fresh nonce went through');
      await context.close();
    });

    test('a double click sends one request', async () => {
      const { context, page } = await open();
      const posts = [];
      page.on('request', (r) => {
        if (isContact(r.url())) posts.push(r);
      });
      await form(page).getByRole('textbox', { name: 'Email' }).fill('twice@example.com');
      await form(page).getByRole('button', { name: 'Subscribe' }).dblclick();
      await message(page).getByText('Thanks for subscribing.').waitFor();
      assert.equal(posts.length, 1);
      await context.close();
    });

    test('without JavaScript a first-time guest subscribes through /subscribe/ and finds the way back', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/product/house-blend-coffee-beans/`);
      assert.deepEqual(await context.cookies(), [], 'a first visit starts no session');
      await form(page).getByRole('textbox', { name: 'Email' }).fill('nojs@example.com');
      await form(page).getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL(`${baseUrl}/subscribe/`);
      // The store accepted the form's nonce: a wrong or missing one answers "Not authorized".
      assert.equal(
        (await page.getByRole('status').filter({ hasText: 'Thanks' }).textContent())?.trim(),
        'Thanks for subscribing.',
      );
      await page.getByRole('link', { name: 'Back to the page you were on' }).click();
      await page.waitForURL(`${baseUrl}/product/house-blend-coffee-beans/`);
      await context.close();
      // The page itself (reached by a reload or a bookmark: no outcome) passes axe.
      const { context: withScripts, page: reloaded } = await open();
      await reloaded.goto(`${baseUrl}/subscribe/`);
      await reloaded.getByRole('heading', { level: 1, name: 'Newsletter subscription' }).waitFor();
      await expectNoAxeViolations(reloaded);
      await withScripts.close();
    });

    test('a crafted __proto__.x field pollutes nothing', async () => {
      const { context, page } = await open();
      // The form's code is there (a pointer over it loads it), then a field is slipped in.
      await form(page).hover();
      await page.locator('[data-island="subscription"][data-live]').waitFor();
      await form(page).evaluate((element) => {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = '__proto__.x';
        input.value = 'polluted';
        element.append(input);
      });
      const sent = page.waitForRequest((r) => isContact(r.url()));
      await form(page).getByRole('textbox', { name: 'Email' }).fill('proto@example.com');
      await form(page).getByRole('button', { name: 'Subscribe' }).click();
      const request = await sent;
      assert.doesNotMatch(request.postData(), /polluted|__proto__/);
      await message(page).getByText('Thanks for subscribing.').waitFor();
      assert.equal(await page.evaluate(() => ({}).x), undefined);
      await context.close();
    });
  });
});
