import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PGLITE_DATA_DIR } from '@/lib/env/data-folders';
import type { ServerEnv } from '@/lib/env/server';

/**
 * The few files the System page and `npm run doctor` read besides the site's own data: where the
 * backups are and which is the newest, the record of the last tested restore, and the token that
 * lets `npm run doctor` ask the running site for its checks.
 */

/**
 * The site's data folder, absolute: the folder that holds the embedded database's folder
 * (PGLITE_DATA_DIR's parent, `.data` by default), and the uploads unless UPLOADS_DIR moves them.
 */
export function siteDataFolder(env: ServerEnv): string {
  const dataDir =
    env.PGLITE_DATA_DIR && env.PGLITE_DATA_DIR !== 'memory://'
      ? env.PGLITE_DATA_DIR
      : DEFAULT_PGLITE_DATA_DIR;
  return path.resolve(/*turbopackIgnore: true*/ path.dirname(dataDir));
}

/** Where `npm run db:backup` writes its archives: BACKUP_DIR, else `backups`, absolute. */
export function backupsFolder(env: ServerEnv): string {
  return path.resolve(/*turbopackIgnore: true*/ env.BACKUP_DIR ?? 'backups');
}

/** An archive `npm run db:backup` wrote: `tcsa-2026-11-25T2301Z.tar.gz` (or `…-2.tar.gz`). */
const BACKUP_NAME = /^tcsa-\d{4}-\d{2}-\d{2}T\d{4}Z(?:-\d+)?\.tar\.gz$/;

export type BackupFile = { name: string; writtenAt: Date };

/** The newest backup in `folder` (by when it was written), or null when it holds none. */
export async function latestBackup(folder: string): Promise<BackupFile | null> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let latest: BackupFile | null = null;
  for (const name of names.filter((candidate) => BACKUP_NAME.test(candidate))) {
    const writtenAt = (await stat(path.join(folder, name))).mtime;
    if (!latest || writtenAt > latest.writtenAt) latest = { name, writtenAt };
  }
  return latest;
}

/** The file, in the backups folder, that says when a restore of a backup was last tested. */
export const RESTORE_RECORD_FILE = 'restore-tested.json';

export type RestoreRecord = { testedAt: Date; backup: string };

/** The last tested restore, or null when none was recorded (or the record cannot be read). */
export async function readRestoreRecord(folder: string): Promise<RestoreRecord | null> {
  let text: string;
  try {
    text = await readFile(path.join(folder, RESTORE_RECORD_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const stored = JSON.parse(text) as { testedAt?: unknown; backup?: unknown };
    const testedAt = new Date(String(stored.testedAt));
    if (Number.isNaN(testedAt.getTime()) || typeof stored.backup !== 'string') return null;
    return { testedAt, backup: stored.backup };
  } catch {
    return null;
  }
}

/** Records that a restore of `backup` was tested at `testedAt` (npm run doctor -- --restore-tested). */
export async function writeRestoreRecord(folder: string, record: RestoreRecord): Promise<void> {
  const text = `${JSON.stringify({ testedAt: record.testedAt.toISOString(), backup: record.backup }, null, 2)}\n`;
  await writeFile(path.join(folder, RESTORE_RECORD_FILE), text, { mode: 0o600 });
}

/**
 * The token of `npm run doctor`: it asks the running site for its checks at GET /api/doctor
 * with it. Kept in the data folder, readable by the folder's owner only: whoever can read it can
 * read the site's data anyway. Without the file the route answers 404.
 */
export function doctorTokenFile(env: ServerEnv): string {
  return path.join(siteDataFolder(env), 'doctor-token');
}

const TOKEN = /^[0-9a-f]{64}$/;

/** The token, or null when `npm run doctor` has not made one yet. */
export async function readDoctorToken(env: ServerEnv): Promise<string | null> {
  try {
    const token = (await readFile(doctorTokenFile(env), 'utf8')).trim();
    return TOKEN.test(token) ? token : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The token, made on first use (an owner-only file in the data folder). */
export async function ensureDoctorToken(env: ServerEnv): Promise<string> {
  const existing = await readDoctorToken(env);
  if (existing) return existing;
  const token = randomBytes(32).toString('hex');
  await mkdir(siteDataFolder(env), { recursive: true, mode: 0o700 });
  await writeFile(doctorTokenFile(env), `${token}\n`, { mode: 0o600 });
  return token;
}
