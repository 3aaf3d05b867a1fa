import 'server-only';
import { type DatabaseHandle, getDatabase, openDatabase, type OpenOptions } from './client';
import { isDatabaseEmpty, seedDatabase } from './seed';

/**
 * The database's bootstrap: open, migrate, and fill an empty database with the seed content.
 * It sits above the domains (the seed writes their rows), so opening the database (lib/db/client)
 * never loads the seed, and nothing below this file does either.
 */

/** Seeds `handle` when no content table has a row; true when it did. */
async function seedIfEmpty(handle: DatabaseHandle): Promise<boolean> {
  if (!(await isDatabaseEmpty(handle.db))) return false;
  await seedDatabase(handle.db);
  return true;
}

/** Opens the database `options` name, migrated, and seeded when it was empty. */
export async function openSeededDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  try {
    await seedIfEmpty(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/**
 * At the server's start (instrumentation.ts): the process's database, opened and migrated, and,
 * for `next dev` on the embedded default, seeded when empty, so a fresh clone serves content with
 * no set-up. A production server never seeds by itself: the club's own server starts empty, and
 * the sample club's people (their addresses at uottawa.ca among them) are never sent the
 * scheduled work's emails; `npm start` on a fresh clone seeds first (`npm run db:seed --
 * --if-empty`), and `npm run db:seed` does it by hand, on PostgreSQL too.
 */
export async function prepareServerDatabase(): Promise<void> {
  const handle = await getDatabase();
  if (process.env.NODE_ENV === 'production') return;
  if (handle.kind === 'pglite' && (await seedIfEmpty(handle))) {
    console.info('The embedded database was empty: it now holds the seed content.');
  }
}
