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
  'account.nav.label': 'Account pages',
  'account.nav.dashboard': 'Dashboard',
  'account.nav.orders': 'Orders',
  'account.nav.addresses': 'Addresses',
  'account.nav.logout': 'Log out',
  'payment.cheque': 'Check payments',
  'payment.cod': 'Cash on delivery',
  'page.title': '{page} – {site}',
  'page.accountTitle': '{page} – My account – {site}',
  'cart.invalidQuantity': 'Please enter a whole number of items.',
  'cart.title': 'Cart',
  'search.label': 'Search products',
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
  'coupon.label': 'Coupon code',
  'coupon.apply': 'Apply coupon',
  'coupon.appliedHeading': 'Applied coupons',
  'coupon.removeLabel': 'Remove coupon {code}',
  'coupon.applied': 'Coupon code applied successfully.',
  'coupon.removed': 'Coupon code removed successfully.',
  'coupon.enterCode': 'Please enter a coupon code.',
  'shipping.method': 'Shipping method',
  'shipping.none':
    'There are no shipping options available. Please ensure that your address has been entered correctly, or contact us if you need any help.',
  'shipping.calculate': 'Calculate shipping',
  'shipping.update': 'Update',
  'shipping.updateTotals': 'Update totals',
  'shipping.selectState': 'Select an option…',
  'shipping.to': 'Shipping to {place}.',
  'shipping.totalNow': 'Total: {total}',
  'address.countryLabel': 'Country / region',
  'address.stateLabel': 'State / County',
  'address.cityLabel': 'Town / City',
  'address.postcodeLabel': 'Postcode / ZIP',
  'cart.updateFailed': 'The cart could not be updated. Please try again.',
  'cart.empty': 'Your cart is currently empty.',
  'cart.returnToShop': 'Return to shop',
  'cart.items': 'Items in your cart',
  'table.product': 'Product',
  'table.price': 'Price',
  'table.quantity': 'Quantity',
  'table.subtotal': 'Subtotal',
  'cart.remove': 'Remove',
  'cart.totals': 'Cart totals',
  'table.total': 'Total',
  'cart.proceed': 'Proceed to checkout',
  'checkout.title': 'Checkout',
  'checkout.errors': 'Please correct the following before placing your order:',
  'checkout.billing': 'Billing details',
  'checkout.yourOrder': 'Your order',
  'checkout.items': 'Items in your order',
  'checkout.paymentMethod': 'Payment method',
  'checkout.shipToDifferent': 'Ship to a different address?',
  'checkout.placeOrder': 'Place order',
  'shop.noProducts': 'No products were found.',
  'shop.title': 'Shop',
  'product.description': 'Description',
  'product.notFound': 'Product not found',
  'product.selectOptions': 'Select options',
  'product.selectOptionsFor': 'Select options for “{name}”',
  'product.lowStock': 'Only {count} left in stock',
  'product.inStock': 'In stock',
  'orderReceived.title': 'Order received',
  'orderReceived.details': 'Order details',
  'orderReceived.thanks': 'Thank you. Your order has been received.',
  'account.login': 'Login',
  'account.register': 'Register',
  'account.username': 'Username or email address',
  'account.password': 'Password',
  'form.email': 'Email address',
  'account.title': 'My account',
  'account.privacyText':
    'Your personal data will be used to support your experience throughout this website, to manage access to your account, and for other purposes described in our privacy policy.',
  'account.passwordHint':
    'Hint: The password should be at least twelve characters long. To make it stronger, use upper and lower case letters, numbers, and symbols like ! " ? $ % ^ & ).',
  'account.logIn': 'Log in',
  'account.addressesIntro': 'The following addresses will be used on the checkout page by default.',
  'account.noAddress': 'You have not set up this type of address yet.',
  'account.addressChanged': 'Address changed successfully.',
  'account.addAddress': 'Add {title}',
  'account.editAddress': 'Edit {title}',
  'account.addressErrors': 'Please correct the following before saving the address:',
  'form.firstName': 'First name',
  'form.lastName': 'Last name',
  'form.company': 'Company name',
  'form.phone': 'Phone',
  'account.saveAddress': 'Save address',
  'account.noOrders': 'No order has been made yet.',
  'account.browseProducts': 'Browse products',
  'account.orders.caption': 'Your orders',
  'account.orders.order': 'Order',
  'account.orders.date': 'Date',
  'account.orders.status': 'Status',
  'account.orders.actions': 'Actions',
  'account.orders.pagination': 'Orders pages',
  'account.orders.total': {
    one: '{total} for {count} item',
    other: '{total} for {count} items',
  } as PluralMessage,
  'account.orders.viewLabel': 'View order number {number}',
  'account.orders.view': 'View',
  'privacy.settings': 'Cookie settings',
  'cart.itemGone': '“{name}” is no longer in your cart.',
  'cart.anItemGone': 'An item is no longer in your cart.',
  'cart.clamped':
    'Your cart now holds {quantity} of “{name}”, not {requested}: that is all that is in stock.',
  'cart.anItemClamped':
    'Your cart now holds {quantity} of an item, not {requested}: that is all that is in stock.',
  'checkout.addressProblem': '{address}: {message}',
  'account.rememberMe': 'Remember me',
  'shop.products': 'Products',
  'product.breadcrumb': 'Breadcrumb',
  'account.hello': 'Hello {name} (not {name}? {logout})',
  'account.dashboard':
    'From your account dashboard you can view your {orders}, manage your {addresses}, and {details}.',
  'account.recentOrders': 'recent orders',
  'account.addressesLink': 'shipping and billing addresses',
  'orderReceived.number': 'Order number: {number}',
  'orderReceived.date': 'Date:',
  'orderReceived.email': 'Email:',
  'orderReceived.total': 'Total:',
  'orderReceived.paymentMethod': 'Payment method:',
  'orderReceived.items': 'Items in order {number}',
  'orderReceived.shipping': 'Shipping:',
  'orderReceived.verify.why':
    'To see this order, enter the email address it was placed with, or log in to the account that placed it.',
  'orderReceived.verify.submit': 'Show my order',
  'orderReceived.verify.wrong':
    'That email address does not match this order. Please check it and try again.',
  'product.sku': 'SKU',
  'category.title': '{name}',
  'category.none': 'No products were found matching your selection.',
  'category.empty': 'There are no products in this category yet.',
  'category.clear': 'Show every product in {name}',
  'filter.label': 'Filter products',
  'filter.price': 'Filter by price',
  'filter.priceRange': 'Prices here run from {min} to {max}.',
  'filter.minPrice': 'Min price ({symbol})',
  'filter.maxPrice': 'Max price ({symbol})',
  'filter.apply': 'Filter',
  'filter.active': 'Active filters',
  'filter.remove': 'Remove filter: {filter}',
  'filter.clearAll': 'Clear all filters',
  'filter.min': 'Min {amount}',
  'filter.max': 'Max {amount}',
  'filter.categories': 'Product categories',
  'filter.attribute': 'Filter by {attribute}',
  'filter.term': {
    one: '{term} ({count} product)',
    other: '{term} ({count} products)',
  } as PluralMessage,
  'filter.termChosen': {
    one: '{term} ({count} product), chosen: remove',
    other: '{term} ({count} products), chosen: remove',
  } as PluralMessage,
  'filter.count': { one: '({count} product)', other: '({count} products)' } as PluralMessage,
  'search.again': 'Search again',
  'search.suggestCategories': 'Or browse a category',
  'variations.label': 'Product options',
  'variations.choose': 'Choose an option',
  'variations.soldOut': '{value} (sold out)',
  'variations.unavailable': '{value} (unavailable)',
  'variations.clear': 'Clear options',
  'variations.chooseFirst':
    'Please choose product options before adding this product to your cart.',
  'variations.noMatch':
    'Sorry, this product is unavailable. Please choose a different combination.',
  'variations.chosen': '{options}: {price}, {stock}',
  // Lost password, account details, checkout extras (issue 15 items 8 and 9).
  'account.lostPassword.link': 'Lost your password?',
  'account.lostPassword.title': 'Lost password',
  'account.lostPassword.intro':
    'Lost your password? Please enter your username or email address. You will receive a link to create a new password via email.',
  'account.lostPassword.login': 'Username or email',
  'account.lostPassword.submit': 'Reset password',
  'account.lostPassword.sent': 'Password reset email has been sent.',
  'account.lostPassword.sentText':
    'If an account uses that username or email address, a password reset email is on its way to the email address on file. It may take several minutes to show up in your inbox. The link in it works once, for 24 hours.',
  'account.lostPassword.invalidKey':
    'This key is invalid or has already been used. Please reset your password again if needed.',
  'account.lostPassword.enterNew': 'Enter a new password below.',
  'account.lostPassword.newPassword': 'New password',
  'account.lostPassword.repeatPassword': 'Re-enter new password',
  'account.lostPassword.save': 'Save',
  'account.lostPassword.done': 'Your password has been reset successfully.',
  'account.nav.details': 'Account details',
  'account.details.title': 'Account details',
  'account.details.firstName': 'First name',
  'account.details.lastName': 'Last name',
  'account.details.displayName': 'Display name',
  'account.details.displayNameHelp':
    'This will be how your name will be displayed in the account section and in reviews',
  'account.details.email': 'Email address',
  'account.details.passwordChange': 'Password change',
  'account.details.currentPassword': 'Current password (leave blank to leave unchanged)',
  'account.details.newPassword': 'New password (leave blank to leave unchanged)',
  'account.details.confirmPassword': 'Confirm new password',
  'account.details.save': 'Save changes',
  'account.details.saved': 'Account details changed successfully.',
  'account.dashboardDetails': 'edit your password and account details',
  'checkout.additionalInformation': 'Additional information',
  'checkout.orderNotes': 'Order notes',
  'checkout.orderNotesPlaceholder': 'Notes about your order, e.g. special notes for delivery.',
  'checkout.termsBefore': 'I have read and agree to the website ',
  'checkout.termsLink': 'terms and conditions',
  'orderReceived.note': 'Note:',
} satisfies Record<string, string | PluralMessage>;

/** A key of the storefront's own texts, e.g. `'nav.shop'`. */
export type StorefrontMessageKey = keyof typeof STOREFRONT_MESSAGES;

/** Overrides for any subset of ui-components' and the storefront's keys. */
export type ShopMessages = Partial<Messages> & {
  readonly [K in StorefrontMessageKey]?: string | PluralMessage;
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

/** Splits overrides into ui-components' part (for `MessagesProvider`) and the storefront's. */
export function splitShopMessages(messages: ShopMessages): {
  ui: Partial<Messages>;
  storefront: Partial<Record<StorefrontMessageKey, string | PluralMessage>>;
} {
  const ui: Record<string, unknown> = {};
  const storefront: Record<string, string | PluralMessage> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (isStorefrontKey(key)) {
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
      storefront[key] = value;
    } else ui[key] = value; // unknown keys are refused by createTranslator
  }
  return { ui, storefront };
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
      const message = catalogue[key];
      if (typeof message === 'string') return formatMessage(message, values, (n) => base.number(n));
      const count = values['count'];
      const form = typeof count === 'number' ? plurals.select(count) : 'other';
      return formatMessage(message[form] ?? message.other, values, (n) => base.number(n));
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
