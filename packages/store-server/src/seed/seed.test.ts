import { describe, expect, test } from 'vitest';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './catalog';
import { renderIllustration, type IllustrationKind } from './illustrations';
import { createPrng, shuffle } from './prng';
import { slugify } from './seed';

describe('the demo catalogue data', () => {
  test('has at least 24 published products in at least 3 categories, with unique SKUs and slugs', () => {
    const published = DEMO_PRODUCTS.filter((product) => product.status !== 'draft');
    expect(published.length).toBeGreaterThanOrEqual(24);
    expect(DEMO_CATEGORIES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.sku)).size).toBe(DEMO_PRODUCTS.length);
    expect(new Set(DEMO_PRODUCTS.map((p) => slugify(p.name))).size).toBe(DEMO_PRODUCTS.length);
    const categorySlugs = new Set(DEMO_CATEGORIES.map((c) => c.slug));
    for (const product of DEMO_PRODUCTS) {
      expect(product.categories.every((slug) => categorySlugs.has(slug))).toBe(true);
      expect(Number.isInteger(product.regularPrice)).toBe(true);
      if (product.salePrice !== undefined)
        expect(product.salePrice).toBeLessThan(product.regularPrice);
    }
    expect(published.filter((p) => p.salePrice !== undefined).length).toBeGreaterThanOrEqual(3);
    expect(published.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    expect(
      published.filter((p) => p.stock !== null && p.stock > 0 && p.stock <= 10).length,
    ).toBeGreaterThanOrEqual(3);
  });
});

describe('slugify', () => {
  test.each([
    ['House Blend Coffee Beans', 'house-blend-coffee-beans'],
    ['Porcelain Espresso Cups (Set of 2)', 'porcelain-espresso-cups-set-of-2'],
    ['Tea Lover’s Gift Set', 'tea-lovers-gift-set'],
    ['Café au Lait Bowl', 'cafe-au-lait-bowl'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('createPrng', () => {
  test('the same seed gives the same sequence; another seed a different one', () => {
    const a = createPrng(7);
    const b = createPrng(7);
    const c = createPrng(8);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(shuffle(createPrng(1), [1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('renderIllustration', () => {
  const kinds: IllustrationKind[] = ['bag', 'tin', 'mug', 'kettle', 'gift'];
  test.each(kinds)('a %s is a small standalone SVG without script, in both variants', (kind) => {
    const views = ([0, 1] as const).map((variant) =>
      renderIllustration({ kind, hue: 200, saturation: 50, variant }),
    );
    expect(views[0]).not.toBe(views[1]);
    for (const svg of views) {
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="800"/,
      );
      expect(svg).not.toMatch(/<script|<text|href=|on\w+=/i);
      expect(Buffer.byteLength(svg)).toBeGreaterThan(300);
      expect(Buffer.byteLength(svg)).toBeLessThan(2048);
    }
  });
});
