import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import { create as createTar } from 'tar';
import { DataFolderInUseError, lockDataFolder } from '@/lib/db/lock';
import type { ObjectStore } from '@/lib/storage/objects';
import { countRows, fingerprintFiles } from './inventory';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  MANIFEST_FILE,
  PGLITE_DUMP_FILE,
  POSTGRES_DUMP_FILE,
  UPLOADS_FOLDER,
  backupStamp,
} from './manifest';
import {
  BackupError,
  connectionForTools,
  majorVersion,
  postgresTool,
  runTool,
} from './postgres-tools';
import { BACKUP_ROUTE, DATA_DIR_HEADER, ensureBackupToken } from './site-dump';

/**
 * `npm run db:backup`: the whole database and the uploaded files in one dated archive (see
 * ./manifest.ts for its layout). The database is dumped first and the files are read after it:
 * a resume or picture is written before the row that names it, and never changed, so every file
 * a dumped row names is there (files newer than the dump are harmless extras). The files come
 * from the site's object store: the uploads folder, or the S3-compatible bucket.
 */

export type BackupSource = { databaseUrl: string } | { dataDir: string };

export type BackupOptions = {
  source: BackupSource;
  /** The uploaded files (the uploads folder, or the bucket): resumes, and media in media/. */
  uploads: ObjectStore;
  /** Where the archive goes (BACKUP_DIR, default backups/). */
  outDir: string;
  /** The running site, asked for the dump when it holds the embedded data folder. */
  siteUrl: string;
  now?: Date;
};

export type BackupResult = { file: string; manifest: BackupManifest };

type DatabaseDump = Pick<
  BackupManifest['database'],
  'kind' | 'serverVersion' | 'takenBy' | 'file' | 'tables'
>;

/** Counts the rows of a PGlite dump by opening it in memory: the backup is checked as it is made. */
async function inspectPgliteDump(
  file: string,
): Promise<{ serverVersion: string; tables: Record<string, number> }> {
  const copy = new PGlite({
    loadDataDir: new File([await readFile(file)], 'pgdata.tar.gz', { type: 'application/gzip' }),
  });
  try {
    await copy.waitReady;
    const { rows } = await copy.query<{ server_version: string }>('show server_version');
    const tables = await countRows((text) => copy.query(text));
    return { serverVersion: rows[0]?.server_version ?? 'unknown', tables };
  } finally {
    await copy.close();
  }
}

async function writeBlob(blob: Blob, target: string): Promise<void> {
  await pipeline(
    Readable.fromWeb(blob.stream() as unknown as WebReadableStream),
    createWriteStream(target, { mode: 0o600 }),
  );
}

/** Through the running site (POST /api/backup), which holds the folder. */
async function dumpThroughSite(
  dataDir: string,
  siteUrl: string,
  holder: DataFolderInUseError,
  target: string,
): Promise<void> {
  const token = await ensureBackupToken(dataDir);
  const holderText = holder.owner ? `process ${holder.owner.pid}` : 'another process';
  let response: Response;
  try {
    response = await fetch(new URL(BACKUP_ROUTE, siteUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    throw new BackupError(
      `The site (${holderText}) holds ${dataDir}, so it must make the dump, but ${siteUrl} did not` +
        ` answer (${(error as Error).message}). Give the site's address with --site <url>.`,
    );
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new BackupError(
      `The site at ${siteUrl} refused the backup (HTTP ${response.status}): ${body.error ?? response.statusText}`,
    );
  }
  const served = decodeURIComponent(response.headers.get(DATA_DIR_HEADER) ?? '');
  if (served !== dataDir) {
    await response.body.cancel();
    throw new BackupError(
      `The site at ${siteUrl} serves ${served || 'another database'}, not ${dataDir}. Give the address of the site that holds it with --site <url>.`,
    );
  }
  await pipeline(
    Readable.fromWeb(response.body as unknown as WebReadableStream),
    createWriteStream(target, { mode: 0o600 }),
  );
}

async function dumpEmbedded(
  dataDir: string,
  siteUrl: string,
  staging: string,
): Promise<DatabaseDump> {
  const folder = path.resolve(dataDir);
  if (!existsSync(folder)) {
    throw new BackupError(
      `There is no embedded database at ${folder} (PGLITE_DATA_DIR); nothing to back up.`,
    );
  }
  const target = path.join(staging, PGLITE_DUMP_FILE);
  let takenBy: DatabaseDump['takenBy'];
  let lock: ReturnType<typeof lockDataFolder> | null = null;
  try {
    lock = lockDataFolder(folder);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    await dumpThroughSite(folder, siteUrl, error, target);
    takenBy = 'running-site';
  }
  if (lock) {
    try {
      const client = new PGlite(folder);
      try {
        // dumpDataDir does not wait for the start itself: called too early it never answers.
        await client.waitReady;
        await writeBlob(await client.dumpDataDir('gzip'), target);
      } finally {
        await client.close();
      }
    } finally {
      lock.release();
    }
    takenBy = 'this-process';
  }
  const { serverVersion, tables } = await inspectPgliteDump(target);
  return { kind: 'pglite', serverVersion, takenBy: takenBy!, file: PGLITE_DUMP_FILE, tables };
}

/**
 * pg_dump, in the snapshot of a transaction that counts the rows first: the counts and the dump
 * see the same database, however busy the site is meanwhile.
 */
async function dumpPostgres(databaseUrl: string, staging: string): Promise<DatabaseDump> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const client = await pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
        .rows[0]!.id;
      const { rows } = await client.query<{ version: string; num: string }>(
        `select current_setting('server_version') as version, current_setting('server_version_num') as num`,
      );
      const tables = await countRows((text) => client.query(text));
      const pgDump = await postgresTool('pg_dump', majorVersion(rows[0]!.num));
      const { url, env } = connectionForTools(databaseUrl);
      await runTool(
        pgDump,
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${snapshot}`,
          `--file=${path.join(staging, POSTGRES_DUMP_FILE)}`,
          `--dbname=${url}`,
        ],
        env,
      );
      await client.query('commit');
      await chmod(path.join(staging, POSTGRES_DUMP_FILE), 0o600);
      return {
        kind: 'postgres',
        serverVersion: rows[0]!.version,
        takenBy: 'pg_dump',
        file: POSTGRES_DUMP_FILE,
        tables,
      };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/** Every object of the store, as a file under its key. */
async function stageUploads(store: ObjectStore, staged: string): Promise<void> {
  await mkdir(staged, { recursive: true, mode: 0o700 });
  for (const { key } of await store.list()) {
    const object = await store.get(key);
    // Removed since it was listed (a person's data erased meanwhile): nothing left to keep.
    if (!object) continue;
    const to = path.join(staged, ...key.split('/'));
    await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    await pipeline(
      Readable.fromWeb(object.stream() as unknown as WebReadableStream),
      createWriteStream(to, { mode: 0o600 }),
    );
  }
}

/** `tcsa-2026-11-25T2301Z.tar.gz`, or `…-2.tar.gz` when a backup of that minute exists. */
function archiveName(outDir: string, now: Date): string {
  const base = `tcsa-${backupStamp(now)}`;
  for (let n = 1; ; n += 1) {
    const file = path.join(outDir, n === 1 ? `${base}.tar.gz` : `${base}-${n}.tar.gz`);
    if (!existsSync(file)) return file;
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const outDir = path.resolve(options.outDir);
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(outDir, '.tcsa-backup-'));
  try {
    await mkdir(path.join(staging, 'database'), { mode: 0o700 });
    const database =
      'databaseUrl' in options.source
        ? await dumpPostgres(options.source.databaseUrl, staging)
        : await dumpEmbedded(options.source.dataDir, options.siteUrl, staging);
    const uploadsStaged = path.join(staging, UPLOADS_FOLDER);
    await stageUploads(options.uploads, uploadsStaged);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      database,
      uploads: await fingerprintFiles(uploadsStaged),
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    const file = archiveName(outDir, now);
    const partial = path.join(staging, 'archive.partial');
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST_FILE,
      'database',
      UPLOADS_FOLDER,
    ]);
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
