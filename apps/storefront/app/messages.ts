import {
  createTranslator,
  formatMessage,
  type MessageKey,
  type Messages,
  type MessageValues,
  type PluralMessage,
  type Translator,
  UiComponentsError,
} from '@cartwright/ui-components';
import type { AccountMessageKey } from './messages-account';
import type { CatalogMessageKey } from './messages-catalog';
import type { CheckoutMessageKey } from './messages-checkout';

/**
 * The storefront's own texts, in English, next to ui-components' catalogue
 * (`DEFAULT_MESSAGES`). Same rules: `{placeholders}`, plural forms by `count`.
 * Store-provided messages (notices, errors from the store) are shown as the store wrote them.
 */
export const STOREFRONT_MESSAGES = {
  'site.description': 'Shop online at {site}.',
  'site.footer': '{site}',
  'nav.label': 'Main',
  'nav.shop': 'Shop',
  'nav.cart': 'Cart',
  'nav.account': 'Account',
  'headerCart.label': 'Cart',
  'headerCart.count': { one: '{count} item', other: '{count} items' } as PluralMessage,
  'footer.subscribe': 'Get our newsletter',
  'subscribe.title': 'Newsletter subscription',
  'subscribe.back': 'Back to the page you were on',
  'error.title': 'Something went wrong',
  'error.text': 'The shop could not load this page. Please try again in a moment.',
  'notFound.title': 'Page not found',
  'notFound.text': 'The page you asked for does not exist.',
  'notFound.browse': 'Browse the shop',
  'page.title': '{page} – {site}',
  'page.accountTitle': '{page} – My account – {site}',
  'cart.invalidQuantity': 'Please enter a whole number of items.',
  'cart.title': 'Cart',
  'search.submit': 'Search',
  'search.title': 'Search results: “{search}”',
  'search.none': 'No products were found matching your selection.',
  'search.help': 'Check the spelling, try fewer or other words, or',
  'search.browse': 'browse all products',
  'totals.discount': 'Discount',
  'totals.shipping': 'Shipping',
  'totals.fees': 'Fees',
  'totals.tax': 'Tax',
  'totals.inclTax': '(incl. tax)',
  'totals.exTax': '(ex. tax)',
  'totals.includesTax': '(includes {amount} tax)',
  'cart.updateFailed': 'The cart could not be updated. Please try again.',
  'cart.empty': 'Your cart is currently empty.',
  'cart.returnToShop': 'Return to shop',
  'cart.items': 'Items in your cart',
  'cart.remove': 'Remove',
  'cart.totals': 'Cart totals',
  'cart.proceed': 'Proceed to checkout',
  'table.product': 'Product',
  'table.price': 'Price',
  'table.quantity': 'Quantity',
  'table.subtotal': 'Subtotal',
  'table.total': 'Total',
  'form.email': 'Email address',
  'form.firstName': 'First name',
  'form.lastName': 'Last name',
  'form.company': 'Company name',
  'form.phone': 'Phone',
  'privacy.settings': 'Cookie settings',
  'cart.itemGone': '“{name}” is no longer in your cart.',
  'cart.anItemGone': 'An item is no longer in your cart.',
  'cart.clamped':
    'Your cart now holds {quantity} of “{name}”, not {requested}: that is all that is in stock.',
  'cart.anItemClamped':
    'Your cart now holds {quantity} of an item, not {requested}: that is all that is in stock.',
  'filter.label': 'Filter products',
  'filter.active': 'Active filters',
  'filter.remove': 'Remove filter: {filter}',
  'filter.clearAll': 'Clear all filters',
  'filter.min': 'Min {amount}',
  'filter.max': 'Max {amount}',
  'filter.categories': 'Product categories',
  'filter.count': { one: '({count} product)', other: '({count} products)' } as PluralMessage,
  'search.again': 'Search again',
  'search.suggestCategories': 'Or browse a category',
  'variations.chooseFirst':
    'Please choose product options before adding this product to your cart.',
  'variations.noMatch':
    'Sorry, this product is unavailable. Please choose a different combination.',
  'variations.chosen': '{options}: {price}, {stock}',
  // Lost password, account details, checkout extras (issue 15 items 8 and 9).
} satisfies Record<string, string | PluralMessage>;

/** A key of the storefront's own texts, e.g. `'nav.shop'`. */
export type StorefrontMessageKey = keyof typeof STOREFRONT_MESSAGES;

/**
 * Key prefixes whose texts live in a route's own catalogue, loaded with the routes that show
 * them rather than on every page (issue 16): `account.` in ./messages-account.ts; the cart,
 * checkout and order pages' in ./messages-checkout.ts; the catalogue pages' in
 * ./messages-catalog.ts.
 */
export const ROUTE_CATALOGUE_PREFIXES = [
  'account.',
  'checkout.',
  'orderReceived.',
  'payment.',
  'coupon.',
  'shipping.',
  'address.',
  'product.',
  'category.',
  'shop.',
] as const;

const isRouteCatalogueKey = (key: string): boolean =>
  ROUTE_CATALOGUE_PREFIXES.some((prefix) => key.startsWith(prefix));

/** Overrides for any subset of ui-components', the storefront's and the route catalogues' keys. */
export type ShopMessages = Partial<Messages> & {
  readonly [
    K in StorefrontMessageKey | AccountMessageKey | CheckoutMessageKey | CatalogMessageKey
  ]?: string | PluralMessage;
};

/** A {@link Translator} that also knows the storefront's keys. */
export interface ShopTranslator extends Omit<Translator, 'format'> {
  /** The message `key` (ui-components' or the storefront's) with placeholders filled. */
  format(key: MessageKey | StorefrontMessageKey, values?: MessageValues): string;
}

/**
 * THE ONE OVERRIDE POINT for a shop: its locale and the texts that replace the English
 * defaults, for ui-components' keys and the storefront's alike. Server-rendered texts
 * (loaders, actions), the page and every component read them from here.
 */
export const SHOP_LOCALE = 'en-US';
/** See {@link SHOP_LOCALE}. */
export const SHOP_MESSAGES: ShopMessages = {};

const isStorefrontKey = (key: string): key is StorefrontMessageKey =>
  Object.prototype.hasOwnProperty.call(STOREFRONT_MESSAGES, key);

/**
 * Splits overrides into ui-components' part (for `MessagesProvider`), the storefront's, and the
 * route catalogues' (each route catalogue takes its own keys from `routes`).
 */
export function splitShopMessages(messages: ShopMessages): {
  ui: Partial<Messages>;
  storefront: Partial<Record<StorefrontMessageKey, string | PluralMessage>>;
  routes: Readonly<Record<string, string | PluralMessage>>;
} {
  const ui: Record<string, unknown> = {};
  const storefront: Record<string, string | PluralMessage> = {};
  const routes: Record<string, string | PluralMessage> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (isStorefrontKey(key) || isRouteCatalogueKey(key)) {
      if (
        typeof value !== 'string' &&
        typeof (value as PluralMessage | undefined)?.other !== 'string'
      ) {
        throw new UiComponentsError(
          'invalid_messages',
          `Messages: "${key}" must be a string or plural forms with "other"`,
          { input: value },
        );
      }
      if (isStorefrontKey(key)) storefront[key] = value;
      else routes[key] = value;
    } else ui[key] = value; // unknown keys are refused by createTranslator
  }
  return { ui, storefront, routes };
}

/** One catalogue message with its placeholders filled and its plural form chosen. */
function formatFrom(
  message: string | PluralMessage,
  values: MessageValues,
  base: Translator,
  plurals: Intl.PluralRules,
): string {
  if (typeof message === 'string') return formatMessage(message, values, (n) => base.number(n));
  const count = values['count'];
  const form = typeof count === 'number' ? plurals.select(count) : 'other';
  return formatMessage(message[form] ?? message.other, values, (n) => base.number(n));
}

/**
 * A translator that knows a route catalogue's keys too, and gives every other key to `base`;
 * the catalogue's texts are replaced by the shop's overrides for them (`overrides`, from
 * {@link splitShopMessages}'s `routes`).
 */
export function extendTranslator<K extends string>(
  base: ShopTranslator,
  catalogue: Readonly<Record<K, string | PluralMessage>>,
  overrides: Readonly<Record<string, string | PluralMessage>> = {},
): Omit<ShopTranslator, 'format'> & {
  format(key: MessageKey | StorefrontMessageKey | K, values?: MessageValues): string;
} {
  const own: Record<string, string | PluralMessage> = { ...catalogue };
  for (const [key, value] of Object.entries(overrides)) {
    if (Object.prototype.hasOwnProperty.call(catalogue, key)) own[key] = value;
  }
  const plurals = new Intl.PluralRules(base.locale);
  return {
    locale: base.locale,
    dir: base.dir,
    number: (value, numberOptions) => base.number(value, numberOptions),
    date: (value, dateOptions) => base.date(value, dateOptions),
    format(key, values = {}) {
      const message = Object.prototype.hasOwnProperty.call(own, key) ? own[key] : undefined;
      if (message === undefined)
        return base.format(key as MessageKey | StorefrontMessageKey, values);
      return formatFrom(message, values, base, plurals);
    },
  };
}

/**
 * A translator over both catalogues.
 *
 * @example
 * createShopTranslator({ messages: { 'nav.shop': 'Boutique' } }).format('nav.shop'); // "Boutique"
 */
export function createShopTranslator(
  options: { locale?: string | undefined; messages?: ShopMessages | undefined } = {},
): ShopTranslator {
  const { ui, storefront } = splitShopMessages(options.messages ?? {});
  const base = createTranslator({ locale: options.locale, messages: ui });
  const catalogue = { ...STOREFRONT_MESSAGES, ...storefront };
  const plurals = new Intl.PluralRules(base.locale);
  return {
    locale: base.locale,
    dir: base.dir,
    number: (value, numberOptions) => base.number(value, numberOptions),
    date: (value, dateOptions) => base.date(value, dateOptions),
    format(key, values = {}) {
      if (!isStorefrontKey(key)) return base.format(key, values);
      return formatFrom(catalogue[key], values, base, plurals);
    },
  };
}

/** The shop's translator (its locale and overrides): for loaders, actions and components. */
export const shopT: ShopTranslator = createShopTranslator({
  locale: SHOP_LOCALE,
  messages: SHOP_MESSAGES,
});

/** The ui-components part of {@link SHOP_MESSAGES}, for the page's `MessagesProvider`. */
export const SHOP_UI_MESSAGES: Partial<Messages> = splitShopMessages(SHOP_MESSAGES).ui;
