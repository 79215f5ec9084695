import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations into drizzle/ from the schema. They run unchanged on PGlite and
// PostgreSQL, so no database connection is needed here: `pnpm db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
