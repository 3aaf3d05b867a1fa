/**
 * npm run db:backup [-- --out <folder>] [-- --site <url>] — writes the whole database and the
 * uploaded files (resumes, the console's media: from the uploads folder, or from the bucket the
 * S3_* variables name) to a dated archive, e.g.
 * backups/tcsa-2026-11-25T2301Z.tar.gz (folder: --out, else BACKUP_DIR, else backups/).
 *
 * On PostgreSQL (DATABASE_URL) it runs pg_dump of the server's version. On the embedded database
 * it dumps the data folder itself when the site is stopped, and asks the running site for the
 * dump when the site holds the folder (POST /api/backup at --site, default
 * http://localhost:$PORT or 3000). See lib/db/backup/ and README 'Keeping the data'.
 */
import '../lib/env-files.mjs';
import { parseArgs } from 'node:util';
import { configuredOpenOptions } from '@/lib/db/client';
import { createBackup } from '@/lib/db/backup/backup';
import { BackupError } from '@/lib/db/backup/postgres-tools';
import { objectStore } from '@/lib/storage/store';

const USAGE = 'Usage: npm run db:backup [-- --out <folder>] [--site <url of the running site>]';

let values: { out?: string; site?: string };
try {
  values = parseArgs({ options: { out: { type: 'string' }, site: { type: 'string' } } }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const { databaseUrl, dataDir } = configuredOpenOptions();
if (!databaseUrl && dataDir === 'memory://') {
  console.error(
    'PGLITE_DATA_DIR is memory://: an in-memory database has nothing on disk to back up.',
  );
  process.exit(2);
}
const siteUrl = values.site ?? `http://localhost:${process.env.PORT || 3000}`;
try {
  new URL(siteUrl);
} catch {
  console.error(`--site must be a URL such as http://localhost:3000, not "${siteUrl}".`);
  process.exit(2);
}

try {
  const { file, manifest } = await createBackup({
    source: databaseUrl ? { databaseUrl } : { dataDir: dataDir! },
    uploads: objectStore(),
    outDir: values.out ?? process.env.BACKUP_DIR ?? 'backups',
    siteUrl,
  });
  const tables = Object.keys(manifest.database.tables).length;
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  const files = Object.keys(manifest.uploads.files).length;
  console.log(
    `Wrote ${file}: ${manifest.database.kind} (${manifest.database.takenBy}), ${tables} tables,` +
      ` ${rows} rows, ${files} uploaded file(s). It holds personal data: keep it encrypted, off this server.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
