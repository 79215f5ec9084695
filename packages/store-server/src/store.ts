import { DEFAULT_ANALYTICS_FEATURES, type AnalyticsFeatures } from './routes/context';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database, type DatabaseDriver, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { loadOrCreateSecret } from './auth/secret';
import { cookieKeys } from './auth/sessions';
import { DEFAULT_SUBSCRIPTION_NAMESPACE, isSubscriptionNamespace } from './contacts/contacts';
import { StoreServerError } from './errors';
import { createMailer, NO_MAIL, type MailOptions } from './email/mailer';
import { buildApp } from './http/app';
import { isTermsUrl } from './checkout/terms';
import { normaliseSiteUrl } from './http/origin';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_STORE_API_RATE_LIMIT,
  type RateLimits,
  type StoreApiRateLimit,
} from './http/rate-limit';
import { seedDemoShop } from './seed/seed';
import { seedShipping } from './seed/shipping';
import { seedTaxRates } from './cart/tax-store';
import { ensureAdministrator, type AdministratorCredentials } from './users/users';

/** Where the embedded database keeps its files unless told otherwise (relative to the cwd). */
export const DEFAULT_DATA_DIR = '.data/store';

/** Options for {@link createStore}. Every option is optional. */
export interface StoreOptions {
  /**
   * Directory of the embedded PGlite database. Created if missing; relative paths resolve
   * against the current working directory. Ignored when `databaseUrl` or `inMemory` is set.
   * @default '.data/store'
   * @example createStore({ dataDir: '/var/lib/cartwright' })
   */
  dataDir?: string;
  /**
   * Keep the embedded database in memory only (tests, throwaway demos). Cannot be combined
   * with `databaseUrl`.
   * @default false
   * @example createStore({ inMemory: true })
   */
  inMemory?: boolean;
  /**
   * A PostgreSQL connection URL. When set, the store uses node-postgres against that database
   * instead of PGlite; the schema and behaviour are the same.
   * @default undefined
   * @example createStore({ databaseUrl: process.env.DATABASE_URL })
   */
  databaseUrl?: string;
  /**
   * Write the demo shop when the catalogue is empty. Never touches a non-empty catalogue.
   * @default true
   * @example createStore({ seed: false })
   */
  seed?: boolean;
  /**
   * The public origin (optionally with a path prefix) used for permalinks, image URLs and
   * `Link` headers, like WordPress's home URL. Without it, each response uses the request's own
   * origin (Host header; X-Forwarded-Proto/Host when `trustProxy` is on).
   * @default undefined
   * @example createStore({ siteUrl: 'https://shop.example.com' })
   */
  siteUrl?: string;
  /**
   * Whose X-Forwarded-Proto/Host/For headers to believe (Fastify's `trustProxy`): `true` trusts
   * every hop, `false` none; an address, CIDR range or list (e.g. `'loopback'`, `'10.0.0.0/8'`)
   * trusts only proxies connecting from there, so shoppers cannot spoof the origin directly.
   * @default false
   * @example createStore({ trustProxy: 'loopback' }) // the storefront's own server fetches over 127.0.0.1
   */
  trustProxy?: boolean | string | string[];
  /**
   * Log requests and errors as JSON lines (Fastify's pino logger) on stdout.
   * @default false
   * @example createStore({ logger: true })
   */
  logger?: boolean;
  /**
   * Called once, on the start that created the first administrator (login `admin`, a random
   * 24-character password), with the only copy of its credentials. Never called again for that
   * database. Without it the credentials are written to stderr, so they are never lost.
   * @default writes the credentials to process.stderr
   * @example createStore({ onAdministratorCreated: ({ login, password }) => console.log(login, password) })
   */
  onAdministratorCreated?: (credentials: AdministratorCredentials) => void;
  /**
   * The site's name, shown by the REST index (`GET /wp-json/`) and the login page.
   * @default 'Cartwright Store'
   * @example createStore({ siteName: 'The Coffee Corner' })
   */
  siteName?: string;
  /**
   * The site's tagline, shown by the REST index.
   * @default ''
   * @example createStore({ siteDescription: 'Beans, brewed right' })
   */
  siteDescription?: string;
  /**
   * Seconds a nonce (`wp_rest`, `wc_store_api`, logout) lives at most. Like WordPress, time is cut
   * into ticks of half this length and a nonce is valid in the tick it was made and the next one.
   * @default 86400 (one day: 12-hour ticks)
   * @example createStore({ nonceLifetime: 60 }) // tests: nonces expire within a minute
   */
  nonceLifetime?: number;
  /**
   * Seconds a shopper session (its cookie, its database row and its `Cart-Token`) lives; use
   * renews it, at most once an hour. WooCommerce's `wc_session_expiration` default.
   * @default 172800 (48 hours)
   * @example createStore({ sessionLifetime: 7 * 86400 })
   */
  sessionLifetime?: number;
  /**
   * The clock, in milliseconds since the epoch: nonce ticks, session and cookie expiry,
   * `Cart-Token` expiry, upload folders. Tests pass a fake one to move time.
   * @default Date.now
   * @example let now = Date.now(); createStore({ clock: () => now }); now += 86_400_000;
   */
  clock?: () => number;
  /**
   * Largest file `POST /wp/v2/media` accepts, in bytes; bigger uploads get 413
   * `rest_upload_file_too_big`.
   * @default 8388608 (8 MiB)
   * @example createStore({ maxUploadBytes: 2 * 1024 * 1024 })
   */
  maxUploadBytes?: number;
  /**
   * WooCommerce's "Redirect to the cart page after successful addition"
   * (`woocommerce_cart_redirect_after_add`): `'yes'` sends a shopper who added with a plain link
   * (`?add-to-cart=`) to the cart page, and tells scripts to do the same (served by
   * `GET /wp-json/cartwright/v1/settings`); `'no'` keeps them on the page they were on.
   * @default 'yes'
   * @example createStore({ cartRedirectAfterAdd: 'no' })
   */
  cartRedirectAfterAdd?: 'yes' | 'no';
  /**
   * The REST namespace of the subscription form's endpoint, `POST /wp-json/{namespace}/v1/contact`
   * (wire contract §2.3: the Hostinger Reach plugin's). Lowercase letters, digits and dashes.
   * @default 'hostinger-reach'
   * @example createStore({ subscriptionNamespace: 'newsletter' })
   */
  subscriptionNamespace?: string;
  /**
   * Per-client and per-account limits, each `{ limit, seconds }` (a fixed window); those left out
   * keep their defaults. The counters are kept in the database, so they hold across every store
   * process sharing one PostgreSQL. Past a limit the answer is 429 with `Retry-After`.
   * @default loginPerClient 30/15 min, loginPerAccount 10/15 min, registerPerClient 10/h,
   *   sessionsPerClient 1000/h, eventsPerClient 2000/h, contactsPerClient 20/h,
   *   lostPasswordPerClient 10/h, lostPasswordPerAccount 3/h
   * @example createStore({ rateLimits: { loginPerAccount: { limit: 5, seconds: 900 } } })
   */
  rateLimits?: Partial<RateLimits>;
  /**
   * WooCommerce's Store API rate limiter (`woocommerce_store_api_rate_limit_options`, wire
   * contract §5.7): off by default; when on, each Store API `POST` by a guest or customer counts
   * against their user id or the md5 of their address; past `limit` per `seconds` the answer is
   * 400 `rate_limit_exceeded`. `proxy_support` reads the address from proxy headers
   * (CF-Connecting-IP, X-Real-IP, Client-IP, X-Forwarded-For, Forwarded): only behind a proxy
   * that sets them. CLI: `STORE_API_RATE_LIMIT=on|off|<limit>/<seconds>`,
   * `STORE_API_RATE_LIMIT_PROXY_SUPPORT=1`.
   * @default { enabled: false, proxy_support: false, limit: 25, seconds: 10 }
   * @example createStore({ storeApiRateLimit: { enabled: true, limit: 10, seconds: 60 } })
   */
  storeApiRateLimit?: Partial<StoreApiRateLimit>;
  /**
   * The shop's terms and conditions page (WooCommerce's `woocommerce_terms_page_id`): a path on
   * the shop's origin or an http(s) URL. When set, the checkout shows "I have read and agree to
   * the website terms and conditions" linking here, and the store refuses an order without it.
   * @default undefined (no terms page, no checkbox)
   * @example createStore({ termsUrl: '/terms-and-conditions/' })
   */
  termsUrl?: string;
  /**
   * WooCommerce Analytics' feature flags the storefront's analytics follow (`analytics_features`
   * in `GET cartwright/v1/settings`, wire contract §7.2): `proxy` (events are posted to this
   * store's track route; off, they are left in `window._wca` for a Tracks script the operator
   * adds), `sessionTracking` (the `woocommerceanalytics_session` cookie and session events) and
   * `ch` (events marked `ch: 1`). Storefront: `ANALYTICS_FEATURES`.
   * @default { proxy: true, sessionTracking: false, ch: false }
   * @example createStore({ analyticsFeatures: { sessionTracking: true } })
   */
  analyticsFeatures?: Partial<AnalyticsFeatures>;
  /**
   * Where the store's email goes (order confirmation, new-order notice, password reset): an SMTP
   * server (`smtpUrl`) or an outbox directory of `.eml` files. Without either, no mail is sent.
   * CLI and storefront: `SMTP_URL`, else an outbox beside the data directory.
   * @default undefined (no mail)
   * @example createStore({ mail: { smtpUrl: 'smtp://user:pass@mail.example.com:587' } })
   */
  mail?: MailOptions;
  /**
   * Testing only: switches that make the store misbehave on purpose, so clients can exercise
   * their recovery paths against the real thing. Leave unset in production.
   * @default undefined
   * @example createStore({ inMemory: true, testing: { mediaPostProcessFailures: 6 } })
   */
  testing?: {
    /**
     * The next N media post-processing runs fail: an upload answers 500 with
     * `X-WP-Upload-Attachment-Id` (the file is kept), a `…/post-process` call answers 500.
     * Shared by all requests and counted down; afterwards post-processing succeeds.
     * @default 0
     */
    mediaPostProcessFailures?: number;
  };
}

/** A running store: a ready Fastify app over a migrated (and, by default, seeded) database. */
export interface Store {
  /** The Fastify instance, already `ready()`; call `app.listen()` to serve it on a port. */
  readonly app: FastifyInstance;
  /**
   * A `node:http` request listener, so a host server can serve the store in-process
   * (e.g. the storefront mounting `/wp-json/*` and `/wp-content/uploads/*` on its own origin).
   * @example http.createServer(store.handle).listen(8080)
   */
  readonly handle: (request: IncomingMessage, response: ServerResponse) => void;
  /** Which database engine the store runs on. */
  readonly driver: DatabaseDriver;
  /** Whether this start wrote the demo shop (false when the catalogue already had products). */
  readonly seeded: boolean;
  /** Where the store's email goes, as a sentence for the start-up log. */
  readonly mail: string;
  /** Stops the app (and its listener, if any) and closes the database. Safe to call twice. */
  close(): Promise<void>;
}

function positiveInteger(name: string, value: unknown, minimum = 1): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || (value as number) < minimum)) {
    throw new StoreServerError(
      'invalid_option',
      `${name} must be a whole number of at least ${minimum}, got ${JSON.stringify(value)}.`,
    );
  }
}

function validate(options: StoreOptions): { siteUrl: string | undefined } {
  const { dataDir, databaseUrl, inMemory, siteUrl, trustProxy } = options;
  positiveInteger('nonceLifetime', options.nonceLifetime, 2);
  positiveInteger('sessionLifetime', options.sessionLifetime, 2 * 3600);
  positiveInteger('maxUploadBytes', options.maxUploadBytes);
  positiveInteger('testing.mediaPostProcessFailures', options.testing?.mediaPostProcessFailures, 0);
  for (const name of ['clock', 'onAdministratorCreated'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new StoreServerError('invalid_option', `${name} must be a function.`);
    }
  }
  for (const name of ['siteName', 'siteDescription'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'string') {
      throw new StoreServerError('invalid_option', `${name} must be a string.`);
    }
  }
  if (
    options.cartRedirectAfterAdd !== undefined &&
    options.cartRedirectAfterAdd !== 'yes' &&
    options.cartRedirectAfterAdd !== 'no'
  ) {
    throw new StoreServerError(
      'invalid_option',
      `cartRedirectAfterAdd must be 'yes' or 'no', got ${JSON.stringify(options.cartRedirectAfterAdd)}.`,
    );
  }
  if (
    options.subscriptionNamespace !== undefined &&
    !isSubscriptionNamespace(options.subscriptionNamespace)
  ) {
    throw new StoreServerError(
      'invalid_option',
      `subscriptionNamespace must be lowercase letters, digits and dashes, got ${JSON.stringify(options.subscriptionNamespace)}.`,
    );
  }
  for (const [flag, value] of Object.entries(options.analyticsFeatures ?? {})) {
    if (!(flag in DEFAULT_ANALYTICS_FEATURES) || typeof value !== 'boolean') {
      throw new StoreServerError(
        'invalid_option',
        `analyticsFeatures takes ch, sessionTracking and proxy as booleans, got ${JSON.stringify(flag)}: ${JSON.stringify(value)}.`,
      );
    }
  }
  if (options.termsUrl !== undefined && !isTermsUrl(options.termsUrl)) {
    throw new StoreServerError(
      'invalid_option',
      `termsUrl must be a path starting with / or an http(s) URL, got ${JSON.stringify(options.termsUrl)}.`,
    );
  }
  if (
    trustProxy !== undefined &&
    typeof trustProxy !== 'boolean' &&
    typeof trustProxy !== 'string' &&
    !(Array.isArray(trustProxy) && trustProxy.every((entry) => typeof entry === 'string'))
  ) {
    throw new StoreServerError(
      'invalid_option',
      'trustProxy must be a boolean, an address or CIDR range, or a list of them.',
    );
  }
  if (dataDir !== undefined && (typeof dataDir !== 'string' || dataDir.trim() === '')) {
    throw new StoreServerError('invalid_option', 'dataDir must be a non-empty path.');
  }
  if (databaseUrl !== undefined && (typeof databaseUrl !== 'string' || databaseUrl.trim() === '')) {
    throw new StoreServerError('invalid_option', 'databaseUrl must be a non-empty PostgreSQL URL.');
  }
  if (databaseUrl !== undefined && inMemory === true) {
    throw new StoreServerError('invalid_option', 'inMemory and databaseUrl cannot be combined.');
  }
  if (siteUrl === undefined) return { siteUrl: undefined };
  const normalised = typeof siteUrl === 'string' ? normaliseSiteUrl(siteUrl) : undefined;
  if (normalised === undefined) {
    throw new StoreServerError(
      'invalid_option',
      `siteUrl must be an absolute http(s) URL without query or credentials, got ${JSON.stringify(siteUrl)}.`,
    );
  }
  return { siteUrl: normalised };
}

/**
 * Opens the database (PGlite on disk by default, in memory, or PostgreSQL), applies pending
 * migrations, seeds the demo shop if the catalogue is empty, and returns a ready app.
 *
 * @throws {StoreServerError} `invalid_option`, `database_unavailable`, `migration_failed` or `seed_failed`
 * @example
 * ```ts
 * import { createStore } from '@cartwright/store-server';
 *
 * const store = await createStore({ inMemory: true });
 * const response = await store.app.inject('/wp-json/wc/store/v1/products?per_page=3');
 * console.log(response.headers['x-wp-total']); // "30"
 * await store.close();
 * ```
 */
export async function createStore(options: StoreOptions = {}): Promise<Store> {
  return (await openStore(options)).store;
}

/** {@link createStore}, also handing back the database (internal: tests and future admin tools). */
export async function openStore(
  options: StoreOptions = {},
  internal: {
    /** Adds routes before the app is ready (tests: a Store API write route before carts exist). */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<{ store: Store; db: Database }> {
  const { siteUrl } = validate(options);
  const mailer = createMailer(
    options.mail ?? {},
    options.mail?.from ?? defaultFrom(options.siteName ?? 'Cartwright Store', siteUrl),
    (error, message) =>
      process.stderr.write(
        `Cartwright store: could not send the ${message.kind} email: ${error instanceof Error ? error.message : String(error)}\n`,
      ),
  );
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: options.databaseUrl,
    inMemory: options.inMemory,
    dataDir: options.dataDir ?? DEFAULT_DATA_DIR,
  });
  let seeded = false;
  let secret = '';
  let administrator: AdministratorCredentials | undefined;
  let app: FastifyInstance;
  try {
    await database.exclusive(async (db) => {
      await migrateDatabase(db, database.driver);
      if (options.seed !== false) seeded = await seedDemoShop(db);
      if (options.seed !== false) await seedShipping(db);
      if (options.seed !== false) await seedTaxRates(db);
      secret = await loadOrCreateSecret(db);
      administrator = await ensureAdministrator(db);
    });
    app = buildApp({
      db: database.db,
      siteUrl,
      site: {
        name: options.siteName ?? 'Cartwright Store',
        description: options.siteDescription ?? '',
      },
      auth: {
        keys: cookieKeys(secret),
        nonce: { secret, lifetime: options.nonceLifetime ?? 86_400 },
        sessionLifetime: options.sessionLifetime ?? 172_800,
        now: options.clock ?? Date.now,
      },
      media: {
        maxUploadBytes: options.maxUploadBytes ?? 8 * 1024 * 1024,
        postProcessFailures: { remaining: options.testing?.mediaPostProcessFailures ?? 0 },
      },
      settings: {
        cartRedirectAfterAdd: options.cartRedirectAfterAdd ?? 'yes',
        subscriptionNamespace: options.subscriptionNamespace ?? DEFAULT_SUBSCRIPTION_NAMESPACE,
        termsUrl: options.termsUrl ?? null,
        analyticsFeatures: { ...DEFAULT_ANALYTICS_FEATURES, ...options.analyticsFeatures },
      },
      trustProxy: options.trustProxy ?? false,
      logger: options.logger === true,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      storeApiRateLimit: { ...DEFAULT_STORE_API_RATE_LIMIT, ...options.storeApiRateLimit },
      mail: { mailer, shopEmail: options.mail?.shopEmail },
    });
    internal.extend?.(app);
    await app.ready();
  } catch (error) {
    mailer.close();
    await database.close().catch(() => {});
    throw error;
  }

  if (administrator !== undefined) {
    const report = options.onAdministratorCreated ?? printAdministrator;
    report(administrator);
  }

  let closing: Promise<void> | undefined;
  const store: Store = {
    app,
    handle: (request, response) => app.routing(request, response),
    driver: database.driver,
    seeded,
    mail:
      mailer === NO_MAIL || siteUrl !== undefined
        ? mailer.description
        : `${mailer.description}; warning: without siteUrl (SITE_URL) the links in emails follow each request's Host header, so a forged Host could point a password-reset link elsewhere`,
    close() {
      closing ??= (async () => {
        try {
          await app.close();
        } finally {
          mailer.close();
          await database.close();
        }
      })();
      return closing;
    },
  };
  return { store, db: database.db };
}

function printAdministrator({ login, password }: AdministratorCredentials): void {
  process.stderr.write(
    `Cartwright store: created the administrator "${login}" with the password ${password}\n` +
      '  (shown only this once: note it now; log in at /wp-login.php)\n',
  );
}

/** `"Site" <store@host>`: the From address when none is configured. */
function defaultFrom(siteName: string, siteUrl: string | undefined): string {
  const host = siteUrl === undefined ? 'localhost' : new URL(siteUrl).hostname;
  return `"${siteName.replace(/["\\\r\n]/g, '')}" <store@${host}>`;
}
