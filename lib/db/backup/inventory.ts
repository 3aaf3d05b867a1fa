import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a database and an uploads folder hold, counted the same way at backup and at restore so
 * that the two can be compared.
 */

/** Runs one read and returns its rows; PGlite's `query` and node-postgres's both fit. */
export type RunQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every table outside PostgreSQL's own schemas, `schema.table`, sorted. */
export async function listTables(query: RunQuery): Promise<string[]> {
  const { rows } = await query(
    `select table_schema, table_name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       and table_schema not like 'pg\\_%'
     order by table_schema, table_name`,
  );
  return rows.map((row) => `${String(row.table_schema)}.${String(row.table_name)}`);
}

function quoted(qualifiedName: string): string {
  return qualifiedName
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
}

/** The rows of every table. Run it inside one transaction when the counts must agree. */
export async function countRows(query: RunQuery): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(query)) {
    const { rows } = await query(`select count(*)::int as rows from ${quoted(table)}`);
    counts[table] = Number(rows[0]?.rows ?? 0);
  }
  return counts;
}

/** Rows outside drizzle's record of applied migrations: whether a database holds any data. */
export function dataRows(counts: Record<string, number>): number {
  return Object.entries(counts)
    .filter(([table]) => !table.startsWith('drizzle.'))
    .reduce((sum, [, rows]) => sum + rows, 0);
}

/** How two sets of counts differ, in words; empty when they agree. */
export function countDifferences(
  expected: Record<string, number>,
  actual: Record<string, number>,
): string[] {
  const differences: string[] = [];
  for (const [table, rows] of Object.entries(expected)) {
    if (!(table in actual)) differences.push(`table ${table} is missing`);
    else if (actual[table] !== rows)
      differences.push(`${table} has ${actual[table]} rows instead of ${rows}`);
  }
  for (const table of Object.keys(actual)) {
    if (!(table in expected)) differences.push(`table ${table} is not in the backup`);
  }
  return differences;
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `folder` (`/` separated relative paths) with its SHA-256; none when absent. */
export async function fingerprintFiles(
  folder: string,
): Promise<{ files: Record<string, string>; bytes: number }> {
  const files: Record<string, string> = {};
  let bytes = 0;
  let entries: string[];
  try {
    entries = await readdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files, bytes };
    throw error;
  }
  for (const entry of entries.sort()) {
    const file = path.join(folder, entry);
    const info = await stat(file);
    if (!info.isFile()) continue;
    files[entry.split(path.sep).join('/')] = await fileSha256(file);
    bytes += info.size;
  }
  return { files, bytes };
}
