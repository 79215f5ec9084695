import type { ComponentType } from 'react';
import {
  AccountAddressIsland,
  AccountDetailsIsland,
  LoginIsland,
  RegisterIsland,
  ResetPasswordIsland,
} from '../components/AccountIslands';

/**
 * The islands the account's forms hydrate as island pages (decisions 0082, 0087): a guest's login
 * and register forms on /my-account/, the new-password form, the account details form and the
 * address form.
 */
export const ISLANDS = {
  'account-login': LoginIsland,
  'account-register': RegisterIsland,
  'account-reset-password': ResetPasswordIsland,
  'account-details': AccountDetailsIsland,
  'account-address': AccountAddressIsland,
} as unknown as Record<string, ComponentType<Record<string, unknown>>>;
