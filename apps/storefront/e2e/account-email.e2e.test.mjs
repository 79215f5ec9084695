// Issue 15 items 8–10 in Chromium against the real storefront process, its mail received by a
// real local SMTP server (smtp-server): reset a forgotten password from the emailed link (with
// JavaScript on and off); read the order email and follow its link; buy as a logged-in customer
// whose saved address fills the checkout, with an order note and the shop's terms; change the
// account details. axe-core checks every state with JavaScript on.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  expectNoAxeViolations,
  hydrated,
  purchasable,
  useStorefront,
  expectAlertFocusedAndScrolledTo,
  watchAlert,
  shots,
} from './harness.mjs';

const STRONG = 'Correct horse 7 battery';
const NEW_PASSWORD = 'Lantern-harbour 42 tide';
const TERMS_MESSAGE = 'Please read and accept the terms and conditions to proceed with your order.';

/** A real SMTP server on a free local port, keeping every message it is handed. */
function mailbox() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  const box = {
    url: '',
    received,
    start: () =>
      new Promise((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          box.url = `smtp://127.0.0.1:${server.server.address().port}`;
          resolve();
        }),
      ),
    stop: () => new Promise((resolve) => server.close(resolve)),
    /** The newest message to `to` with `subject` in its subject, waiting up to 15 s. */
    async next(to, subject, after = 0) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = received
          .slice(after)
          .filter(
            (mail) =>
              mail.to?.value.some((entry) => entry.address === to) &&
              (mail.subject ?? '').includes(subject),
          )
          .at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no "${subject}" email to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
  return box;
}

const box = mailbox();
before(() => box.start());
after(() => box.stop());

/** The emailed reset link's path and query (the link names the storefront's own origin). */
function resetLinkOf(mail, baseUrl) {
  const found = /https?:\/\/\S+\/my-account\/lost-password\/\?\S+/.exec(mail.text ?? '');
  assert.ok(found, `a reset link in:\n${mail.text}`);
  const link = new URL(found[0]);
  assert.equal(link.origin, new URL(baseUrl).origin);
  return `${link.pathname}${link.search}`;
}

async function register(context, baseUrl, email) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/my-account/`);
  const form = page.locator('form.woocommerce-form-register');
  await form.getByLabel('Email address').fill(email);
  await form.locator('#reg_password').fill(STRONG);
  await form.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Hello').first().waitFor();
  return page;
}

describe('accounts, email and checkout extras', () => {
  let s;
  // The SMTP server's port is known only once it listens: the storefront reads it at start.
  const env = {
    TERMS_URL: '/terms-and-conditions/',
    SHOP_EMAIL: 'orders@shop.example',
  };
  Object.defineProperty(env, 'SMTP_URL', { enumerable: true, get: () => box.url });
  s = useStorefront(env);

  test('reset a forgotten password from the emailed link, with JavaScript', async () => {
    const context = await s.browser.newContext();
    const setup = await register(context, s.baseUrl, 'rosa@example.com');
    await setup.close();
    await context.clearCookies();

    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await page.waitForURL(`${s.baseUrl}/my-account/lost-password/`);
    await expectNoAxeViolations(page);
    await shots(page, 'lost-password');

    // Nothing entered: the store's message, focused and scrolled to (spec §4).
    await watchAlert(page, 'lost-password-errors');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page
      .locator('#lost-password-errors')
      .getByText('Enter a username or email address.')
      .waitFor();
    await expectAlertFocusedAndScrolledTo(page, 'lost-password-errors');
    await expectNoAxeViolations(page);

    // An unknown address gets the same answer as a known one, and no email.
    await page.getByLabel('Username or email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/reset-link-sent=true/);
    // The URL changes before the page it leads to renders: read the page once it shows.
    await page.getByText('Password reset email has been sent.').waitFor();
    const unknownText = await page.locator('main').textContent();
    await page.goto(`${s.baseUrl}/my-account/lost-password/`);
    const before = box.received.length;
    await page.getByLabel('Username or email').fill('rosa@example.com');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/reset-link-sent=true/);
    await page.getByText('Password reset email has been sent.').waitFor();
    assert.equal(await page.locator('main').textContent(), unknownText);
    await expectNoAxeViolations(page);
    await shots(page, 'lost-password-sent');

    const mail = await box.next('rosa@example.com', 'Reset your password', before);
    assert.equal(
      box.received.some((m) => m.to?.value.some((e) => e.address === 'nobody@example.com')),
      false,
    );
    assert.match(mail.text, /Username: rosa/);
    const link = resetLinkOf(mail, s.baseUrl);

    // Following the link moves the key out of the address bar into the page's cookie.
    await page.goto(`${s.baseUrl}${link}`);
    await page.waitForURL(`${s.baseUrl}/my-account/lost-password/?show-reset-form=true`);
    const cookies = await context.cookies(`${s.baseUrl}/my-account/lost-password/`);
    const resetCookie = cookies.find((cookie) => cookie.name.startsWith('wp-resetpass'));
    assert.ok(resetCookie?.httpOnly, 'the key is kept in an HttpOnly cookie');
    assert.equal(resetCookie.path, '/my-account/lost-password/');
    await hydrated(page);
    await expectNoAxeViolations(page);
    await shots(page, 'reset-form');

    // The same rules as registration.
    await page.locator('#password_1').fill('rosarosa');
    await page.locator('#password_2').fill('rosarosa');
    await watchAlert(page, 'reset-errors');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#reset-errors').getByText('Please enter a stronger password.').waitFor();
    await expectAlertFocusedAndScrolledTo(page, 'reset-errors');
    await expectNoAxeViolations(page);
    await shots(page, 'reset-form-weak');

    await page.locator('#password_1').fill(NEW_PASSWORD);
    await page.locator('#password_2').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${s.baseUrl}/my-account/?password-reset=true`);
    await page.getByText('Your password has been reset successfully.').waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'reset-done');

    // The new password logs in; the link does not work twice.
    const login = page.locator('form.woocommerce-form-login');
    await login.getByLabel('Username or email address').fill('rosa@example.com');
    await login.locator('#password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Hello').first().waitFor();
    await page.goto(`${s.baseUrl}${link}`);
    await page.waitForURL(/show-reset-form=true/);
    await page
      .getByText(
        'This key is invalid or has already been used. Please reset your password again if needed.',
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('reset a forgotten password without JavaScript', async () => {
    const setupContext = await s.browser.newContext();
    await (await register(setupContext, s.baseUrl, 'nojs@example.com')).close();
    await setupContext.close();

    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/my-account/lost-password/`);
    const before = box.received.length;
    await page.getByLabel('Username or email').fill('nojs@example.com');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset email has been sent.').waitFor();
    const mail = await box.next('nojs@example.com', 'Reset your password', before);
    await page.goto(`${s.baseUrl}${resetLinkOf(mail, s.baseUrl)}`);
    await page.locator('#password_1').fill(NEW_PASSWORD);
    await page.locator('#password_2').fill(`${NEW_PASSWORD}?`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Passwords do not match.').first().waitFor();
    await page.locator('#password_1').fill(NEW_PASSWORD);
    await page.locator('#password_2').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password has been reset successfully.').waitFor();
    const login = page.locator('form.woocommerce-form-login');
    await login.getByLabel('Username or email address').fill('nojs@example.com');
    await login.locator('#password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Hello').first().waitFor();
    await context.close();
  });

  test('buy as a logged-in customer with a prefilled address, an order note and the terms; read the order email', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await register(context, s.baseUrl, 'grace@example.com');
    // Save a billing address on the account (the edit-address form's route).
    const account = await (
      await context.request.get(`${s.baseUrl}/wp-json/cartwright/v1/account`)
    ).json();
    const saved = await context.request.post(
      `${s.baseUrl}/wp-json/cartwright/v1/account/addresses/billing`,
      {
        headers: { 'X-WP-Nonce': account.nonces.wp_rest },
        data: {
          first_name: 'Grace',
          last_name: 'Hopper',
          address_1: '1428 Elm Street',
          city: 'Springfield',
          state: 'IL',
          postcode: '62704',
          country: 'US',
          email: 'grace@example.com',
        },
      },
    );
    assert.equal(saved.status(), 200, await saved.text());

    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await hydrated(page);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    // The saved address fills the form.
    assert.equal(await page.locator('#billing_first_name').inputValue(), 'Grace');
    assert.equal(await page.locator('#billing_address_1').inputValue(), '1428 Elm Street');
    assert.equal(await page.locator('#billing_city').inputValue(), 'Springfield');
    assert.equal(await page.locator('#billing_email').inputValue(), 'grace@example.com');
    await expectNoAxeViolations(page);
    await shots(page, 'checkout-prefilled');

    // Wide screens: the order summary is beside the form, not under it.
    await page.setViewportSize({ width: 1280, height: 900 });
    const billingBox = await page.locator('#billing-heading').boundingBox();
    const reviewBox = await page.locator('#order-review-heading').boundingBox();
    assert.ok(reviewBox.x > billingBox.x + 300, 'the summary is in a column of its own');
    assert.ok(
      Math.abs(reviewBox.y - billingBox.y) < 80,
      'the summary starts beside the billing form',
    );
    await page.setViewportSize({ width: 375, height: 800 });
    const narrowReview = await page.locator('#order-review-heading').boundingBox();
    const narrowBilling = await page.locator('#billing-heading').boundingBox();
    assert.ok(narrowReview.y > narrowBilling.y + 200, 'on a phone the summary follows the form');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel(/Order notes/).fill('Leave it by the blue door, please.');
    await page.getByRole('button', { name: 'Place order' }).click();
    const alert = page.locator('#checkout-errors');
    await alert.getByText(TERMS_MESSAGE).waitFor();
    assert.equal(
      await page.getByLabel(/Order notes/).inputValue(),
      'Leave it by the blue door, please.',
    );
    assert.equal(await page.locator('#terms').getAttribute('aria-invalid'), 'true');
    await expectNoAxeViolations(page);
    await shots(page, 'checkout-terms-refused');

    await page.locator('#terms').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=/);
    const orderUrl = new URL(page.url());
    const orderId = orderUrl.pathname.split('/')[3];
    const noteRow = page.locator('tr.order-note');
    await noteRow.waitFor();
    assert.match(await noteRow.textContent(), /Note:\s*Leave it by the blue door, please\./);
    await expectNoAxeViolations(page);
    await shots(page, 'order-received-note');

    // The order email: the shopper's own order, note and link; the shop's notice.
    const mail = await box.next('grace@example.com', 'order has been received');
    assert.match(mail.subject, /^Your .+ order has been received!$/);
    assert.match(mail.text, /Hi Grace,/);
    assert.match(mail.text, new RegExp(`Order #${orderId} `));
    assert.match(mail.text, /Note: Leave it by the blue door, please\./);
    assert.match(mail.text, new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const linkMatch = /https?:\/\/\S+\/checkout\/order-received\/\S+/.exec(mail.text);
    assert.ok(linkMatch);
    const emailed = new URL(linkMatch[0]);
    assert.equal(`${emailed.pathname}${emailed.search}`, `${orderUrl.pathname}${orderUrl.search}`);
    const notice = await box.next('orders@shop.example', `new order: #${orderId}`);
    assert.match(notice.text, /You’ve received a new order from Grace Hopper:/);

    // Read the email as a shopper would: its HTML rendered in the browser, the link followed.
    const reader = await context.newPage();
    await reader.setContent(mail.html);
    await expectNoAxeViolations(reader);
    await shots(reader, 'order-email');
    await reader.goto(`${s.baseUrl}${emailed.pathname}${emailed.search}`);
    await reader.getByText(`Order number: ${orderId}`).waitFor();
    await context.close();
  });

  test('order notes and terms without JavaScript', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/product/${product.slug}/`);
    await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/checkout/`);
    await page.locator('#billing_country').selectOption('GB');
    await page.locator('#billing_first_name').fill('Ada');
    await page.locator('#billing_last_name').fill('Lovelace');
    await page.locator('#billing_address_1').fill('14 Baker Street');
    await page.locator('#billing_city').fill('London');
    await page.locator('#billing_postcode').fill('NW1 6XE');
    await page.locator('#billing_email').fill('ada@example.com');
    await page.locator('#order_comments').fill('No JavaScript here.');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText(TERMS_MESSAGE).first().waitFor();
    assert.equal(await page.locator('#order_comments').inputValue(), 'No JavaScript here.');
    await page.locator('#terms').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-received\//);
    assert.match(await page.locator('tr.order-note').textContent(), /No JavaScript here\./);
    const mail = await box.next('ada@example.com', 'order has been received');
    assert.match(mail.text, /Note: No JavaScript here\./);
    assert.doesNotMatch(`${mail.text}${mail.html}`, /Grace|blue door/);
    await context.close();
  });

  test('account details: names and email saved, a new password needs the current one', async () => {
    const context = await s.browser.newContext();
    const page = await register(context, s.baseUrl, 'mia@example.com');
    await hydrated(page);
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Account details' })
      .click();
    await page.waitForURL(`${s.baseUrl}/my-account/edit-account/`);
    await hydrated(page);
    await expectNoAxeViolations(page);
    await shots(page, 'account-details');

    // The display name's description slides in while the field has focus and out over
    // 250 ms when it loses it (spec §4), and stays its accessible description throughout.
    const help = page.locator('#account_display_name_description');
    const displayName = page.getByLabel('Display name');
    assert.equal(await help.isVisible(), false);
    assert.match(
      (await displayName.getAttribute('aria-describedby')) ?? '',
      /\baccount_display_name_description\b/,
    );
    // Focus slides it in: its height and opacity run a 250 ms transition.
    // The focus wakes the form's island: the help read each frame is the one on the page
    // (the live form's, once its code is in).
    const slideIn = await page.evaluate(async () => {
      document.getElementById('account_display_name').focus();
      const started = performance.now();
      let animations = [];
      while (animations.length === 0 && performance.now() - started < 2000) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        animations = document.getElementById('account_display_name_description').getAnimations();
      }
      const running = animations
        .map((animation) => [animation.transitionProperty, animation.effect.getTiming().duration])
        .sort();
      // How long each ran on the page's own clock: a transition starts at its frame's time,
      // which can be a frame before `started`, so performance.now() would undercount it.
      const ran = await Promise.all(
        animations.map((animation) =>
          animation.finished.then(() => document.timeline.currentTime - animation.startTime),
        ),
      );
      return { running, took: Math.min(...ran) };
    });
    assert.deepEqual(slideIn.running, [
      ['grid-template-rows', 250],
      ['opacity', 250],
    ]);
    assert.ok(slideIn.took >= 249.5, `shown in ${Math.round(slideIn.took)} ms`);
    await help.waitFor({ state: 'visible' });
    assert.match((await help.textContent()) ?? '', /displayed in the account section/);
    const left = await page.evaluate(() => {
      const element = document.getElementById('account_display_name_description');
      document.getElementById('account_first_name').focus();
      const started = performance.now();
      return new Promise((resolve) => {
        const check = () =>
          element.hidden ? resolve(performance.now() - started) : requestAnimationFrame(check);
        check();
      });
    });
    assert.ok(left >= 240 && left < 5000, `hidden ${Math.round(left)} ms after leaving the field`);

    await page.getByLabel('First name').fill('Mia');
    await page.getByLabel('Last name').fill('Wong');
    await displayName.fill('Mia W.');
    await page.getByLabel('New password (leave blank to leave unchanged)').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await watchAlert(page, 'account-details-errors');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .locator('#account-details-errors')
      .getByText('Please enter your current password.')
      .waitFor();
    // Spec §4: the refusal is focused 500 ms after it appears and scrolled to (the form's
    // button is far below it).
    await expectAlertFocusedAndScrolledTo(page, 'account-details-errors');
    assert.equal(await page.getByLabel('First name').inputValue(), 'Mia');
    await expectNoAxeViolations(page);
    await shots(page, 'account-details-refused');

    await page.getByLabel('Current password (leave blank to leave unchanged)').fill(STRONG);
    await page.getByLabel('New password (leave blank to leave unchanged)').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Account details changed successfully.').waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'account-details-saved');
    // Still logged in after the password change, with the new name.
    await page.goto(`${s.baseUrl}/my-account/`);
    await page.locator('main').getByText('Hello').first().waitFor();
    assert.match(await page.locator('main').textContent(), /Hello Mia W\./);
    await context.close();
  });
});
