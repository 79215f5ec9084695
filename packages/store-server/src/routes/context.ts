import type { Database } from '../db/client';

/** What every route module needs from the store. */
export interface RouteContext {
  db: Database;
  /** Normalised configured site URL, or `undefined` to derive it from each request. */
  siteUrl: string | undefined;
}

/** The Store API namespace, mounted below WordPress's REST prefix. */
export const STORE_API = '/wp-json/wc/store/v1';
