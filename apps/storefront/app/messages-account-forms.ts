import type { PluralMessage } from '@cartwright/ui-components';
import { FORM_MESSAGES } from './messages-forms';
import { accountTranslator } from './messages-account';

/**
 * The login and register forms' texts, in English (decision 0068): loaded with the forms'
 * island (components/AccountForms.tsx), not with the page.
 */
export const ACCOUNT_FORMS_MESSAGES = {
  'account.username': 'Username or email address',
  'account.password': 'Password',
  'account.rememberMe': 'Remember me',
  'account.logIn': 'Log in',
  'account.lostPassword.link': 'Lost your password?',
  'account.privacyText':
    'Your personal data will be used to support your experience throughout this website, to manage access to your account, and for other purposes described in our privacy policy.',
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type AccountFormsMessageKey = keyof typeof ACCOUNT_FORMS_MESSAGES;

/** The login and register forms' translator (with the forms' shared texts, `form.email`). */
export const accountFormsT = accountTranslator({ ...FORM_MESSAGES, ...ACCOUNT_FORMS_MESSAGES });
