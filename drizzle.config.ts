import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit generates the SQL migrations from lib/db/schema/ (`npm run db:generate`). They
 * are committed and applied by the app before it serves, and by `npm run db:migrate`.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './lib/db/migrations',
  strict: true,
  verbose: true,
});
