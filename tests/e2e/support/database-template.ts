import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedFolderIfEmpty } from '../../../scripts/lib/seed-folder';

/**
 * One migrated and seeded embedded database for the whole run, made by the global set-up with the
 * project's own seed command: each test server starts on a copy of its folder (a file copy takes
 * a fraction of a second) instead of migrating and seeding an empty one on its first request.
 */
export const DATABASE_TEMPLATE_VARIABLE = 'E2E_DATABASE_TEMPLATE';

export function prepareDatabaseTemplate(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'tcsa-e2e-template-'));
  seedFolderIfEmpty(path.join(folder, 'pglite'));
  return folder;
}

/**
 * Copies the run's template database into a server's folder. Without one (specs run against a
 * site given by E2E_BASE_URL, where the global set-up makes none) this worker makes its own first:
 * a production server never seeds its database by itself.
 */
export function copyDatabaseTemplate(workDir: string): void {
  let template = process.env[DATABASE_TEMPLATE_VARIABLE];
  if (!template || !existsSync(path.join(template, 'pglite'))) {
    template = prepareDatabaseTemplate();
    process.env[DATABASE_TEMPLATE_VARIABLE] = template;
  }
  cpSync(path.join(template, 'pglite'), path.join(workDir, 'pglite'), { recursive: true });
  if (existsSync(path.join(template, 'uploads'))) {
    cpSync(path.join(template, 'uploads'), path.join(workDir, 'uploads'), { recursive: true });
  }
}
