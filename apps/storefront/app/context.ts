import type { ApiFetch } from '@cartwright/store-api-client';
import { createContext } from 'react-router';

/** What every loader gets from the host server for the current shopper's request. */
export interface StoreRequestContext {
  /** A Store API client bound to this request: the shopper's cookies go with it. */
  apiFetch: ApiFetch;
  /**
   * `Set-Cookie` headers the store sent while this request was served (a new session,
   * the cart cookies): the root middleware passes them on to the browser.
   */
  setCookies: string[];
  /**
   * What the store offers beyond WooCommerce's own routes (read once at start). Pages that need
   * a feature the store lacks are left out (404), never a 500.
   */
  features: { account: boolean; analytics: boolean };
  /** The shop's name and tagline, from the store (WordPress's site title and tagline). */
  site: { name: string; description: string };
  /**
   * The last Store API `Nonce` the store sent while this request was served (the cart read), so
   * the page can print it for the browser's first write, as WooCommerce prints
   * `wcStoreApiNonce`. Undefined when no Store API answer carried one.
   */
  storeApiNonce(): string | undefined;
  /** The operator's `HONOUR_GPC` setting: whether the browser's Global Privacy Control counts. */
  honourGpc: boolean;
}

export const storeContext = createContext<StoreRequestContext>();
