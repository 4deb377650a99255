import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @loop/server db:generate` writes a new SQL migration after a schema change.
// The same migrations run on PGlite and PostgreSQL (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
});
