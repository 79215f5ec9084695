import type { ComponentType } from 'react';
import { LoginIsland, RegisterIsland } from '../components/AccountIslands';

/** The islands /my-account/ hydrates as an island page (decision 0082): a guest's two forms. */
export const ISLANDS = {
  'account-login': LoginIsland,
  'account-register': RegisterIsland,
} as unknown as Record<string, ComponentType<Record<string, unknown>>>;
