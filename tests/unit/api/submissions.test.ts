import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { submissionCreatedSchema } from '@/lib/api/contract';
import { resetSubmissionLimiterForTests } from '@/lib/submissions/endpoints';
import { setDatabaseForTests } from '@/lib/db/client';
import { listContactMessages, listJobApplications, listServiceRequests } from '@/lib/db/queries';
import { resetServerEnvForTests } from '@/lib/env/server';
import { MAX_RESUME_BYTES } from '@/lib/submissions/resume-type';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from '../db/support/test-database';
import {
  compoundFile,
  docBytes,
  docxBytes,
  pdfBytes,
  pngBytes,
  xlsxBytes,
  zipArchive,
} from './support/resume-files';
import {
  ENDPOINTS,
  type Endpoint,
  applicationForm,
  message,
  serviceRequest,
  submissionRequest,
  submit,
} from './support/submissions';

vi.mock('next/cache', () => import('./support/next-cache'));

let database: TestDatabase;
let uploads: string;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'tcsa-uploads-'));
  process.env.UPLOADS_DIR = uploads;
  resetServerEnvForTests();
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database.dispose();
  delete process.env.UPLOADS_DIR;
  resetServerEnvForTests();
  rmSync(uploads, { recursive: true, force: true });
});
afterEach(() => {
  resetSubmissionLimiterForTests();
  delete process.env.SUBMISSION_RATE_LIMIT_PER_MINUTE;
  resetServerEnvForTests();
});

const storedFiles = () => readdirSync(uploads).sort();

/** A valid body for each endpoint. */
const VALID: Record<Endpoint, () => unknown> = {
  messages: () => message(),
  serviceRequests: () => serviceRequest(),
  applications: () => applicationForm(),
};

async function storedIds(endpoint: Endpoint): Promise<number[]> {
  const rows =
    endpoint === 'messages'
      ? await listContactMessages(database.db)
      : endpoint === 'serviceRequests'
        ? await listServiceRequests(database.db)
        : await listJobApplications(database.db);
  return rows.map((row) => row.id);
}

describe(`POST /api/messages/ (${DATABASE_UNDER_TEST})`, () => {
  it('201: stores the message (trimmed) and answers its id and a receipt', async () => {
    const body = {
      sender_name: '  Lin Wang ',
      sender_email: ' Lin.Wang@Example.org ',
      message: 'Hello!\n\tCould the club help with my résumé? 谢谢',
    };
    const answer = await submit('messages', body);
    expect(answer.status).toBe(201);
    expect(answer.response.headers.get('cache-control')).toBe('no-store');
    const created = submissionCreatedSchema.parse(answer.body);
    expect(created.message).toBe('Your message has been received.');
    const row = (await listContactMessages(database.db)).find((item) => item.id === created.id);
    expect(row).toMatchObject({
      senderName: 'Lin Wang',
      senderEmail: 'Lin.Wang@Example.org',
      message: 'Hello!\n\tCould the club help with my résumé? 谢谢',
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  describe('400: per-field messages', () => {
    it.each([
      [{}, ['sender_name', 'sender_email', 'message']],
      [{ sender_name: 'A', sender_email: 'a@example.org' }, ['message']],
      [{ sender_name: ' ', sender_email: 'a@example.org', message: 'Hi' }, ['sender_name']],
      [{ sender_name: 'A', sender_email: 'not-an-email', message: 'Hi' }, ['sender_email']],
      [
        { sender_name: 'A'.repeat(101), sender_email: 'a@example.org', message: 'Hi' },
        ['sender_name'],
      ],
      [{ sender_name: 'A', sender_email: 'a@example.org', message: 'x'.repeat(5001) }, ['message']],
      [{ sender_name: 'A\u0007', sender_email: 'a@example.org', message: 'Hi' }, ['sender_name']],
      [{ sender_name: 'A', sender_email: 'a@example.org', message: 'Hi\u0000' }, ['message']],
      // A lone surrogate would be stored as U+FFFD without a word.
      [{ sender_name: 'A\ud800', sender_email: 'a@example.org', message: 'Hi' }, ['sender_name']],
      [
        { sender_name: 'A', sender_email: 'a@example.org', message: 'Hi \udc00 there' },
        ['message'],
      ],
      // A name that would display reversed, or with hidden characters, to staff.
      [
        { sender_name: 'Ann\u202Egnip', sender_email: 'a@example.org', message: 'Hi' },
        ['sender_name'],
      ],
      [
        { sender_name: 'Ann\u2067x\u2069', sender_email: 'a@example.org', message: 'Hi' },
        ['sender_name'],
      ],
      [{ sender_name: 'A\u200Bnn', sender_email: 'a@example.org', message: 'Hi' }, ['sender_name']],
      [
        { sender_name: 7, sender_email: ['a@example.org'], message: null },
        ['sender_name', 'sender_email', 'message'],
      ],
    ])('%j', async (body, fields) => {
      const answer = await submit('messages', body);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.fields as object).sort()).toEqual([...fields].sort());
    });

    it('names unreadable and invisible characters in clear sentences, and stores nothing', async () => {
      const before = await storedIds('messages');
      const answer = await submit('messages', {
        sender_name: 'Ann\u202Egnip',
        sender_email: 'a@example.org',
        message: 'Hi \ud83d',
      });
      expect(answer.body.fields).toEqual({
        sender_name:
          'Name must not contain invisible formatting characters (such as zero-width spaces, soft hyphens, fillers or text-direction marks). Please type it again.',
        message: 'Message contains characters that could not be read. Please type it again.',
      });
      expect(await storedIds('messages')).toEqual(before);
      // Paired surrogates (an emoji) and a joined emoji are ordinary text.
      const ok = await submit(
        'messages',
        message({ sender_name: 'Lin 🌸', message: 'See you 👩‍💻' }),
      );
      expect(ok.status).toBe(201);
    });

    it('says what is wrong in clear sentences', async () => {
      const answer = await submit('messages', { sender_email: 'nope', message: 'x'.repeat(5001) });
      expect(answer.body).toEqual({
        error:
          'Name is required. Enter a valid email address. Message must be at most 5000 characters.',
        fields: {
          sender_name: 'Name is required.',
          sender_email: 'Enter a valid email address.',
          message: 'Message must be at most 5000 characters.',
        },
      });
    });

    it.each(['', 'not json', '[1]', 'null', '"text"'])(
      'a body that is not a JSON object: %j',
      async (text) => {
        const answer = await submit('messages', text, {
          headers: { 'content-type': 'application/json' },
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          error:
            'The request body must be a JSON object with sender_name, sender_email and message.',
        });
      },
    );
  });

  it('413: a body over 32 KB, refused with a sentence about the length', async () => {
    const answer = await submit('messages', message({ message: 'x'.repeat(40_000) }));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: 'The message is too long to send: it must be at most 5000 characters.',
    });
  });

  it('a message of exactly 5000 characters, every one escaped in JSON, still fits', async () => {
    const answer = await submit('messages', message({ message: '"'.repeat(4999) + '\n' }));
    expect(answer.status).toBe(201);
  });
});

describe(`POST /api/serviceRequests/ (${DATABASE_UNDER_TEST})`, () => {
  it('201: stores the request and answers its id and a receipt', async () => {
    const body = serviceRequest({
      name: ' Ottawa Tea House ',
      needs: 'Event hosting\nfor 80 guests',
    });
    const answer = await submit('serviceRequests', body);
    expect(answer.status).toBe(201);
    const created = submissionCreatedSchema.parse(answer.body);
    expect(created.message).toBe('Your request has been received.');
    const row = (await listServiceRequests(database.db)).find((item) => item.id === created.id);
    expect(row).toMatchObject({
      name: 'Ottawa Tea House',
      email: body.email,
      needs: 'Event hosting\nfor 80 guests',
    });
  });

  it.each([
    [{}, ['name', 'email', 'needs']],
    [{ name: 'N'.repeat(151), email: 'a@example.org', needs: 'Video' }, ['name']],
    [{ name: 'N', email: 'a@', needs: 'Video' }, ['email']],
    [{ name: 'N', email: 'a@example.org', needs: '   ' }, ['needs']],
    [{ name: 'N', email: 'a@example.org', needs: 'n'.repeat(5001) }, ['needs']],
  ])('400 %j', async (body, fields) => {
    const answer = await submit('serviceRequests', body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields as object).sort()).toEqual([...fields].sort());
  });

  it('names the fields in clear sentences', async () => {
    const answer = await submit('serviceRequests', { email: 'a@example.org', needs: '' });
    expect(answer.body.fields).toEqual({
      name: 'Name or organization name is required.',
      needs: 'The description of your needs is required.',
    });
  });

  it('400 for a body that is not a JSON object, 413 over 32 KB', async () => {
    expect(
      (
        await submit('serviceRequests', '{"name":', {
          headers: { 'content-type': 'application/json' },
        })
      ).body,
    ).toEqual({ error: 'The request body must be a JSON object with name, email and needs.' });
    const large = await submit('serviceRequests', serviceRequest({ needs: 'n'.repeat(33_000) }));
    expect(large.status).toBe(413);
    expect(large.body.error).toBe(
      'The request is too long to send: the description of your needs must be at most 5000 characters.',
    );
  });
});

describe(`POST /api/applications/ (${DATABASE_UNDER_TEST})`, () => {
  it.each([
    ['PDF', pdfBytes(2048), 'Hao Zhou CV.pdf', 'application/pdf', '.pdf'],
    ['DOC', docBytes(), 'cv.doc', 'application/msword', '.doc'],
    [
      'DOCX',
      docxBytes(),
      'cv.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      '.docx',
    ],
  ])(
    '201 for a %s: the row and the identical file under a generated name',
    async (_, bytes, name, type, extension) => {
      const before = storedFiles();
      const answer = await submit(
        'applications',
        applicationForm({ applicant_name: ' Hao Zhou ' }, { bytes, name, type: 'text/plain' }),
      );
      expect(answer.status).toBe(201);
      const created = submissionCreatedSchema.parse(answer.body);
      expect(created.message).toBe('Your application has been received.');

      const row = (await listJobApplications(database.db)).find((item) => item.id === created.id)!;
      expect(row).toMatchObject({
        applicantName: 'Hao Zhou',
        position: 'Marketing Coordinator',
        resumeOriginalName: name,
        // Judged from the content, not from the type the browser declared (text/plain here).
        resumeContentType: type,
        resumeSize: bytes.byteLength,
      });
      expect(row.resumeStoredName).toMatch(new RegExp(`^[0-9a-f]{32}\\${extension}$`));
      expect(storedFiles()).toEqual([...before, row.resumeStoredName].sort());
      const stored = path.join(uploads, row.resumeStoredName);
      expect(new Uint8Array(readFileSync(stored))).toEqual(bytes);
      // Readable by the server's own user only.
      expect(statSync(stored).mode & 0o077).toBe(0);
    },
  );

  it('400 for a form field whose bytes are not UTF-8 (what a lone surrogate becomes), nothing stored', async () => {
    const before = storedFiles();
    const boundary = 'tcsa-boundary';
    const part = (name: string, value: Uint8Array | string) => [
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`,
      value,
      '\r\n',
    ];
    const pieces = [
      ...part('applicant_name', new Uint8Array([0x48, 0x61, 0x6f, 0xed, 0xa0, 0x80])),
      ...part('applicant_email', 'hao.bytes@example.org'),
      ...part('position', 'Marketing Coordinator'),
      `--${boundary}\r\nContent-Disposition: form-data; name="resume_file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      pdfBytes(),
      `\r\n--${boundary}--\r\n`,
    ];
    const body = new Uint8Array(await new Blob(pieces as BlobPart[]).arrayBuffer());
    const answer = await submit('applications', body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({
      applicant_name: 'Name contains characters that could not be read. Please type it again.',
    });
    expect(storedFiles()).toEqual(before);
  });

  it('logs a client that disconnects mid-upload as an aborted request, not as a failure, and stores nothing', async () => {
    const before = storedFiles();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          if (sent > 3) {
            controller.error(new TypeError('terminated: other side closed'));
            return;
          }
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x41));
        },
      });
      const request = submissionRequest('applications', new Uint8Array(0), {
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      const aborted = new Request(request.url, {
        method: 'POST',
        headers: request.headers,
        body,
        duplex: 'half',
      } as RequestInit);
      const answer = await ENDPOINTS.applications.POST(aborted);
      expect(answer.status).toBe(400);
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).toHaveBeenCalledWith(
        expect.stringMatching(
          /^Request aborted by the client: POST \/api\/applications\/ after 196608 bytes/,
        ),
      );
      expect(storedFiles()).toEqual(before);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('keeps only the file name of a path some browsers send, without control characters', async () => {
    const answer = await submit(
      'applications',
      applicationForm({}, { bytes: pdfBytes(), name: 'C:\\fakepath\\My\u0085 CV.pdf' }),
    );
    const row = (await listJobApplications(database.db)).find(
      (item) => item.id === answer.body.id,
    )!;
    expect(row.resumeOriginalName).toBe('My CV.pdf');
  });

  it('refuses a part header with an ASCII control character (HTTP allows none) as a malformed form', async () => {
    const before = storedFiles();
    const answer = await submit(
      'applications',
      applicationForm({}, { bytes: pdfBytes(), name: 'My\u0001 CV.pdf' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/must be sent as a form \(multipart\/form-data\)/);
    expect(storedFiles()).toEqual(before);
  });

  it('a resume of exactly 5 MB is accepted', async () => {
    const answer = await submit(
      'applications',
      applicationForm({}, { bytes: pdfBytes(MAX_RESUME_BYTES), name: 'big.pdf' }),
    );
    expect(answer.status).toBe(201);
    const row = (await listJobApplications(database.db)).find(
      (item) => item.id === answer.body.id,
    )!;
    expect(row.resumeSize).toBe(MAX_RESUME_BYTES);
  });

  describe('400: wrong file type judged by content, whatever the name says', () => {
    it.each([
      ['a PNG named .pdf', pngBytes(), 'cv.pdf', 'application/pdf'],
      [
        'plain text named .pdf',
        new TextEncoder().encode('My resume, as text.'),
        'cv.pdf',
        'application/pdf',
      ],
      [
        'a PDF header not at the start',
        new TextEncoder().encode(' %PDF-1.7'),
        'cv.pdf',
        'application/pdf',
      ],
      ['a plain ZIP named .docx', zipArchive({ 'notes.txt': 'hello' }), 'cv.docx', ''],
      ['a spreadsheet package named .docx', xlsxBytes(), 'cv.docx', ''],
      [
        'a ZIP signature with no central directory',
        new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]),
        'cv.docx',
        '',
      ],
      [
        'an Excel 97 compound file named .doc',
        compoundFile('Workbook'),
        'cv.doc',
        'application/msword',
      ],
    ])('%s', async (_, bytes, name, type) => {
      const before = storedFiles();
      const countBefore = (await listJobApplications(database.db)).length;
      const answer = await submit('applications', applicationForm({}, { bytes, name, type }));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error:
          'The resume must be a PDF, DOC or DOCX document, and the file you chose is not one of these (whatever its name ends with).',
        fields: {
          resume_file:
            'The resume must be a PDF, DOC or DOCX document, and the file you chose is not one of these (whatever its name ends with).',
        },
      });
      expect(storedFiles()).toEqual(before);
      expect(await listJobApplications(database.db)).toHaveLength(countBefore);
    });
  });

  describe('400: per-field messages', () => {
    it('every field missing (the file left out)', async () => {
      const form = applicationForm(
        { applicant_name: undefined, applicant_email: undefined, position: undefined },
        null,
      );
      const answer = await submit('applications', form);
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({
        applicant_name: 'Name is required.',
        applicant_email: 'Email is required.',
        position: 'Position is required.',
        resume_file: 'Choose your resume file (PDF, DOC or DOCX) to upload.',
      });
    });

    it.each([
      [{ applicant_email: 'nope' }, 'applicant_email', 'Enter a valid email address.'],
      [
        { applicant_name: 'N'.repeat(101) },
        'applicant_name',
        'Name must be at most 100 characters.',
      ],
      [{ position: 'P'.repeat(151) }, 'position', 'Position must be at most 150 characters.'],
      [{ position: 'Lead\u0000' }, 'position', 'Position must not contain control characters.'],
    ])('%j', async (overrides, field, text) => {
      const answer = await submit('applications', applicationForm(overrides));
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({ [field]: text });
    });

    it('the resume sent as text, or empty', async () => {
      expect((await submit('applications', applicationForm({}, 'cv.pdf'))).body.fields).toEqual({
        resume_file: 'Choose your resume file (PDF, DOC or DOCX) to upload.',
      });
      const empty = await submit(
        'applications',
        applicationForm({}, { bytes: new Uint8Array(0), name: 'cv.pdf' }),
      );
      expect(empty.body.fields).toEqual({
        resume_file: 'The resume file is empty. Choose another file.',
      });
      // What a browser sends for a file input left empty: a nameless, empty file.
      const unchosen = await submit(
        'applications',
        applicationForm({}, { bytes: new Uint8Array(0), name: '' }),
      );
      expect(unchosen.body.fields).toEqual({
        resume_file: 'Choose your resume file (PDF, DOC or DOCX) to upload.',
      });
    });

    it('a text field sent as a file counts as missing', async () => {
      const form = applicationForm();
      form.set('position', new File(['Marketing'], 'position.txt'));
      expect((await submit('applications', form)).body.fields).toEqual({
        position: 'Position is required.',
      });
    });
  });

  describe('400: not a multipart form', () => {
    const expected = {
      error:
        'The application must be sent as a form (multipart/form-data) with applicant_name, applicant_email, position and resume_file.',
    };

    it('JSON', async () => {
      const answer = await submit('applications', { applicant_name: 'A' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expected);
    });

    it('multipart without a boundary, or a body that does not follow its boundary', async () => {
      const noBoundary = await submit('applications', 'x', {
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.body).toEqual(expected);
      const garbage = await submit('applications', 'not a form at all', {
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      });
      expect(garbage.status).toBe(400);
      expect(garbage.body).toEqual(expected);
    });
  });

  describe('413: resumes over 5 MB', () => {
    const tooLarge = {
      error: 'The resume file is too large: it must be at most 5 MB.',
      fields: { resume_file: 'The resume file is too large: it must be at most 5 MB.' },
    };

    it('one byte over 5 MB', async () => {
      const before = storedFiles();
      const answer = await submit(
        'applications',
        applicationForm({}, { bytes: pdfBytes(MAX_RESUME_BYTES + 1), name: 'cv.pdf' }),
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual(tooLarge);
      expect(storedFiles()).toEqual(before);
    });

    it('a declared Content-Length over the limit is refused before the body is read', async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1024));
        },
      });
      const request = submissionRequest('applications', '', {
        headers: {
          'content-type': 'multipart/form-data; boundary=XYZ',
          'content-length': String(20 * 1024 * 1024),
        },
      });
      const response = await ENDPOINTS.applications.POST(
        new Request(request.url, {
          method: 'POST',
          headers: request.headers,
          body,
          duplex: 'half',
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(tooLarge);
      // At most what the stream buffered ahead on its own; nothing was read to judge the size.
      expect(pulled).toBeLessThanOrEqual(1);
    });

    it('a body streamed without a length stops being read past the limit', async () => {
      let sent = 0;
      const chunk = new Uint8Array(256 * 1024);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const request = submissionRequest('applications', '', {
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      });
      const response = await ENDPOINTS.applications.POST(
        new Request(request.url, {
          method: 'POST',
          headers: request.headers,
          body,
          duplex: 'half',
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(sent).toBeLessThan(MAX_RESUME_BYTES + 2 * 1024 * 1024);
    });
  });

  it('a database failure answers 500 and leaves no orphan file', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = storedFiles();
    setDatabaseForTests({
      ...database,
      db: new Proxy(database.db, {
        get: () => {
          throw new Error('connection lost');
        },
      }),
    });
    try {
      const answer = await submit('applications', applicationForm());
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        error:
          'Your application could not be saved because of a server error. Please try again later.',
      });
      expect(storedFiles()).toEqual(before);
      const text = await submit('messages', message());
      expect(text.status).toBe(500);
      expect(text.body.error).toBe(
        'Your message could not be saved because of a server error. Please try again later.',
      );
    } finally {
      setDatabaseForTests(database);
      spy.mockRestore();
    }
  });
});

describe.each(Object.keys(ENDPOINTS) as Endpoint[])(
  `%s: shared guards (${DATABASE_UNDER_TEST})`,
  (endpoint) => {
    beforeEach(() => resetSubmissionLimiterForTests());

    it('403 without the csrftoken cookie, with a mismatched header, or from another origin; nothing stored', async () => {
      const before = await storedIds(endpoint);
      const files = storedFiles();
      const missing = await submit(endpoint, VALID[endpoint](), { cookie: null });
      expect(missing.status).toBe(403);
      expect(missing.body.error).toMatch(
        /^CSRF verification failed: the csrftoken cookie is missing/,
      );
      const mismatch = await submit(endpoint, VALID[endpoint](), { csrf: 'b'.repeat(64) });
      expect(mismatch.status).toBe(403);
      expect(mismatch.body.error).toMatch(/X-CSRFToken header does not match/);
      const noHeader = await submit(endpoint, VALID[endpoint](), { csrf: null });
      expect(noHeader.status).toBe(403);
      const foreign = await submit(endpoint, VALID[endpoint](), { origin: 'https://evil.example' });
      expect(foreign.body).toEqual({
        error: 'CSRF verification failed: the request did not come from this site.',
      });
      expect(await storedIds(endpoint)).toEqual(before);
      expect(storedFiles()).toEqual(files);
    });

    it('429 past 60 attempts a minute from one address, with Retry-After; others unaffected', async () => {
      const ip = '203.0.113.77';
      for (let attempt = 0; attempt < 60; attempt += 1) {
        expect((await submit(endpoint, {}, { ip, cookie: null })).status).toBe(403);
      }
      const limited = await submit(endpoint, VALID[endpoint](), { ip });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: 'Too many submissions from your network. Please wait a minute and try again.',
      });
      const retryAfter = Number(limited.response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await submit(endpoint, VALID[endpoint](), { ip: '203.0.113.78' })).status).toBe(201);
    });
  },
);

describe('the submission rate limit', () => {
  it('is shared by the three endpoints and follows SUBMISSION_RATE_LIMIT_PER_MINUTE (0: off)', async () => {
    process.env.SUBMISSION_RATE_LIMIT_PER_MINUTE = '2';
    resetServerEnvForTests();
    const ip = '198.51.100.20';
    expect((await submit('messages', message(), { ip })).status).toBe(201);
    expect((await submit('serviceRequests', serviceRequest(), { ip })).status).toBe(201);
    expect((await submit('applications', applicationForm(), { ip })).status).toBe(429);

    process.env.SUBMISSION_RATE_LIMIT_PER_MINUTE = '0';
    resetServerEnvForTests();
    resetSubmissionLimiterForTests();
    for (let attempt = 0; attempt < 70; attempt += 1) {
      expect((await submit('messages', {}, { ip, cookie: null })).status).toBe(403);
    }
  });

  it('is counted apart from registrations', async () => {
    const { register, person } = await import('./support/register');
    process.env.SUBMISSION_RATE_LIMIT_PER_MINUTE = '1';
    resetServerEnvForTests();
    const ip = '198.51.100.21';
    expect((await submit('messages', message(), { ip })).status).toBe(201);
    expect((await submit('messages', message(), { ip })).status).toBe(429);
    // The registration limiter still lets this address through (404: no events in this database).
    expect((await register(1, person(), { ip })).status).toBe(404);
  });
});
