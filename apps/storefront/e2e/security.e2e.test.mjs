// The storefront's part of the attack suite (issue 13): each case is an attack that worked on
// ac5e046, sent as an attacker sends it — raw request targets over a socket, hostile bodies,
// and every kind of page in Chromium under the Content-Security-Policy.
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, test } from 'node:test';
import { hydrated, purchasable, useStorefront } from './harness.mjs';

/**
 * One request with the target exactly as written (fetch and URL would normalise `/\` and dot
 * segments before sending); no redirects followed.
 */
function raw(baseUrl, method, target, { headers = {}, body } = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path: target, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Whether a Location header, resolved as a browser resolves it, stays on `baseUrl`'s origin. */
function staysOnOrigin(baseUrl, location) {
  return new URL(location, `${baseUrl}/some/page/`).origin === new URL(baseUrl).origin;
}

describe('storefront attack suite (issue 13)', () => {
  const s = useStorefront();

  describe('finding 3: no redirect leaves the origin', () => {
    for (const target of [
      '//evil.example/x',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/.//evil.example/x',
      // The store's cart-link fallback (routes/wc-ajax.ts) is never reached with such a path.
      '//evil.example/?add-to-cart=abc',
    ]) {
      test(`GET ${target} is a 400, not a redirect`, async () => {
        const response = await raw(s.baseUrl, 'GET', target);
        assert.equal(
          response.status,
          400,
          `answered ${response.status} ${response.headers.location ?? ''}`,
        );
        assert.equal(response.headers.location, undefined);
      });
    }

    test('the trailing-slash redirect still works, to a path of this origin', async () => {
      const response = await raw(s.baseUrl, 'GET', '/shop?orderby=price');
      assert.equal(response.status, 301);
      assert.equal(response.headers.location, '/shop/?orderby=price');
    });

    for (const redirectTo of ['/.//evil.example/', '//evil.example/', 'https://evil.example/']) {
      test(`the store notice's dismiss link never sends the shopper to ${redirectTo}`, async () => {
        const query = new URLSearchParams({ id: 'a'.repeat(32), redirect_to: redirectTo });
        const response = await raw(s.baseUrl, 'GET', `/store-notice/dismiss/?${query}`);
        assert.equal(response.status, 303);
        assert.ok(
          staysOnOrigin(s.baseUrl, response.headers.location),
          `Location: ${response.headers.location}`,
        );
      });
    }
  });

  describe('finding 1: one canonical path decides what goes to the store', () => {
    test('an encoded wire path is the store path it decodes to', async () => {
      const plain = await raw(s.baseUrl, 'GET', '/wp-json/wc/store/v1/products?per_page=2');
      assert.equal(plain.status, 200);
      for (const target of [
        '/wp-%6Ason/wc/store/v1/products?per_page=2',
        '/%77p-json/wc/store/v1/products?per_page=2',
      ]) {
        const encoded = await raw(s.baseUrl, 'GET', target);
        assert.equal(encoded.status, 200, `${target} answered ${encoded.status}`);
        assert.match(encoded.headers['content-type'] ?? '', /^application\/json/);
        assert.deepEqual(JSON.parse(encoded.body), JSON.parse(plain.body), target);
      }
    });

    test('a cart change on an encoded path is refused like the plain one (no Nonce)', async () => {
      const [product] = await purchasable(s.baseUrl, 1);
      const body = JSON.stringify({ id: product.id, quantity: 1 });
      const headers = { 'content-type': 'application/json' };
      const plain = await raw(s.baseUrl, 'POST', '/wp-json/wc/store/v1/cart/add-item', {
        headers,
        body,
      });
      const encoded = await raw(s.baseUrl, 'POST', '/wp-%6Ason/wc/store/v1/cart/add-item', {
        headers,
        body,
      });
      assert.equal(encoded.status, plain.status);
      assert.equal(JSON.parse(encoded.body).code, JSON.parse(plain.body).code);
    });

    for (const target of [
      '/wp-json%2Fwc/store/v1/products',
      '/wp-json/wc%2Fstore/v1/products',
      '/wp-json/%5Cwc/store/v1/products',
      '/wp-json/wc/store/v1/products%00',
      '/wp-json/wc/store/v1/products%C0%AF',
      '/wp-json/wc/store/v1/%zzproducts',
    ]) {
      test(`an ambiguous path is a 400: ${target}`, async () => {
        const response = await raw(s.baseUrl, 'GET', target);
        assert.equal(response.status, 400);
        assert.match(response.headers['content-type'] ?? '', /^text\/html/);
      });
    }
  });

  describe('finding 6: security headers and the Content-Security-Policy', () => {
    test('every response says nosniff, no framing by other sites, a strict referrer policy', async () => {
      for (const target of ['/shop/', '/cart/', '/wp-json/wc/store/v1/cart', '/favicon.ico']) {
        const response = await raw(s.baseUrl, 'GET', target);
        assert.equal(response.headers['x-content-type-options'], 'nosniff', target);
        assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN', target);
        assert.equal(
          response.headers['referrer-policy'],
          'strict-origin-when-cross-origin',
          target,
        );
      }
    });

    test('pages carry a nonce-based CSP with frame-ancestors, a fresh nonce each time', async () => {
      const first = await raw(s.baseUrl, 'GET', '/shop/');
      const second = await raw(s.baseUrl, 'GET', '/shop/');
      const policy = first.headers['content-security-policy'] ?? '';
      assert.match(policy, /frame-ancestors 'self'/);
      assert.match(policy, /object-src 'none'/);
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
      assert.ok(nonce, policy);
      assert.doesNotMatch(policy, /script-src[^;]*unsafe-inline/);
      assert.notEqual(second.headers['content-security-policy'], policy);
      // Every inline script of the page carries it.
      const scripts = [...first.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
      assert.ok(scripts.length >= 3, `${scripts.length} scripts`);
      for (const attributes of scripts)
        assert.ok(attributes.includes(`nonce="${nonce}"`), attributes);
    });

    test('personal pages and cookie-setting answers are private, no-store', async () => {
      for (const target of ['/cart/', '/checkout/', '/my-account/', '/my-account/edit-address/']) {
        const response = await raw(s.baseUrl, 'GET', target);
        assert.equal(response.headers['cache-control'], 'private, no-store', target);
      }
      const dismiss = await raw(
        s.baseUrl,
        'GET',
        `/store-notice/dismiss/?id=${'b'.repeat(32)}&redirect_to=/shop/`,
      );
      assert.ok(dismiss.headers['set-cookie']);
      assert.equal(dismiss.headers['cache-control'], 'private, no-store');
    });

    test('every kind of page runs, hydrates and reports no CSP violation in Chromium', async () => {
      const [product] = await purchasable(s.baseUrl, 1);
      const context = await s.browser.newContext();
      await context.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const page = await context.newPage();
      const consoleErrors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      // A cart with a line, so the cart and checkout pages render their full forms.
      await page.goto(`${s.baseUrl}/product/${product.slug}/`);
      await hydrated(page);
      await page.getByRole('button', { name: `Add to cart: “${product.name}”` }).click();
      await page.waitForURL(`${s.baseUrl}/cart/`);
      // An order, placed through the Store API with this browser's session.
      const cart = await context.request.get(`${s.baseUrl}/wp-json/wc/store/v1/cart`);
      const nonce = cart.headers()['nonce'];
      const address = {
        first_name: 'Ada',
        last_name: 'Lovelace',
        address_1: '1 Analytical Row',
        city: 'London',
        postcode: 'N1 1AA',
        country: 'GB',
        email: 'ada@example.com',
        phone: '',
      };
      const checkout = await context.request.post(`${s.baseUrl}/wp-json/wc/store/v1/checkout`, {
        headers: { nonce },
        data: { billing_address: address, shipping_address: address, payment_method: 'cheque' },
      });
      assert.equal(checkout.status(), 200, await checkout.text());
      const order = await checkout.json();
      const orderReceived = new URL(order.payment_result.redirect_url).pathname;
      const orderSearch = new URL(order.payment_result.redirect_url).search;

      for (const path of [
        '/',
        '/shop/',
        '/shop/page/2/',
        `/product/${product.slug}/`,
        '/cart/',
        '/checkout/',
        '/my-account/',
        `${orderReceived}${orderSearch}`,
        '/no-such-page/',
      ]) {
        await page.goto(`${s.baseUrl}${path}`);
        await hydrated(page);
        const violations = await page.evaluate(() => window.__cspViolations);
        assert.deepEqual(violations, [], `CSP violations on ${path}`);
      }
      assert.deepEqual(
        consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text)),
        [],
      );
      await context.close();
    });
  });

  describe('finding 7: non-form bodies to the form actions are a 4xx, never a 5xx', () => {
    const ACTIONS = [
      '/cart/',
      '/checkout/',
      '/my-account/',
      '/my-account/edit-address/billing/',
      '/coming-soon/dismiss/',
      '/subscribe/',
    ];
    const BODIES = [
      ['application/json', '{"quantity":{"a":1}}'],
      ['text/plain', 'quantity=1'],
      [undefined, 'quantity=1'],
    ];
    for (const path of ACTIONS) {
      for (const [type, body] of BODIES) {
        test(`POST ${path} with ${type ?? 'no Content-Type'} is a 415`, async () => {
          const headers = type ? { 'content-type': type } : {};
          const response = await raw(s.baseUrl, 'POST', path, { headers, body });
          assert.equal(response.status, 415, `answered ${response.status}`);
          assert.match(response.body, /Unsupported Media Type/);
        });
      }
      test(`POST ${path} with a malformed multipart body is a 400`, async () => {
        const response = await raw(s.baseUrl, 'POST', path, {
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          body: '--x\r\nnot a part',
        });
        assert.equal(response.status, 400, `answered ${response.status}`);
      });
    }
  });
});
