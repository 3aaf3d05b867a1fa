/**
 * npm run submissions:export -- --kind messages|serviceRequests|applications — prints every
 * stored submission of that kind as CSV on standard output, oldest first (redirect it to a file:
 * `... > messages.csv`). Resumes themselves come out with `npm run applications:resume`.
 *
 * The embedded database allows one process per data folder: stop the site first, or run on
 * PostgreSQL (DATABASE_URL), where the export works while the site serves.
 */
import '../lib/env-files.mjs';
import { parseArgs } from 'node:util';
import { configuredOpenOptions, openDatabase } from '@/lib/db/client';
import {
  SUBMISSION_KINDS,
  exportSubmissionsCsv,
  isSubmissionKind,
} from '@/lib/db/submissions-export';

const USAGE = `Usage: npm run submissions:export -- --kind ${SUBMISSION_KINDS.join('|')}`;

let kind: string | undefined;
try {
  kind = parseArgs({ options: { kind: { type: 'string' } } }).values.kind;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!isSubmissionKind(kind)) {
  console.error(kind === undefined ? USAGE : `Unknown kind "${kind}".\n${USAGE}`);
  process.exit(2);
}

const handle = await openDatabase({ ...configuredOpenOptions(), migrate: true });
try {
  const { csv, count } = await exportSubmissionsCsv(handle.db, kind);
  process.stdout.write(csv);
  console.error(`${count} ${kind} exported.`);
} finally {
  await handle.close();
}
