import { ADDRESS_MESSAGES, type PluralMessage } from '@cartwright/ui-components';
import { extendTranslator, extensionOverrides, shopT } from './messages';
import { FORM_MESSAGES } from './messages-forms';

/**
 * The cart, checkout and order-received pages' texts (and the address and order forms they share with the account pages), in English: a route catalogue (issue 16), loaded with the routes that show them rather
 * than on every page. Same rules and the same override point (`SHOP_MESSAGES` in ./messages.ts)
 * as the storefront's catalogue; the server checks overrides against it (`SHOP_CATALOGUES` in
 * ./messages.server.ts).
 */
export const CHECKOUT_MESSAGES = {
  'payment.cheque': 'Check payments',
  'payment.cod': 'Cash on delivery',
  'coupon.applied': 'Coupon code applied successfully.',
  'coupon.removed': 'Coupon code removed successfully.',
  'coupon.enterCode': 'Please enter a coupon code.',
  'shipping.calculate': 'Calculate shipping',
  'shipping.update': 'Update',
  'shipping.updateTotals': 'Update totals',
  'shipping.selectState': 'Select an option…',
  'shipping.to': 'Shipping to {place}.',
  'shipping.totalNow': 'Total: {total}',
  'shipping.countryLabel': 'Country / region',
  'shipping.stateLabel': 'State / County',
  'shipping.cityLabel': 'Town / City',
  'shipping.postcodeLabel': 'Postcode / ZIP',
  'checkout.title': 'Checkout',
  'checkout.errors': 'Please correct the following before placing your order:',
  'checkout.billing': 'Billing details',
  'checkout.yourOrder': 'Your order',
  'checkout.items': 'Items in your order',
  'checkout.paymentMethod': 'Payment method',
  'checkout.shipToDifferent': 'Ship to a different address?',
  'checkout.placeOrder': 'Place order',
  'orderReceived.title': 'Order received',
  'orderReceived.details': 'Order details',
  'orderReceived.thanks': 'Thank you. Your order has been received.',
  'checkout.addressProblem': '{address}: {message}',
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
  'checkout.additionalInformation': 'Additional information',
  'checkout.orderNotes': 'Order notes',
  'checkout.orderNotesPlaceholder': 'Notes about your order, e.g. special notes for delivery.',
  'checkout.termsBefore': 'I have read and agree to the website ',
  'checkout.termsLink': 'terms and conditions',
  'orderReceived.note': 'Note:',
  // The cart page and the totals of the cart, checkout and order pages
  'cart.title': 'Cart',
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
} satisfies Readonly<Record<string, string | PluralMessage>>;

export type CheckoutMessageKey = keyof typeof CHECKOUT_MESSAGES;

/** This catalogue's translator: its own keys, and every other key as {@link shopT} has it. */
export const checkoutT = extendTranslator(
  shopT,
  // With ui-components' ADDRESS_MESSAGES: these pages name its texts where no component of
  // its is rendered (the order-received page's address headings).
  { ...ADDRESS_MESSAGES, ...FORM_MESSAGES, ...CHECKOUT_MESSAGES },
  extensionOverrides(),
);

/** The type of {@link checkoutT}. */
export type CheckoutTranslator = typeof checkoutT;
