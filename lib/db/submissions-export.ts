import 'server-only';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { detectResumeKind } from '@/lib/submissions/resume-type';
import type { ObjectStore } from '@/lib/storage/objects';
import { objectStore } from '@/lib/storage/store';
import { readUpload, safeResumeFileName } from '@/lib/submissions/uploads';
import type { Database } from './client';
import { toCsv } from './csv';
import {
  findJobApplication,
  listContactMessages,
  listJobApplications,
  listServiceRequests,
} from './queries';
import type { JobApplication } from './schema';

/**
 * The executives' access to what visitors submitted: CSV lists (`npm run submissions:export`)
 * and a stored resume written back to a file (`npm run applications:resume`). The scripts in
 * scripts/db are thin command lines over these functions.
 */

export const SUBMISSION_KINDS = ['messages', 'serviceRequests', 'applications'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return SUBMISSION_KINDS.includes(value as SubmissionKind);
}

export type CsvExport = { csv: string; count: number };

/** Every stored submission of one kind, oldest first, as CSV (header row included). */
export async function exportSubmissionsCsv(db: Database, kind: SubmissionKind): Promise<CsvExport> {
  switch (kind) {
    case 'messages': {
      const rows = await listContactMessages(db);
      return {
        count: rows.length,
        csv: toCsv(
          ['id', 'sender_name', 'sender_email', 'message', 'received_at'],
          rows.map((row) => [row.id, row.senderName, row.senderEmail, row.message, row.createdAt]),
        ),
      };
    }
    case 'serviceRequests': {
      const rows = await listServiceRequests(db);
      return {
        count: rows.length,
        csv: toCsv(
          ['id', 'name', 'email', 'needs', 'received_at'],
          rows.map((row) => [row.id, row.name, row.email, row.needs, row.createdAt]),
        ),
      };
    }
    case 'applications': {
      const rows = await listJobApplications(db);
      return {
        count: rows.length,
        csv: toCsv(
          [
            'id',
            'applicant_name',
            'applicant_email',
            'position',
            'resume_original_name',
            'resume_content_type',
            'resume_size',
            'resume_stored_name',
            'received_at',
          ],
          rows.map((row) => [
            row.id,
            row.applicantName,
            row.applicantEmail,
            row.position,
            row.resumeOriginalName,
            row.resumeContentType,
            row.resumeSize,
            row.resumeStoredName,
            row.createdAt,
          ]),
        ),
      };
    }
  }
}

/** A refusal the command line prints as it is (no stack trace): its message says what to do. */
export class ResumeExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResumeExportError';
  }
}

export type ResumeExportOptions = {
  /** Replace an existing file at the destination. */
  force?: boolean;
  /** Where the uploaded files are; default the configured store. */
  store?: ObjectStore;
};

export type ResumeExport = { path: string; application: JobApplication; bytes: number };

/**
 * Writes the resume of application `id` to `out`: a file path, or an existing folder (the file
 * then keeps the name it had on the applicant's computer). An existing file is kept unless
 * `force`; missing parent folders are created.
 */
export async function exportResume(
  db: Database,
  id: number,
  out: string,
  options: ResumeExportOptions = {},
): Promise<ResumeExport> {
  const application = await findJobApplication(db, id);
  if (!application) throw new ResumeExportError(`There is no job application with id ${id}.`);

  const store = options.store ?? objectStore();
  const bytes = await readUpload(application.resumeStoredName, store);
  if (!bytes) {
    throw new ResumeExportError(
      `The resume of application ${id} (${application.resumeStoredName}) is missing from ${store.where}. Check UPLOADS_DIR, or the S3_* settings.`,
    );
  }

  const existing = await stat(out).catch(() => null);
  const kind = detectResumeKind(bytes);
  if (!kind) {
    throw new ResumeExportError(
      `The stored resume of application ${id} (${application.resumeStoredName}) is no longer a PDF, DOC or DOCX file; it was not written.`,
    );
  }
  const destination = existing?.isDirectory()
    ? path.join(out, safeResumeFileName(id, application.resumeOriginalName, kind))
    : out;
  await mkdir(path.dirname(path.resolve(destination)), { recursive: true });
  try {
    await writeFile(destination, bytes, { flag: options.force ? 'w' : 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new ResumeExportError(
        `${destination} already exists. Choose another path, or add --force to replace it.`,
      );
    }
    throw error;
  }
  return { path: destination, application, bytes: bytes.byteLength };
}
