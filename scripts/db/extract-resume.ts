/**
 * npm run applications:resume -- --id <id> --out <path> [--force] — writes the resume stored
 * with job application <id> (see `npm run submissions:export -- --kind applications`) to <path>.
 * When <path> is an existing folder the file is named `application-<id>-<original name>.<ext>`,
 * made safe and short, with the extension of the type its content was detected as. An existing
 * file is not replaced unless --force is given.
 *
 * Reads the uploads folder (UPLOADS_DIR) and the database; on the embedded database stop the
 * site first (one process per data folder).
 */
import '../lib/env-files.mjs';
import { parseArgs } from 'node:util';
import { configuredOpenOptions, openDatabase } from '@/lib/db/client';
import { ResumeExportError, exportResume } from '@/lib/db/submissions-export';

const USAGE = 'Usage: npm run applications:resume -- --id <id> --out <path> [--force]';

let values: { id?: string; out?: string; force?: boolean };
try {
  values = parseArgs({
    options: { id: { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean' } },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const id = Number(values.id);
if (!values.id || !/^\d+$/.test(values.id) || !Number.isSafeInteger(id) || id < 1 || !values.out) {
  console.error(USAGE);
  process.exit(2);
}

const handle = await openDatabase({ ...configuredOpenOptions(), migrate: true });
try {
  const written = await exportResume(handle.db, id, values.out, { force: values.force });
  const { applicantName, position, resumeContentType } = written.application;
  console.error(
    `Wrote ${written.path}: the resume of ${applicantName} for "${position}" (${resumeContentType}, ${written.bytes} bytes).`,
  );
} catch (error) {
  if (!(error instanceof ResumeExportError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
