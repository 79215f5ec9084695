import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { products } from '../db/schema';
import { SEARCH_INDEX_NAME } from '../db/search-index';
import { seedDemoShop } from '../seed/seed';
import { drivers, type TestStore } from '../test/drivers';
import { parseProductQuery } from './product-query';
import { findProducts } from './repository';

/** Products whose text tests the edges: accents, case, wildcards, a backslash, no SKU. */
const EDGE_PRODUCTS = [
  {
    name: 'Crème Brûlée Blend',
    slug: 'creme-brulee-blend',
    sku: null,
    description: 'Caramel notes',
    shortDescription: '',
  },
  {
    name: 'Alpha',
    slug: 'alpha',
    sku: 'ZX-50%',
    description: 'An under_score and a back\\slash',
    shortDescription: 'Beta',
  },
  {
    name: 'ÉCLAIR Mug',
    slug: 'eclair-mug',
    sku: 'MUG-É',
    description: 'Stoneware, 350 ml',
    shortDescription: 'Dishwasher safe',
  },
  {
    name: 'Hidden draft',
    slug: 'hidden-draft',
    sku: 'DRAFT-1',
    description: 'Caramel too',
    shortDescription: '',
    status: 'draft' as const,
  },
];

/** Searches as a shop's visitors type them, including ones that must match nothing. */
const QUERIES = [
  'coffee',
  'COFFEE',
  'Ethiopia yirgacheffe',
  'crème',
  'CRÈME brûlée',
  'creme',
  'caramel',
  'alphabeta', // the name and short description must not run together
  'alpha beta',
  '50%',
  'zx-50',
  '%',
  '_',
  'under_score',
  '\\',
  'back\\slash',
  'éclair',
  'mug-é',
  'e',
  'ml',
  'a b c d e f g h i j', // more than nine terms: one phrase, as in WordPress
  'draft',
  'nothing matches this',
];

/** WooCommerce's search as it was before the search column: every term ILIKE any of four fields. */
function wooCommerceSearch(terms: string[]): SQL {
  const conditions: SQL[] = [eq(products.status, 'publish'), ne(products.type, 'variation')];
  for (const term of terms) {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.shortDescription, pattern),
        ilike(products.description, pattern),
        ilike(products.sku, pattern),
      )!,
    );
  }
  return and(...conditions)!;
}

async function expected(db: Database, search: string): Promise<number[]> {
  const terms = parseProductQuery({ search }).search ?? [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(wooCommerceSearch(terms))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map((row) => row.id);
}

/** Rows of a raw query (`execute`'s result type is driver-generic). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function searched(db: Database, search: string): Promise<number[]> {
  const found = await findProducts(db, parseProductQuery({ search, per_page: '100' }));
  expect(found.total).toBe(found.items.length);
  return found.items.map((item) => item.id);
}

describe.each(drivers)('product search on $name', (driver) => {
  let t: TestStore;

  beforeAll(async () => {
    t = await driver.open();
    await t.db.insert(products).values(EDGE_PRODUCTS.map((p) => ({ ...p, regularPrice: 500 })));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('the store starts with the trigram index on the search column', async () => {
    const rows = await rowsOf<{ indexdef: string }>(
      t.db,
      sql`select indexdef from pg_indexes where indexname = ${SEARCH_INDEX_NAME}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.indexdef).toContain('gin_trgm_ops');
  });

  test('every search finds exactly what WooCommerce’s four ILIKEs find, in the same order', async () => {
    let nonEmpty = 0;
    for (const search of QUERIES) {
      const want = await expected(t.db, search);
      if (want.length > 0) nonEmpty += 1;
      expect({ search, ids: await searched(t.db, search) }).toEqual({ search, ids: want });
    }
    // The set must exercise both sides: queries that match and queries that must not.
    expect(nonEmpty).toBeGreaterThanOrEqual(12);
    expect(await expected(t.db, 'alphabeta')).toEqual([]);
  });

  test('the same results come back when the planner must read the index', async () => {
    for (const search of ['coffee', 'crème brûlée', 'under_score', 'mug-é', 'caramel']) {
      const want = await expected(t.db, search);
      const viaIndex = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = await rowsOf<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select id from products where search_text like ${`%${search}%`}`,
        );
        expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(SEARCH_INDEX_NAME);
        return searched(tx, search);
      });
      expect({ search, ids: viaIndex }).toEqual({ search, ids: want });
    }
  });

  test('the search column follows edits to the name, descriptions and SKU', async () => {
    const [alpha] = await t.db.select().from(products).where(eq(products.slug, 'alpha'));
    await t.db
      .update(products)
      .set({ name: 'Omega', sku: 'NEW-SKU' })
      .where(eq(products.id, alpha!.id));
    expect(await searched(t.db, 'omega')).toEqual([alpha!.id]);
    expect(await searched(t.db, 'new-sku')).toEqual([alpha!.id]);
    expect(await searched(t.db, 'zx-50')).toEqual([]);
  });
});

describe('a database that cannot create pg_trgm (PGlite without the extension)', () => {
  test('the store still migrates, warns once, and searches with the same results', async () => {
    const [{ PGlite }, { drizzle }, schema] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('../db/schema'),
    ]);
    const client = await PGlite.create();
    try {
      const db: Database = drizzle({ client, schema });
      const warn = vi.fn();
      await migrateDatabase(db, 'pglite', warn);
      await seedDemoShop(db);
      await db.insert(products).values(EDGE_PRODUCTS.map((p) => ({ ...p, regularPrice: 500 })));

      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/Product search is not indexed/);
      expect(warn.mock.calls[0]![1]).toBeInstanceOf(Error);
      const index = await rowsOf(
        db,
        sql`select 1 from pg_indexes where indexname = ${SEARCH_INDEX_NAME}`,
      );
      expect(index).toHaveLength(0);
      for (const search of QUERIES) {
        expect({ search, ids: await searched(db, search) }).toEqual({
          search,
          ids: await expected(db, search),
        });
      }
      expect((await searched(db, 'coffee')).length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});

describe.each(drivers.filter((driver) => driver.freshDatabaseUrl !== undefined))(
  'a PostgreSQL user without CREATE on the database',
  (driver) => {
    // The store's own start needs CREATE on the database (drizzle's migrator creates its
    // schema), so this user runs the index step on a database the owner migrated: the same
    // code path a store meets where pg_trgm is not installed.
    test('the index step warns instead of failing, and search gives the same results', async () => {
      const [{ default: pg }, { drizzle }, schema, { ensureSearchIndex }, { openStore }] =
        await Promise.all([
          import('pg'),
          import('drizzle-orm/node-postgres'),
          import('../db/schema'),
          import('../db/search-index'),
          import('../store'),
        ]);
      const database = await driver.freshDatabaseUrl!();
      const role = `cw_plain_${Date.now().toString(36)}`;
      const owner = await openStore({ databaseUrl: database.url });
      await owner.store.close();
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const pool = new pg.Pool({
        connectionString: Object.assign(new URL(database.url), { username: role }).toString(),
      });
      try {
        await admin.query(`drop index ${SEARCH_INDEX_NAME}`);
        await admin.query('drop extension pg_trgm');
        await admin.query(`create role ${role} login`);
        await admin.query(`grant usage, create on schema public to ${role}`);
        await admin.query(`grant select on all tables in schema public to ${role}`);
        await admin.query(`alter table products owner to ${role}`);
        const db: Database = drizzle({ client: pool, schema });
        const warn = vi.fn();

        expect(await ensureSearchIndex(db, warn)).toBe('unindexed');
        expect(warn).toHaveBeenCalledTimes(1);
        // drizzle wraps the driver's error: PostgreSQL's own answer is its cause.
        expect((warn.mock.calls[0]![1] as Error).cause).toMatchObject({ code: '42501' });
        for (const search of QUERIES) {
          expect({ search, ids: await searched(db, search) }).toEqual({
            search,
            ids: await expected(db, search),
          });
        }
        expect((await searched(db, 'coffee')).length).toBeGreaterThan(0);
      } finally {
        await pool.end();
        await admin.end();
        await database.drop();
        const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await cleanup.connect();
        await cleanup.query(`drop role if exists ${role}`);
        await cleanup.end();
      }
    });
  },
);
