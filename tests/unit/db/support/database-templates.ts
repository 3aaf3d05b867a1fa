import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openDatabase } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { seedDatabase } from '@/lib/db/seed';
import { getServerEnv } from '@/lib/env/server';

/**
 * The unit project's global setup: the databases every test file starts from, made once per run
 * instead of once per file. Starting PGlite on an empty folder runs initdb, seconds of
 * WebAssembly on a loaded machine, and the migrations and the seed come on top; a copy of a
 * finished database takes a fraction of that. Two templates: migrated, and migrated and seeded.
 *
 * On PGlite they are data folder dumps in a temporary folder; on PostgreSQL (DATABASE_URL set),
 * databases on that server that `create database ... template` copies. Both are removed at the
 * end of the run. tests/unit/db/support/test-database.ts reads what is made here.
 */

export type DatabaseTemplates = {
  kind: 'pglite' | 'postgres';
  /** Migrated: the dump's file (PGlite) or the database's name (PostgreSQL). */
  plain: string;
  /** Migrated and seeded for `seededAt`. */
  seeded: string;
  /** The `now` the seeded template was seeded for (ISO): its dates are relative to it. */
  seededAt: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** Null when this run's files make no database (nothing was made). */
    databaseTemplates: DatabaseTemplates | null;
  }
}

/** What marks a test file that makes a database from the templates. */
const USES_TEMPLATES = /\bcreateTestDatabase\b|\bcreateTestDataFolder\b/;

/**
 * Whether any file of this run makes a database: a run of other files only (`vitest run
 * tests/unit/env.test.ts`) should not wait for templates it never uses. vitest's list of the
 * run's files is an experimental API: when it is missing or empty, the templates are made.
 */
function runMakesDatabases(project: TestProject): boolean {
  let files: string[];
  try {
    files = project.vitest.state.getPaths();
  } catch {
    return true;
  }
  if (files.length === 0) return true;
  return files.some((file) => {
    try {
      return USES_TEMPLATES.test(readFileSync(file, 'utf8'));
    } catch {
      return true;
    }
  });
}

async function pgliteTemplates(seededAt: Date) {
  const folder = mkdtempSync(path.join(tmpdir(), 'tcsa-test-templates-'));
  const client = new PGlite();
  try {
    await client.waitReady;
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = async (name: string) => {
      // A checkpoint first: a copy then starts without replaying the write-ahead log.
      await client.query('checkpoint');
      const file = path.join(folder, `${name}.tar`);
      // Uncompressed: a copy starts faster than from a gzipped dump, and the file is temporary.
      writeFileSync(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    const plain = await dump('plain');
    await seedDatabase(db, { now: seededAt });
    const seeded = await dump('seeded');
    const templates: DatabaseTemplates = {
      kind: 'pglite',
      plain,
      seeded,
      seededAt: seededAt.toISOString(),
    };
    return { templates, remove: async () => rmSync(folder, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await client.close();
  }
}

async function postgresTemplates(serverUrl: string, seededAt: Date) {
  const names = {
    plain: `tcsa_template_${process.pid}_plain`,
    seeded: `tcsa_template_${process.pid}_seeded`,
  };
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = new Pool({ connectionString: serverUrl, max: 1 });
  const remove = async () => {
    try {
      for (const name of Object.values(names)) {
        await admin.query(`drop database if exists "${name}" with (force)`);
      }
    } finally {
      await admin.end();
    }
  };
  try {
    await admin.query(`create database "${names.plain}"`);
    const plain = await openDatabase({ databaseUrl: urlOf(names.plain) });
    await plain.close();
    // A template takes no connection while it is copied: each is closed before its use.
    await admin.query(`create database "${names.seeded}" template "${names.plain}"`);
    const seeded = await openDatabase({ databaseUrl: urlOf(names.seeded), migrate: false });
    try {
      await seedDatabase(seeded.db, { now: seededAt });
    } finally {
      await seeded.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  const templates: DatabaseTemplates = {
    kind: 'postgres',
    ...names,
    seededAt: seededAt.toISOString(),
  };
  return { templates, remove };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!runMakesDatabases(project)) {
    project.provide('databaseTemplates', null);
    return async () => {};
  }
  const serverUrl = getServerEnv().DATABASE_URL;
  const seededAt = new Date();
  const { templates, remove } = serverUrl
    ? await postgresTemplates(serverUrl, seededAt)
    : await pgliteTemplates(seededAt);
  project.provide('databaseTemplates', templates);
  return remove;
}
