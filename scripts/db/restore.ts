/**
 * npm run db:restore -- <file> [--yes] — puts a backup written by npm run db:backup back into the
 * configured database (DATABASE_URL, else PGLITE_DATA_DIR) and uploaded files (the bucket the
 * S3_* variables name, else the uploads folder UPLOADS_DIR).
 * Stop the site first: the restore refuses while the database is in use. It asks for --yes before
 * it replaces a database or uploads folder that holds data, and replaces nothing until the
 * restored copy matches the backup. Then start the site: it serves the restored data (applying
 * any migration newer than the backup).
 */
import '../lib/env-files.mjs';
import { parseArgs } from 'node:util';
import { configuredOpenOptions } from '@/lib/db/client';
import { BackupError } from '@/lib/db/backup/postgres-tools';
import { restoreBackup } from '@/lib/db/backup/restore';
import { objectStore } from '@/lib/storage/store';

const USAGE = 'Usage: npm run db:restore -- <backup file> [--yes]';

let parsed: { values: { yes?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { yes: { type: 'boolean' } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length) {
  console.error(USAGE);
  process.exit(2);
}

const { databaseUrl, dataDir } = configuredOpenOptions();
if (!databaseUrl && dataDir === 'memory://') {
  console.error('PGLITE_DATA_DIR is memory://: there is no database on disk to restore into.');
  process.exit(2);
}

try {
  const { manifest, movedAside } = await restoreBackup({
    file,
    target: databaseUrl ? { databaseUrl } : { dataDir: dataDir! },
    uploads: objectStore(),
    yes: parsed.values.yes ?? false,
  });
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${rows} rows and` +
      ` ${Object.keys(manifest.uploads.files).length} uploaded file(s), checked against the backup.`,
  );
  for (const folder of movedAside) {
    console.log(`The replaced data is kept in ${folder}; delete it once the site runs well.`);
  }
  console.log('Start the site now (npm start): it serves the restored data.');
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
