import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PGLITE_DATA_DIR } from '@/lib/env/data-folders';
import { getServerEnv, type ServerEnv } from '@/lib/env/server';
import { RESUME_KINDS, type ResumeKind } from '@/lib/submissions/resume-type';

/**
 * Files visitors upload (job application resumes), kept on the server's file system under names
 * the server generates, in a folder no route serves. The database row records the generated
 * name; executives get a file back with `npm run applications:resume`.
 */

/** A stored name: 32 random hex digits and the extension of the detected kind. */
const STORED_NAME = /^[0-9a-f]{32}\.(?:pdf|doc|docx)$/;

/**
 * The uploads folder, absolute: UPLOADS_DIR, else `uploads` beside the PGlite data folder (so a
 * server started on another data folder, as the tests do, keeps its files there too), else
 * `.data/uploads`. A folder inside public/ is refused: everything there is served to visitors.
 */
export function uploadsDir(env: ServerEnv = getServerEnv()): string {
  let folder: string;
  if (env.UPLOADS_DIR) folder = env.UPLOADS_DIR;
  else if (!env.DATABASE_URL && env.PGLITE_DATA_DIR && env.PGLITE_DATA_DIR !== 'memory://') {
    folder = path.join(path.dirname(env.PGLITE_DATA_DIR), 'uploads');
  } else folder = path.join(path.dirname(DEFAULT_PGLITE_DATA_DIR), 'uploads');
  // A folder chosen at run time, not a file of the build: the bundler is told not to trace it
  // (it would otherwise copy the whole project into the server's output).
  const resolved = path.resolve(/*turbopackIgnore: true*/ folder);
  const fromPublic = path.relative(path.resolve('public'), resolved);
  if (fromPublic === '' || (!fromPublic.startsWith('..') && !path.isAbsolute(fromPublic))) {
    throw new Error(
      `UPLOADS_DIR (${resolved}) is inside public/, whose files are served to every visitor; choose a folder outside it.`,
    );
  }
  return resolved;
}

/** The path of a stored file; refuses anything but a generated name, so no row can reach elsewhere. */
export function storedFilePath(storedName: string, folder: string = uploadsDir()): string {
  if (!STORED_NAME.test(storedName)) {
    throw new Error(`"${storedName}" is not the name of a stored upload.`);
  }
  return path.join(folder, storedName);
}

/**
 * Writes `bytes` under a new random name and returns that name. The file is created exclusively
 * (never overwriting), readable by the server's user only, and flushed to disk before the
 * application is acknowledged.
 */
export async function storeUpload(
  bytes: Uint8Array,
  kind: ResumeKind,
  folder: string = uploadsDir(),
): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const storedName = `${randomBytes(16).toString('hex')}${RESUME_KINDS[kind].extension}`;
  const file = await open(storedFilePath(storedName, folder), 'wx', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  return storedName;
}

export function readUpload(storedName: string, folder: string = uploadsDir()): Promise<Buffer> {
  return readFile(storedFilePath(storedName, folder));
}

/** Removes a stored file (when its row could not be saved); a missing file is not an error. */
export async function removeUpload(storedName: string, folder: string = uploadsDir()) {
  await unlink(storedFilePath(storedName, folder)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
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
