import { randomBytes } from 'node:crypto';
import { mkdirSync, openAsBlob } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, setDatabaseForTests } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { clubDate } from '@/lib/db/time';
import { getServerEnv } from '@/lib/env/server';
import type { DatabaseTemplates } from './database-templates';

/**
 * A database of the test file's own: in-memory PGlite by default, or, when DATABASE_URL is set
 * (the PostgreSQL pass of `npm test`), a fresh database created on that server and dropped
 * afterwards. Migrated, seeded, and injected as the process's database, so route handlers and
 * reads use it.
 *
 * It is a copy of a template the run's global setup made (database-templates.ts), the same rows
 * as migrating and seeding here gives, in a fraction of the time. Without templates (a run that
 * did not make them, such as another configuration's) it is migrated and seeded here.
 */
export type TestDatabase = DatabaseHandle & { dispose: () => Promise<void> };

/** Null outside the unit project, whose global setup provides it, and in a run that made none. */
const templates: DatabaseTemplates | null = inject('databaseTemplates') ?? null;

/**
 * Whether the seeded template holds what `seedDatabase` gives now. Its dates are whole club days
 * from the day it was seeded for (events, postings, the membership year, members' histories), so
 * after midnight club time it is a day behind: then the seed runs here. Within that day the only
 * differences are moments before both instants: the seed's own time stamps (events' created_at
 * and published_at) and today's hours still to come when it was seeded, which the seed moves to
 * just before its `now`.
 */
function seededTemplateIsCurrent(made: DatabaseTemplates): boolean {
  return clubDate(new Date()) === clubDate(new Date(made.seededAt));
}

/** A PGlite in memory holding the dump `file`: its database without running initdb. */
async function openPgliteCopy(file: string): Promise<DatabaseHandle> {
  const client = new PGlite({ loadDataDir: await openAsBlob(file) });
  try {
    await client.waitReady;
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return {
    db: drizzlePglite({ client, schema }),
    kind: 'pglite',
    location: 'memory://',
    close: () => client.close(),
  };
}

export async function createTestDatabase(
  options: { seed?: boolean; now?: Date } = {},
): Promise<TestDatabase> {
  const serverUrl = getServerEnv().DATABASE_URL;
  const made = templates?.kind === (serverUrl ? 'postgres' : 'pglite') ? templates : null;
  const seed = options.seed ?? true;
  // A seed for another `now` than the template's is made here, on a copy of the unseeded one.
  const copySeeded =
    seed && options.now === undefined && made !== null && seededTemplateIsCurrent(made);
  const template = made ? (copySeeded ? made.seeded : made.plain) : null;
  let handle: DatabaseHandle;
  let drop: () => Promise<void> = async () => {};
  if (serverUrl) {
    const name = `tcsa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new Pool({ connectionString: serverUrl, max: 1 });
    await admin.query(
      template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
    );
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), migrate: !template });
    drop = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    handle = template
      ? await openPgliteCopy(template)
      : await openDatabase({ dataDir: 'memory://' });
  }
  if (seed && !copySeeded) await seedDatabase(handle.db, { now: options.now });
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

/**
 * Makes the PGlite data folder `dataDir` (which must not exist) hold a migrated, unseeded
 * database, for tests that open a folder on disk themselves: from the template when there is
 * one, so that the first opening does not wait for initdb.
 */
export async function createTestDataFolder(dataDir: string): Promise<void> {
  if (templates?.kind !== 'pglite') {
    await (await openDatabase({ dataDir })).close();
    return;
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite(dataDir, { loadDataDir: await openAsBlob(templates.plain) });
  try {
    await client.waitReady;
  } finally {
    await client.close();
  }
}

/** Which server the database tests run against, for test titles. */
export const DATABASE_UNDER_TEST = getServerEnv().DATABASE_URL ? 'PostgreSQL' : 'PGlite';
