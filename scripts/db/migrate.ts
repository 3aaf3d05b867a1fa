/**
 * npm run db:migrate — applies the committed migrations (lib/db/migrations) to the configured
 * database: PostgreSQL when DATABASE_URL is set, else the embedded PGlite data folder.
 */
import '../lib/env-files.mjs';
import { openDatabase, configuredOpenOptions } from '@/lib/db/client';

const handle = await openDatabase({ ...configuredOpenOptions(), migrate: true });
console.log(`Database is up to date (${handle.kind}: ${handle.location}).`);
await handle.close();
