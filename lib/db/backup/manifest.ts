import { z } from 'zod';

/**
 * What a backup archive holds (`tcsa-<date>.tar.gz`, written by `npm run db:backup`):
 *
 *   manifest.json                  this description, written last, packed first
 *   database/pglite-data.tar.gz    the embedded database's data folder (PGlite's dumpDataDir), or
 *   database/postgres.dump         pg_dump's custom format of the whole PostgreSQL database
 *   uploads/…                      the uploads folder: resumes, and the console's media in media/
 *
 * The manifest counts the rows of every table as the backup saw them and fingerprints every
 * uploaded file, so that a restore proves it put everything back before it replaces anything.
 */

export const BACKUP_FORMAT = 'tcsa-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_DUMP_FILE = 'database/pglite-data.tar.gz';
export const POSTGRES_DUMP_FILE = 'database/postgres.dump';
export const UPLOADS_FOLDER = 'uploads';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** PostgreSQL's version, e.g. `17.5` (PGlite's own Postgres, or the server's). */
    serverVersion: z.string(),
    /** How it was taken: by this process, through the running site, or by pg_dump. */
    takenBy: z.enum(['this-process', 'running-site', 'pg_dump']),
    file: z.enum([PGLITE_DUMP_FILE, POSTGRES_DUMP_FILE]),
    /** Rows of every table, `schema.table`, as in the dump. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
  }),
  uploads: z.object({
    /** Path inside the uploads folder (`/` separated) → SHA-256 of its content. */
    files: z.record(z.string(), sha256),
    bytes: z.number().int().nonnegative(),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** `2026-11-25T2301Z`: sortable, with no character a file system or archive tool dislikes. */
export function backupStamp(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
}
