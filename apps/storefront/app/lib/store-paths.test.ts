import { describe, expect, test } from 'vitest';
import { canonicalTarget, isStorePath, trailingSlashRedirect } from './store-paths';

describe('isStorePath', () => {
  test.each([
    ['/wp-json/', true],
    ['/wp-json', true],
    ['/wp-json/wc/store/v1/products?per_page=3', true],
    ['/?wc-ajax=add_to_cart', true],
    ['/shop/?wc-ajax=get_refreshed_fragments', true],
    ['/?rest_route=/wc/store/v1/cart', true],
    ['/wp-admin/admin-ajax.php?action=rest-nonce', true],
    ['/wp-login.php', true],
    ['/wp-content/uploads/2026/11/mug.svg', true],
    ['/shop/?add-to-cart=15', true],
    ['/product/mug/?add-to-cart=15&quantity=2', true],
    ['/cart/?remove_item=abc&_wpnonce=0123456789', true],
    ['/', false],
    ['/shop/', false],
    ['/shop/?orderby=price', false],
    ['/product/wp-json/', false],
    ['/wp-jsonx', false],
    ['/wp-admin/', false],
    ['/wp-content/plugins/x.js', false],
    // Encoded forms are classified by the path the routers see once they decode it.
    ['/wp-%6Ason/wc/store/v1/cart/add-item', true],
    ['/wp-json/wc/%73tore/v1/cart/add-item', true],
    ['/%77p-login.php', true],
    ['/wp-admin/admin-ajax%2Ephp', true],
    ['/wp-content/%75ploads/x.png', true],
    ['/shop/?wc%2Dajax=add_to_cart', true],
    ['/?rest%5Froute=/wc/store/v1/cart', true],
    ['/product/../wp-json/', true],
    // Ambiguous forms have no canonical path and are never handed to the store.
    ['/wp-json%2Fwc/store/v1/cart', false],
    ['/wp-json/%2e%2e%2Fwp-json', false],
  ])('%s is a store path: %s', (url, expected) => {
    expect(isStorePath(url)).toBe(expected);
  });
});

describe('trailingSlashRedirect', () => {
  test.each([
    ['GET', '/shop', '/shop/'],
    ['GET', '/product/mug?x=1', '/product/mug/?x=1'],
    ['HEAD', '/shop/page/2', '/shop/page/2/'],
    ['GET', '/shop/', null],
    ['GET', '/', null],
    ['GET', '/favicon.ico', null],
    ['GET', '/shop/_.data', null],
    ['GET', '/__manifest?p=%2Fshop%2F', null],
    ['POST', '/shop', null],
    // Never another host (finding 3 of issue 13): these have no canonical form (a 400).
    ['GET', '//evil.example/x', null],
    ['GET', '/\\evil.example', null],
    ['GET', '/%2F%2Fevil.example', null],
    ['GET', '/%5Cevil.example', null],
    ['GET', '/.//evil.example/x', null],
    ['GET', '/wp-%6Ason', '/wp-json/'],
  ])('%s %s redirects to %s', (method, url, expected) => {
    expect(trailingSlashRedirect(method, url)).toBe(expected);
  });
});

describe('canonicalTarget', () => {
  test.each([
    ['/', '/'],
    ['/shop/?orderby=price', '/shop/?orderby=price'],
    ['/wp-%6Ason/wc/%73tore/v1/cart?x=%2F', '/wp-json/wc/store/v1/cart?x=%2F'],
    ['/product/mug/../cup/', '/product/cup/'],
    ['/product/%2e%2e/cart/', '/cart/'],
    ['/product/caf%C3%A9/', '/product/caf%C3%A9/'],
    ['/product/café/', '/product/caf%C3%A9/'],
    ['/product/a%20b/', '/product/a%20b/'],
    ['/product/100%25/', '/product/100%25/'],
    ['/product/a%3Fb/', '/product/a%3Fb/'],
    ['/product/a%23b/', '/product/a%23b/'],
  ])('%s is %s', (raw, expected) => {
    expect(canonicalTarget(raw)).toMatchObject({ ok: true, url: expected });
  });

  test.each([
    ['//evil.example/x', 'an empty segment'],
    ['/shop//page/2/', 'an empty segment'],
    ['/\\evil.example', 'a backslash'],
    ['/%5Cevil.example', 'an encoded backslash'],
    ['/%2F%2Fevil.example', 'an encoded slash'],
    ['/%2f%2fevil.example', 'an encoded slash, lower case'],
    ['/wp-json%2fwc/store/v1/cart', 'an encoded slash inside a path'],
    ['/cart/%00', 'an encoded NUL'],
    ['/cart/%', 'a lone %'],
    ['/cart/%zz', 'an invalid escape'],
    ['/cart/%C0%AF', 'invalid UTF-8'],
    ['/cart/%ED%A0%80', 'a lone surrogate'],
    ['http://evil.example/', 'an absolute target'],
    ['*', 'not a path'],
    ['/%2e%2e//evil.example', 'dot segments that leave an empty segment'],
  ])('%s has no canonical form (%s)', (raw) => {
    expect(canonicalTarget(raw).ok).toBe(false);
  });
});
