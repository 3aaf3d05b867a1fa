import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerEnv } from '@/lib/env/server';
import { DiskObjectStore } from '@/lib/storage/disk';
import { uploadsDir } from '@/lib/storage/store';
import { detectResumeKind, zipEntryNames } from '@/lib/submissions/resume-type';
import {
  cleanOriginalName,
  readUpload,
  removeUpload,
  resumeKey,
  storeUpload,
} from '@/lib/submissions/uploads';
import {
  compoundFile,
  docBytes,
  docxBytes,
  pdfBytes,
  pngBytes,
  xlsxBytes,
  zipArchive,
} from '../api/support/resume-files';

const folder = mkdtempSync(path.join(tmpdir(), 'tcsa-uploads-unit-'));
const store = new DiskObjectStore(folder);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('detectResumeKind: judged by content', () => {
  it('recognises a PDF, a Word 97-2003 document and a Word document', () => {
    expect(detectResumeKind(pdfBytes())).toBe('pdf');
    expect(detectResumeKind(docBytes())).toBe('doc');
    expect(detectResumeKind(docxBytes())).toBe('docx');
  });

  it('refuses other files, including look-alikes of the same containers', () => {
    expect(detectResumeKind(new Uint8Array(0))).toBeNull();
    expect(detectResumeKind(pngBytes())).toBeNull();
    expect(detectResumeKind(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(detectResumeKind(xlsxBytes())).toBeNull();
    expect(detectResumeKind(zipArchive({ 'word/document.xml': '<w/>' }))).toBeNull();
    expect(detectResumeKind(zipArchive({ '[Content_Types].xml': '<Types/>' }))).toBeNull();
    expect(detectResumeKind(compoundFile('Workbook'))).toBeNull();
    expect(detectResumeKind(compoundFile('PowerPoint Document'))).toBeNull();
  });

  it('reads the names of a ZIP central directory, even after a trailing comment', () => {
    const archive = zipArchive({ 'a.txt': 'a', 'dir/b.txt': 'b' });
    expect(zipEntryNames(archive)).toEqual(['a.txt', 'dir/b.txt']);
    const withComment = new Uint8Array([...archive, 0, 0]);
    // Declare a two-byte comment in the end record, as zip tools write one.
    withComment[archive.length - 2] = 2;
    expect(zipEntryNames(withComment)).toEqual(['a.txt', 'dir/b.txt']);
    expect(zipEntryNames(archive.slice(0, archive.length - 5))).toBeNull();
  });

  it('never throws, whatever the bytes after a signature', () => {
    const signatures = [
      [0x25, 0x50, 0x44, 0x46, 0x2d],
      [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
      [0x50, 0x4b, 0x03, 0x04],
      [],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...signatures),
        fc.uint8Array({ maxLength: 4000 }),
        (head, tail) => {
          const kind = detectResumeKind(new Uint8Array([...head, ...tail]));
          expect([null, 'pdf', 'doc', 'docx']).toContain(kind);
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 30 }),
        (edits) => {
          const bytes = docxBytes();
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          expect([null, 'docx']).toContain(detectResumeKind(bytes));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('uploads folder', () => {
  const env = (values: Partial<ServerEnv>) => values as ServerEnv;

  it('is UPLOADS_DIR when set, else uploads beside the PGlite data folder', () => {
    expect(uploadsDir(env({ UPLOADS_DIR: '/srv/tcsa/resumes' }))).toBe('/srv/tcsa/resumes');
    expect(uploadsDir(env({ PGLITE_DATA_DIR: '/tmp/site/pglite' }))).toBe('/tmp/site/uploads');
    expect(uploadsDir(env({}))).toBe(path.resolve('.data/uploads'));
    expect(uploadsDir(env({ PGLITE_DATA_DIR: 'memory://' }))).toBe(path.resolve('.data/uploads'));
    expect(
      uploadsDir(env({ DATABASE_URL: 'postgres://db/tcsa', PGLITE_DATA_DIR: '/tmp/x/pglite' })),
    ).toBe(path.resolve('.data/uploads'));
  });

  it('refuses a folder inside public/, where files are served to visitors', () => {
    for (const inside of ['public', 'public/uploads', './public/media/../resumes']) {
      expect(() => uploadsDir(env({ UPLOADS_DIR: inside }))).toThrow(
        /UPLOADS_DIR \(.*\) is inside public\/, whose files are served to every visitor/,
      );
    }
    expect(uploadsDir(env({ UPLOADS_DIR: 'public-uploads' }))).toBe(path.resolve('public-uploads'));
  });

  it('stores bytes under a new random name, private to the server user, and reads them back', async () => {
    const bytes = pdfBytes(10_000);
    const first = await storeUpload(bytes, 'pdf', store);
    const second = await storeUpload(bytes, 'pdf', store);
    expect(first).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(second).not.toBe(first);
    expect(new Uint8Array((await readUpload(first, store))!)).toEqual(bytes);
    expect(new Uint8Array(readFileSync(path.join(folder, second)))).toEqual(bytes);
    expect(statSync(path.join(folder, first)).mode & 0o777).toBe(0o600);
    expect(await storeUpload(docxBytes(), 'docx', store)).toMatch(/\.docx$/);
    await removeUpload(first, store);
    await removeUpload(first, store); // already gone: not an error
    expect(await readUpload(first, store)).toBeNull();
  });

  it('only ever reaches generated names', async () => {
    for (const name of ['../secret.pdf', '/etc/passwd', 'a.pdf', `${'a'.repeat(32)}.exe`, '']) {
      expect(() => resumeKey(name)).toThrow(/is not the name of a stored upload/);
      await expect(readUpload(name, store)).rejects.toThrow(/is not the name of a stored upload/);
    }
    expect(resumeKey(`${'a'.repeat(32)}.doc`)).toBe(`${'a'.repeat(32)}.doc`);
  });
});

describe('cleanOriginalName', () => {
  it.each([
    ['cv.pdf', 'cv.pdf'],
    ['C:\\fakepath\\Hao Zhou CV.pdf', 'Hao Zhou CV.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['  简历.docx ', '简历.docx'],
    ['a\u0000b\u001f.doc', 'ab.doc'],
    ['', 'resume.pdf'],
    ['..', 'resume.pdf'],
    ['dir/', 'resume.pdf'],
  ])('%j → %j', (name, expected) => {
    expect(cleanOriginalName(name, 'pdf')).toBe(expected);
  });

  it('keeps at most 255 characters', () => {
    expect(Array.from(cleanOriginalName('😀'.repeat(300), 'doc'))).toHaveLength(255);
  });
});
