/**
 * Test support (not shipped): the database drivers a suite runs on. PGlite in memory always;
 * PostgreSQL as well when TEST_DATABASE_URL is set, each store on a fresh database that is
 * dropped afterwards, so runs are independent and re-runnable.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';
import { openStore, type Store, type StoreOptions } from '../store';
import type { AdministratorCredentials } from '../users/users';

export type TestStoreOptions = Omit<StoreOptions, 'inMemory' | 'databaseUrl' | 'dataDir'>;

export interface TestDriver {
  name: 'pglite' | 'postgres';
  /** A store on an empty database of this driver; `cleanup` closes it and drops the database. */
  open(options?: TestStoreOptions, extend?: (app: FastifyInstance) => void): Promise<TestStore>;
  /** An empty database of this driver for stores the test creates itself (PostgreSQL only). */
  freshDatabaseUrl?(): Promise<{ url: string; drop(): Promise<void> }>;
}

export interface TestStore {
  store: Store;
  /** The store's own database handle, to check results against the rows themselves. */
  db: Database;
  /** The first administrator's credentials, reported once when the store was created. */
  admin: AdministratorCredentials;
  cleanup(): Promise<void>;
}

const pglite: TestDriver = {
  name: 'pglite',
  async open(options = {}, extend) {
    let admin: AdministratorCredentials | undefined;
    const { store, db } = await openStore(
      {
        ...options,
        inMemory: true,
        onAdministratorCreated: (credentials) => (admin = credentials),
      },
      { extend },
    );
    return { store, db, admin: admin!, cleanup: () => store.close() };
  },
};

function postgres(adminUrl: string): TestDriver {
  async function freshDatabaseUrl() {
    const name = `cw_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  return {
    name: 'postgres',
    freshDatabaseUrl,
    async open(options = {}, extend) {
      const database = await freshDatabaseUrl();
      let admin: AdministratorCredentials | undefined;
      const { store, db } = await openStore(
        {
          ...options,
          databaseUrl: database.url,
          onAdministratorCreated: (credentials) => (admin = credentials),
        },
        { extend },
      );
      return {
        store,
        db,
        admin: admin!,
        async cleanup() {
          await store.close();
          await database.drop();
        },
      };
    },
  };
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Every driver available in this environment. */
export const drivers: TestDriver[] =
  testDatabaseUrl === undefined || testDatabaseUrl === ''
    ? [pglite]
    : [pglite, postgres(testDatabaseUrl)];
