import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { type DatabaseHandle, openDatabase, setDatabaseForTests } from '@/lib/db/client';
import { seedDatabase } from '@/lib/db/seed';
import { getServerEnv } from '@/lib/env/server';

/**
 * A database of the test file's own: in-memory PGlite by default, or, when DATABASE_URL is set
 * (the PostgreSQL pass of `npm test`), a fresh database created on that server and dropped
 * afterwards. Migrated, seeded, and injected as the process's database, so route handlers and
 * reads use it.
 */
export type TestDatabase = DatabaseHandle & { dispose: () => Promise<void> };

export async function createTestDatabase(
  options: { seed?: boolean; now?: Date } = {},
): Promise<TestDatabase> {
  const serverUrl = getServerEnv().DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: () => Promise<void> = async () => {};
  if (serverUrl) {
    const name = `tcsa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new Pool({ connectionString: serverUrl, max: 1 });
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString() });
    drop = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    handle = await openDatabase({ dataDir: 'memory://' });
  }
  if (options.seed ?? true) await seedDatabase(handle.db, { now: options.now });
  setDatabaseForTests(handle);
  return {
    ...handle,
    dispose: async () => {
      setDatabaseForTests(undefined);
      await handle.close();
      await drop();
    },
  };
}

/** Which server the database tests run against, for test titles. */
export const DATABASE_UNDER_TEST = getServerEnv().DATABASE_URL ? 'PostgreSQL' : 'PGlite';
