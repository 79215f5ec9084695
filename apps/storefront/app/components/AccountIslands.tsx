import { loadRouteChunk } from '../lib/chunks';
import { island } from './Island';

/** The forms' code (fields, password toggle, attribution inputs, texts): one chunk for both. */
const loadForms = () => loadRouteChunk('account-islands', () => import('./account-islands'));

/** The new-password and account details forms' code (fields, password toggles, texts). */
const loadPasswordForms = () => loadRouteChunk('password-forms', () => import('./PasswordForms'));

/** The address form's code (the checkout's address fields, the account's address texts). */
const loadAddressForm = () =>
  loadRouteChunk('account-address-form', () => import('./AccountAddressForm'));

// The account's forms that need scripts (a password's show/hide toggle, a field's sliding help,
// a country's states) are server-rendered and hydrated when the shopper comes to one (a pointer
// over it, focus in it, a touch; decision 0068). Until then each is the plain form post it is
// without JavaScript; what is typed meanwhile carries over, and a submit (or a click on its
// button) made before the code is in is held and sent by the live form. Defined here, not in the
// routes' modules, for the island page's runtime too (`app/islands.client.tsx`), which never
// loads a route's module.

/** A guest's login form on /my-account/. */
export const LoginIsland = island({
  name: 'account-login',
  onIslandPages: true,
  load: async () => (await loadForms()).LoginForm,
  server: import.meta.env.SSR ? (await import('./account-islands')).LoginForm : undefined,
});
/** A guest's register form on /my-account/. */
export const RegisterIsland = island({
  name: 'account-register',
  onIslandPages: true,
  load: async () => (await loadForms()).RegisterForm,
  server: import.meta.env.SSR ? (await import('./account-islands')).RegisterForm : undefined,
});
/** The new-password form of /my-account/lost-password/ (the lost-password form is plain). */
export const ResetPasswordIsland = island({
  name: 'account-reset-password',
  onIslandPages: true,
  load: async () => (await loadPasswordForms()).ResetPasswordForm,
  server: import.meta.env.SSR ? (await import('./PasswordForms')).ResetPasswordForm : undefined,
});
/** The account details form of /my-account/edit-account/. */
export const AccountDetailsIsland = island({
  name: 'account-details',
  onIslandPages: true,
  load: async () => (await loadPasswordForms()).AccountDetailsForm,
  server: import.meta.env.SSR ? (await import('./PasswordForms')).AccountDetailsForm : undefined,
});
/** The address form of /my-account/edit-address/{billing,shipping}/. */
export const AccountAddressIsland = island({
  name: 'account-address',
  onIslandPages: true,
  load: async () => (await loadAddressForm()).AccountAddressForm,
  server: import.meta.env.SSR
    ? (await import('./AccountAddressForm')).AccountAddressForm
    : undefined,
});
