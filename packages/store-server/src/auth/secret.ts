import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { options } from '../db/schema';
import { randomToken } from './crypto';

const SECRET_OPTION = 'cartwright_secret';

/**
 * The server secret that keys every cookie, nonce and Cart-Token signature: 64 random bytes made
 * on first start and kept in the `options` table, so restarts and every server on one database
 * agree on it. Never a constant; rotating it (deleting the row) logs everyone out.
 */
export async function loadOrCreateSecret(db: Database): Promise<string> {
  await db
    .insert(options)
    .values({ name: SECRET_OPTION, value: randomToken(64) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(eq(options.name, SECRET_OPTION));
  if (row === undefined) throw new Error('The server secret could not be stored.');
  return row.value;
}
