import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The trigram index over `products.search_text` (created at start, not by a migration). */
export const SEARCH_INDEX_NAME = 'products_search_text_trgm_idx';

/** Whether product search can use the trigram index, or scans every product. */
export type SearchIndexState = 'indexed' | 'unindexed';

/** Receives the warning when the index cannot be created; the store starts regardless. */
export type SearchIndexWarn = (message: string, cause: unknown) => void;

/** Node's own warning channel (stderr, and `process.on('warning')`), not a console.log. */
export const emitSearchIndexWarning: SearchIndexWarn = (message, cause) => {
  process.emitWarning(message, {
    code: 'CARTWRIGHT_SEARCH_UNINDEXED',
    // drizzle wraps the driver's error ("Failed query: …"): the database's reason is its cause.
    detail: String(
      cause instanceof Error && cause.cause instanceof Error ? cause.cause.message : cause,
    ),
  });
};

/**
 * Creates the `pg_trgm` extension and a GIN trigram index on `products.search_text`, so a
 * search term (`LIKE '%term%'` on that lower-cased column) reads the index instead of every
 * product. Idempotent, and tried on every start, so a store whose database user later gets
 * the right is indexed on its next start.
 *
 * Not a migration: `pg_trgm` needs CREATE on the database (it is a trusted extension), which a
 * store's PostgreSQL user may lack, and a failed migration would stop the store. Without the
 * index, search gives the same results by scanning `search_text`; `warn` is told once.
 */
export async function ensureSearchIndex(
  db: Database,
  warn: SearchIndexWarn = emitSearchIndexWarning,
): Promise<SearchIndexState> {
  try {
    await db.execute(sql`create extension if not exists pg_trgm`);
    await db.execute(
      sql.raw(
        // fastupdate off: no pending list (PGlite has no autovacuum to merge one, and the
        // planner shuns a GIN index with a long one); products are written rarely.
        `create index if not exists ${SEARCH_INDEX_NAME} on products using gin (search_text gin_trgm_ops) with (fastupdate = off)`,
      ),
    );
    return 'indexed';
  } catch (cause) {
    warn(
      'Product search is not indexed (creating pg_trgm or its index failed: it needs CREATE ' +
        'on the database); search still works, by scanning.',
      cause,
    );
    return 'unindexed';
  }
}
