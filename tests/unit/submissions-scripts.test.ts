import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { insertContactMessage, insertJobApplication } from '@/lib/db/queries';
import { DiskObjectStore } from '@/lib/storage/disk';
import { storeUpload } from '@/lib/submissions/uploads';
import { docBytes } from './api/support/resume-files';
import { parseCsv } from './db/support/parse-csv';
import { createTestDataFolder } from './db/support/test-database';

/**
 * The executives' command lines as they run them (`npm run submissions:export`, `npm run
 * applications:resume`): the scripts in their own processes, on an embedded database folder.
 */

const run = promisify(execFile);
const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');

let work: string;
let env: NodeJS.ProcessEnv;
let applicationId: number;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'tcsa-scripts-'));
  const dataDir = path.join(work, 'pglite');
  const uploads = path.join(work, 'uploads');
  await createTestDataFolder(dataDir);
  const handle = await openDatabase({ dataDir });
  try {
    await insertContactMessage(handle.db, {
      senderName: 'Chen Yu',
      senderEmail: 'yu@example.org',
      message: 'Do you run résumé workshops?',
    });
    const storedName = await storeUpload(docBytes(), 'doc', new DiskObjectStore(uploads));
    applicationId = (
      await insertJobApplication(handle.db, {
        applicantName: 'Chen Yu',
        applicantEmail: 'yu@example.org',
        position: 'Event Manager',
        resumeStoredName: storedName,
        resumeOriginalName: 'Chen Yu.doc',
        resumeContentType: 'application/msword',
        resumeSize: docBytes().byteLength,
      })
    ).id;
  } finally {
    await handle.close();
  }
  env = { ...process.env, PGLITE_DATA_DIR: dataDir, UPLOADS_DIR: uploads, DATABASE_URL: '' };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function script(name: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [TSX, '--conditions=react-server', `scripts/db/${name}.ts`, ...args],
      { env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run submissions:export', () => {
  it('prints the stored messages as CSV, and the count on standard error', async () => {
    const result = await script('export-submissions', ['--kind', 'messages']);
    expect(result.code).toBe(0);
    const [header, row] = parseCsv(result.stdout);
    expect(header).toEqual(['id', 'sender_name', 'sender_email', 'message', 'received_at']);
    expect(row!.slice(1, 4)).toEqual(['Chen Yu', 'yu@example.org', 'Do you run résumé workshops?']);
    expect(result.stderr).toContain('1 messages exported.');
  });

  it('explains its usage for a missing or unknown kind', async () => {
    const unknown = await script('export-submissions', ['--kind', 'emails']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown kind "emails".');
    expect(unknown.stderr).toContain(
      'Usage: npm run submissions:export -- --kind messages|serviceRequests|applications',
    );
  });
});

describe('npm run applications:resume', () => {
  it('writes the stored resume to the path given, byte for byte', async () => {
    const target = path.join(work, 'out', 'resume.doc');
    const result = await script('extract-resume', ['--id', String(applicationId), '--out', target]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `Wrote ${target}: the resume of Chen Yu for "Event Manager" (application/msword, ${docBytes().byteLength} bytes).`,
    );
    expect(new Uint8Array(readFileSync(target))).toEqual(docBytes());
  });

  it('fails clearly for an unknown id, and explains its usage without --out', async () => {
    const unknown = await script('extract-resume', ['--id', '4242', '--out', work]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('There is no job application with id 4242.');
    const usage = await script('extract-resume', ['--id', String(applicationId)]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(
      'Usage: npm run applications:resume -- --id <id> --out <path> [--force]',
    );
  });
});
