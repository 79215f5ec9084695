import { DEFAULT_MESSAGES, isUiComponentsError } from '@cartwright/ui-components';
import { describe, expect, test } from 'vitest';
import { createShopTranslator, shopT, splitShopMessages, STOREFRONT_MESSAGES } from './messages';

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

  test('splits overrides into the part MessagesProvider takes and the storefront part', () => {
    expect(splitShopMessages({ 'nav.cart': 'Panier', 'quantity.label': 'Quantité' })).toEqual({
      ui: { 'quantity.label': 'Quantité' },
      storefront: { 'nav.cart': 'Panier' },
      routes: {},
    });
  });

  test('an unknown key or a malformed text is refused with invalid_messages', () => {
    const unknown = () =>
      createShopTranslator({ messages: { 'nav.nope': 'x' } as unknown as Record<string, string> });
    expect(unknown).toThrow(/unknown key "nav.nope"/);
    try {
      createShopTranslator({ messages: { 'nav.shop': 42 } as unknown as Record<string, string> });
      expect.unreachable();
    } catch (error) {
      expect(isUiComponentsError(error) && error.code).toBe('invalid_messages');
    }
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
      splitShopMessages(overrides).routes,
    );
    expect(t.format('account.title')).toBe('Mon compte');
    expect(t.format('account.login')).toBe('Connexion');
    expect(t.format('nav.shop')).toBe('Boutique');
    expect(t.format('account.register')).toBe('Register');
  });
});

describe('every route catalogue', () => {
  test('owns exactly the keys of its prefixes, and no key is in two catalogues', async () => {
    const { ROUTE_CATALOGUE_PREFIXES } = await import('./messages');
    const catalogues = {
      ...(await accountCatalogues()),
      checkout: (await import('./messages-checkout')).CHECKOUT_MESSAGES,
      catalog: (await import('./messages-catalog')).CATALOG_MESSAGES,
      forms: (await import('./messages-forms')).FORM_MESSAGES,
    };
    const routeKeys = Object.values(catalogues).flatMap((c) => Object.keys(c));
    expect(new Set(routeKeys).size).toBe(routeKeys.length);
    for (const key of routeKeys) {
      expect(ROUTE_CATALOGUE_PREFIXES.some((prefix) => key.startsWith(prefix))).toBe(true);
      expect(key in STOREFRONT_MESSAGES).toBe(false);
    }
    for (const key of Object.keys(STOREFRONT_MESSAGES)) {
      expect(ROUTE_CATALOGUE_PREFIXES.some((prefix) => key.startsWith(prefix))).toBe(false);
    }
  });

  test("the shop's overrides reach the checkout and catalogue keys", async () => {
    const { extendTranslator } = await import('./messages');
    const { CHECKOUT_MESSAGES } = await import('./messages-checkout');
    const { CATALOG_MESSAGES } = await import('./messages-catalog');
    const overrides = { 'checkout.placeOrder': 'Commander', 'shop.title': 'Boutique' } as const;
    const base = createShopTranslator({ locale: 'fr-FR', messages: overrides });
    const { routes } = splitShopMessages(overrides);
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
    const { ui, routes } = splitShopMessages(overrides);
    expect(ui).toEqual(overrides);
    expect(routes).toEqual({});
    const base = createShopTranslator({ locale: 'fr-FR', messages: overrides });
    expect(base.format('address.billing')).toBe('Adresse de facturation');
    expect(base.format('address.shipping')).toBe('Shipping address');
  });
});
