// My account in Chromium against the real store server: register, log out, log in with the
// password shown and hidden again, find an order placed while logged in; addresses edited
// with the checkout's fields and kept; the same forms with JavaScript off. axe-core checks
// every state of every account page (with JavaScript on: axe itself needs script).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  expectNoAxeViolations,
  hydrated,
  purchasable,
  screenshot,
  useStorefront,
  expectAlertFocusedAndScrolledTo,
  holdRequest,
  loadWithChunkHeld,
  watchAlert,
} from './harness.mjs';

/** The notices' focus and scroll (ui-components' `page-behaviours` entry, decision 0062). */
const isPageBehavioursChunk = (url) => /\/assets\/page-behaviours-[\w-]+\.js$/.test(url.pathname);

/**
 * The login and register forms' code (their island chunk, decision 0068) and what only it
 * loads: the password field and the attribution inputs.
 */
const isAccountFormsChunk = (url) =>
  /\/assets\/(?:account-islands|PasswordInput|AttributionFields|account-field)-[\w-]+\.js$/.test(
    url.pathname,
  );
/** A customer's dashboard and navigation (decision 0068), which a guest's page does not need. */
const isCustomerChunk = (url) =>
  /\/assets\/(?:AccountDashboard|account-nav|RichMessage)-[\w-]+\.js$/.test(url.pathname);
const isAccountIslandsChunk = (url) => /\/assets\/account-islands-[\w-]+\.js$/.test(url.pathname);

const STRONG = 'Correct horse 7 battery';

const ADDRESS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  company: '',
  address_1: '1428 Elm Street',
  address_2: '',
  city: 'Springfield',
  state: 'IL',
  postcode: '62704',
  country: 'US',
  phone: '',
};

/** Places an order with the browser context's cookies (the logged-in customer), via the Store API. */
async function placeOrder(context, baseUrl, product, email) {
  const api = `${baseUrl}/wp-json/wc/store/v1`;
  const cart = await context.request.get(`${api}/cart`);
  const nonce = cart.headers().nonce;
  const added = await context.request.post(`${api}/cart/add-item`, {
    headers: { Nonce: nonce },
    data: { id: product.id, quantity: 2 },
  });
  assert.equal(added.status(), 201);
  const placed = await context.request.post(`${api}/checkout`, {
    headers: { Nonce: nonce },
    data: {
      billing_address: { ...ADDRESS, email },
      shipping_address: ADDRESS,
      payment_method: 'cod',
    },
  });
  assert.equal(placed.status(), 200, await placed.text());
  return placed.json();
}

const loginForm = (page) => page.locator('form.woocommerce-form-login');
const registerForm = (page) => page.locator('form.woocommerce-form-register');

describe('my account', () => {
  const s = useStorefront();

  test('register, log out, log in with the password shown, and find the order placed meanwhile', async () => {
    const [product] = await purchasable(s.baseUrl, 1);
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/shop/`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Account' })
      .click();
    await page.waitForURL(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    await expectNoAxeViolations(page);

    // A weak password is refused inline and announced; the email stays, the password does not.
    const register = registerForm(page);
    await register.getByLabel('Email address').fill('grace@example.com');
    await register.locator('#reg_password').fill('short1!');
    // From the foot of the page, so the notice is out of view when it appears (spec §4).
    await watchAlert(page, 'register-errors');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await register.getByRole('button', { name: 'Register' }).click();
    const alert = page.locator('#register-errors');
    await alert.waitFor();
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.equal(await alert.textContent(), 'Please enter a stronger password.');
    // Spec §4: focused 500 ms after it appears, scrolled to 100 px below the top.
    await expectAlertFocusedAndScrolledTo(page, 'register-errors');
    assert.equal(await register.getByLabel('Email address').inputValue(), 'grace@example.com');
    const newPassword = register.locator('#reg_password');
    assert.equal(await newPassword.inputValue(), '');
    assert.equal(await newPassword.getAttribute('aria-invalid'), 'true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'account-register-error');

    await newPassword.fill(STRONG);
    await register.getByRole('button', { name: 'Register' }).click();
    await page.getByText('From your account dashboard').waitFor();
    assert.equal(new URL(page.url()).pathname, '/my-account/');
    assert.match(await page.locator('main').textContent(), /Hello grace \(not grace\?/);
    await expectNoAxeViolations(page);

    const order = await placeOrder(context, s.baseUrl, product, 'grace@example.com');

    // Log out: the store's nonce-checked link, back to the login form.
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Log out' })
      .click();
    await loginForm(page).waitFor();
    await hydrated(page);
    const cookies = await context.cookies();
    assert.equal(cookies.filter((c) => c.name.startsWith('wordpress_logged_in_')).length, 0);

    // A wrong password: one message, the name kept, announced.
    const login = loginForm(page);
    await login.getByLabel('Username or email address').fill('grace@example.com');
    await login.locator('#password').fill('not the password');
    await watchAlert(page, 'login-errors');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.locator('#login-errors').waitFor();
    assert.equal(
      await page.locator('#login-errors').textContent(),
      'The username or password you entered is incorrect.',
    );
    // Spec §4: the alert takes focus 500 ms after it appears, so the keyboard continues there,
    // and the page scrolls to 100 px above it.
    await expectAlertFocusedAndScrolledTo(page, 'login-errors');
    assert.equal(
      await login.getByLabel('Username or email address').inputValue(),
      'grace@example.com',
    );
    await expectNoAxeViolations(page);

    // The password typed with the keyboard, shown, checked, hidden again; focus never moves.
    const password = login.locator('#password');
    await password.focus();
    await page.keyboard.type(STRONG);
    await login.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await password.getAttribute('type'), 'text');
    assert.equal(await password.inputValue(), STRONG);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'password');
    await expectNoAxeViolations(page);
    await screenshot(page, 'account-login-password-shown');
    await login.getByRole('button', { name: 'Hide password' }).click();
    assert.equal(await password.getAttribute('type'), 'password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('From your account dashboard').waitFor();

    // The order placed while logged in is in the list, and its summary opens from there.
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.waitForURL(`${s.baseUrl}/my-account/orders/`);
    const row = page.getByRole('row', { name: new RegExp(`#${order.order_id}`) });
    await row.waitFor();
    assert.match(await row.textContent(), /Processing/);
    assert.match(await row.textContent(), /for 2 items/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'account-orders');
    await row.getByRole('link', { name: `View order number ${order.order_id}` }).click();
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    assert.match(
      await page.locator('main').textContent(),
      new RegExp(`Order number: ${order.order_id}`),
    );
    await context.close();
  });

  test('the alert’s focus and scroll load with the first alert, and keep the spec’s 500 ms when that code comes late', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    // No notice on the page: its code is not loaded.
    const {
      requested,
      release,
      requests: loaded,
    } = await loadWithChunkHeld(page, isPageBehavioursChunk, () =>
      page.goto(`${s.baseUrl}/my-account/`),
    );

    const login = loginForm(page);
    await login.getByLabel('Username or email address').fill('nobody@example.com');
    await login.locator('#password').fill('not the password');
    await watchAlert(page, 'login-errors');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.locator('#login-errors').waitFor();
    await requested;
    assert.equal(loaded.length, 1);
    // The code is held for 300 ms after the alert appeared, as a slow network would.
    await page.waitForFunction(
      () => performance.now() - (window.__alertTimes['login-errors'].shown ?? Infinity) >= 300,
      undefined,
      { polling: 10 },
    );
    assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'login-errors');
    await release();
    // Focus 500 ms after the alert appeared (counted from it, not from the code's arrival,
    // which would be 800 ms or more), and the scroll to 100 px above it.
    await expectAlertFocusedAndScrolledTo(page, 'login-errors');
    const times = await page.evaluate(() => window.__alertTimes['login-errors']);
    const delay = times.focused - times.shown;
    assert.ok(delay < 780, `focused ${Math.round(delay)} ms after it appeared`);
    await context.close();
  });

  test('a guest’s forms load their code when the shopper comes to one: typing and a submit made before it carry over', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    // Loaded and hydrated, and none of the forms' code asked for, nor a customer's dashboard's.
    const {
      requested,
      release,
      requests: accountCode,
    } = await loadWithChunkHeld(
      page,
      isAccountIslandsChunk,
      () => page.goto(`${s.baseUrl}/my-account/`),
      { also: (url) => isAccountFormsChunk(url) || isCustomerChunk(url) },
    );
    const login = loginForm(page);
    // The server's form: the toggle is there only hidden, until the code is in.
    assert.equal(await login.getByRole('button', { name: 'Show password' }).count(), 0);
    await expectNoAxeViolations(page);

    // The keyboard comes to the form: its code is asked for; it is slow to come.
    const username = login.getByLabel('Username or email address');
    await username.focus();
    await requested;
    await page.keyboard.type('nobody@example.com');
    await login.locator('#password').focus();
    await page.keyboard.type('not the password');
    // Enter sends the form before the code is in: held, not sent natively, nothing lost.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    assert.equal(new URL(page.url()).pathname, '/my-account/');
    assert.equal(await page.locator('#login-errors').count(), 0);
    assert.equal(
      await page.locator('[data-island="account-login"]').getAttribute('data-live'),
      null,
    );
    await watchAlert(page, 'login-errors');
    await release();
    // The live form sends it once, as the browser posts a form (an island page, decision 0082):
    // the store's answer, the name kept, the alert focused.
    await page.locator('#login-errors').waitFor();
    assert.equal(
      await page.locator('#login-errors').textContent(),
      'The username or password you entered is incorrect.',
    );
    await expectAlertFocusedAndScrolledTo(page, 'login-errors');
    assert.equal(await username.inputValue(), 'nobody@example.com');
    assert.equal(await login.locator('#password').inputValue(), '');
    assert.equal(accountCode.filter((url) => /account-islands-/.test(url)).length, 1);
    // The answer is a new document: the forms' code comes again when the shopper comes back to
    // them, no longer held.
    await page.unroute(isAccountIslandsChunk);
    await login.locator('#password').fill(STRONG);
    await login.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await login.locator('#password').getAttribute('type'), 'text');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('the password toggle works when it is the first thing used', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    // A pointer comes to the login form's password field and its toggle, first thing: the
    // toggle appears where the field reserved its place, and works.
    const login = loginForm(page);
    await login.locator('#password').hover();
    await login.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await login.locator('#password').getAttribute('type'), 'text');
    await login.locator('#password').pressSequentially('abc');
    assert.equal(await login.locator('#password').inputValue(), 'abc');
    await login.getByRole('button', { name: 'Hide password' }).click();
    assert.equal(await login.locator('#password').getAttribute('type'), 'password');
    await context.close();
  });

  test('a click on Register before the forms’ code is held and sent once by the live form', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const posts = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/my-account'))
        posts.push(request.url());
    });
    const { requested, release } = holdRequest(page, isAccountIslandsChunk);
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    const register = registerForm(page);
    await register.getByLabel('Email address').fill('lin@example.com');
    await requested;
    await register.locator('#reg_password').fill('short1!');
    await register.getByRole('button', { name: 'Register' }).click();
    await page.waitForTimeout(200);
    assert.deepEqual(posts, []);
    assert.equal(
      await page.locator('[data-island="account-register"]').getAttribute('data-live'),
      null,
    );
    await release();
    await page.locator('#register-errors').waitFor();
    assert.equal(
      await page.locator('#register-errors').textContent(),
      'Please enter a stronger password.',
    );
    assert.equal(await register.getByLabel('Email address').inputValue(), 'lin@example.com');
    assert.equal(await register.locator('#reg_password').getAttribute('aria-invalid'), 'true');
    assert.equal(posts.length, 1);
    await context.close();
  });

  test('a customer’s dashboard is the server’s markup on an island page: no code of its own, its links load their pages', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const reactErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|react/i.test(message.text()))
        reactErrors.push(message.text());
    });
    const customerCode = [];
    const documents = [];
    page.on('request', (request) => {
      if (isCustomerChunk(new URL(request.url()))) customerCode.push(request.url());
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    const register = registerForm(page);
    await register.getByLabel('Email address').fill('mae@example.com');
    await register.locator('#reg_password').fill(STRONG);
    // The registration is a form post; its answer sends the browser to the dashboard, rendered
    // whole by the server (never a heading standing alone while code loads).
    await register.getByRole('button', { name: 'Register' }).click();
    await page.getByText('From your account dashboard').waitFor();
    await hydrated(page);
    assert.equal(await page.locator('html').getAttribute('data-cw-islands'), 'account');
    assert.match(await page.locator('main').textContent(), /Hello mae \(not mae\?/);
    // An island page hydrates no route content: the dashboard's links need no code.
    assert.deepEqual(customerCode, []);

    // Its links load their pages.
    documents.length = 0;
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.waitForURL(`${s.baseUrl}/my-account/orders/`);
    await page.getByText('No order has been made yet.').waitFor();
    assert.deepEqual(documents, ['/my-account/orders/']);
    assert.deepEqual(reactErrors, []);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('addresses are edited with the checkout’s fields, checked by the store and kept', async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    await registerForm(page).getByLabel('Email address').fill('ada@example.com');
    await registerForm(page).locator('#reg_password').fill(STRONG);
    await registerForm(page).getByRole('button', { name: 'Register' }).click();
    await page.getByText('From your account dashboard').waitFor();

    // No orders yet.
    await page.goto(`${s.baseUrl}/my-account/orders/`);
    await page.getByText('No order has been made yet.').waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`${s.baseUrl}/my-account/edit-address/`);
    await hydrated(page);
    assert.equal(await page.getByText('You have not set up this type of address yet.').count(), 2);
    await expectNoAxeViolations(page);
    // The address suggestion engine loads with the first keystroke in the street, not before.
    const suggestionChunks = [];
    page.on('request', (request) => {
      if (/\/assets\/address-suggestions-[\w-]+\.js$/.test(new URL(request.url()).pathname))
        suggestionChunks.push(request.url());
    });
    await page.getByRole('link', { name: 'Add Shipping address' }).click();
    await page.waitForURL(`${s.baseUrl}/my-account/edit-address/shipping/`);
    await hydrated(page);
    await expectNoAxeViolations(page);

    // Refused: an unknown ZIP format and no city; the typed values stay, each error on its field.
    await page.locator('#shipping_first_name').fill('Ada');
    await page.locator('#shipping_last_name').fill('Lovelace');
    await page.locator('#shipping_country').selectOption('US');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(suggestionChunks, [], 'not loaded with the form');
    assert.equal(await page.locator('#shipping_address_1').getAttribute('role'), null);
    await page.locator('#shipping_address_1').fill('1428 Elm Street');
    await page.waitForFunction(
      () => document.getElementById('shipping_address_1')?.getAttribute('role') === 'combobox',
    );
    assert.equal(suggestionChunks.length, 1);
    // The United States' states are a list (issue 15).
    await page.locator('#shipping_state').selectOption('IL');
    await page.locator('#shipping_postcode').fill('ABC');
    await watchAlert(page, 'address-errors');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.locator('#address-errors').waitFor();
    await expectAlertFocusedAndScrolledTo(page, 'address-errors');
    assert.equal(await page.locator('#shipping_city').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#shipping_postcode').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#shipping_address_1').inputValue(), '1428 Elm Street');
    assert.equal(await page.locator('#shipping_first_name').inputValue(), 'Ada');
    await expectNoAxeViolations(page);
    await screenshot(page, 'account-address-errors');

    await page.locator('#shipping_city').fill('Springfield');
    await page.locator('#shipping_postcode').fill('62704');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Address changed successfully.').waitFor();
    const shipping = page.getByRole('region', { name: 'Shipping address' });
    assert.match(
      await shipping.textContent(),
      /Ada Lovelace.*1428 Elm Street.*Springfield.*IL 62704.*United States/,
    );
    await expectNoAxeViolations(page);

    // Kept: a fresh page load of the form shows what was saved.
    await page.goto(`${s.baseUrl}/my-account/edit-address/shipping/`);
    assert.equal(await page.locator('#shipping_city').inputValue(), 'Springfield');
    assert.equal(await page.locator('#shipping_postcode').inputValue(), '62704');
    await context.close();
  });

  test('with JavaScript off, login and saving an address are plain form posts', async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/my-account/edit-address/billing/`);
    // Not logged in: the account page's login form.
    assert.equal(new URL(page.url()).pathname, '/my-account/');
    const login = loginForm(page);
    assert.equal(await login.locator('#password').getAttribute('type'), 'password');
    assert.equal(await page.getByRole('button', { name: 'Show password' }).count(), 0);
    await login.getByLabel('Username or email address').fill('ada@example.com');
    await login.locator('#password').fill(STRONG);
    await login.getByLabel('Remember me').check();
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('From your account dashboard').waitFor();
    const remembered = (await context.cookies()).find((c) =>
      c.name.startsWith('wordpress_logged_in_'),
    );
    assert.ok(remembered && remembered.expires > Date.now() / 1000 + 86_400);

    await page.goto(`${s.baseUrl}/my-account/edit-address/billing/`);
    await page.locator('#billing_first_name').fill('Ada');
    await page.locator('#billing_last_name').fill('Lovelace');
    await page.locator('#billing_country').selectOption('GB');
    await page.locator('#billing_address_1').fill('12 St James Square');
    await page.locator('#billing_city').fill('London');
    await page.locator('#billing_postcode').fill('sw1y4jh');
    await page.locator('#billing_email').fill('');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.locator('#address-errors').waitFor();
    assert.equal(await page.locator('#billing_email').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#billing_city').inputValue(), 'London');
    await page.locator('#billing_email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Address changed successfully.').waitFor();
    const billing = page.getByRole('region', { name: 'Billing address' });
    assert.match(
      await billing.textContent(),
      /12 St James Square.*London.*SW1Y 4JH.*United Kingdom/,
    );
    await context.close();
  });
});
