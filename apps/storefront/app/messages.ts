import {
  createTranslator,
  extendTranslator,
  type MessageKey,
  type Messages,
  type PluralMessage,
  type Translator,
} from '@cartwright/ui-components';
import type { AccountMessageKey } from './messages-account';
import type { CatalogMessageKey } from './messages-catalog';
import type { CheckoutMessageKey } from './messages-checkout';
import type { CartWarningMessageKey } from './components/cart-warnings';
import type { FormMessageKey } from './messages-forms';

/**
 * The storefront's own texts, in English, next to ui-components' catalogue
 * (`DEFAULT_MESSAGES`), which ui-components' `extendTranslator` adds to its translator: one
 * machinery, same rules (`{placeholders}`, plural forms by `count`; decision 0072).
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
export type ShopTranslator = Translator<MessageKey | StorefrontMessageKey>;

/**
 * THE ONE OVERRIDE POINT for a shop: its locale and the texts that replace the English
 * defaults, for ui-components' keys and the storefront's alike. Server-rendered texts
 * (loaders, actions), the page and every component read them from here.
 */
export const SHOP_LOCALE = 'en-US';
/** See {@link SHOP_LOCALE}. */
export const SHOP_MESSAGES: ShopMessages = {};

/**
 * A translator that knows a route catalogue's keys too, and gives every other key to `base`;
 * the catalogue's texts are replaced by the shop's overrides for them (`overrides`, from
 * {@link extensionOverrides}). ui-components' own `extendTranslator`: the storefront's, the
 * route catalogues' and ui-components' keys go through one translator (decision 0072).
 */
export { extendTranslator };

/**
 * The shop's overrides a route catalogue's translator takes its own keys' texts from: all of
 * them ({@link extendTranslator} takes those of its catalogue's keys). Whether each names a
 * key some catalogue has is checked as the server starts (`checkShopMessages` in
 * ./messages.server.ts), not in every browser.
 */
export function extensionOverrides(messages: ShopMessages = SHOP_MESSAGES): ShopMessages {
  return messages;
}

/**
 * A translator over both catalogues: ui-components' with the overrides, extended with the
 * storefront's own texts and the overrides for them.
 *
 * @example
 * createShopTranslator({ messages: { 'nav.shop': 'Boutique' } }).format('nav.shop'); // "Boutique"
 */
export function createShopTranslator(
  options: { locale?: string | undefined; messages?: ShopMessages | undefined } = {},
): ShopTranslator {
  const messages = options.messages ?? {};
  return extendTranslator(
    createTranslator({ locale: options.locale, messages }),
    STOREFRONT_MESSAGES,
    messages,
  );
}

/** The shop's translator (its locale and overrides): for loaders, actions and components. */
export const shopT: ShopTranslator = createShopTranslator({
  locale: SHOP_LOCALE,
  messages: SHOP_MESSAGES,
});

/**
 * The overrides for the page's `MessagesProvider`: all of {@link SHOP_MESSAGES} (a translator
 * takes the keys it formats and never looks the others up).
 */
export const SHOP_UI_MESSAGES: Partial<Messages> = SHOP_MESSAGES;
