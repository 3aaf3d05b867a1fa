import 'server-only';
import { randomBytes } from 'node:crypto';
import type { ObjectStore } from '@/lib/storage/objects';
import { objectStore } from '@/lib/storage/store';
import { RESUME_KINDS, type ResumeKind } from '@/lib/submissions/resume-type';

/**
 * Files visitors upload (job application resumes), kept in the site's object store
 * (lib/storage/store.ts: the uploads folder, or the S3-compatible bucket) under names the server
 * generates. Nothing serves them to visitors: the database row records the generated name, and
 * staff get a file back through the console's checked download or `npm run applications:resume`.
 */

/** A stored name: 32 random hex digits and the extension of the detected kind. */
const STORED_NAME = /^[0-9a-f]{32}\.(?:pdf|doc|docx)$/;

/** The object key of a stored resume; refuses anything but a generated name, so no row can reach elsewhere. */
export function resumeKey(storedName: string): string {
  if (!STORED_NAME.test(storedName)) {
    throw new Error(`"${storedName}" is not the name of a stored upload.`);
  }
  return storedName;
}

/**
 * Writes `bytes` under a new random name (128 random bits: never one already used) and returns
 * that name. It is stored whole, and on disk flushed, before the application is acknowledged.
 */
export async function storeUpload(
  bytes: Uint8Array,
  kind: ResumeKind,
  store: ObjectStore = objectStore(),
): Promise<string> {
  const storedName = `${randomBytes(16).toString('hex')}${RESUME_KINDS[kind].extension}`;
  await store.put(resumeKey(storedName), bytes, RESUME_KINDS[kind].contentType);
  return storedName;
}

/** The stored file's bytes, or null when it is missing. */
export async function readUpload(
  storedName: string,
  store: ObjectStore = objectStore(),
): Promise<Buffer | null> {
  return store.read(resumeKey(storedName));
}

/** Removes a stored file (when its row could not be saved); a missing file is not an error. */
export async function removeUpload(storedName: string, store: ObjectStore = objectStore()) {
  await store.remove(resumeKey(storedName));
}

/**
 * The file name the visitor's browser sent, made safe to keep and show: the last path segment
 * (old browsers send `C:\fakepath\cv.pdf`), no control characters, at most 255 characters;
 * `resume.<ext>` when nothing usable is left (empty, `.` or `..`).
 */
export function cleanOriginalName(name: string, kind: ResumeKind): string {
  const base = name.split(/[\\/]/).at(-1) ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .trim();
  const characters = Array.from(cleaned);
  return characters.length === 0 || cleaned === '.' || cleaned === '..'
    ? `resume${RESUME_KINDS[kind].extension}`
    : characters.slice(0, 255).join('');
}

/** The longest file name written for a resume, in UTF-8 bytes (file systems allow 255). */
export const MAX_EXPORT_NAME_BYTES = 120;

/**
 * The name under which a stored resume is written for staff: `application-<id>-<name>.<ext>`,
 * where `<name>` is what is left of the applicant's own file name once everything but letters,
 * digits, spaces, dots, dashes and underscores is gone (no path, no hidden-file dot, no
 * direction overrides), cut to fit MAX_EXPORT_NAME_BYTES, and `<ext>` is the extension of the
 * type the content was detected as, never the one the applicant gave: a PDF sent as
 * `resume.html` comes back as a `.pdf`.
 */
export function safeResumeFileName(id: number, originalName: string, kind: ResumeKind): string {
  const extension = RESUME_KINDS[kind].extension;
  const prefix = `application-${id}`;
  const base = (originalName.split(/[\\/]/).at(-1) ?? '').normalize('NFC');
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const cleaned = stem
    .replace(/[^\p{L}\p{N}\p{M} ._-]+/gu, '_')
    .replace(/[ ._-]*_[ ._-]*/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[ ._-]+|[ ._-]+$/g, '');
  const budget = MAX_EXPORT_NAME_BYTES - Buffer.byteLength(`${prefix}-${extension}`);
  let kept = '';
  for (const character of cleaned) {
    if (Buffer.byteLength(kept + character) > budget) break;
    kept += character;
  }
  kept = kept.replace(/[ ._-]+$/, '');
  return kept ? `${prefix}-${kept}${extension}` : `${prefix}${extension}`;
}
