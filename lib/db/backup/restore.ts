import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Pool, type PoolClient } from 'pg';
import { extract as extractTar } from 'tar';
import { DataFolderInUseError, lockDataFolder } from '@/lib/db/lock';
import { DiskObjectStore } from '@/lib/storage/disk';
import { type ObjectStore, contentTypeOfKey, isObjectKey } from '@/lib/storage/objects';
import { countDifferences, countRows, dataRows, fingerprintFiles } from './inventory';
import {
  type BackupManifest,
  MANIFEST_FILE,
  UPLOADS_FOLDER,
  backupStamp,
  manifestSchema,
} from './manifest';
import {
  BackupError,
  connectionForTools,
  majorVersion,
  postgresTool,
  runTool,
} from './postgres-tools';

/**
 * `npm run db:restore <file>`: puts a backup back on a stopped site. Nothing is replaced until the
 * restored copy has been counted against the backup's manifest (every table, every row count,
 * every file's SHA-256). Refuses while the site (or anything else) uses the database, and asks
 * for `--yes` before it replaces a database or uploads folder that holds data. On the embedded
 * database the folders it replaces are moved aside (`<folder>.before-restore-<date>`), not deleted.
 * In a bucket, the backup's objects are written before the database is replaced (their names are
 * random or their content's hash, so they disturb nothing), and the objects the backup does not
 * hold are deleted after it.
 */

export type RestoreTarget = { databaseUrl: string } | { dataDir: string };

export type RestoreOptions = {
  file: string;
  target: RestoreTarget;
  /** Where the uploaded files go back: the uploads folder, or the bucket. */
  uploads: ObjectStore;
  /** Replace a database or uploaded files that hold data. */
  yes: boolean;
  now?: Date;
};

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where the replaced data folder and uploads were moved (embedded database only). */
  movedAside: string[];
};

async function readManifest(staging: string, file: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(staging, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${file} is not a TCSA backup: it has no ${MANIFEST_FILE}.`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new BackupError(
      `${file} is not a TCSA backup this version can read: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/** The archive's files are the ones the backup fingerprinted: a damaged archive goes no further. */
async function checkStagedUploads(staging: string, manifest: BackupManifest): Promise<void> {
  const { files } = await fingerprintFiles(path.join(staging, UPLOADS_FOLDER));
  const expected = manifest.uploads.files;
  const wrong = Object.keys(expected).filter((name) => files[name] !== expected[name]);
  const extra = Object.keys(files).filter((name) => !(name in expected));
  if (wrong.length || extra.length) {
    throw new BackupError(
      `The backup's uploaded files do not match its manifest (${[...wrong, ...extra].slice(0, 5).join(', ')}): the archive is damaged.`,
    );
  }
}

function refuseDataWithoutYes(what: string[], yes: boolean): void {
  if (what.length && !yes) {
    const text = what.join(' and ');
    throw new BackupError(
      `${text[0]!.toUpperCase()}${text.slice(1)}. Run again with --yes to replace it with the backup.`,
    );
  }
}

async function uploadsHeld(store: ObjectStore): Promise<string[]> {
  const count = (await store.list()).length;
  return count ? [`${store.where} holds ${count} file(s)`] : [];
}

/** Puts the backup's files in place, in two steps around the database's replacement. */
type UploadsPlacement = {
  /** Before the database is replaced: only what harms nothing if the restore then fails. */
  prepare(): Promise<void>;
  /** Once the database is replaced; answers where the replaced files were kept, if they were. */
  finish(keepReplaced: boolean): Promise<string | null>;
};

/** The uploads folder: the staged folder is renamed into place, the current one aside. */
function folderPlacement(staging: string, folder: string, aside: string): UploadsPlacement {
  return {
    prepare: async () => {},
    finish: async (keepReplaced) => {
      await mkdir(path.dirname(folder), { recursive: true });
      let moved: string | null = null;
      if (existsSync(folder)) {
        await rename(folder, aside);
        moved = aside;
      }
      await rename(path.join(staging, UPLOADS_FOLDER), folder);
      if (moved && !keepReplaced) {
        await rm(moved, { recursive: true, force: true });
        return null;
      }
      return moved;
    },
  };
}

/** A bucket: the backup's objects are written first and checked, the others deleted last. */
function bucketPlacement(
  staging: string,
  manifest: BackupManifest,
  store: ObjectStore,
): UploadsPlacement {
  const keys = Object.keys(manifest.uploads.files).filter(isObjectKey);
  return {
    prepare: async () => {
      const sizes = new Map<string, number>();
      for (const key of keys) {
        const bytes = await readFile(path.join(staging, UPLOADS_FOLDER, ...key.split('/')));
        await store.put(key, bytes, contentTypeOfKey(key));
        sizes.set(key, bytes.byteLength);
      }
      const listed = new Map((await store.list()).map((entry) => [entry.key, entry.size]));
      const wrong = keys.filter((key) => listed.get(key) !== sizes.get(key));
      if (wrong.length) {
        throw new BackupError(
          `${store.where} does not hold the backup's files as written (${wrong.slice(0, 5).join(', ')}); nothing else was changed. Run the restore again.`,
        );
      }
    },
    finish: async () => {
      const kept = new Set(keys);
      for (const { key } of await store.list()) {
        if (!kept.has(key)) await store.remove(key);
      }
      return null;
    },
  };
}

function placementOf(
  staging: string,
  manifest: BackupManifest,
  store: ObjectStore,
  stamp: string,
): UploadsPlacement {
  return store instanceof DiskObjectStore
    ? folderPlacement(staging, store.folder, `${store.folder}.before-restore-${stamp}`)
    : bucketPlacement(staging, manifest, store);
}

async function restoreEmbedded(
  dataDir: string,
  staging: string,
  manifest: BackupManifest,
  options: RestoreOptions,
  uploads: UploadsPlacement,
  stamp: string,
): Promise<string[]> {
  if (manifest.database.kind !== 'pglite') {
    throw new BackupError(
      'This backup is of a PostgreSQL database: set DATABASE_URL to the server to restore it into.',
    );
  }
  const folder = path.resolve(dataDir);
  let lock: ReturnType<typeof lockDataFolder>;
  try {
    lock = lockDataFolder(folder);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    throw new BackupError(
      `The database is in use, so it cannot be replaced. ${error.message} Stop the site first, then run this again.`,
    );
  }
  try {
    const held: string[] = [];
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      let rows: number | null = null;
      try {
        const current = new PGlite(folder);
        try {
          await current.waitReady;
          rows = dataRows(await countRows((text) => current.query(text)));
        } finally {
          await current.close();
        }
      } catch {
        // A folder that does not open is not empty either: it needs --yes like any other.
      }
      if (rows !== 0) {
        held.push(`the database in ${folder} holds ${rows === null ? 'data' : `${rows} rows`}`);
      }
    }
    held.push(...(await uploadsHeld(options.uploads)));
    refuseDataWithoutYes(held, options.yes);
    await uploads.prepare();

    const fresh = `${folder}.restoring-${stamp}`;
    await rm(fresh, { recursive: true, force: true });
    try {
      const dump = await readFile(path.join(staging, manifest.database.file));
      const restored = new PGlite(fresh, {
        loadDataDir: new File([dump], 'pgdata.tar.gz', { type: 'application/gzip' }),
      });
      try {
        await restored.waitReady;
        const differences = countDifferences(
          manifest.database.tables,
          await countRows((text) => restored.query(text)),
        );
        if (differences.length) {
          throw new BackupError(
            `The restored database differs from the backup: ${differences.join('; ')}.`,
          );
        }
      } finally {
        await restored.close();
      }
    } catch (error) {
      await rm(fresh, { recursive: true, force: true });
      throw error;
    }
    const movedAside: string[] = [];
    if (existsSync(folder)) {
      await rename(folder, `${folder}.before-restore-${stamp}`);
      movedAside.push(`${folder}.before-restore-${stamp}`);
    }
    await rename(fresh, folder);
    const keptUploads = await uploads.finish(true);
    if (keptUploads) movedAside.push(keptUploads);
    return movedAside;
  } finally {
    lock.release();
  }
}

/** The other sessions on this database, in words; empty when none. */
async function otherSessions(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ who: string }>(
    `select coalesce(nullif(application_name, ''), 'a client') || ' from ' ||
            coalesce(host(client_addr), 'a local socket') || ' (pid ' || pid || ')' as who
     from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows.map((row) => row.who);
}

const REPLACED_SCHEMAS = ['public', 'drizzle'] as const;

/**
 * pg_restore of the server's version into the database: the current schemas are renamed aside
 * first and dropped only once the restored rows match the manifest, or renamed back if anything
 * fails.
 */
async function restorePostgres(
  databaseUrl: string,
  staging: string,
  manifest: BackupManifest,
  options: RestoreOptions,
  uploads: UploadsPlacement,
  stamp: string,
): Promise<void> {
  if (manifest.database.kind !== 'postgres') {
    throw new BackupError(
      'This backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into PGLITE_DATA_DIR.',
    );
  }
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const client = await pool.connect();
    try {
      const others = await otherSessions(client);
      if (others.length) {
        throw new BackupError(
          `The database is in use by ${others.length} other connection(s): ${others.join(', ')}. Stop the site (every instance) and anything else connected to it, then run this again.`,
        );
      }
      const query = (text: string) => client.query(text);
      const rows = dataRows(await countRows(query));
      refuseDataWithoutYes(
        [
          ...(rows ? [`the database holds ${rows} rows`] : []),
          ...(await uploadsHeld(options.uploads)),
        ],
        options.yes,
      );
      const { rows: version } = await client.query<{ num: string }>(
        `select current_setting('server_version_num') as num`,
      );
      const major = majorVersion(version[0]!.num);
      const backupMajor = Number(/^(\d+)/.exec(manifest.database.serverVersion)?.[1]);
      if (backupMajor > major) {
        throw new BackupError(
          `The backup comes from PostgreSQL ${backupMajor} and this server is ${major}: restore it on a server of version ${backupMajor} or later.`,
        );
      }
      const pgRestore = await postgresTool('pg_restore', major);
      await uploads.prepare();

      const suffix = `_before_restore_${stamp.toLowerCase().replace(/[^0-9a-z]/g, '')}`;
      const { rows: present } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where nspname = any($1::text[])`,
        [REPLACED_SCHEMAS],
      );
      const renamed = present.map((row) => row.name);
      for (const schema of renamed)
        await client.query(`alter schema "${schema}" rename to "${schema}${suffix}"`);
      await client.query('create schema public');
      const putBack = async () => {
        for (const schema of REPLACED_SCHEMAS)
          await client.query(`drop schema if exists "${schema}" cascade`);
        for (const schema of renamed)
          await client.query(`alter schema "${schema}${suffix}" rename to "${schema}"`);
      };
      try {
        const { url, env } = connectionForTools(databaseUrl);
        await runTool(
          pgRestore,
          [
            '--no-owner',
            '--no-privileges',
            '--single-transaction',
            '--exit-on-error',
            `--dbname=${url}`,
            path.join(staging, manifest.database.file),
          ],
          env,
        );
        const restoredCounts = await countRows(query);
        for (const schema of renamed) {
          for (const table of Object.keys(restoredCounts)) {
            if (table.startsWith(`${schema}${suffix}.`)) delete restoredCounts[table];
          }
        }
        const differences = countDifferences(manifest.database.tables, restoredCounts);
        if (differences.length) {
          throw new BackupError(
            `The restored database differs from the backup: ${differences.join('; ')}.`,
          );
        }
      } catch (error) {
        await putBack();
        throw error;
      }
      for (const schema of renamed) await client.query(`drop schema "${schema}${suffix}" cascade`);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
  // On PostgreSQL the old database is gone once the restore is checked; its old uploads go too.
  await uploads.finish(false);
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const stamp = backupStamp(options.now ?? new Date());
  // Beside the uploads folder: the restored files are then moved into place, not copied.
  const stagingParent =
    options.uploads instanceof DiskObjectStore ? path.dirname(options.uploads.folder) : tmpdir();
  await mkdir(stagingParent, { recursive: true });
  const staging = await mkdtemp(path.join(stagingParent, '.tcsa-restore-'));
  try {
    try {
      await extractTar({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(
        `${file} could not be read as a backup archive: ${(error as Error).message}`,
      );
    }
    const manifest = await readManifest(staging, file);
    await checkStagedUploads(staging, manifest);
    await mkdir(path.join(staging, UPLOADS_FOLDER), { recursive: true });
    const uploads = placementOf(staging, manifest, options.uploads, stamp);
    let movedAside: string[] = [];
    if ('databaseUrl' in options.target) {
      await restorePostgres(options.target.databaseUrl, staging, manifest, options, uploads, stamp);
    } else {
      movedAside = await restoreEmbedded(
        options.target.dataDir,
        staging,
        manifest,
        options,
        uploads,
        stamp,
      );
    }
    return { manifest, movedAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
