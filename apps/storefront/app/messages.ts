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
import type { CartWarningMessageKey } from './components/cart-warnings';
import type { FormMessageKey } from './messages-forms';

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
  'cartNotice.invalidQuantity': 'Please enter a whole number of items.',
  'privacy.settings': 'Cookie settings',
} satisfies Record<string, string | PluralMessage>;

/** A key of the storefront's own texts, e.g. `'nav.shop'`. */
export type StorefrontMessageKey = keyof typeof STOREFRONT_MESSAGES;

/**
 * Key prefixes whose texts live in a route's own catalogue, loaded with the routes that show
 * them rather than on every page (issue 16): `account.` in ./messages-account.ts; the cart,
 * checkout and order pages' in ./messages-checkout.ts; the forms and tables those share with
 * the account pages in ./messages-forms.ts; the catalogue pages' (with filters, search and
 * variations) in ./messages-catalog.ts. The cart warnings (an item gone, a quantity clamped),
 * which only an answer to a cart change makes, come with the cart's code
 * (components/cart-warnings.tsx): their four keys are named here in full.
 */
export const ROUTE_CATALOGUE_PREFIXES = [
  'account.',
  'cart.',
  'totals.',
  'form.',
  'table.',
  'filter.',
  'search.',
  'variations.',
  'checkout.',
  'orderReceived.',
  'payment.',
  'coupon.',
  'shipping.',
  'product.',
  'category.',
  'shop.',
  'cartNotice.itemGone',
  'cartNotice.anItemGone',
  'cartNotice.clamped',
  'cartNotice.anItemClamped',
] as const;

const isRouteCatalogueKey = (key: string): boolean =>
  ROUTE_CATALOGUE_PREFIXES.some((prefix) => key.startsWith(prefix));

/** Overrides for any subset of ui-components', the storefront's and the route catalogues' keys. */
export type ShopMessages = Partial<Messages> & {
  readonly [
    K in
      | StorefrontMessageKey
      | AccountMessageKey
      | CheckoutMessageKey
      | CatalogMessageKey
      | FormMessageKey
      | CartWarningMessageKey
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
 * The shop's overrides a route catalogue's translator takes its own keys' texts from: the route
 * catalogues' and ui-components' ({@link extendTranslator} keeps those of its catalogue's keys).
 */
export function extensionOverrides(
  messages: ShopMessages = SHOP_MESSAGES,
): Readonly<Record<string, string | PluralMessage>> {
  const { ui, routes } = splitShopMessages(messages);
  return { ...(ui as Record<string, string | PluralMessage>), ...routes };
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
