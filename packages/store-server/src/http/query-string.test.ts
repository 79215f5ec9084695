import { describe, expect, test } from 'vitest';
import { parseQueryString, withPage } from './query-string';

describe('parseQueryString', () => {
  test.each([
    ['page=1&page=2', { page: '2' }],
    ['category[]=a&category[]=b', { category: ['a', 'b'] }],
    ['include[0]=3&include[1]=4', { include: ['3', '4'] }],
    ['search=a+b%20c', { search: 'a b c' }],
    ['search=%zz%E0%A4%A', { search: '%zz\uFFFD%A' }],
    ['search=%00', { search: '\u0000' }],
    ['=orphan&flag', { flag: '' }],
    ['', {}],
  ])('reads %j like PHP fills $_GET', (raw, expected) => {
    expect({ ...parseQueryString(raw) }).toEqual(expected);
  });

  test('__proto__ is an ordinary key and pollutes nothing', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(parsed['__proto__']).toBe('x');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('withPage', () => {
  test('replaces every page argument and keeps the rest, re-encoded as ASCII', () => {
    expect(withPage('page=3&per_page=5&search=caf%C3%A9&page[]=9&x=%zz', 4)).toBe(
      'per_page=5&search=caf%C3%A9&x=%25zz&page=4',
    );
  });
});
