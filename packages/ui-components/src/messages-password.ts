import type { PluralMessage } from './messages';

/** `PasswordInput`'s texts, in English: bundled with the component only (see `CORE_MESSAGES`). */
export const PASSWORD_MESSAGES = {
  // Accounts (spec §2: the password field's show/hide toggle)
  'password.show': 'Show password',
  'password.hide': 'Hide password',
  'password.shown': 'Your password is visible',
  'password.hidden': 'Your password is hidden',
} satisfies Record<string, string | PluralMessage>;
