import { createTranslator, DEFAULT_MESSAGES, isUiComponentsError } from '@cartwright/ui-components';
import { describe, expect, test } from 'vitest';
import {
  createShopTranslator,
  extensionOverrides,
  SHOP_MESSAGES,
  SHOP_UI_MESSAGES,
  shopT,
  STOREFRONT_MESSAGES,
} from './messages';
import { checkShopMessages, SHOP_CATALOGUES } from './messages.server';

describe('the shop catalogue', () => {
  test('gives the English texts of both catalogues by default', () => {
    expect(shopT.format('nav.shop')).toBe('Shop');
    expect(shopT.format('quantity.label')).toBe('Quantity');
    expect(shopT.format('headerCart.count', { count: 1 })).toBe('1 item');
    expect(shopT.format('headerCart.count', { count: 1234 })).toBe('1,234 items');
  });

  test('no storefront key shadows a ui-components key', () => {
    const shared = Object.keys(STOREFRONT_MESSAGES).filter((key) => key in DEFAULT_MESSAGES);
    expect(shared).toEqual([]);
  });

  test('one set of overrides translates storefront and ui-components keys alike', () => {
    const t = createShopTranslator({
      locale: 'fr-FR',
      messages: {
        'nav.shop': 'Boutique',
        'miniCart.checkout': 'Commander',
        'headerCart.count': { one: '{count} article', other: '{count} articles' },
      },
    });
    expect(t.format('nav.shop')).toBe('Boutique');
    expect(t.format('miniCart.checkout')).toBe('Commander');
    expect(t.format('headerCart.count', { count: 1 })).toBe('1 article');
    expect(t.format('headerCart.count', { count: 1000 })).toBe('1\u202f000 articles');
    expect(t.dir).toBe('ltr');
    expect(createShopTranslator({ locale: 'ar' }).dir).toBe('rtl');
  });

  test("the page's MessagesProvider takes the whole set of overrides: each translator its own keys", () => {
    expect(SHOP_UI_MESSAGES).toBe(SHOP_MESSAGES);
    const overrides = { 'nav.cart': 'Panier', 'quantity.label': 'Quantité' } as const;
    const ui = createTranslator({ locale: 'fr-FR', messages: overrides });
    expect(ui.format('quantity.label')).toBe('Quantité');
    expect(createShopTranslator({ messages: overrides }).format('nav.cart')).toBe('Panier');
  });

  test('a malformed text is refused with invalid_messages by the translator too', () => {
    for (const messages of [{ 'nav.shop': 42 }, { 'headerCart.count': { one: 'x' } }]) {
      try {
        createShopTranslator({ messages: messages as unknown as Record<string, string> });
        expect.unreachable();
      } catch (error) {
        expect(isUiComponentsError(error) && error.code).toBe('invalid_messages');
      }
    }
  });
});

describe('checkShopMessages (run as the server starts, entry.server.tsx)', () => {
  test("takes the shop's overrides and any key of any catalogue", () => {
    expect(() => checkShopMessages()).not.toThrow();
    const every = Object.fromEntries(
      Object.values(SHOP_CATALOGUES).flatMap((catalogue) =>
        Object.keys(catalogue).map((key) => [key, { one: 'x', other: 'y' }]),
      ),
    );
    expect(Object.keys(every).length).toBeGreaterThan(250);
    expect(() => checkShopMessages(every)).not.toThrow();
  });

  test.each([
    [{ 'nav.nope': 'x' }, /unknown key "nav.nope"/],
    // Under a route catalogue's prefix but no catalogue's key: a typo is refused too.
    [{ 'account.titel': 'x' }, /unknown key "account.titel"/],
    [{ 'cartNotice.itemGone': 3 }, /"cartNotice.itemGone" must be a string or plural forms/],
    [{ 'checkout.placeOrder': { one: 'x' } }, /"checkout.placeOrder" must be/],
  ])('refuses %j with invalid_messages', (messages, text) => {
    let caught: unknown;
    try {
      checkShopMessages(messages as never);
    } catch (error) {
      caught = error;
    }
    expect(isUiComponentsError(caught) && caught.code).toBe('invalid_messages');
    expect((caught as Error).message).toMatch(text);
  });

  test('knows every catalogue module of the app', () => {
    const modules = import.meta.glob<Record<string, unknown>>(
      ['./messages-*.ts', './components/cart-warnings.tsx'],
      { eager: true },
    );
    const known = new Set<unknown>(Object.values(SHOP_CATALOGUES));
    const catalogues = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([name]) => name.endsWith('_MESSAGES'))
        .map(([name, value]) => [`${file} ${name}`, value] as const),
    );
    expect(catalogues.length).toBe(Object.keys(SHOP_CATALOGUES).length - 2);
    for (const [name, catalogue] of catalogues)
      expect([name, known.has(catalogue)]).toEqual([name, true]);
  });
});

/** Every account catalogue: the shared one and each page's own (decision 0068). */
const accountCatalogues = async () => ({
  account: (await import('./messages-account')).ACCOUNT_MESSAGES,
  accountHome: (await import('./messages-account-home')).ACCOUNT_HOME_MESSAGES,
  accountDashboard: (await import('./messages-account-dashboard')).ACCOUNT_DASHBOARD_MESSAGES,
  accountForms: (await import('./messages-account-forms')).ACCOUNT_FORMS_MESSAGES,
  accountAddresses: (await import('./messages-account-addresses')).ACCOUNT_ADDRESSES_MESSAGES,
  accountOrders: (await import('./messages-account-orders')).ACCOUNT_ORDERS_MESSAGES,
  accountDetails: (await import('./messages-account-details')).ACCOUNT_DETAILS_MESSAGES,
  lostPassword: (await import('./messages-account-lost-password')).LOST_PASSWORD_MESSAGES,
});

describe('the account catalogues (route catalogues, each loaded with the pages that show it)', () => {
  test('give their own keys and every other key as the shop translator has it', async () => {
    const { accountT } = await import('./messages-account');
    const { accountHomeT } = await import('./messages-account-home');
    const { accountOrdersT } = await import('./messages-account-orders');
    expect(accountT.format('account.title')).toBe('My account');
    expect(accountHomeT.format('account.title')).toBe('My account');
    expect(accountHomeT.format('account.login')).toBe('Login');
    expect(accountOrdersT.format('table.total')).toBe('Total');
    expect(accountOrdersT.format('account.orders.total', { total: '$2.00', count: 2 })).toBe(
      '$2.00 for 2 items',
    );
    expect(accountT.format('nav.shop')).toBe(shopT.format('nav.shop'));
    expect(accountT.format('quantity.label')).toBe('Quantity');
    for (const catalogue of Object.values(await accountCatalogues())) {
      expect(Object.keys(catalogue).length).toBeGreaterThan(0);
      expect(Object.keys(catalogue).every((key) => key.startsWith('account.'))).toBe(true);
    }
    expect(Object.keys(STOREFRONT_MESSAGES).filter((key) => key.startsWith('account.'))).toEqual(
      [],
    );
  });

  test("the shop's overrides reach the account catalogues' keys", async () => {
    const { extendTranslator } = await import('./messages');
    const { ACCOUNT_MESSAGES } = await import('./messages-account');
    const { ACCOUNT_HOME_MESSAGES } = await import('./messages-account-home');
    const overrides = {
      'account.title': 'Mon compte',
      'account.login': 'Connexion',
      'nav.shop': 'Boutique',
    } as const;
    const base = createShopTranslator({ locale: 'fr-FR', messages: overrides });
    const t = extendTranslator(
      base,
      { ...ACCOUNT_MESSAGES, ...ACCOUNT_HOME_MESSAGES },
      extensionOverrides(overrides),
    );
    expect(t.format('account.title')).toBe('Mon compte');
    expect(t.format('account.login')).toBe('Connexion');
    expect(t.format('nav.shop')).toBe('Boutique');
    expect(t.format('account.register')).toBe('Register');
  });
});

describe('every route catalogue', () => {
  test("no key is in two catalogues, the storefront's and ui-components' included", () => {
    const keys = Object.values(SHOP_CATALOGUES).flatMap((catalogue) => Object.keys(catalogue));
    expect(keys.length).toBeGreaterThan(250);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  test("the shop's overrides reach the checkout and catalogue keys", async () => {
    const { extendTranslator } = await import('./messages');
    const { CHECKOUT_MESSAGES } = await import('./messages-checkout');
    const { CATALOG_MESSAGES } = await import('./messages-catalog');
    const overrides = { 'checkout.placeOrder': 'Commander', 'shop.title': 'Boutique' } as const;
    const base = createShopTranslator({ locale: 'fr-FR', messages: overrides });
    const routes = extensionOverrides(overrides);
    expect(extendTranslator(base, CHECKOUT_MESSAGES, routes).format('checkout.placeOrder')).toBe(
      'Commander',
    );
    expect(extendTranslator(base, CATALOG_MESSAGES, routes).format('shop.title')).toBe('Boutique');
    expect(extendTranslator(base, CATALOG_MESSAGES, routes).format('product.sku')).toBe('SKU');
  });

  test("an override of an address field's text reaches ui-components (AddressFields' catalogue), not a route's", async () => {
    const { addMessages, ADDRESS_MESSAGES } = await import('@cartwright/ui-components');
    addMessages(ADDRESS_MESSAGES);
    const overrides = { 'address.billing': 'Adresse de facturation' } as const;
    expect(() => checkShopMessages(overrides)).not.toThrow();
    const base = createShopTranslator({ locale: 'fr-FR', messages: overrides });
    expect(base.format('address.billing')).toBe('Adresse de facturation');
    expect(base.format('address.shipping')).toBe('Shipping address');
  });
});
