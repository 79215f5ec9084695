import { describe, expect, test } from 'vitest';
import { isStorePath, trailingSlashRedirect } from './store-paths';

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
  ])('%s %s redirects to %s', (method, url, expected) => {
    expect(trailingSlashRedirect(method, url)).toBe(expected);
  });
});
