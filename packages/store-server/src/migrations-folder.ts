import { fileURLToPath } from 'node:url';

/**
 * The drizzle/ migrations folder shipped in the package. This module sits one level below the
 * package root both as source (src/) and when bundled (dist/), so one relative URL serves both.
 */
export function migrationsFolder(): string {
  return fileURLToPath(new URL('../drizzle', import.meta.url));
}
