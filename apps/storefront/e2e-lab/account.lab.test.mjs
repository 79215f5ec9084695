// The storefront's lost-password and account-details pages in front of a real WooCommerce
// (STORE_URL mode) with the Cartwright companion plugin, driven in Chromium (issue 15 item 9).
// Not part of `npm test`: it needs a running WooCommerce, named by WOO_URL
// (`npm run conformance:e2e -- http://127.0.0.1:8089`), and its mail folder (LAB_DIR/mail).
// The lab's `shopper` gets a new password and new names on the way and both back at the end
// (through the same form, or with the lab's PHP if the journey stops half-way), so the other lab
// journeys still log in with LAB_DIR/shopper-password.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import {
  expectNoAxeViolations,
  hydrated,
  launchBrowser,
  screenshot,
  startStorefront,
} from '../e2e/harness.mjs';

const WOO_URL = process.env.WOO_URL;
if (!WOO_URL) {
  throw new Error(
    'WOO_URL is not set: name the WooCommerce to test against (see docs/conformance.md)',
  );
}
const LAB_DIR = process.env.LAB_DIR ?? '/var/tmp/cartwright-woo-lab';
const LOGIN = 'shopper';
const NEW_PASSWORD = `Lantern harbour ${Date.now().toString(36)} tide!`;

/** Runs PHP inside the lab's WordPress and parses what it echoes as JSON. */
async function labPhp(body) {
  const script = `
    $_SERVER['HTTP_HOST'] = ${JSON.stringify(new URL(WOO_URL).host)};
    require 'wp-load.php';
    ${body}`;
  const { stdout } = await promisify(execFile)('php', ['-r', script], {
    cwd: path.join(LAB_DIR, 'wordpress'),
  });
  return JSON.parse(stdout);
}

/** The shopper as WordPress keeps them, and whether `password` is theirs. */
function shopperInWordPress(password) {
  return labPhp(`
    $user = get_user_by('login', ${JSON.stringify(LOGIN)});
    echo json_encode([
      'id' => $user->ID,
      'email' => $user->user_email,
      'first_name' => $user->first_name,
      'last_name' => $user->last_name,
      'display_name' => $user->display_name,
      'password_matches' => wp_check_password(${JSON.stringify(password)}, $user->user_pass, $user->ID),
    ]);`);
}

/** The reset link WooCommerce mailed to `email` after `since` (the lab writes each mail as JSON). */
async function mailedResetLink(email, since) {
  const dir = path.join(LAB_DIR, 'mail');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = [];
    for (const name of (await readdir(dir)).filter((entry) => entry.endsWith('.json'))) {
      const file = path.join(dir, name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs < since) continue;
      const mail = JSON.parse(await readFile(file, 'utf8'));
      const link = /href="(https?:\/\/[^"]{1,300}\/my-account\/lost-password\/\?[^"]{1,500})"/.exec(
        String(mail.message ?? ''),
      );
      if (String(mail.to) === email && link) found.push({ mtimeMs, mail, link: link[1] });
    }
    found.sort((a, b) => b.mtimeMs - a.mtimeMs);
    if (found.length > 0) {
      return { ...found[0], link: new URL(found[0].link.replace(/&#0?38;|&amp;/g, '&')) };
    }
    if (Date.now() > deadline) throw new Error(`no reset email to ${email} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Screenshots of the page as it is, at 1280 and 375 px wide (when E2E_SCREENSHOTS is set). */
async function shots(page, name) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('my account in front of WooCommerce: a forgotten password and the account details', () => {
  let shop;
  let browser;
  let baseUrl;
  let index;
  let original;
  let password;
  let restored = false;

  before(async () => {
    index = await (await fetch(new URL('/wp-json/', WOO_URL))).json();
    password = (await readFile(path.join(LAB_DIR, 'shopper-password'), 'utf8')).trim();
    original = await shopperInWordPress(password);
    // The plugin limits reset emails per name (3 an hour) and per client (10 an hour), and every
    // lab run comes from 127.0.0.1: the journey starts from fresh counters, so it can run again.
    await labPhp(`
      delete_transient('cwc_lost_password_account_' . md5(${JSON.stringify(LOGIN)}));
      delete_transient('cwc_lost_password_client_' . md5('127.0.0.1'));
      echo 'true';`);
    assert.equal(original.password_matches, true, 'LAB_DIR/shopper-password is the shopper’s');
    shop = startStorefront({
      dataDir: '/nonexistent-unused',
      env: { STORE_URL: WOO_URL, PORT: process.env.LAB_STOREFRONT_PORT ?? '0' },
    });
    baseUrl = await shop.url;
    browser = await launchBrowser();
  });
  after(async () => {
    if (!restored && original) {
      // The journey stopped half-way: the shopper gets their password and names back anyway.
      await labPhp(`
        wp_set_password(${JSON.stringify(password)}, ${Number(original.id)});
        wp_update_user(['ID' => ${Number(original.id)}, 'first_name' => ${JSON.stringify(original.first_name)},
          'last_name' => ${JSON.stringify(original.last_name)}, 'display_name' => ${JSON.stringify(original.display_name)}]);
        echo 'true';`);
    }
    await browser?.close();
    await shop?.stop();
  });

  test('reset the password from WooCommerce’s email, log in with it, change names and password back', async (t) => {
    if (!index.namespaces.includes('cartwright/v1')) {
      t.skip('the store has no cartwright/v1 routes: the companion plugin is not active');
      return;
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // "Lost your password?" from the login form.
    await page.goto(`${baseUrl}/my-account/`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await page.waitForURL(`${baseUrl}/my-account/lost-password/`);
    await hydrated(page);
    await expectNoAxeViolations(page);
    await shots(page, 'lab-lost-password');
    // The consent banner answered once, so the later pictures show the forms whole.
    await page.getByRole('button', { name: 'Reject all' }).click();
    await page.getByRole('button', { name: 'Reject all' }).waitFor({ state: 'detached' });

    const asked = Date.now() - 1000;
    await page.getByLabel('Username or email').fill(LOGIN);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/reset-link-sent=true/);
    await page.getByText('Password reset email has been sent.').waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'lab-lost-password-sent');

    // WooCommerce's own "Password Reset Request" email, with WordPress's key in its link. The
    // link names the site's home URL, which in the lab is WooCommerce's own address; in front of
    // a shop whose home URL the storefront serves, it is the storefront's: followed there.
    const { mail, link } = await mailedResetLink(original.email, asked);
    // Its subject with WooCommerce's email improvements off, and on (the lab's WooCommerce had
    // woocommerce_feature_email_improvements_enabled off in one run and on in the next).
    assert.match(
      mail.subject,
      /^(?:Password Reset Request|Reset your password) for Cartwright Lab$/,
    );
    assert.equal(link.searchParams.get('id'), String(original.id));
    assert.equal(link.searchParams.get('login'), LOGIN);
    await page.goto(`${baseUrl}${link.pathname}${link.search}`);
    await page.waitForURL(`${baseUrl}/my-account/lost-password/?show-reset-form=true`);
    await hydrated(page);
    await page.getByText('Enter a new password below.').waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'lab-reset-form');

    // The store-server's password rule, answered by the plugin.
    await page.locator('#password_1').fill('shopper1');
    await page.locator('#password_2').fill('shopper1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#reset-errors').getByText('Please enter a stronger password.').waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'lab-reset-form-weak');

    await page.locator('#password_1').fill(NEW_PASSWORD);
    await page.locator('#password_2').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/my-account/?password-reset=true`);
    await page.getByText('Your password has been reset successfully.').waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'lab-reset-done');
    const afterReset = await shopperInWordPress(NEW_PASSWORD);
    assert.equal(afterReset.password_matches, true, 'WordPress holds the new password');

    // The emailed link works once.
    await page.goto(`${baseUrl}${link.pathname}${link.search}`);
    await page.waitForURL(/show-reset-form=true/);
    await page.getByText(/This key is invalid or has already been used/).waitFor();

    // The new password logs in.
    await page.goto(`${baseUrl}/my-account/`);
    await hydrated(page);
    const login = page.locator('form.woocommerce-form-login');
    await login.locator('#username').fill(LOGIN);
    await login.locator('#password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Account details' }).first().waitFor();

    // Account details: new names (WordPress keeps them), then a wrong current password refused.
    await page.getByRole('link', { name: 'Account details' }).first().click();
    await page.waitForURL(`${baseUrl}/my-account/edit-account/`);
    await hydrated(page);
    assert.equal(await page.getByLabel('Email address').inputValue(), original.email);
    await expectNoAxeViolations(page);
    await shots(page, 'lab-account-details');
    await page.getByLabel('First name').fill('Sasha');
    await page.getByLabel('Last name').fill('Lab-Shopper');
    await page.getByLabel('Display name').fill('Sasha L.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/account-details-changed=1/);
    await page.getByText('Account details changed successfully.').waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'lab-account-details-saved');
    const renamed = await shopperInWordPress(NEW_PASSWORD);
    assert.deepEqual(
      [renamed.first_name, renamed.last_name, renamed.display_name, renamed.email],
      ['Sasha', 'Lab-Shopper', 'Sasha L.', original.email],
    );

    await page.getByLabel(/^Current password/).fill('not the password 1');
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your current password is incorrect.').first().waitFor();
    await expectNoAxeViolations(page);
    await shots(page, 'lab-account-details-wrong-password');

    // Names and password back, through the same form; the customer stays logged in.
    await page.getByLabel('First name').fill(original.first_name);
    await page.getByLabel('Last name').fill(original.last_name);
    await page.getByLabel('Display name').fill(original.display_name);
    await page.getByLabel(/^Current password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/account-details-changed=1/);
    await page.getByText('Account details changed successfully.').waitFor();
    const back = await shopperInWordPress(password);
    assert.equal(back.password_matches, true, 'the lab password is the shopper’s again');
    restored = true;
    assert.equal(back.display_name, original.display_name);
    await page.goto(`${baseUrl}/my-account/`);
    await page.getByRole('link', { name: 'Account details' }).first().waitFor();
    await context.close();
  });
});
