import { mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { submissionCreatedSchema } from '@/lib/api/contract';
import { resetSubmissionLimiterForTests } from '@/lib/submissions/endpoints';
import { findJobApplication, listContactMessages } from '@/lib/db/queries';
import { seedDatabase } from '@/lib/db/seed';
import { ResumeExportError, exportResume, exportSubmissionsCsv } from '@/lib/db/submissions-export';
import { resetServerEnvForTests } from '@/lib/env/server';
import { docBytes, docxBytes, pdfBytes } from '../api/support/resume-files';
import { type Endpoint, applicationForm, submit } from '../api/support/submissions';
import { parseCsv } from './support/parse-csv';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

vi.mock('next/cache', () => import('../api/support/next-cache'));

let database: TestDatabase;
let uploads: string;
let out: string;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'tcsa-export-uploads-'));
  out = mkdtempSync(path.join(tmpdir(), 'tcsa-export-out-'));
  process.env.UPLOADS_DIR = uploads;
  resetServerEnvForTests();
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database.dispose();
  delete process.env.UPLOADS_DIR;
  resetServerEnvForTests();
  rmSync(uploads, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

/** Submits through the endpoint, as a visitor's browser does, and returns the stored id. */
async function stored(endpoint: Endpoint, body: unknown): Promise<number> {
  resetSubmissionLimiterForTests();
  const answer = await submit(endpoint, body);
  expect(answer.status).toBe(201);
  return submissionCreatedSchema.parse(answer.body).id;
}

describe(`exports list what was stored (${DATABASE_UNDER_TEST})`, () => {
  it('messages: every field, oldest first, with CSV quoting and formulas neutralised', async () => {
    const first = {
      sender_name: 'Wang, Lin',
      sender_email: 'lin@example.org',
      message: 'Two lines:\n"quoted" and, a comma',
    };
    const second = { sender_name: '=cmd()', sender_email: 'x@example.org', message: '谢谢' };
    const ids = [await stored('messages', first), await stored('messages', second)];

    const { csv, count } = await exportSubmissionsCsv(database.db, 'messages');
    expect(count).toBe(2);
    expect(csv.startsWith('id,sender_name,sender_email,message,received_at\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual(['id', 'sender_name', 'sender_email', 'message', 'received_at']);
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      [String(ids[0]), 'Wang, Lin', 'lin@example.org', 'Two lines:\n"quoted" and, a comma'],
      [String(ids[1]), "'=cmd()", 'x@example.org', '谢谢'],
    ]);
    for (const row of rows) {
      expect(Math.abs(Date.parse(row[4]!) - Date.now())).toBeLessThan(5 * 60_000);
    }
  });

  it('service requests', async () => {
    const id = await stored('serviceRequests', {
      name: 'Rideau Tech',
      email: 'hello@example.org',
      needs: 'A website for our club fair',
    });
    const { csv, count } = await exportSubmissionsCsv(database.db, 'serviceRequests');
    expect(count).toBe(1);
    const [header, row] = parseCsv(csv);
    expect(header).toEqual(['id', 'name', 'email', 'needs', 'received_at']);
    expect(row!.slice(0, 4)).toEqual([
      String(id),
      'Rideau Tech',
      'hello@example.org',
      'A website for our club fair',
    ]);
  });

  it('applications, with the resume file details', async () => {
    const id = await stored(
      'applications',
      applicationForm(
        { applicant_name: 'Zhang Wei', applicant_email: 'wei@example.org', position: 'Treasurer' },
        { bytes: docxBytes(), name: 'Zhang Wei.docx' },
      ),
    );
    const row = (await findJobApplication(database.db, id))!;
    const { csv } = await exportSubmissionsCsv(database.db, 'applications');
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([
      'id',
      'applicant_name',
      'applicant_email',
      'position',
      'resume_original_name',
      'resume_content_type',
      'resume_size',
      'resume_stored_name',
      'received_at',
    ]);
    expect(rows.find((cells) => cells[0] === String(id))).toEqual([
      String(id),
      'Zhang Wei',
      'wei@example.org',
      'Treasurer',
      'Zhang Wei.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      String(docxBytes().byteLength),
      row.resumeStoredName,
      row.createdAt.toISOString(),
    ]);
  });
});

describe(`a stored resume back to a file (${DATABASE_UNDER_TEST})`, () => {
  it('writes bytes identical to the upload', async () => {
    const bytes = pdfBytes(300_000);
    const id = await stored(
      'applications',
      applicationForm({}, { bytes, name: 'Li Na resume.pdf' }),
    );
    const target = path.join(out, 'nested', 'li-na.pdf');
    const written = await exportResume(database.db, id, target);
    expect(written.path).toBe(target);
    expect(written.bytes).toBe(bytes.byteLength);
    expect(written.application.id).toBe(id);
    expect(new Uint8Array(readFileSync(target))).toEqual(bytes);
  });

  it('into an existing folder, under a safe name with the application id and the original name', async () => {
    const id = await stored(
      'applications',
      applicationForm({}, { bytes: docxBytes('Folder'), name: 'C:\\fakepath\\Mei CV.docx' }),
    );
    const written = await exportResume(database.db, id, out);
    expect(written.path).toBe(path.join(out, `application-${id}-Mei CV.docx`));
    expect(new Uint8Array(readFileSync(written.path))).toEqual(docxBytes('Folder'));
  });

  it.each([
    // A PDF named as a web page comes back as a PDF, never as something a browser would run.
    ['resume.html', pdfBytes(), (id: number) => `application-${id}-resume.pdf`],
    ['.bashrc', pdfBytes(), (id: number) => `application-${id}.pdf`],
    ['...', docBytes(), (id: number) => `application-${id}.doc`],
    ['..\\..\\evil\u202Efdp.exe', pdfBytes(), (id: number) => `application-${id}-evil_fdp.pdf`],
  ])(
    'an applicant’s file name %j is written as a safe name of the detected type',
    async (name, bytes, expected) => {
      const id = await stored('applications', applicationForm({}, { bytes, name }));
      const folder = mkdtempSync(path.join(out, 'names-'));
      const written = await exportResume(database.db, id, folder);
      expect(written.path).toBe(path.join(folder, expected(id)));
      expect(readdirSync(folder)).toEqual([expected(id)]);
    },
  );

  it('a 200-character CJK name is cut to fit the file system instead of failing', async () => {
    const id = await stored(
      'applications',
      applicationForm({}, { bytes: pdfBytes(), name: `${'简历'.repeat(100)}.pdf` }),
    );
    const folder = mkdtempSync(path.join(out, 'cjk-'));
    const written = await exportResume(database.db, id, folder);
    const name = path.basename(written.path);
    expect(name).toMatch(new RegExp(`^application-${id}-(简历)+简?\\.pdf$`));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(120);
    expect(new Uint8Array(readFileSync(written.path))).toEqual(pdfBytes());
  });

  it('keeps an existing file unless forced', async () => {
    const id = await stored('applications', applicationForm());
    const target = path.join(out, 'existing.pdf');
    writeFileSync(target, 'keep me');
    await expect(exportResume(database.db, id, target)).rejects.toThrow(
      `${target} already exists. Choose another path, or add --force to replace it.`,
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    await exportResume(database.db, id, target, { force: true });
    expect(readFileSync(target, 'latin1').startsWith('%PDF-')).toBe(true);
  });

  it('says clearly when the id is unknown or the file has gone', async () => {
    const unknown = exportResume(database.db, 987_654, path.join(out, 'none.pdf'));
    await expect(unknown).rejects.toBeInstanceOf(ResumeExportError);
    await expect(unknown).rejects.toThrow('There is no job application with id 987654.');

    const id = await stored('applications', applicationForm());
    const row = (await findJobApplication(database.db, id))!;
    unlinkSync(path.join(uploads, row.resumeStoredName));
    await expect(exportResume(database.db, id, path.join(out, 'gone.pdf'))).rejects.toThrow(
      `The resume of application ${id} (${row.resumeStoredName}) is missing from the uploads folder ${uploads}. Check UPLOADS_DIR, or the S3_* settings.`,
    );
  });
});

it(`re-seeding the content (db:seed -- --reset) keeps every submission (${DATABASE_UNDER_TEST})`, async () => {
  const id = await stored('messages', {
    sender_name: 'Kept',
    sender_email: 'kept@example.org',
    message: 'Still here after a reset?',
  });
  await seedDatabase(database.db);
  const rows = await listContactMessages(database.db);
  expect(rows.find((row) => row.id === id)?.message).toBe('Still here after a reset?');
  expect((await exportSubmissionsCsv(database.db, 'applications')).count).toBeGreaterThan(0);
});
