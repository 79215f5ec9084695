import type { CartStore } from '../cart/repository';
import type { OrderStore } from '../checkout/orders';
import type { Database } from '../db/client';
import type { StoreMail } from '../email/notify';
import type { AuthTools } from '../http/auth';
import type { RateLimiter, RateLimits } from '../http/rate-limit';

/** Media upload settings. */
export interface MediaConfig {
  /** Largest accepted upload, in bytes. */
  maxUploadBytes: number;
  /** Testing only: how many of the next post-processing runs fail (counts down, shared). */
  postProcessFailures: { remaining: number };
}

/** What every route module needs from the store. */
export interface RouteContext {
  db: Database;
  /** Normalised configured site URL, or `undefined` to derive it from each request. */
  siteUrl: string | undefined;
  /** The site's name and tagline (the REST index, the login page). */
  site: { name: string; description: string };
  auth: AuthTools;
  media: MediaConfig;
  carts: CartStore;
  orders: OrderStore;
  settings: StoreSettings;
  /** The database-backed rate limiter and the store's limits. */
  limiter: RateLimiter;
  limits: RateLimits;
  /** Where the store's email goes, and the shop's address for new-order notices. */
  mail: StoreMail;
}

/** Store settings the storefront reads (WooCommerce options). */
export interface StoreSettings {
  /** `woocommerce_cart_redirect_after_add`: after an add, go to the cart page (`'yes'`) or stay. */
  cartRedirectAfterAdd: 'yes' | 'no';
  /** The subscription plugin's REST namespace: `POST /wp-json/{namespace}/v1/contact`. */
  subscriptionNamespace: string;
  /** The shop's terms and conditions page (`woocommerce_terms_page_id`), or `null` for none. */
  termsUrl: string | null;
  /** WooCommerce Analytics' feature flags (`wcAnalytics.features`, wire contract §7.2). */
  analyticsFeatures: AnalyticsFeatures;
}

/** WooCommerce Analytics' feature flags, as the storefront's analytics read them. */
export interface AnalyticsFeatures {
  /** ClickHouse events: every event carries `ch: 1`. */
  ch: boolean;
  /** The `woocommerceanalytics_session` cookie and the session's events. */
  sessionTracking: boolean;
  /** Events are posted to this store's track route (off: left for a Tracks script). */
  proxy: boolean;
}

/** This store's flags unless told otherwise: it has the track route, so proxy tracking is on. */
export const DEFAULT_ANALYTICS_FEATURES: AnalyticsFeatures = {
  ch: false,
  sessionTracking: false,
  proxy: true,
};

/** The Store API namespace, mounted below WordPress's REST prefix. */
export const STORE_API = '/wp-json/wc/store/v1';

/** WordPress's core REST namespace. */
export const WP_API = '/wp-json/wp/v2';
