import { StoreServerError } from '../errors';
import { migrationsFolder } from '../migrations-folder';
import type { DatabaseDriver, Database } from './client';
import { ensureSearchIndex, type SearchIndexWarn } from './search-index';

/**
 * Applies every migration in drizzle/ that has not run yet, then makes sure the product search
 * index exists ({@link ensureSearchIndex}; if it cannot be created, `warn` is told and the
 * store runs unindexed). Idempotent: drizzle records applied migrations in
 * `drizzle.__drizzle_migrations`, so a second start is a no-op.
 */
export async function migrateDatabase(
  db: Database,
  driver: DatabaseDriver,
  warn?: SearchIndexWarn,
): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  try {
    if (driver === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as Parameters<typeof migrate>[0], config);
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as Parameters<typeof migrate>[0], config);
    }
  } catch (cause) {
    throw new StoreServerError('migration_failed', 'Applying the database migrations failed.', {
      cause,
    });
  }
  await ensureSearchIndex(db, warn);
}
