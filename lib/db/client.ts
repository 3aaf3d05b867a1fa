import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { DEFAULT_PGLITE_DATA_DIR } from '@/lib/env/data-folders';
import { getServerEnv } from '@/lib/env/server';
import { lockDataFolder } from './lock';
import * as schema from './schema';

/**
 * The database client: embedded PGlite in a data folder by default, node-postgres when
 * DATABASE_URL is set. The same schema, queries and migrations serve both. Opening is lazy (never
 * at module load, so `next build` never touches the database) and happens once per process.
 */

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** The data folder, or the server address without its password. */
  location: string;
  close: () => Promise<void>;
};

/** Where drizzle-kit writes the migrations; the app applies them before it serves. */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib', 'db', 'migrations');

/** Any fixed number: serialises migrations when several app instances start on one server. */
const MIGRATION_LOCK_KEY = 727_001;

export type OpenOptions = {
  /** A postgres:// URL; unset means embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' keeps it in memory. */
  dataDir?: string;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
};

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

async function openPglite(dataDir: string, migrate: boolean): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  const resolved = inMemory ? dataDir : path.resolve(dataDir);
  if (!inMemory) mkdirSync(path.dirname(resolved), { recursive: true });
  const lock = inMemory ? null : lockDataFolder(resolved);
  try {
    const client = new PGlite(inMemory ? undefined : resolved);
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    if (migrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'pglite',
      location: resolved,
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, migrate: boolean): Promise<DatabaseHandle> {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  try {
    if (migrate) {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePostgres(drizzleNodePostgres({ client: connection, schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await connection
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => {});
        connection.release();
      }
    }
    return {
      db: drizzleNodePostgres({ client: pool, schema }),
      kind: 'postgres',
      location: redactUrl(databaseUrl),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/**
 * Opens a database and applies pending migrations. It never seeds: filling an empty database is
 * the bootstrap's work (lib/db/bootstrap.ts), above the domains whose rows the seed writes.
 */
export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? true;
  return options.databaseUrl
    ? await openPostgres(options.databaseUrl, migrate)
    : await openPglite(options.dataDir ?? DEFAULT_PGLITE_DATA_DIR, migrate);
}

/** What the environment asks for: DATABASE_URL, else PGlite in PGLITE_DATA_DIR. */
export function configuredOpenOptions(): OpenOptions {
  const env = getServerEnv();
  return env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { dataDir: env.PGLITE_DATA_DIR ?? DEFAULT_PGLITE_DATA_DIR };
}

const store = globalThis as typeof globalThis & { __tcsaDatabase?: Promise<DatabaseHandle> };

/**
 * The process's database, opened on first use and cached on globalThis (so development hot
 * reloads reuse it), and migrated before the first query. The server's start fills an empty
 * embedded database first (instrumentation.ts, lib/db/bootstrap.ts).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!store.__tcsaDatabase) {
    const opening = openDatabase(configuredOpenOptions());
    store.__tcsaDatabase = opening;
    // A failed open is not cached: the next request tries again (and reports the reason again).
    opening.catch(() => {
      if (store.__tcsaDatabase === opening) store.__tcsaDatabase = undefined;
    });
  }
  return store.__tcsaDatabase;
}

export async function getDb(): Promise<Database> {
  return (await getDatabase()).db;
}

/** Closes the process's database (scripts call it before they exit). */
export async function closeDatabase(): Promise<void> {
  const opening = store.__tcsaDatabase;
  store.__tcsaDatabase = undefined;
  if (opening) await (await opening.catch(() => null))?.close();
}

/** Makes `handle` the process's database; tests use it to inject their own instance. */
export function setDatabaseForTests(handle: DatabaseHandle | undefined): void {
  store.__tcsaDatabase = handle ? Promise.resolve(handle) : undefined;
}
