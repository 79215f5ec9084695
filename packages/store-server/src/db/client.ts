import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { StoreServerError } from '../errors';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/**
 * The drizzle handle every query uses. One type for both drivers: a union of the PGlite and
 * node-postgres database types would not be callable (toolchain.md).
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which database engine a store runs on. */
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseDriver;
  /**
   * Runs `task` with exclusive rights to set the database up (migrate, seed). On PostgreSQL this
   * holds a session advisory lock on one connection, so several servers starting at once against
   * the same database do not race; PGlite is single-process, so it simply runs the task.
   */
  exclusive<T>(task: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  inMemory?: boolean | undefined;
  dataDir: string;
}

/** An arbitrary constant that names "Cartwright store setup" among advisory locks. */
const SETUP_LOCK_KEY = 727_003_301;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl === undefined
    ? openPglite(options.inMemory === true ? undefined : path.resolve(options.dataDir))
    : openPostgres(options.databaseUrl);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  // Imported lazily so a PostgreSQL deployment never loads the WASM build, and vice versa.
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    // Trigram matching for the product search index (db/search-index.ts); ships with PGlite.
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  let client: InstanceType<typeof PGlite>;
  let unlock = () => {};
  try {
    if (dataDir !== undefined) {
      await mkdir(dataDir, { recursive: true });
      // One process per directory: a second PGlite writing it would corrupt it.
      unlock = lockDataDir(dataDir);
    }
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(dataDir === undefined ? {} : { dataDir }),
    });
  } catch (cause) {
    unlock();
    if (cause instanceof StoreServerError) throw cause;
    throw new StoreServerError(
      'database_unavailable',
      dataDir === undefined
        ? 'Could not start the in-memory PGlite database.'
        : `Could not open the PGlite data directory ${dataDir}.`,
      { cause },
    );
  }
  const db: Database = drizzle({ client, schema });
  return {
    db,
    driver: 'pglite',
    exclusive: (task) => task(db),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  let pool: InstanceType<typeof pg.Pool>;
  try {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  } catch (cause) {
    throw new StoreServerError('invalid_option', 'databaseUrl is not a valid PostgreSQL URL.', {
      cause,
    });
  }
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (cause) {
    await pool.end().catch(() => {});
    throw new StoreServerError(
      'database_unavailable',
      `Could not connect to PostgreSQL at ${redactUrl(databaseUrl)}.`,
      { cause },
    );
  }
  const db: Database = drizzle({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    async exclusive(task) {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
        try {
          return await task(drizzle({ client: connection, schema }));
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The URL without its password, for messages. */
function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}
