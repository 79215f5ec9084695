/**
 * The login and register forms of a guest's /my-account/ (islands, components/Island.tsx,
 * decision 0068): their code (the fields, the password toggle, the attribution inputs and the
 * forms' texts) loads when a shopper comes to a form, not with the page.
 */
export { LoginForm, RegisterForm } from './AccountForms';
