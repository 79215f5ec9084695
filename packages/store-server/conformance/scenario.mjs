/**
 * The conformance scenario: a fixed list of shopper requests sent to a store over real HTTP, and
 * what each answer looks like on the wire (status, the headers that matter, the cookies a client
 * holds afterwards, the body's shape, and the values that are contract: error codes, messages,
 * `data.status`, `data.params`). Recorded once against a real WooCommerce
 * (`npm run conformance -- --record WOO_URL`), replayed against the store-server in `npm test`
 * (conformance.test.ts). Ids, keys, nonces, prices, names and dates differ between stores and are
 * not compared; each store picks its own products by role.
 */

/** Keys whose contents depend on the theme and plugins: their own keys are not compared. */
const OPAQUE = new Set(['fragments', 'extensions']);

/** The shape of a JSON value: types and keys, recursively; arrays merge their elements. */
export function shapeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let merged = null;
    for (const item of value) merged = mergeShapes(merged, shapeOf(item));
    return { '[]': merged };
  }
  if (typeof value === 'object') {
    const keys = {};
    for (const key of Object.keys(value).sort()) {
      keys[key] = OPAQUE.has(key) ? 'object' : shapeOf(value[key]);
    }
    return { '{}': keys };
  }
  return typeof value;
}

function mergeShapes(a, b) {
  if (a === null || a === 'null') return b;
  if (b === null || b === 'null') return a;
  if (typeof a === 'object' && typeof b === 'object' && '{}' in a && '{}' in b) {
    const keys = { ...a['{}'] };
    for (const [key, shape] of Object.entries(b['{}']))
      keys[key] = mergeShapes(keys[key] ?? null, shape);
    return { '{}': keys };
  }
  if (typeof a === 'object' && typeof b === 'object' && '[]' in a && '[]' in b) {
    return { '[]': mergeShapes(a['[]'], b['[]']) };
  }
  return a;
}

const isObjectShape = (shape) => typeof shape === 'object' && shape !== null && '{}' in shape;
const isArrayShape = (shape) => typeof shape === 'object' && shape !== null && '[]' in shape;
const typeName = (shape) =>
  isObjectShape(shape) ? 'object' : isArrayShape(shape) ? 'array' : String(shape);

/**
 * Differences between WooCommerce's shape and ours, as `missing key`, `extra key` and `type`
 * lines. `null` fits any type, and an empty array fits an object (PHP writes an empty
 * associative array as `[]`).
 */
export function shapeDifferences(woo, ours, path = '') {
  const here = path === '' ? '(root)' : path;
  if (woo === null || ours === null || woo === 'null' || ours === 'null') return [];
  if (isObjectShape(woo) && isObjectShape(ours)) {
    const out = [];
    for (const key of Object.keys(woo['{}'])) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!(key in ours['{}'])) out.push(`missing key ${at}`);
      else out.push(...shapeDifferences(woo['{}'][key], ours['{}'][key], at));
    }
    for (const key of Object.keys(ours['{}'])) {
      if (!(key in woo['{}'])) out.push(`extra key ${path === '' ? key : `${path}.${key}`}`);
    }
    return out;
  }
  if (isArrayShape(woo) && isArrayShape(ours)) {
    return shapeDifferences(woo['[]'], ours['[]'], `${path}[]`);
  }
  const emptyArray = (shape) => isArrayShape(shape) && shape['[]'] === null;
  if ((emptyArray(woo) && isObjectShape(ours)) || (emptyArray(ours) && isObjectShape(woo)))
    return [];
  if (typeName(woo) !== typeName(ours))
    return [`type ${here}: ${typeName(woo)} vs ${typeName(ours)}`];
  return [];
}

/** A message with what differs between stores masked: quoted names and numbers. */
const template = (message) =>
  typeof message === 'string'
    ? message.replace(/&quot;.*?&quot;/g, '&quot;…&quot;').replace(/\d+/g, 'N')
    : message;

/** Every difference between a recorded WooCommerce answer and ours, one line each. */
export function answerDifferences(woo, ours) {
  if (ours === undefined) return ['not sent (no product for this role)'];
  const out = [];
  if (woo.status !== ours.status) out.push(`status ${woo.status} vs ${ours.status}`);
  if (woo.contentType !== ours.contentType) {
    out.push(`content-type ${woo.contentType} vs ${ours.contentType}`);
  }
  for (const field of ['code', 'message', 'dataStatus', 'params']) {
    const mask = field === 'message' ? template : (value) => value;
    const a = JSON.stringify(mask(woo.contract[field]));
    const b = JSON.stringify(mask(ours.contract[field]));
    if (a !== b) out.push(`${field} ${a} vs ${b}`);
  }
  for (const [name, present] of Object.entries(woo.headers)) {
    if (present && !ours.headers[name]) out.push(`header ${name} absent`);
  }
  for (const cookie of woo.cookies) {
    if (!ours.cookies.includes(cookie)) out.push(`cookie ${cookie} not held`);
  }
  if (woo.status === ours.status) out.push(...shapeDifferences(woo.body, ours.body));
  return out;
}

/** A client with its own cookies (or none), as a browser or a headless app would be. */
export class Client {
  constructor(base, { cookies = true } = {}) {
    this.base = base;
    this.useCookies = cookies;
    this.cookies = new Map();
    this.nonce = undefined;
    this.cartToken = undefined;
  }

  async send({ method = 'GET', path, json, form, headers = {} }) {
    const sent = { ...headers };
    if (this.useCookies && this.cookies.size > 0) {
      sent.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body;
    if (json !== undefined) {
      sent['content-type'] = 'application/json';
      body = typeof json === 'string' ? json : JSON.stringify(json);
    } else if (form !== undefined) {
      sent['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const response = await fetch(new URL(path, this.base), {
      method,
      headers: sent,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(raw) < Date.now();
        return false;
      });
      if (expired || value === '' || value === 'deleted') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (response.headers.get('nonce')) this.nonce = response.headers.get('nonce');
    if (response.headers.get('cart-token')) this.cartToken = response.headers.get('cart-token');
    const text = await response.text();
    let parsed;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { response, text, json: parsed };
  }
}

/** What is kept of one answer. */
export function record(id, { response, json }, client) {
  const link = response.headers.get('link') ?? '';
  const rels = [...link.matchAll(/rel="?([a-z]+)"?/g)].map((match) => match[1]).sort();
  const contract =
    json && typeof json === 'object' && !Array.isArray(json) && typeof json.code === 'string'
      ? {
          code: json.code,
          message: json.message,
          dataStatus: json.data?.status,
          // rest_missing_callback_param lists names; rest_invalid_param maps name → message.
          params:
            json.data?.params === undefined
              ? undefined
              : (Array.isArray(json.data.params)
                  ? json.data.params.map(String)
                  : Object.keys(json.data.params)
                ).sort(),
        }
      : {};
  return {
    id,
    status: response.status,
    contentType: (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase(),
    headers: {
      nonce: response.headers.has('nonce'),
      'cart-token': response.headers.has('cart-token'),
      'x-wp-total': response.headers.has('x-wp-total'),
      'x-wp-totalpages': response.headers.has('x-wp-totalpages'),
      ...Object.fromEntries(
        rels
          .filter((rel) => ['next', 'prev', 'up'].includes(rel))
          .map((rel) => [`link rel=${rel}`, true]),
      ),
    },
    // Cookie names with their per-site hashes masked (wp_woocommerce_session_<hash>).
    cookies: [...client.cookies.keys()].map((name) => name.replace(/_[0-9a-f]{32}$/, '_*')).sort(),
    contract,
    body: json === undefined ? null : shapeOf(json),
  };
}

const STORE = '/wp-json/wc/store/v1';

/**
 * Runs the scenario against `base` (`http://127.0.0.1:8089`) and resolves with one record per
 * request, in order. Requests whose product role the store lacks are left out.
 */
export async function runScenario(base) {
  const out = [];
  const step = async (id, client, request) => {
    out.push(record(id, await client.send(request), client));
    return out.at(-1);
  };
  const anon = new Client(base);

  // Products by role: each store picks its own.
  const listing = (await anon.send({ path: `${STORE}/products?per_page=100` })).json ?? [];
  const simple = listing.filter((p) => p.type === 'simple' && p.is_purchasable);
  const inStock = simple.filter((p) => p.is_in_stock);
  const plenty = inStock.find((p) => (p.add_to_cart?.maximum ?? 0) >= 10) ?? inStock[0];
  const limited = [...inStock].sort(
    (a, b) => (a.add_to_cart?.maximum ?? 1e9) - (b.add_to_cart?.maximum ?? 1e9),
  )[0];
  const soldOut = simple.find((p) => !p.is_in_stock);
  const variable = listing.find((p) => p.type === 'variable');

  // Catalogue.
  await step('GET products?per_page=5', anon, { path: `${STORE}/products?per_page=5` });
  await step('GET products?per_page=5&page=2', anon, {
    path: `${STORE}/products?per_page=5&page=2`,
  });
  await step('GET products/{simple}', anon, { path: `${STORE}/products/${plenty.id}` });
  if (variable)
    await step('GET products/{variable}', anon, { path: `${STORE}/products/${variable.id}` });
  await step('GET products/categories', anon, { path: `${STORE}/products/categories` });
  await step('GET products/999999 (bad id)', anon, { path: `${STORE}/products/999999` });
  await step('GET products?per_page=101 (over max)', anon, {
    path: `${STORE}/products?per_page=101`,
  });
  await step('GET products?page=999 (past the end)', anon, { path: `${STORE}/products?page=999` });

  // A: a browser-like client with cookies and the Store API nonce.
  const a = new Client(base);
  await step('GET cart (fresh guest)', a, { path: `${STORE}/cart` });
  const add = (client, body, headers) => ({
    method: 'POST',
    path: `${STORE}/cart/add-item`,
    json: body,
    headers: headers ?? (client.nonce ? { nonce: client.nonce } : {}),
  });
  await step('POST cart/add-item, no Nonce', a, add(a, { id: plenty.id, quantity: 1 }, {}));
  await step(
    'POST cart/add-item, invalid Nonce',
    a,
    add(a, { id: plenty.id, quantity: 1 }, { nonce: '0123456789' }),
  );
  const first = await step('POST cart/add-item, Nonce', a, add(a, { id: plenty.id, quantity: 1 }));
  await step('POST cart/add-item, bad product id', a, add(a, { id: 999999, quantity: 1 }));
  await step('POST cart/add-item, quantity -1', a, add(a, { id: plenty.id, quantity: -1 }));
  await step('POST cart/add-item, quantity "abc"', a, add(a, { id: plenty.id, quantity: 'abc' }));
  if (soldOut)
    await step('POST cart/add-item, out of stock', a, add(a, { id: soldOut.id, quantity: 1 }));
  if (limited) {
    const max = limited.add_to_cart?.maximum ?? 3;
    await step(
      'POST cart/add-item, more than in stock',
      a,
      add(a, { id: limited.id, quantity: max + 1 }),
    );
  }
  if (variable) {
    await step(
      'POST cart/add-item, variable without variation',
      a,
      add(a, { id: variable.id, quantity: 1 }),
    );
  }
  const cart = await a.send({ path: `${STORE}/cart` });
  out.push(record('GET cart (one line)', cart, a));
  const key = cart.json?.items?.[0]?.key ?? 'no-line';
  void first;
  await step('GET cart/items', a, { path: `${STORE}/cart/items` });
  await step('GET cart/items/{key}', a, { path: `${STORE}/cart/items/${key}` });
  await step('POST cart/update-item {key, quantity 3}', a, {
    method: 'POST',
    path: `${STORE}/cart/update-item`,
    json: { key, quantity: 3 },
    headers: { nonce: a.nonce },
  });
  await step('PUT cart/items/{key} {quantity 2}', a, {
    method: 'PUT',
    path: `${STORE}/cart/items/${key}`,
    json: { quantity: 2 },
    headers: { nonce: a.nonce },
  });
  await step('POST cart/update-item, quantity 0', a, {
    method: 'POST',
    path: `${STORE}/cart/update-item`,
    json: { key, quantity: 0 },
    headers: { nonce: a.nonce },
  });
  await step('POST cart/add-item again (for checkout)', a, add(a, { id: plenty.id, quantity: 1 }));
  await step('POST cart/apply-coupon, unknown code', a, {
    method: 'POST',
    path: `${STORE}/cart/apply-coupon`,
    json: { code: 'no-such-coupon' },
    headers: { nonce: a.nonce },
  });
  const address = {
    first_name: 'Sam',
    last_name: 'Shopper',
    address_1: '2 Lab Road',
    city: 'San Francisco',
    state: 'CA',
    postcode: '94105',
    country: 'US',
    email: 'sam@example.com',
    phone: '4155550100',
  };
  await step('POST cart/update-customer', a, {
    method: 'POST',
    path: `${STORE}/cart/update-customer`,
    json: { billing_address: address, shipping_address: address },
    headers: { nonce: a.nonce },
  });
  await step('POST cart/remove-item, stale key', a, {
    method: 'POST',
    path: `${STORE}/cart/remove-item`,
    json: { key: '0123456789abcdef0123456789abcdef' },
    headers: { nonce: a.nonce },
  });
  await step('GET checkout, no Nonce', a, { path: `${STORE}/checkout` });
  await step('POST checkout, no Nonce', a, { method: 'POST', path: `${STORE}/checkout`, json: {} });
  await step('POST checkout, empty body', a, {
    method: 'POST',
    path: `${STORE}/checkout`,
    json: {},
    headers: { nonce: a.nonce },
  });
  await step('POST checkout, unknown payment method', a, {
    method: 'POST',
    path: `${STORE}/checkout`,
    json: { billing_address: address, shipping_address: address, payment_method: 'no-such-method' },
    headers: { nonce: a.nonce },
  });
  await step('POST checkout, complete (cod)', a, {
    method: 'POST',
    path: `${STORE}/checkout`,
    json: { billing_address: address, shipping_address: address, payment_method: 'cod' },
    headers: { nonce: a.nonce },
  });
  await step('GET cart (after checkout)', a, { path: `${STORE}/cart` });
  await step('POST cart/remove-item, key of the ordered line', a, {
    method: 'POST',
    path: `${STORE}/cart/remove-item`,
    json: { key },
    headers: { nonce: a.nonce },
  });
  await step('POST batch [add-item]', a, {
    method: 'POST',
    path: `${STORE}/batch`,
    json: {
      requests: [
        {
          method: 'POST',
          path: '/wc/store/v1/cart/add-item',
          body: { id: plenty.id, quantity: 1 },
          headers: { Nonce: a.nonce },
        },
      ],
    },
    headers: { nonce: a.nonce },
  });

  // B: a headless client with no cookies, on Cart-Token alone.
  const b = new Client(base, { cookies: false });
  await step('Cart-Token: GET cart (no cookies)', b, { path: `${STORE}/cart` });
  await step(
    'Cart-Token: POST cart/add-item, token, no Nonce',
    b,
    add(b, { id: plenty.id, quantity: 1 }, b.cartToken ? { 'cart-token': b.cartToken } : {}),
  );
  const c = new Client(base, { cookies: false });
  await c.send({ path: `${STORE}/cart` });
  await step('Cart-Token: GET cart with the token', c, {
    path: `${STORE}/cart`,
    headers: c.cartToken ? { 'cart-token': c.cartToken } : {},
  });
  await step(
    'Cart-Token: POST cart/add-item, forged token',
    c,
    add(
      c,
      { id: plenty.id, quantity: 1 },
      { 'cart-token': 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoidF94In0.forged' },
    ),
  );

  // D: a classic theme's wc-ajax client.
  const d = new Client(base);
  await step('wc-ajax get_refreshed_fragments (empty cart)', d, {
    method: 'POST',
    path: '/?wc-ajax=get_refreshed_fragments',
    form: {},
  });
  await step('wc-ajax add_to_cart', d, {
    method: 'POST',
    path: '/?wc-ajax=add_to_cart',
    form: { product_id: String(plenty.id), quantity: '1' },
  });
  await step('wc-ajax add_to_cart, bad product id', d, {
    method: 'POST',
    path: '/?wc-ajax=add_to_cart',
    form: { product_id: '999999', quantity: '1' },
  });
  if (soldOut) {
    await step('wc-ajax add_to_cart, out of stock', d, {
      method: 'POST',
      path: '/?wc-ajax=add_to_cart',
      form: { product_id: String(soldOut.id), quantity: '1' },
    });
  }
  const fragments = await d.send({
    method: 'POST',
    path: '/?wc-ajax=get_refreshed_fragments',
    form: {},
  });
  out.push(record('wc-ajax get_refreshed_fragments (one line)', fragments, d));
  const ajaxCart = await d.send({ path: `${STORE}/cart` });
  out.push(record('GET cart (wc-ajax session)', ajaxCart, d));
  const ajaxKey = ajaxCart.json?.items?.[0]?.key ?? 'no-line';
  await step('wc-ajax remove_from_cart', d, {
    method: 'POST',
    path: '/?wc-ajax=remove_from_cart',
    form: { cart_item_key: ajaxKey },
  });
  await step('wc-ajax remove_from_cart, stale key', d, {
    method: 'POST',
    path: '/?wc-ajax=remove_from_cart',
    form: { cart_item_key: ajaxKey },
  });
  await step('wc-ajax unknown action', d, {
    method: 'POST',
    path: '/?wc-ajax=no_such_action',
    form: {},
  });
  await step('admin-ajax rest-nonce (guest)', new Client(base), {
    path: '/wp-admin/admin-ajax.php?action=rest-nonce',
  });

  // E: WordPress's login form.
  const e = new Client(base);
  await step('GET wp-login.php', e, { path: '/wp-login.php' });
  await step('wp-login.php, wrong password', e, {
    method: 'POST',
    path: '/wp-login.php',
    form: { log: 'nobody-here', pwd: 'wrong', 'wp-submit': 'Log In', testcookie: '1' },
  });
  await step('GET wp/v2/users/me (guest)', e, { path: '/wp-json/wp/v2/users/me' });

  // cat: categories and filters (issue 15 item 3): collection-data and the catalogue's filters.
  const f = new Client(base);
  const category = (await f.send({ path: `${STORE}/products/categories` })).json?.[0];
  await step('GET products/collection-data (nothing asked)', f, {
    path: `${STORE}/products/collection-data`,
  });
  await step('GET products/collection-data (price, stock, rating, categories)', f, {
    path: `${STORE}/products/collection-data?calculate_price_range=true&calculate_stock_status_counts=true&calculate_rating_counts=true&calculate_taxonomy_counts[]=product_cat`,
  });
  await step('GET products/collection-data (attribute counts)', f, {
    path: `${STORE}/products/collection-data?calculate_attribute_counts[0][taxonomy]=pa_size&calculate_attribute_counts[0][query_type]=or`,
  });
  await step('GET products/collection-data (a category, a price filter)', f, {
    path: `${STORE}/products/collection-data?calculate_price_range=true&category=${category?.id ?? 0}&min_price=1000&max_price=2000`,
  });
  await step('GET products/collection-data (bad flag)', f, {
    path: `${STORE}/products/collection-data?calculate_price_range=yes`,
  });
  await step('GET products/collection-data (attribute counts not objects)', f, {
    path: `${STORE}/products/collection-data?calculate_attribute_counts=pa_size`,
  });
  await step('GET products?stock_status[]=outofstock', f, {
    path: `${STORE}/products?stock_status[]=outofstock`,
  });
  await step('GET products?stock_status[]=bogus', f, {
    path: `${STORE}/products?stock_status[]=bogus`,
  });
  await step('GET products?min_price&max_price (a category)', f, {
    path: `${STORE}/products?category=${category?.id ?? 0}&min_price=1000&max_price=2000`,
  });
  const attributes = (await f.send({ path: `${STORE}/products/attributes` })).json ?? [];
  await step('GET products/attributes', f, { path: `${STORE}/products/attributes` });
  const size = attributes.find((a) => a.taxonomy === 'pa_size') ?? attributes[0];
  await step('GET products/attributes/{id}/terms', f, {
    path: `${STORE}/products/attributes/${size?.id ?? 0}/terms`,
  });
  await step('GET products/attributes/999999/terms (bad id)', f, {
    path: `${STORE}/products/attributes/999999/terms`,
  });
  const term = (await f.send({ path: `${STORE}/products/attributes/${size?.id ?? 0}/terms` }))
    .json?.[0];
  await step('GET products?attributes[0] (a term)', f, {
    path: `${STORE}/products?attributes[0][attribute]=${size?.taxonomy ?? 'pa_size'}&attributes[0][slug][]=${term?.slug ?? 'm'}`,
  });
  await step('GET products?attributes[0][operator]=bogus', f, {
    path: `${STORE}/products?attributes[0][attribute]=pa_size&attributes[0][slug][]=m&attributes[0][operator]=bogus`,
  });
  // coupon (issue 15 item 6): G, a browser-like client with one line, applies and removes
  // coupons. Codes both stores have: lab10 (10 %), expired15 (expired), bigspender (minimum
  // spend $1,000), solo20 (individual use).
  const g = new Client(base);
  await g.send({ path: `${STORE}/cart` });
  await g.send(add(g, { id: plenty.id, quantity: 2 }));
  const coupon = (route, code) => ({
    method: 'POST',
    path: `${STORE}/cart/${route}`,
    json: { code },
    headers: { nonce: g.nonce },
  });
  await step('coupon: POST cart/apply-coupon', g, coupon('apply-coupon', 'lab10'));
  await step('coupon: POST cart/apply-coupon, already applied', g, coupon('apply-coupon', 'LAB10'));
  await step('coupon: POST cart/apply-coupon, expired', g, coupon('apply-coupon', 'expired15'));
  await step(
    'coupon: POST cart/apply-coupon, under the minimum spend',
    g,
    coupon('apply-coupon', 'bigspender'),
  );
  await step('coupon: POST cart/apply-coupon, individual use', g, coupon('apply-coupon', 'solo20'));
  await step(
    'coupon: POST cart/apply-coupon, beside an individual-use coupon',
    g,
    coupon('apply-coupon', 'lab10'),
  );
  await step('coupon: POST cart/apply-coupon, no code', g, {
    method: 'POST',
    path: `${STORE}/cart/apply-coupon`,
    json: {},
    headers: { nonce: g.nonce },
  });
  await step('coupon: GET cart (with a coupon)', g, { path: `${STORE}/cart` });
  await step('coupon: POST cart/remove-coupon', g, coupon('remove-coupon', 'solo20'));
  await step('coupon: POST cart/remove-coupon, not applied', g, coupon('remove-coupon', 'solo20'));
  await step(
    'coupon: POST cart/remove-coupon, unknown code',
    g,
    coupon('remove-coupon', 'no-such-coupon'),
  );
  // ship (issue 15, shipping): a shopper with one line changes address and picks another rate.
  const s = new Client(base);
  await s.send({ path: `${STORE}/cart` });
  const shipped = await s.send(add(s, { id: plenty.id, quantity: 1 }));
  await step('POST cart/update-customer, shipping address only', s, {
    method: 'POST',
    path: `${STORE}/cart/update-customer`,
    json: { shipping_address: { country: 'US', state: 'NY', postcode: '10001', city: 'New York' } },
    headers: { nonce: s.nonce },
  });
  await step('POST cart/update-customer, unknown state', s, {
    method: 'POST',
    path: `${STORE}/cart/update-customer`,
    json: { shipping_address: { country: 'US', state: 'ZZ' } },
    headers: { nonce: s.nonce },
  });
  const rates = shipped.json?.shipping_rates?.[0]?.shipping_rates ?? [];
  const other = rates.find((rate) => !rate.selected) ?? rates[0];
  await step('POST cart/select-shipping-rate', s, {
    method: 'POST',
    path: `${STORE}/cart/select-shipping-rate`,
    json: { package_id: 0, rate_id: other?.rate_id ?? 'flat_rate:1' },
    headers: { nonce: s.nonce },
  });
  await step('POST cart/select-shipping-rate, no rate_id', s, {
    method: 'POST',
    path: `${STORE}/cart/select-shipping-rate`,
    json: { package_id: 0 },
    headers: { nonce: s.nonce },
  });
  return out;
}
