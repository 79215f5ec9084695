import { ADDRESS_MESSAGES, type PluralMessage } from '@cartwright/ui-components';
import { extendTranslator, extensionOverrides, shopT } from './messages';
import { FORM_MESSAGES } from './messages-forms';

/**
 * The account pages' texts (`account.*`), in English: a route catalogue (issue 16), loaded
 * with the account routes rather than on every page. Same rules and the same override point
 * (`SHOP_MESSAGES` in ./messages.ts) as the storefront's catalogue.
 */
export const ACCOUNT_MESSAGES = {
  'account.nav.label': 'Account pages',
  'account.nav.dashboard': 'Dashboard',
  'account.nav.orders': 'Orders',
  'account.nav.addresses': 'Addresses',
  'account.nav.logout': 'Log out',
  'account.login': 'Login',
  'account.register': 'Register',
  'account.username': 'Username or email address',
  'account.password': 'Password',
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
  'account.rememberMe': 'Remember me',
  'account.hello': 'Hello {name} (not {name}? {logout})',
  'account.dashboard':
    'From your account dashboard you can view your {orders}, manage your {addresses}, and {details}.',
  'account.recentOrders': 'recent orders',
  'account.addressesLink': 'shipping and billing addresses',
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
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** The account pages' translator: their own keys, and every other key as {@link shopT} has it. */
export const accountT = extendTranslator(
  shopT,
  // With ui-components' ADDRESS_MESSAGES: these pages name its texts where no component of
  // its is rendered (the addresses page's headings).
  { ...ADDRESS_MESSAGES, ...FORM_MESSAGES, ...ACCOUNT_MESSAGES },
  extensionOverrides(),
);

/** The type of {@link accountT}. */
export type AccountTranslator = typeof accountT;
