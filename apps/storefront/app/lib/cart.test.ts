import { describe, expect, test } from 'vitest';
import { hasCartCookie, localPath } from './cart';

describe('localPath', () => {
  test.each([
    ['http://localhost:3000/cart/?remove_item=a&_wpnonce=n', '/cart/?remove_item=a&_wpnonce=n'],
    ['/cart/?remove_item=a', '/cart/?remove_item=a'],
    ['https://evil.example/steal?x=1', '/steal?x=1'],
    ['//evil.example/x', '/x'],
    ['javascript:alert(1)', '/cart/'],
    ['data:text/html,<script>', '/cart/'],
    [undefined, '/cart/'],
  ])('%s → %s', (url, expected) => {
    expect(localPath(url, '/cart/')).toBe(expected);
  });
});

describe('hasCartCookie', () => {
  test.each([
    ['woocommerce_items_in_cart=1', true],
    ['a=b; woocommerce_items_in_cart=1; c=d', true],
    ['woocommerce_items_in_cart=', false],
    ['xwoocommerce_items_in_cart=1', false],
    [null, false],
  ])('%s → %s', (header, expected) => {
    expect(hasCartCookie(header)).toBe(expected);
  });
});
