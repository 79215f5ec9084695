/** Test support (not shipped): a digest of every row of every table, to prove a refusal changed nothing. */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Tables a refused request may still write on purpose: the shopper session a Store API refusal
 * starts (so the client gets a nonce it can use), and the rate limiter's counters (a refused
 * attempt is still an attempt).
 */
export const MAY_CHANGE_ON_REFUSAL: ReadonlySet<string> = new Set(['sessions', 'rate_limits']);

/** Rows of a raw query (`execute`'s result type is driver-generic). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Table name → md5 of its rows, in one query. */
export async function fingerprint(
  db: Database,
  skip: ReadonlySet<string> = MAY_CHANGE_ON_REFUSAL,
): Promise<Record<string, string>> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables.map((row) => row.table_name).filter((name) => !skip.has(name));
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
  );
  const rows = await rowsOf<{ name: string; digest: string }>(
    db,
    sql.join(parts, sql` union all `),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
