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
}

export const storeContext = createContext<StoreRequestContext>();
