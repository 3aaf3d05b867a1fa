import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/**
 * A backup of the embedded database while the site runs. The site holds the data folder (one
 * process per folder, lib/db/lock.ts), and a copy of the folder taken from outside is not
 * consistent: Postgres inside PGlite writes its files as it goes. So the site itself makes the
 * copy, with PGlite's `dumpDataDir()`, which waits for the query in progress, runs alone and
 * packs the folder as Postgres would find it after a power cut: a transaction that had not
 * committed is rolled back when the copy is opened, everything committed is there.
 *
 * `npm run db:backup` asks for it at POST /api/backup with a token it keeps next to the data
 * folder (`<data folder>.backup-token`, readable by the folder's owner only). Whoever can read that
 * file can read the data folder itself, so the token gives nothing away; without the file the
 * route answers 404.
 */

export const BACKUP_ROUTE = '/api/backup';
/** The data folder the answering site holds, so the script can check it asked the right one. */
export const DATA_DIR_HEADER = 'x-tcsa-data-dir';

const TOKEN = /^[0-9a-f]{64}$/;

export function backupTokenFile(dataDir: string): string {
  return `${dataDir}.backup-token`;
}

/** The token, or null when no backup has set one up (or the file is not one). */
export async function readBackupToken(dataDir: string): Promise<string | null> {
  try {
    const token = (await readFile(backupTokenFile(dataDir), 'utf8')).trim();
    return TOKEN.test(token) ? token : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The token, made on first use (owner-only file). */
export async function ensureBackupToken(dataDir: string): Promise<string> {
  const existing = await readBackupToken(dataDir);
  if (existing) return existing;
  const token = randomBytes(32).toString('hex');
  await writeFile(backupTokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  return token;
}

/** What of PGlite a dump needs; the drizzle database keeps its client as `$client`. */
export type DumpablePglite = {
  dumpDataDir: (compression?: 'gzip' | 'none' | 'auto') => Promise<Blob>;
};

export function isDumpablePglite(client: unknown): client is DumpablePglite {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as Partial<DumpablePglite>).dumpDataDir === 'function'
  );
}
