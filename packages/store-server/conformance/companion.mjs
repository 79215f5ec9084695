/**
 * The companion scenario: the `cartwright/v1` requests the storefront sends (settings, notices and
 * the /my-account/ pages' account routes), as a guest, as two logged-in customers, with and
 * without nonces, with bad input, and across customers. Recorded against a WooCommerce with the
 * Cartwright companion plugin (`wordpress/cartwright-companion`, `LAB_COMPANION=1`) by
 * `npm run conformance:companion -- --record WOO_URL`; replayed against the store-server in
 * `src/companion-conformance.test.ts`. Same client and recorder as the main scenario.
 */
import { Client, record } from './scenario.mjs';

const API = '/wp-json/cartwright/v1';
const STORE = '/wp-json/wc/store/v1';

const ADDRESS = {
  first_name: 'Sam',
  last_name: 'Shopper',
  company: '',
  address_1: '2 Lab Road',
  address_2: '',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
  phone: '4155550100',
};

/** An emailed password-reset link (`…/my-account/lost-password/?key=…&id=…`) in a message, or null. */
export function resetLinkIn(text) {
  const found = /https?:\/\/[^\s"'<>]{1,300}\/my-account\/lost-password\/\?[^\s"'<>]{1,500}/.exec(
    String(text).slice(0, 200_000),
  );
  return found === null ? null : found[0].replace(/&#0?38;|&amp;/g, '&');
}

/**
 * Values the shapes do not show but the contract needs, compared exactly on replay: who is logged
 * in, how many orders a customer sees (and `X-WP-Total`), whose addresses come back, whom the
 * analytics properties count as a guest or a store admin, whose reset link and account details
 * come back (this run's `tag` masked), and which fields a refused account-details form names.
 */
function factsOf({ response, json }, tag) {
  const masked = (text) => (typeof text === 'string' ? text.split(tag).join('TAG') : text);
  const facts = {};
  if (Array.isArray(json)) facts.items = json.length;
  if (response.headers.has('x-wp-total')) facts.total = response.headers.get('x-wp-total');
  if (response.headers.has('x-wp-totalpages')) {
    facts.totalPages = response.headers.get('x-wp-totalpages');
  }
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    if (typeof json.logged_in === 'boolean') facts.loggedIn = json.logged_in;
    const props = json.analytics_common_props;
    if (props && typeof props === 'object') {
      facts.analytics = { isGuest: props.is_guest, storeAdmin: props.store_admin };
    }
    if (json.billing && typeof json.billing === 'object') {
      facts.billingName = `${json.billing.first_name} ${json.billing.last_name}`;
      facts.shippingCity = json.shipping?.city;
    }
    for (const key of ['sent', 'valid', 'reset']) {
      if (typeof json[key] === 'boolean') facts[key] = json[key];
    }
    if (typeof json.login === 'string') facts.login = masked(json.login);
    if (typeof json.display_name === 'string' && typeof json.email === 'string') {
      facts.details = masked(
        `${json.first_name} ${json.last_name} / ${json.display_name} / ${json.email}`,
      );
    }
    if (Array.isArray(json.data?.errors)) {
      facts.errorFields = json.data.errors.map((problem) => problem?.field);
    }
  }
  return facts;
}

/**
 * Runs the companion scenario against `base` and resolves with one record per request, in order.
 * `tag` makes this run's email addresses unique (a store keeps the accounts of earlier runs).
 * `resetLink(email)` resolves with the password-reset link the store has just emailed to `email`
 * (read from the lab's mail folder, an outbox or a test SMTP server).
 */
export async function runCompanionScenario(
  base,
  tag = `${Date.now().toString(36)}`,
  { resetLink } = {},
) {
  if (typeof resetLink !== 'function') {
    throw new Error('runCompanionScenario needs resetLink(email): where the store’s mail is read');
  }
  const out = [];
  const step = async (id, client, request) => {
    const answer = await client.send(request);
    out.push({ ...record(id, answer, client), facts: factsOf(answer, tag) });
    return answer;
  };
  const account = (client, id) => step(id, client, { path: `${API}/account` });
  const withNonce = (client, path, nonce, extra = {}) => ({
    path,
    headers: nonce === undefined ? {} : { 'x-wp-nonce': nonce },
    ...extra,
  });

  // A guest: the site-wide routes every page reads, and the account routes refused.
  const guest = new Client(base);
  await step('GET settings (guest)', guest, { path: `${API}/settings` });
  await step('GET notices (guest)', guest, { path: `${API}/notices` });
  const guestAccount = (await account(guest, 'GET account (guest)')).json;
  await step('GET account/orders (guest)', guest, { path: `${API}/account/orders` });
  await step('GET account/addresses (guest)', guest, { path: `${API}/account/addresses` });
  await step(
    'GET account/orders (guest, with the guest wp_rest nonce)',
    guest,
    withNonce(guest, `${API}/account/orders`, guestAccount?.nonces?.wp_rest),
  );
  await step('POST account/addresses/billing (guest)', guest, {
    method: 'POST',
    path: `${API}/account/addresses/billing`,
    json: ADDRESS,
  });
  const loginNonce = guestAccount?.nonces?.['woocommerce-login-nonce'] ?? '';
  const registerNonce = guestAccount?.nonces?.['woocommerce-register-nonce'] ?? '';
  await step('POST account/login, no nonce', guest, {
    method: 'POST',
    path: `${API}/account/login`,
    json: { username: 'nobody-here', password: 'wrong' },
  });
  await step('POST account/login, from another site', guest, {
    method: 'POST',
    path: `${API}/account/login`,
    json: { username: 'nobody-here', password: 'wrong', 'woocommerce-login-nonce': loginNonce },
    headers: { origin: 'https://elsewhere.example' },
  });
  await step('POST account/login, empty username', guest, {
    method: 'POST',
    path: `${API}/account/login`,
    json: { username: '', password: 'wrong', 'woocommerce-login-nonce': loginNonce },
  });
  await step('POST account/login, empty password', guest, {
    method: 'POST',
    path: `${API}/account/login`,
    json: { username: 'nobody-here', password: '', 'woocommerce-login-nonce': loginNonce },
  });
  await step('POST account/login, wrong password', guest, {
    method: 'POST',
    path: `${API}/account/login`,
    json: {
      username: `nobody-${tag}`,
      password: 'wrong',
      'woocommerce-login-nonce': loginNonce,
    },
  });
  await step('POST account/register, no nonce', guest, {
    method: 'POST',
    path: `${API}/account/register`,
    json: { email: `nonce-${tag}@example.com`, password: 'Correct horse battery 9!' },
  });
  await step('POST account/register, bad email', guest, {
    method: 'POST',
    path: `${API}/account/register`,
    json: {
      email: 'not-an-email',
      password: 'Correct horse battery 9!',
      'woocommerce-register-nonce': registerNonce,
    },
  });
  await step('POST account/register, no password', guest, {
    method: 'POST',
    path: `${API}/account/register`,
    json: { email: `none-${tag}@example.com`, 'woocommerce-register-nonce': registerNonce },
  });
  await step('POST account/register, weak password', guest, {
    method: 'POST',
    path: `${API}/account/register`,
    json: {
      email: `weak-${tag}@example.com`,
      password: 'password2024',
      'woocommerce-register-nonce': registerNonce,
    },
  });

  // Customer A registers (and is logged in), orders once, saves addresses.
  const a = new Client(base);
  const aGuest = (await a.send({ path: `${API}/account` })).json;
  const aEmail = `a-${tag}@example.com`;
  const aPassword = `Correct horse battery ${tag}!`;
  await step('POST account/register (customer A)', a, {
    method: 'POST',
    path: `${API}/account/register`,
    json: {
      email: aEmail,
      password: aPassword,
      'woocommerce-register-nonce': aGuest?.nonces?.['woocommerce-register-nonce'] ?? '',
    },
  });
  await step('POST account/register, email taken', guest, {
    method: 'POST',
    path: `${API}/account/register`,
    json: {
      email: aEmail,
      password: 'Correct horse battery 9!',
      'woocommerce-register-nonce': registerNonce,
    },
  });
  const aAccount = (await account(a, 'GET account (customer A, by cookie, no nonce)')).json;
  const aNonce = aAccount?.nonces?.wp_rest;
  await step(
    'GET account/orders (customer A, no X-WP-Nonce)',
    a,
    withNonce(a, `${API}/account/orders`, undefined),
  );
  await step(
    'GET account/orders (customer A, bad X-WP-Nonce)',
    a,
    withNonce(a, `${API}/account/orders`, '0123456789'),
  );
  await step(
    'GET account/orders (customer A, none yet)',
    a,
    withNonce(a, `${API}/account/orders`, aNonce),
  );
  await step(
    'GET account/orders?per_page=101 (over max)',
    a,
    withNonce(a, `${API}/account/orders?per_page=101`, aNonce),
  );
  await step('GET account/orders?page=0', a, withNonce(a, `${API}/account/orders?page=0`, aNonce));
  await step(
    'GET account/addresses (customer A, new)',
    a,
    withNonce(a, `${API}/account/addresses`, aNonce),
  );
  await step(
    'POST account/addresses/billing (customer A)',
    a,
    withNonce(a, `${API}/account/addresses/billing`, aNonce, {
      method: 'POST',
      json: { ...ADDRESS, email: aEmail },
    }),
  );
  await step(
    'PUT account/addresses/shipping (customer A)',
    a,
    withNonce(a, `${API}/account/addresses/shipping`, aNonce, { method: 'PUT', json: ADDRESS }),
  );
  await step(
    'POST account/addresses/billing, bad state, postcode and email',
    a,
    withNonce(a, `${API}/account/addresses/billing`, aNonce, {
      method: 'POST',
      json: { ...ADDRESS, state: 'ZZ', postcode: 'x', email: 'bad' },
    }),
  );
  await step(
    'POST account/addresses/shipping, empty body',
    a,
    withNonce(a, `${API}/account/addresses/shipping`, aNonce, { method: 'POST', json: {} }),
  );
  await step(
    'POST account/addresses/elsewhere (no such type)',
    a,
    withNonce(a, `${API}/account/addresses/elsewhere`, aNonce, { method: 'POST', json: ADDRESS }),
  );
  await step(
    'POST account/addresses/billing, no X-WP-Nonce',
    a,
    withNonce(a, `${API}/account/addresses/billing`, undefined, { method: 'POST', json: ADDRESS }),
  );

  // A places an order through the Store API (logged in), then sees it in the account.
  const products = (await a.send({ path: `${STORE}/products?per_page=100` })).json ?? [];
  const product = products.find(
    (p) => p.type === 'simple' && p.is_purchasable && p.is_in_stock && p.add_to_cart?.maximum >= 10,
  );
  await a.send({ path: `${STORE}/cart` });
  const added = await a.send({
    method: 'POST',
    path: `${STORE}/cart/add-item`,
    json: { id: product?.id ?? 0, quantity: 2 },
    headers: a.nonce ? { nonce: a.nonce } : {},
  });
  if (added.response.status !== 201) {
    throw new Error(`customer A's add-item answered ${added.response.status}: ${added.text}`);
  }
  const billing = { ...ADDRESS, email: aEmail };
  const checkout = await a.send({
    method: 'POST',
    path: `${STORE}/checkout`,
    json: { billing_address: billing, shipping_address: ADDRESS, payment_method: 'cod' },
    headers: a.nonce ? { nonce: a.nonce } : {},
  });
  if (checkout.response.status !== 200) {
    throw new Error(`customer A's checkout answered ${checkout.response.status}: ${checkout.text}`);
  }
  await step(
    'GET account/orders (customer A, one order)',
    a,
    withNonce(a, `${API}/account/orders`, aNonce),
  );
  await step(
    'GET account/orders?page=2 (customer A, past the end)',
    a,
    withNonce(a, `${API}/account/orders?page=2`, aNonce),
  );

  // Customer B: logs in on a fresh client after registering elsewhere; sees none of A's data.
  const signup = new Client(base);
  const signupAccount = (await signup.send({ path: `${API}/account` })).json;
  const bEmail = `b-${tag}@example.com`;
  const bPassword = `Another horse battery ${tag}!`;
  await signup.send({
    method: 'POST',
    path: `${API}/account/register`,
    json: {
      email: bEmail,
      password: bPassword,
      'woocommerce-register-nonce': signupAccount?.nonces?.['woocommerce-register-nonce'] ?? '',
    },
  });
  const b = new Client(base);
  const bGuest = (await account(b, 'GET account (customer B, before login)')).json;
  await step('POST account/login (customer B, by email)', b, {
    method: 'POST',
    path: `${API}/account/login`,
    json: {
      username: bEmail,
      password: bPassword,
      rememberme: 'forever',
      'woocommerce-login-nonce': bGuest?.nonces?.['woocommerce-login-nonce'] ?? '',
    },
  });
  const bAccount = (await account(b, 'GET account (customer B, logged in)')).json;
  const bNonce = bAccount?.nonces?.wp_rest;
  await step(
    "GET account/orders (customer B: none of A's)",
    b,
    withNonce(b, `${API}/account/orders`, bNonce),
  );
  await step(
    "GET account/addresses (customer B: none of A's)",
    b,
    withNonce(b, `${API}/account/addresses`, bNonce),
  );
  await step(
    "GET account/orders (customer B's cookie, A's nonce)",
    b,
    withNonce(b, `${API}/account/orders`, aNonce),
  );
  await step(
    "POST account/addresses/billing (customer B's cookie, A's nonce)",
    b,
    withNonce(b, `${API}/account/addresses/billing`, aNonce, { method: 'POST', json: ADDRESS }),
  );
  await step('GET settings (customer B, by cookie)', b, { path: `${API}/settings` });
  await step('GET notices (customer B)', b, { path: `${API}/notices` });

  // Account details (issue 15): B's names, email and password, with WooCommerce's form rules.
  const DETAILS = `${API}/account/details`;
  await step('GET account/details (guest)', guest, { path: DETAILS });
  await step(
    'GET account/details (customer B, no X-WP-Nonce)',
    b,
    withNonce(b, DETAILS, undefined),
  );
  const details = (await step('GET account/details (customer B)', b, withNonce(b, DETAILS, bNonce)))
    .json;
  const detailsNonce = details?.nonces?.['save-account-details-nonce'] ?? '';
  const form = {
    account_first_name: 'Bea',
    account_last_name: 'Buyer',
    account_display_name: 'Bea B.',
    account_email: bEmail,
    'save-account-details-nonce': detailsNonce,
  };
  // `nonce` null: no X-WP-Nonce at all.
  const saveDetails = (id, fields, nonce = bNonce) =>
    step(id, b, withNonce(b, DETAILS, nonce ?? undefined, { method: 'POST', json: fields }));
  await saveDetails('POST account/details, no form nonce', {
    ...form,
    'save-account-details-nonce': '',
  });
  await saveDetails('POST account/details, no X-WP-Nonce', form, null);
  await saveDetails('POST account/details, every field empty', {
    'save-account-details-nonce': detailsNonce,
  });
  await saveDetails("POST account/details, A's email and an email as display name", {
    ...form,
    account_email: aEmail,
    account_display_name: 'someone@example.com',
  });
  await saveDetails('POST account/details, bad email', { ...form, account_email: 'not-an-email' });
  const bNewPassword = `Lantern harbour tide ${tag}!`;
  await saveDetails('POST account/details, new password without the current one', {
    ...form,
    password_1: bNewPassword,
    password_2: bNewPassword,
  });
  await saveDetails('POST account/details, current password only', {
    ...form,
    password_current: bPassword,
  });
  await saveDetails('POST account/details, new passwords differ', {
    ...form,
    password_current: bPassword,
    password_1: bNewPassword,
    password_2: `${bNewPassword}?`,
  });
  await saveDetails('POST account/details, weak new password', {
    ...form,
    password_current: bPassword,
    password_1: 'short1!',
    password_2: 'short1!',
  });
  await saveDetails('POST account/details, wrong current password', {
    ...form,
    password_current: 'not the password 1',
    password_1: bNewPassword,
    password_2: bNewPassword,
  });
  // B is logged in on a second client too; the new password ends that login, not this one.
  const bElsewhere = new Client(base);
  const bElsewhereGuest = (await bElsewhere.send({ path: `${API}/account` })).json;
  await bElsewhere.send({
    method: 'POST',
    path: `${API}/account/login`,
    json: {
      username: bEmail,
      password: bPassword,
      'woocommerce-login-nonce': bElsewhereGuest?.nonces?.['woocommerce-login-nonce'] ?? '',
    },
  });
  await saveDetails('POST account/details (customer B: names and a new password)', {
    ...form,
    password_current: bPassword,
    password_1: bNewPassword,
    password_2: bNewPassword,
  });
  const bAfter = (await account(b, 'GET account (customer B, after the new password)')).json;
  await account(bElsewhere, "GET account (customer B's other login, after the new password)");
  await step(
    'GET account/details (customer B, saved)',
    b,
    withNonce(b, DETAILS, bAfter?.nonces?.wp_rest),
  );

  // Lost password (issue 15): A asks for a reset link, uses it once, logs in with the new password.
  const LOST = `${API}/account/lost-password`;
  const RESET = `${API}/account/reset-password`;
  const visitor = new Client(base);
  const nonces =
    (await step('GET account/lost-password (guest)', visitor, { path: LOST })).json?.nonces ?? {};
  const lostNonce = nonces['woocommerce-lost-password-nonce'] ?? '';
  const resetNonce = nonces['woocommerce-reset-password-nonce'] ?? '';
  const askFor = (id, fields, headers = {}) =>
    step(id, visitor, { method: 'POST', path: LOST, json: fields, headers });
  await askFor('POST account/lost-password, no nonce', { user_login: aEmail });
  await askFor(
    'POST account/lost-password, from another site',
    { user_login: aEmail, 'woocommerce-lost-password-nonce': lostNonce },
    { origin: 'https://elsewhere.example' },
  );
  await askFor('POST account/lost-password, empty name', {
    user_login: '  ',
    'woocommerce-lost-password-nonce': lostNonce,
  });
  await askFor('POST account/lost-password, unknown name (answered alike)', {
    user_login: `nobody-${tag}@example.com`,
    'woocommerce-lost-password-nonce': lostNonce,
  });
  await askFor('POST account/lost-password (customer A, by email)', {
    user_login: aEmail,
    'woocommerce-lost-password-nonce': lostNonce,
  });
  const link = new URL(await resetLink(aEmail));
  const id = link.searchParams.get('id') ?? '';
  const key = link.searchParams.get('key') ?? '';
  const check = (stepId, fields) =>
    step(stepId, visitor, { method: 'POST', path: `${RESET}/check`, json: fields });
  await check('POST account/reset-password/check, wrong key', { id, key: 'wrong-key-123' });
  await check('POST account/reset-password/check, malformed id', { id: '0x1', key });
  await check("POST account/reset-password/check (customer A's link)", { id, key });
  const aNewPassword = `Quiet meadow lantern ${tag}?`;
  const reset = (stepId, password1, password2 = password1, nonce = resetNonce) =>
    step(stepId, visitor, {
      method: 'POST',
      path: RESET,
      json: {
        id,
        key,
        password_1: password1,
        password_2: password2,
        'woocommerce-reset-password-nonce': nonce,
      },
    });
  await reset('POST account/reset-password, no nonce', aNewPassword, aNewPassword, '');
  await reset('POST account/reset-password, empty password', '');
  await reset('POST account/reset-password, passwords differ', aNewPassword, `${aNewPassword}!`);
  await reset('POST account/reset-password, weak password', 'short1!');
  await reset('POST account/reset-password (customer A)', aNewPassword);
  await reset('POST account/reset-password, the used key again', `${aNewPassword} again`);
  await check('POST account/reset-password/check, the used key', { id, key });
  await account(a, "GET account (customer A's login, after the reset)");
  const aAgain = new Client(base);
  const aAgainGuest = (await aAgain.send({ path: `${API}/account` })).json;
  const logIn = (stepId, password) =>
    step(stepId, aAgain, {
      method: 'POST',
      path: `${API}/account/login`,
      json: {
        username: aEmail,
        password,
        'woocommerce-login-nonce': aAgainGuest?.nonces?.['woocommerce-login-nonce'] ?? '',
      },
    });
  await logIn('POST account/login, the old password (customer A)', aPassword);
  await logIn('POST account/login, the new password (customer A)', aNewPassword);
  return out;
}
