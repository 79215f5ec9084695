// The wc-ajax and Store API transports, run in Chromium on the lab's origin against the real store.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bundle, launchBrowser, openClassicPage, routeLab, storeCart, wooUrl } from './lab.mjs';

const base = wooUrl();
let browser;
let code;
/** Product ids by SKU, read from the store (setup.php: cw-check-11 has 3 in stock). */
const ids = {};

before(async () => {
  code = await bundle();
  browser = await launchBrowser();
  const response = await fetch(`${base}/wp-json/wc/store/v1/products?per_page=50`);
  for (const product of await response.json()) ids[product.sku] = product.id;
  assert.ok(ids['cw-check-01'] && ids['cw-check-11'], 'the lab’s products cw-check-01 and -11');
});

after(async () => {
  await browser?.close();
});

/** A fresh browser session (no cookies) on the lab's origin with the bundle loaded. */
async function freshPage() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await routeLab(page, base, code);
  await openClassicPage(page, base);
  return { context, page };
}

/** Runs `body` in the page with the bundle as `lab`; errors come back as plain data. */
function run(page, body, arg) {
  return page.evaluate(
    async ([source, value]) => {
      const lab = window.CartwrightLab;
      const describe = (error) => ({
        thrown: true,
        isStoreApiError: lab.isStoreApiError(error),
        code: error?.code,
        status: error?.data?.status,
      });
      const fn = new Function('lab', 'arg', 'describe', `return (${source})(lab, arg, describe);`);
      return fn(lab, value, describe);
    },
    [body.toString(), arg],
  );
}

test('wc-ajax: add, then remove the item, with fragments and the cart hash', async () => {
  const { context, page } = await freshPage();
  const added = await run(
    page,
    async (lab, id) => {
      const t = lab.createWcAjaxTransport({ endpoint: window.wc_add_to_cart_params.wc_ajax_url });
      const answer = await t.addToCart({ product_id: String(id), quantity: '2' });
      return { keys: Object.keys(answer.fragments), hash: answer.cart_hash };
    },
    ids['cw-check-01'],
  );
  assert.ok(added.keys.includes('div.widget_shopping_cart_content'));
  assert.match(added.hash, /^[0-9a-f]{32}$/);
  const cart = await storeCart(page);
  assert.deepEqual(
    cart.items.map((item) => [item.id, item.quantity]),
    [[ids['cw-check-01'], 2]],
  );

  const removed = await run(
    page,
    async (lab, key) => {
      const t = lab.createWcAjaxTransport({ endpoint: window.wc_add_to_cart_params.wc_ajax_url });
      const answer = await t.removeFromCart(key);
      return { keys: Object.keys(answer.fragments), hash: answer.cart_hash };
    },
    cart.items[0].key,
  );
  assert.ok(removed.keys.includes('div.widget_shopping_cart_content'));
  assert.equal(removed.hash, '');
  assert.equal((await storeCart(page)).items_count, 0);
  await context.close();
});

test('wc-ajax: a bad product id and an unknown cart item key come back as WooCommerce’s refusals', async () => {
  const { context, page } = await freshPage();
  const answers = await run(page, async (lab) => {
    const t = lab.createWcAjaxTransport({ endpoint: window.wc_add_to_cart_params.wc_ajax_url });
    return {
      add: await t.addToCart({ product_id: '999999', quantity: '1' }),
      remove: await t.removeFromCart('no-such-key'),
    };
  });
  assert.equal(answers.add.error, true);
  assert.equal(answers.remove.success, false);
  assert.equal((await storeCart(page)).items_count, 0);
  await context.close();
});

test('Store API: Nonce from the first answer, add, update quantity, remove', async () => {
  const { context, page } = await freshPage();
  const result = await run(
    page,
    async (lab, id) => {
      const t = lab.createStoreApiTransport();
      const first = await t.refresh();
      const nonceAfterFirst = t.nonce;
      const added = await t.addToCart({ product_id: String(id), quantity: '1' });
      const key = added.cart.items[0].key;
      const updated = await t.updateItem(key, 3);
      const removed = await t.removeFromCart(key);
      return {
        firstCount: first.cart.items_count ?? first.cart.items.length,
        nonceAfterFirst,
        added: added.cart.items.map((item) => [item.id, item.quantity]),
        addedHash: added.cart_hash ?? null,
        updated: updated.cart.items.map((item) => [item.id, item.quantity]),
        removed: removed.cart.items.length,
      };
    },
    ids['cw-check-02'],
  );
  assert.equal(result.firstCount, 0);
  assert.match(result.nonceAfterFirst, /^[0-9a-f]{10}$/);
  assert.deepEqual(result.added, [[ids['cw-check-02'], 1]]);
  assert.deepEqual(result.updated, [[ids['cw-check-02'], 3]]);
  assert.equal(result.removed, 0);
  assert.equal((await storeCart(page)).items_count, 0);
  await context.close();
});

test('Store API: a stale nonce is refused once (403) and the client sends the add again with the fresh one', async () => {
  const { context, page } = await freshPage();
  const statuses = [];
  page.on('response', (response) => {
    if (response.url().includes('/wc/store/v1/cart/add-item')) statuses.push(response.status());
  });
  const result = await run(
    page,
    async (lab, id) => {
      const t = lab.createStoreApiTransport({ nonce: 'stale00000' });
      const added = await t.addToCart({ product_id: String(id), quantity: '1' });
      return { nonceAfter: t.nonce, items: added.cart.items.map((item) => item.quantity) };
    },
    ids['cw-check-03'],
  );
  assert.deepEqual(statuses, [403, 201]);
  assert.notEqual(result.nonceAfter, 'stale00000');
  assert.deepEqual(result.items, [1]);
  await context.close();
});

test('Store API: Cart-Token mode without cookies keeps the cart in the token', async () => {
  const { context, page } = await freshPage();
  const result = await run(
    page,
    async (lab, id) => {
      const t = lab.createStoreApiTransport({ credentials: 'omit' });
      await t.refresh();
      const token = t.cartToken;
      const added = await t.addToCart({ product_id: String(id), quantity: '2' });
      const again = lab.createStoreApiTransport({ credentials: 'omit', cartToken: token });
      const read = await again.refresh();
      const stranger = await lab.createStoreApiTransport({ credentials: 'omit' }).refresh();
      return {
        token: typeof token === 'string' && token.split('.').length === 3,
        added: added.cart.items.map((item) => [item.id, item.quantity]),
        read: read.cart.items.map((item) => [item.id, item.quantity]),
        stranger: stranger.cart.items.length,
      };
    },
    ids['cw-check-04'],
  );
  assert.equal(result.token, true, 'the store sent a Cart-Token (a JWT)');
  assert.deepEqual(result.added, [[ids['cw-check-04'], 2]]);
  assert.deepEqual(result.read, [[ids['cw-check-04'], 2]], 'the token alone carries the cart');
  assert.equal(result.stranger, 0);
  const cookies = await context.cookies(base);
  assert.deepEqual(
    cookies.filter((cookie) => cookie.name.startsWith('wp_woocommerce_session_')),
    [],
    'no session cookie was set',
  );
  assert.equal((await storeCart(page)).items_count, 0, 'the cookie session’s cart stayed empty');
  await context.close();
});

test('Store API: a bad id and a quantity over stock are typed errors with WooCommerce’s codes', async () => {
  const { context, page } = await freshPage();
  const result = await run(
    page,
    async (lab, ids, describe) => {
      const t = lab.createStoreApiTransport();
      await t.refresh();
      const attempt = (data) => t.addToCart(data).then(() => ({ thrown: false }), describe);
      return {
        badId: await attempt({ product_id: '999999', quantity: '1' }),
        overStock: await attempt({ product_id: String(ids.limited), quantity: '5' }),
        invalid: await attempt({ product_id: 'abc', quantity: '1' }),
      };
    },
    { limited: ids['cw-check-11'] },
  );
  assert.equal(result.badId.isStoreApiError, true);
  assert.equal(result.badId.code, 'woocommerce_rest_cart_invalid_product');
  assert.equal(result.badId.status, 400);
  assert.equal(result.overStock.isStoreApiError, true);
  assert.equal(result.overStock.status, 400);
  assert.match(result.overStock.code, /stock/);
  assert.deepEqual(
    [result.invalid.isStoreApiError, result.invalid.code, result.invalid.status],
    [true, 'invalid_request', undefined],
    'refused before any request',
  );
  assert.equal((await storeCart(page)).items_count, 0);
  await context.close();
});
