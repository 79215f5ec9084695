import type { PluralMessage } from '@cartwright/ui-components';
import { accountTranslator } from './messages-account';

/**
 * The lost-password pages' own texts, in English (decision 0068): the request, the email sent,
 * the new password form.
 */
export const LOST_PASSWORD_MESSAGES = {
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
} satisfies Readonly<Record<`account.${string}`, string | PluralMessage>>;

export type LostPasswordMessageKey = keyof typeof LOST_PASSWORD_MESSAGES;

/** The lost-password pages' translator. */
export const lostPasswordT = accountTranslator(LOST_PASSWORD_MESSAGES);
