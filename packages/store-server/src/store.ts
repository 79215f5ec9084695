import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database, type DatabaseDriver, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { StoreServerError } from './errors';
import { buildApp } from './http/app';
import { normaliseSiteUrl } from './http/origin';
import { seedDemoShop } from './seed/seed';

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
  /** Stops the app (and its listener, if any) and closes the database. Safe to call twice. */
  close(): Promise<void>;
}

function validate(options: StoreOptions): { siteUrl: string | undefined } {
  const { dataDir, databaseUrl, inMemory, siteUrl, trustProxy } = options;
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
): Promise<{ store: Store; db: Database }> {
  const { siteUrl } = validate(options);
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: options.databaseUrl,
    inMemory: options.inMemory,
    dataDir: options.dataDir ?? DEFAULT_DATA_DIR,
  });
  let seeded = false;
  let app: FastifyInstance;
  try {
    await database.exclusive(async (db) => {
      await migrateDatabase(db, database.driver);
      if (options.seed !== false) seeded = await seedDemoShop(db);
    });
    app = buildApp({
      db: database.db,
      siteUrl,
      trustProxy: options.trustProxy ?? false,
      logger: options.logger === true,
    });
    await app.ready();
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  let closing: Promise<void> | undefined;
  const store: Store = {
    app,
    handle: (request, response) => app.routing(request, response),
    driver: database.driver,
    seeded,
    close() {
      closing ??= (async () => {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      })();
      return closing;
    },
  };
  return { store, db: database.db };
}
