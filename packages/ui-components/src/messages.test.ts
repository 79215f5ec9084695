import { describe, expect, test } from 'vitest';
import { isUiComponentsError } from './errors';
import { DEFAULT_MESSAGES } from './default-messages';
import { addMessages, createTranslator, extendTranslator, formatMessage } from './messages';
import { checkMessages } from './messages-check';
import { SUBSCRIPTION_MESSAGES } from './messages-subscription';

describe('formatMessage', () => {
  test.each([
    ['Remove {name} from cart', { name: 'Beanie' }, 'Remove Beanie from cart'],
    ['{a} and {a}', { a: 'x' }, 'x and x'],
    ['Hello {missing}', {}, 'Hello {missing}'],
    ['{n} items', { n: 3 }, '3 items'],
  ])('fills %j with %j as %j', (template, values, expected) => {
    expect(formatMessage(template, values)).toBe(expected);
  });

  test('does not read placeholders from the prototype', () => {
    expect(formatMessage('{constructor} {toString}', {})).toBe('{constructor} {toString}');
  });
});

describe('createTranslator', () => {
  test('uses the specification texts in English by default', () => {
    const t = createTranslator();
    expect(t.format('skipLink.label')).toBe('Skip to content');
    expect(t.format('price.current', { price: '$4.00' })).toBe('Current price is: $4.00.');
    expect(t.locale).toBe('en-US');
    expect(t.dir).toBe('ltr');
  });

  test('chooses the plural form by count with Intl.PluralRules', () => {
    const t = createTranslator();
    expect(t.format('cartCount.label', { count: 1 })).toBe('Cart, 1 item');
    expect(t.format('cartCount.label', { count: 0 })).toBe('Cart, 0 items');
    expect(t.format('cartCount.label', { count: 1234 })).toBe('Cart, 1,234 items');
  });

  test('replaces only the overridden texts and formats numbers for the locale', () => {
    const t = createTranslator({
      locale: 'ar-EG',
      messages: {
        'cartCount.label': {
          zero: 'السلة فارغة',
          one: 'السلة، منتج واحد',
          two: 'السلة، منتجان',
          few: 'السلة، {count} منتجات',
          other: 'السلة، {count} منتج',
        },
      },
    });
    expect(t.dir).toBe('rtl');
    expect(t.format('cartCount.label', { count: 2 })).toBe('السلة، منتجان');
    expect(t.format('cartCount.label', { count: 3 })).toBe('السلة، ٣ منتجات');
    expect(t.format('quantity.label')).toBe(DEFAULT_MESSAGES['quantity.label']);
  });

  test('falls back to the other form when a translation leaves a category out', () => {
    const t = createTranslator({
      locale: 'en-US',
      messages: { 'cartCount.label': { other: '{count} in cart' } },
    });
    expect(t.format('cartCount.label', { count: 1 })).toBe('1 in cart');
  });

  test('formats dates with Intl for the locale', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 12));
    expect(createTranslator().date(date, { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      'November 22, 2026',
    );
    expect(
      createTranslator({ locale: 'de-DE' }).date(date, { dateStyle: 'long', timeZone: 'UTC' }),
    ).toBe('22. November 2026');
  });

  test.each([
    [{ messages: { 'miniCart.checkout': 3 } }, 'invalid_messages'],
    [{ messages: { 'no.such.key': null } }, 'invalid_messages'],
    [{ messages: { 'cartCount.label': { one: 'x' } } }, 'invalid_messages'],
    [{ locale: 'not a locale!' }, 'invalid_locale'],
  ])('rejects %j with %s', (options, code) => {
    let caught: unknown;
    try {
      createTranslator(options as never);
    } catch (error) {
      caught = error;
    }
    expect(isUiComponentsError(caught) && caught.code).toBe(code);
  });

  test('a component catalogue’s texts come once it is added, behind any translation of them', () => {
    // No component of this file's imports has added the subscription catalogue.
    const t = createTranslator();
    expect(() => t.format('subscription.success')).toThrow(
      expect.objectContaining({ code: 'invalid_messages' }),
    );
    const french = createTranslator({
      locale: 'fr-FR',
      messages: { 'subscription.submit': 'S’abonner' },
    });
    addMessages(SUBSCRIPTION_MESSAGES);
    addMessages(SUBSCRIPTION_MESSAGES);
    expect(t.format('subscription.success')).toBe('Thanks for subscribing.');
    expect(t.format('storeNotice.dismiss')).toBe('Dismiss');
    expect(french.format('subscription.submit')).toBe('S’abonner');
    expect(french.format('subscription.email')).toBe('Email');
  });

  test('DEFAULT_MESSAGES is every catalogue; a translation may name any of its keys', () => {
    expect(DEFAULT_MESSAGES['consent.acceptAll']).toBe('Accept all');
    expect(DEFAULT_MESSAGES['comingSoon.dismiss']).toBe('Dismiss');
    expect(DEFAULT_MESSAGES['subscription.submit']).toBe('Subscribe');
    const overrides = Object.fromEntries(Object.keys(DEFAULT_MESSAGES).map((key) => [key, 'x']));
    expect(() => createTranslator({ messages: overrides })).not.toThrow();
  });

  test('takes a key no catalogue has without looking it up (checkMessages refuses it)', () => {
    const messages = { 'no.such.key': 'x', 'quantity.label': 'Qty' } as Record<string, string>;
    const t = createTranslator({ messages });
    expect(t.format('quantity.label')).toBe('Qty');
  });

  test('rejects a date that is not a date', () => {
    expect(() => createTranslator().date('yesterday-ish')).toThrow(
      expect.objectContaining({ code: 'invalid_date' }),
    );
  });
});

describe('extendTranslator', () => {
  const catalogue = {
    'shop.title': 'Shop',
    'shop.count': { one: '{count} product', other: '{count} products' },
  } as const;

  test("formats the catalogue's keys and gives every other key, the locale and numbers to base", () => {
    const base = createTranslator({ locale: 'de-DE', messages: { 'quantity.label': 'Menge' } });
    const t = extendTranslator(base, catalogue);
    expect(t.format('shop.title')).toBe('Shop');
    expect(t.format('shop.count', { count: 1 })).toBe('1 product');
    expect(t.format('shop.count', { count: 1234 })).toBe('1.234 products');
    expect(t.format('quantity.label')).toBe('Menge');
    expect(t.format('price.current', { price: '4,00 €' })).toBe('Current price is: 4,00 €.');
    expect(t.number(1234.5)).toBe('1.234,5');
    expect(t.locale).toBe('de-DE');
    expect(t.dir).toBe('ltr');
    expect(extendTranslator(createTranslator({ locale: 'he' }), catalogue).dir).toBe('rtl');
  });

  test("takes the catalogue's keys from a whole set of overrides, plural forms by the locale's rules", () => {
    const overrides = {
      'shop.title': 'Boutique',
      'shop.count': { one: '{count} produit', other: '{count} produits' },
      'quantity.label': 'Quantité',
      'other.catalogue.key': 'ignored here',
    };
    const t = extendTranslator(
      createTranslator({ locale: 'fr-FR', messages: overrides }),
      catalogue,
      overrides,
    );
    expect(t.format('shop.title')).toBe('Boutique');
    expect(t.format('shop.count', { count: 0 })).toBe('0 produit');
    expect(t.format('shop.count', { count: 2000 })).toBe('2\u202f000 produits');
    expect(t.format('quantity.label')).toBe('Quantité');
  });

  test('extends an extension: the nearest catalogue with the key answers', () => {
    const t = extendTranslator(
      extendTranslator(createTranslator(), catalogue),
      { 'account.title': 'My account' },
      { 'shop.title': 'not this layer’s key' },
    );
    expect(t.format('account.title')).toBe('My account');
    expect(t.format('shop.title')).toBe('Shop');
    expect(t.format('storeNotice.dismiss')).toBe('Dismiss');
  });

  test('refuses a malformed text for one of its keys, and an unknown key as base does', () => {
    expect(() =>
      extendTranslator(createTranslator(), catalogue, { 'shop.count': { one: 'x' } as never }),
    ).toThrow(/"shop.count" must be a string or plural forms/);
    const t = extendTranslator(createTranslator(), catalogue);
    expect(() => t.format('nope.nothing' as never)).toThrow(
      expect.objectContaining({ code: 'invalid_messages' }),
    );
  });
});

describe('checkMessages', () => {
  test('takes every key of the catalogue, and by default every ui-components key', () => {
    const all = Object.fromEntries(Object.keys(DEFAULT_MESSAGES).map((key) => [key, 'x']));
    expect(() => checkMessages(all)).not.toThrow();
    expect(() =>
      checkMessages({ 'shop.title': { other: 'x' } }, { 'shop.title': 'Shop' }),
    ).not.toThrow();
  });

  test.each([
    [{ 'no.such.key': 'x' }, /unknown key "no.such.key"/],
    // Under a catalogue's prefix but not one of its keys: a typo is caught too.
    [{ 'miniCart.chekout': 'x' }, /unknown key "miniCart.chekout"/],
    [{ 'miniCart.checkout': 3 }, /"miniCart.checkout" must be a string or plural forms/],
    [{ 'cartCount.label': { one: 'x' } }, /"cartCount.label" must be/],
    [{ constructor: 'x' }, /unknown key "constructor"/],
  ])('refuses %j with invalid_messages', (messages, text) => {
    let caught: unknown;
    try {
      checkMessages(messages);
    } catch (error) {
      caught = error;
    }
    expect(isUiComponentsError(caught) && caught.code).toBe('invalid_messages');
    expect((caught as Error).message).toMatch(text);
  });

  test("an app's catalogue counts only when given", () => {
    expect(() => checkMessages({ 'shop.title': 'Boutique' })).toThrow(/unknown key "shop.title"/);
  });
});
