import path from 'node:path';

export interface StorefrontConfig {
  /** Port to listen on; 0 picks a free one. @default 3000 */
  port: number;
  /** Interface to bind; undefined = all interfaces (Node's default). */
  host: string | undefined;
  /** A real WooCommerce to proxy the store paths to. When unset, the embedded store runs in-process. */
  storeUrl: URL | null;
  /** Embedded store: PGlite data directory. @default <repo>/.data/store */
  dataDir: string;
  /** Embedded store: PostgreSQL instead of PGlite. */
  databaseUrl: string | undefined;
  /** Public origin for the embedded store's absolute URLs; default: from each request. */
  siteUrl: string | undefined;
  /** Embedded store: WooCommerce's `cart_redirect_after_add`. @default 'yes' */
  cartRedirectAfterAdd: 'yes' | 'no';
  /**
   * Honour the browser's Global Privacy Control signal (`HONOUR_GPC=yes`): a shopper whose browser
   * sends it is treated as having said no to statistics and marketing until they opt in. Off by
   * default, as the spec has it (no signal overrides the consent rules). @default false
   */
  honourGpc: boolean;
  /**
   * Embedded store: where its email goes. `SMTP_URL` sends it over SMTP; without it, each message
   * is written to `outboxDir` (`OUTBOX_DIR`, default: `outbox` beside the data directory).
   */
  mail: { smtpUrl: string | undefined; outboxDir: string; shopEmail: string | undefined };
  /** Embedded store: the shop's terms page (`TERMS_URL`); the checkout then asks to accept it. */
  termsUrl: string | undefined;
  /**
   * Embedded store: WooCommerce Analytics' feature flags that are on (`ANALYTICS_FEATURES`, a
   * comma-separated list of `proxy`, `sessionTracking`, `ch`; empty: all off, the spec's site).
   * @default { proxy: true, sessionTracking: false, ch: false }
   */
  analyticsFeatures: { proxy: boolean; sessionTracking: boolean; ch: boolean };
}

const ANALYTICS_FLAGS = ['proxy', 'sessionTracking', 'ch'] as const;

function readAnalyticsFeatures(value: string | undefined): StorefrontConfig['analyticsFeatures'] {
  const on = (value ?? 'proxy')
    .split(',')
    .map((flag) => flag.trim())
    .filter(Boolean);
  for (const flag of on) {
    if (!(ANALYTICS_FLAGS as readonly string[]).includes(flag)) {
      throw new ConfigError(
        `ANALYTICS_FEATURES lists flags from ${ANALYTICS_FLAGS.join(', ')} (got "${flag}")`,
      );
    }
  }
  return {
    proxy: on.includes('proxy'),
    sessionTracking: on.includes('sessionTracking'),
    ch: on.includes('ch'),
  };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function readConfig(env: NodeJS.ProcessEnv, defaultDataDir: string): StorefrontConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535 (got "${env.PORT}")`);
  }
  let storeUrl: URL | null = null;
  if (env.STORE_URL) {
    try {
      storeUrl = new URL(env.STORE_URL);
    } catch (cause) {
      throw new ConfigError(`STORE_URL is not a valid URL (got "${env.STORE_URL}")`, { cause });
    }
    if (storeUrl.protocol !== 'https:' && storeUrl.protocol !== 'http:') {
      throw new ConfigError(`STORE_URL must be an http(s) URL (got "${env.STORE_URL}")`);
    }
  }
  const redirect = env.CART_REDIRECT_AFTER_ADD || 'yes';
  if (redirect !== 'yes' && redirect !== 'no') {
    throw new ConfigError(`CART_REDIRECT_AFTER_ADD must be yes or no (got "${redirect}")`);
  }
  const gpc = env.HONOUR_GPC || 'no';
  if (gpc !== 'yes' && gpc !== 'no') {
    throw new ConfigError(`HONOUR_GPC must be yes or no (got "${gpc}")`);
  }
  const dataDir = path.resolve(env.DATA_DIR || defaultDataDir);
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//i.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  return {
    cartRedirectAfterAdd: redirect,
    honourGpc: gpc === 'yes',
    mail: {
      smtpUrl,
      outboxDir: path.resolve(env.OUTBOX_DIR || path.join(path.dirname(dataDir), 'outbox')),
      shopEmail: env.SHOP_EMAIL || undefined,
    },
    port,
    host: env.HOST || undefined,
    storeUrl,
    dataDir,
    termsUrl: env.TERMS_URL || undefined,
    analyticsFeatures: readAnalyticsFeatures(env.ANALYTICS_FEATURES),
    databaseUrl: env.DATABASE_URL || undefined,
    siteUrl: env.SITE_URL || undefined,
  };
}
