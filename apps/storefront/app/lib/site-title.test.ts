import { describe, expect, test } from 'vitest';
import { pageTitle, shopOf } from './site-title';

const root = (shop: unknown) => [
  { id: 'root', data: { shop } },
  { id: 'routes/cart', data: {} },
];

describe('page titles', () => {
  test("name the store's own site title", () => {
    const matches = root({ name: 'Cartwright Lab', description: '' });
    expect(pageTitle(matches, 'Cart')).toBe('Cart – Cartwright Lab');
    expect(pageTitle(matches, 'Orders', { account: true })).toBe(
      'Orders – My account – Cartwright Lab',
    );
    expect(shopOf(matches)).toEqual({ name: 'Cartwright Lab', description: '' });
  });

  test('are the page alone when the root has no identity (an error page)', () => {
    expect(pageTitle([undefined, { id: 'root' }], 'Cart')).toBe('Cart');
    expect(pageTitle(root('not an object'), 'Cart')).toBe('Cart');
  });
});
