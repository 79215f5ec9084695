import { describe, expect, test } from 'vitest';
import {
  createShopTranslator,
  extendTranslator,
  extensionOverrides,
  shopT,
  STOREFRONT_MESSAGES,
} from '../messages';
import { CART_WARNING_MESSAGES, warningText } from './cart-warnings';

const t = extendTranslator(shopT, CART_WARNING_MESSAGES, extensionOverrides());

describe('warningText', () => {
  test.each([
    [{ type: 'item_gone', key: 'k1', name: 'Mug' } as const, '“Mug” is no longer in your cart.'],
    [{ type: 'item_gone', key: 'zz' } as const, 'An item is no longer in your cart.'],
    [
      { type: 'quantity_clamped', key: 'k1', name: 'Mug', requested: 5, quantity: 2 } as const,
      'Your cart now holds 2 of “Mug”, not 5: that is all that is in stock.',
    ],
    [
      { type: 'quantity_clamped', key: 'k2', requested: 3, quantity: 1 } as const,
      'Your cart now holds 1 of an item, not 3: that is all that is in stock.',
    ],
  ])('%j', (warning, expected) => {
    expect(warningText(warning, t)).toBe(expected);
  });
});

describe('the warnings’ catalogue', () => {
  test('is not in the catalogue every page loads', () => {
    for (const key of Object.keys(CART_WARNING_MESSAGES)) {
      expect(key in STOREFRONT_MESSAGES).toBe(false);
    }
  });

  test('takes the shop’s overrides for its keys, which the shop’s translator accepts', () => {
    const overrides = { 'cartNotice.anItemGone': 'Un article a quitté votre panier.' } as const;
    const base = createShopTranslator({ locale: 'fr-FR', messages: overrides });
    const french = extendTranslator(base, CART_WARNING_MESSAGES, extensionOverrides(overrides));
    expect(warningText({ type: 'item_gone', key: 'k' }, french)).toBe(
      'Un article a quitté votre panier.',
    );
    expect(warningText({ type: 'item_gone', key: 'k', name: 'Mug' }, french)).toBe(
      '“Mug” is no longer in your cart.',
    );
  });
});
