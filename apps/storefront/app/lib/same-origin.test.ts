import { describe, expect, test } from 'vitest';
import { MAX_TARGET_LENGTH, refererPath, storeLinkPath, toSameOriginPath } from './same-origin';

const ORIGIN = 'https://shop.example';

describe('toSameOriginPath', () => {
  test.each<[string, unknown, string | null]>([
    ['undefined', undefined, null],
    ['null', null, null],
    ['a number', 42, null],
    ['an object', { href: '/cart/' }, null],
    ['the empty string', '', null],
    ['a protocol-relative URL', '//evil.example/x', null],
    ['a backslash host', '/\\evil.example', null],
    ['two backslashes', '\\\\evil.example', null],
    ['a dot segment that normalises to //', '/.//evil.example/', null],
    ['a dot-dot segment that normalises to //', '/a/..//evil.example/', null],
    ['javascript:', 'javascript:alert(1)', null],
    ['javascript: with a tab inside the scheme', 'java\tscript:alert(1)', null],
    ['javascript: with a newline inside the scheme', 'java\nscript:alert(1)', null],
    ['javascript: with leading spaces', '  javascript:alert(1)', null],
    ['data:', 'data:text/html,<script>alert(1)</script>', null],
    ['an off-origin absolute URL', 'https://evil.example/cart/', null],
    ['another scheme of our host', 'http://shop.example/cart/', null],
    ['another port of our host', 'https://shop.example:8443/cart/', null],
    ['userinfo on another host', 'https://shop.example@evil.example/', null],
    ['an encoded slash', '/%2F%2Fevil.example', null],
    ['an encoded slash, lower case', '/%2f%2fevil.example', null],
    ['an encoded backslash', '/%5Cevil.example', null],
    ['an encoded NUL', '/cart/%00', null],
    ['tab and newline in a //', '/\t/evil.example', null],
    ['an over-long path', `/${'a'.repeat(MAX_TARGET_LENGTH)}`, null],
    ['a root path', '/', '/'],
    ['a path with query and hash', '/cart/?x=1#top', '/cart/?x=1#top'],
    ['an absolute URL of this origin', 'https://shop.example/product/mug/', '/product/mug/'],
    ['a relative path (against the site root)', 'cart/', '/cart/'],
    ['dot segments resolved', '/shop/../cart/', '/cart/'],
    [
      'an encoded slash in the query is data',
      '/shop/?redirect_to=%2F%2Fx',
      '/shop/?redirect_to=%2F%2Fx',
    ],
  ])('%s', (_name, raw, expected) => {
    expect(toSameOriginPath(raw, ORIGIN)).toBe(expected);
  });
});

describe('storeLinkPath', () => {
  test.each<[string, unknown, string | null]>([
    ['undefined', undefined, null],
    ['the empty string', '', null],
    [
      'a store URL on the proxied store origin',
      'https://wp.example/cart/?remove_item=a',
      '/cart/?remove_item=a',
    ],
    ['a hash is dropped', 'https://wp.example/product/mug/#reviews', '/product/mug/'],
    ['javascript:', 'javascript:alert(1)', null],
    ['a protocol-relative URL keeps only its path', '//evil.example/x', '/x'],
    ['a path that normalises to //', 'https://wp.example/.//evil.example/', null],
    ['an encoded backslash', 'https://wp.example/%5Cevil.example', null],
    ['an over-long URL', `https://wp.example/${'a'.repeat(MAX_TARGET_LENGTH)}`, null],
  ])('%s', (_name, raw, expected) => {
    expect(storeLinkPath(raw)).toBe(expected);
  });
});

describe('refererPath', () => {
  test.each<[string, string | null, string]>([
    ['no referer', null, '/fallback/'],
    ['a page of this origin', 'https://shop.example/shop/?orderby=price', '/shop/?orderby=price'],
    ['another origin', 'https://evil.example/shop/', '/fallback/'],
    ['not a URL', 'shop', '/fallback/'],
    ['a page whose path normalises to //', 'https://shop.example/.//evil.example/', '/fallback/'],
  ])('%s', (_name, referer, expected) => {
    expect(refererPath(referer, ORIGIN, '/fallback/')).toBe(expected);
  });
});
