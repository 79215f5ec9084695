import type { DEFAULT_MESSAGES } from './default-messages';
import { UiComponentsError } from './errors';

/**
 * A message whose wording depends on a count: one text per plural category of
 * `Intl.PluralRules` (`zero`, `one`, `two`, `few`, `many`, `other`). `other` is
 * required and used for any category the translation leaves out.
 *
 * @example
 * { one: 'Cart, {count} item', other: 'Cart, {count} items' }
 */
export type PluralMessage = Readonly<
  { other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>
>;

/**
 * The user-facing texts of ui-components that most pages show, in English. Placeholders in
 * braces (`{name}`) are filled in when a component formats the message; numbers are formatted
 * with `Intl.NumberFormat` for the catalogue's locale. The English texts are the
 * specification's (and WooCommerce's) exact wording. The consent banner's, the coming-soon
 * banner's, the subscription form's, the catalogue filters', the option picker's, the shipping
 * rates', the coupon form's, the site search's, the product card's, the ordering menu's, the
 * result count's, the pagination's, the add-to-cart button's, the address fields' and the
 * password field's and the mini-cart's texts are their own catalogues (`CONSENT_MESSAGES`, `COMING_SOON_MESSAGES`,
 * `SUBSCRIPTION_MESSAGES`, `FILTER_MESSAGES`, `VARIATION_SELECTS_MESSAGES`,
 * `SHIPPING_RATES_MESSAGES`, `COUPON_FORM_MESSAGES`, `SITE_SEARCH_MESSAGES`,
 * `PRODUCT_CARD_MESSAGES`, `CATALOG_ORDERING_MESSAGES`, `RESULT_COUNT_MESSAGES`,
 * `PAGINATION_MESSAGES`, `ADD_TO_CART_MESSAGES`, `ADDRESS_MESSAGES`, `PASSWORD_MESSAGES`,
 * `MINI_CART_MESSAGES`),
 * bundled only with those components;
 * `DEFAULT_MESSAGES` is all of them together.
 */
export const CORE_MESSAGES = {
  // Page behaviours
  'skipLink.label': 'Skip to content',

  // Price
  'price.regular': 'Original price was: {price}.',
  'price.current': 'Current price is: {price}.',
  /** Read between the two ends of a price range, whose dash is hidden from screen readers. */
  'price.rangeTo': 'to',

  // CartCount
  'cartCount.label': { one: 'Cart, {count} item', other: 'Cart, {count} items' } as PluralMessage,

  // QuantityInput
  'quantity.label': 'Quantity',

  // Required fields' marker (the storefront's forms and PasswordInput)
  'field.required': 'required',

  // StoreNotice (spec §4 "Store notice")
  'storeNotice.label': 'Store notice',
  'storeNotice.dismiss': 'Dismiss',
} satisfies Record<string, string | PluralMessage>;

/** A key of the message catalogue, e.g. `'addToCart.label'`. */
export type MessageKey = keyof typeof DEFAULT_MESSAGES;

/** A complete catalogue: a text (or plural texts) for every {@link MessageKey}. */
export type Messages = { readonly [K in MessageKey]: string | PluralMessage };

/** Values for a message's placeholders. Numbers are formatted for the locale. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * Formats messages, numbers and dates for one locale. Components get one from
 * `useMessages()`; framework-free code makes one with {@link createTranslator}. `K` is the
 * keys it formats: ui-components' own, and an app's too once {@link extendTranslator} adds
 * its catalogue.
 */
export interface Translator<K extends string = MessageKey> {
  /** The BCP 47 locale the numbers, dates and plural forms follow, e.g. `'en-US'`. */
  readonly locale: string;
  /** The text direction of the locale's script. */
  readonly dir: 'ltr' | 'rtl';
  /**
   * The message `key` with its placeholders filled in. For a plural message the
   * form is chosen by `values.count` (a number).
   *
   * @example
   * t.format('cartCount.label', { count: 3 }); // "Cart, 3 items"
   */
  format(key: K, values?: MessageValues): string;
  /** A number in the locale's digits and grouping, e.g. `1,234`. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /**
   * A date in the locale's words and order.
   * @default options { dateStyle: 'long' }
   * @example t.date(new Date('2026-11-22')) // "November 22, 2026"
   */
  date(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
}

/** Options of {@link createTranslator}. */
export interface TranslatorOptions {
  /**
   * The locale of numbers, dates and plural forms.
   * @default 'en-US'
   */
  locale?: string | undefined;
  /**
   * Texts that replace the English defaults, for any subset of the keys. A key no catalogue
   * has is never looked up, so it is not refused here: {@link checkMessages} refuses it where
   * the whole catalogue is known.
   * @default {}
   */
  messages?: Partial<Messages> | undefined;
}

const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The component catalogues' English texts added so far ({@link addMessages}). */
const componentMessages: Record<string, string | PluralMessage> = {};

/**
 * Refuses a text that is neither a string nor plural forms with `other` (what {@link fill}
 * needs), naming its key.
 */
export function checkText(key: string, value: unknown): void {
  if (typeof value !== 'string' && typeof (value as PluralMessage | null)?.other !== 'string') {
    throw new UiComponentsError(
      'invalid_messages',
      `Messages: "${key}" must be a string or plural forms with "other"`,
      { input: value },
    );
  }
}

/**
 * Fills `{placeholder}`s in `template`; numbers are formatted with `formatNumber`.
 * A placeholder without a value is left as written, so a missing value shows.
 *
 * @example
 * formatMessage('Remove {name} from cart', { name: 'Beanie' }); // "Remove Beanie from cart"
 */
export function formatMessage(
  template: string,
  values: MessageValues = {},
  formatNumber: (value: number) => string = String,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
    const value = values[name];
    return typeof value === 'number' ? formatNumber(value) : String(value);
  });
}

/**
 * A {@link Translator} over the English defaults and `options.messages`.
 *
 * @throws {UiComponentsError} `invalid_messages` for a text that is neither a string nor
 *   plural forms with `other`; `invalid_locale` for a locale `Intl` rejects. A key no
 *   catalogue has is not refused here (it is never looked up): {@link checkMessages} refuses
 *   it, once, where the whole catalogue is known.
 *
 * @example
 * const t = createTranslator({ locale: 'fr-FR', messages: { 'miniCart.checkout': 'Commander' } });
 * t.format('miniCart.checkout'); // "Commander"
 */
export function createTranslator(options: TranslatorOptions = {}): Translator {
  const overrides = options.messages ?? {};
  for (const [key, value] of Object.entries(overrides)) checkText(key, value);
  let locale: string;
  try {
    locale = Intl.getCanonicalLocales(options.locale ?? 'en-US')[0] ?? 'en-US';
  } catch (cause) {
    throw new UiComponentsError(
      'invalid_locale',
      `Messages: "${String(options.locale)}" is not a locale`,
      {
        input: options.locale,
        cause,
      },
    );
  }
  const catalogue: Readonly<Record<string, string | PluralMessage>> = {
    ...CORE_MESSAGES,
    ...overrides,
  };
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  const formatNumber = (value: number) => numbers.format(value);
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  return {
    locale,
    dir: RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr',
    format(key, values = {}) {
      const message = own(catalogue, key)
        ? catalogue[key]
        : own(componentMessages, key)
          ? componentMessages[key]
          : undefined;
      if (message === undefined) throw missing(key);
      return fill(message, values, plurals, formatNumber);
    },
    number(value, numberOptions) {
      return numberOptions
        ? new Intl.NumberFormat(locale, numberOptions).format(value)
        : formatNumber(value);
    },
    date(value, dateOptions = { dateStyle: 'long' }) {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) {
        throw new UiComponentsError('invalid_date', `Messages: "${String(value)}" is not a date`, {
          input: value,
        });
      }
      return new Intl.DateTimeFormat(locale, dateOptions).format(date);
    },
  };
}

/**
 * `base` with an app's own catalogue added: the keys of `catalogue` (English texts, plural
 * forms and placeholders as in ui-components' own) are formatted with `messages`' text for
 * them if it has one, else the catalogue's; every other key goes to `base`, and so do the
 * locale, numbers and dates. `messages` may be the shop's whole set of overrides: only the
 * catalogue's keys are taken from it (give the same set to `base` for ui-components' keys).
 * A catalogue loaded with one route (its own module) stays out of every other route's code.
 *
 * @throws {UiComponentsError} `invalid_messages` for a text of the catalogue's keys in
 *   `messages` that is neither a string nor plural forms with `other`.
 *
 * @example
 * const shop = { 'nav.shop': 'Boutique', 'miniCart.checkout': 'Commander' };
 * const t = extendTranslator(
 *   createTranslator({ locale: 'fr-FR', messages: shop }),
 *   { 'nav.shop': 'Shop', 'nav.cart': 'Cart' },
 *   shop,
 * );
 * t.format('nav.shop'); // "Boutique"
 * t.format('nav.cart'); // "Cart"
 * t.format('miniCart.checkout'); // "Commander"
 */
export function extendTranslator<B extends string, K extends string>(
  base: Translator<B>,
  catalogue: Readonly<Record<K, string | PluralMessage>>,
  messages: Readonly<Partial<Record<string, string | PluralMessage>>> = {},
): Translator<B | K> {
  const texts: Record<string, string | PluralMessage> = { ...catalogue };
  for (const key of Object.keys(catalogue)) {
    if (own(messages, key)) {
      checkText(key, messages[key]);
      texts[key] = messages[key] as string | PluralMessage;
    }
  }
  const plurals = new Intl.PluralRules(base.locale);
  const formatNumber = (value: number) => base.number(value);
  return {
    locale: base.locale,
    dir: base.dir,
    number: (value, numberOptions) => base.number(value, numberOptions),
    date: (value, dateOptions) => base.date(value, dateOptions),
    format: (key, values = {}) =>
      own(texts, key)
        ? fill(texts[key] as string | PluralMessage, values, plurals, formatNumber)
        : base.format(key as B, values),
  };
}

function missing(key: string): UiComponentsError {
  return new UiComponentsError(
    'invalid_messages',
    `Messages: no text for "${key}" (addMessages its component's catalogue)`,
    { input: key },
  );
}

/** A catalogue message with its plural form chosen by `values.count` and placeholders filled. */
function fill(
  message: string | PluralMessage,
  values: MessageValues,
  plurals: Intl.PluralRules,
  formatNumber: (value: number) => string,
): string {
  if (typeof message === 'string') return formatMessage(message, values, formatNumber);
  const count = values['count'];
  const form = typeof count === 'number' ? plurals.select(count) : 'other';
  return formatMessage(message[form] ?? message.other, values, formatNumber);
}

/**
 * Adds a component catalogue's English texts to every translator, behind its translations and
 * the core catalogue. The components whose texts are not in `CORE_MESSAGES` add theirs when
 * they render (`useMessages(CONSENT_MESSAGES)`), so the texts are bundled only with them; add
 * one yourself to format its keys without the component. Adding the same catalogue again
 * changes nothing.
 *
 * @example
 * addMessages(SUBSCRIPTION_MESSAGES);
 * createTranslator().format('subscription.submit'); // "Subscribe"
 */
export function addMessages(catalogue: Readonly<Record<string, string | PluralMessage>>): void {
  Object.assign(componentMessages, catalogue);
}

/** The English catalogue for `en-US`: what components use with no `MessagesProvider`. */
export const defaultTranslator: Translator = /* @__PURE__ */ createTranslator();
