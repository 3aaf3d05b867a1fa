import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetSubmissionLimiterForTests } from '@/lib/submissions/endpoints';
import { listJobApplications } from '@/lib/db/queries';
import { resetServerEnvForTests } from '@/lib/env/server';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from '../db/support/test-database';
import { compoundFile, docxBytes, pdfBytes, zipArchive } from './support/resume-files';
import { ENDPOINTS, TOKEN } from './support/submissions';

vi.mock('next/cache', () => import('./support/next-cache'));

type Infer<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** Mostly `likely` (valid input), sometimes `other`, so runs reach both acceptance and refusal. */
const mostly = <T>(likely: fc.Arbitrary<T>, ...other: fc.Arbitrary<T>[]) =>
  fc.oneof({ arbitrary: likely, weight: 3 * other.length }, ...other);

let database: TestDatabase;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'tcsa-uploads-fuzz-'));
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

/** Header values a client can actually send (visible ASCII and spaces). */
const headerValue = fc.string({
  unit: fc.constantFrom(...' !"#$%&()*+,-./0123456789:;<=>?@ABCxyz[]_{}~'.split('')),
  maxLength: 80,
});

/** Any text, control characters and lone surrogate halves included. */
const anyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', 'Hao Zhou', 'hao@example.org', 'Marketing Coordinator', '\u0000'),
);

/** File contents: valid resumes, signatures followed by noise, and noise. */
const fileBytes = fc.oneof(
  fc.constant(pdfBytes()),
  fc.constant(docxBytes()),
  fc.constant(compoundFile('WordDocument')),
  fc.uint8Array({ maxLength: 2000 }),
  fc
    .tuple(
      fc.constantFrom(
        [0x25, 0x50, 0x44, 0x46, 0x2d],
        [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
        [0x50, 0x4b, 0x03, 0x04],
      ),
      fc.uint8Array({ maxLength: 2000 }),
    )
    .map(([head, tail]) => new Uint8Array([...head, ...tail])),
  // A real archive with bytes overwritten at random places (central directory included).
  fc
    .tuple(
      fc.constantFrom(docxBytes(), zipArchive({ 'word/x': 'y', '[Content_Types].xml': '' })),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 12 }),
    )
    .map(([archive, edits]) => {
      const bytes = archive.slice();
      for (const [at, value] of edits) bytes[at % bytes.length] = value;
      return bytes;
    }),
);

const fieldName = fc.oneof(
  fc.constantFrom('applicant_name', 'applicant_email', 'position', 'resume_file'),
  fc.string({ maxLength: 20 }),
);

const fieldValue = fc.oneof(
  anyText.map((text) => ({ text })),
  fc.record({ bytes: fileBytes, name: anyText, type: headerValue }),
);

/** The application form's four fields with values often valid, often not, plus extra entries. */
const applicationEntries = fc
  .tuple(
    mostly(fc.constant('Hao Zhou'), anyText),
    mostly(fc.constantFrom('hao@example.org', 'li.na@example.com'), fc.emailAddress(), anyText),
    mostly(fc.constant('Marketing Coordinator'), anyText),
    mostly<{ text: string } | { bytes: Uint8Array; name: string; type: string }>(
      fc.record({
        bytes: fc.constantFrom(pdfBytes(), docxBytes(), compoundFile('WordDocument')),
        name: fc.constantFrom('cv.pdf', 'cv.docx', 'cv.doc', ''),
        type: headerValue,
      }),
      fc.record({ bytes: fileBytes, name: anyText, type: headerValue }),
      anyText.map((text) => ({ text })),
    ),
    fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 3 }),
  )
  .map(([name, email, position, resume, extra]) => [
    ['applicant_name', { text: name }] as const,
    ['applicant_email', { text: email }] as const,
    ['position', { text: position }] as const,
    ['resume_file', resume] as const,
    ...extra,
  ]);

const formEntries = mostly(
  applicationEntries,
  fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 }),
);

/** Ways to damage a well-formed multipart body. */
const damage = mostly<
  | { kind: 'none' }
  | { kind: 'truncate'; at: number }
  | { kind: 'overwrite'; edits: [number, number][] }
>(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('overwrite' as const),
    edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
  }),
);

const contentType = mostly(
  fc.constant('own'),
  fc.constantFrom(
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=other',
    'application/json',
    'application/x-www-form-urlencoded',
  ),
  headerValue,
);

async function encode(entries: Infer<typeof formEntries>) {
  const form = new FormData();
  for (const [name, value] of entries) {
    if ('text' in value) form.append(name, value.text);
    else form.append(name, new File([value.bytes as BlobPart], value.name, { type: value.type }));
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    type: request.headers.get('content-type')!,
    bytes: new Uint8Array(await request.arrayBuffer()),
  };
}

function damaged(bytes: Uint8Array, how: Infer<typeof damage>): Uint8Array {
  if (how.kind === 'truncate') return bytes.slice(0, how.at % (bytes.length + 1));
  if (how.kind === 'overwrite' && bytes.length > 0) {
    const copy = bytes.slice();
    for (const [at, value] of how.edits) copy[at % copy.length] = value;
    return copy;
  }
  return bytes;
}

function buildRequest(url: string, init: RequestInit): Request | null {
  try {
    return new Request(url, init);
  } catch {
    return null; // Not a request a client could send.
  }
}

async function expectWellFormedAnswer(response: Response) {
  expect(response.status).toBeLessThan(500);
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status === 201) {
    expect(Number.isInteger(answer.id)).toBe(true);
    expect(typeof answer.message).toBe('string');
  } else {
    expect(typeof answer.error).toBe('string');
  }
}

const validCsrf = {
  cookie: `csrftoken=${TOKEN}`,
  'x-csrftoken': TOKEN,
  origin: 'http://localhost',
};

describe(`submissions never answer 500 to bad input (${DATABASE_UNDER_TEST})`, () => {
  it('POST /api/applications/ with random forms, damaged bodies and content types', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(formEntries, damage, contentType, async (entries, how, type) => {
        resetSubmissionLimiterForTests();
        const encoded = await encode(entries);
        const request = buildRequest('http://localhost/api/applications/', {
          method: 'POST',
          headers: { ...validCsrf, 'content-type': type === 'own' ? encoded.type : type },
          body: damaged(encoded.bytes, how) as BodyInit,
        });
        if (!request) return;
        const response = await ENDPOINTS.applications.POST(request);
        seen.add(response.status);
        expect([201, 400, 413]).toContain(response.status);
        await expectWellFormedAnswer(response);
      }),
      { numRuns: 300 },
    );
    // The runs reached both the stored and the refused outcomes, not only one of them.
    expect(seen).toContain(201);
    expect(seen).toContain(400);
  });

  it('POST /api/applications/ with random headers as well', async () => {
    const headers = fc.record(
      {
        cookie: fc.oneof(fc.constant(`csrftoken=${TOKEN}`), headerValue),
        'x-csrftoken': fc.oneof(fc.constant(TOKEN), headerValue),
        origin: fc.oneof(fc.constant('http://localhost'), headerValue),
        referer: headerValue,
        'content-length': fc.oneof(fc.nat().map(String), headerValue),
        'x-forwarded-for': headerValue,
        'x-forwarded-host': headerValue,
        'x-forwarded-proto': headerValue,
        host: fc.oneof(fc.constant('localhost'), headerValue),
        'sec-fetch-site': headerValue,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(formEntries, headers, async (entries, extra) => {
        resetSubmissionLimiterForTests();
        const encoded = await encode(entries);
        const request = buildRequest('http://localhost/api/applications/', {
          method: 'POST',
          headers: { 'content-type': encoded.type, ...extra },
          body: encoded.bytes as BodyInit,
        });
        if (!request) return;
        await expectWellFormedAnswer(await ENDPOINTS.applications.POST(request));
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/messages/ and /api/serviceRequests/ with random JSON and bytes', async () => {
    const body = mostly<string | Uint8Array>(
      fc
        .record({
          sender_name: mostly(fc.constant('Ying Chen'), anyText),
          sender_email: mostly(fc.constant('ying@example.org'), fc.emailAddress(), anyText),
          message: mostly(fc.constant('Hello!'), anyText),
          name: mostly(fc.constant('Maple Leaf Bakery'), anyText),
          email: mostly(fc.constant('orders@example.org'), fc.emailAddress(), anyText),
          needs: mostly(fc.constant('A video.'), anyText),
        })
        .map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record(
          {
            sender_name: fc.oneof(anyText, fc.jsonValue()),
            sender_email: fc.oneof(fc.emailAddress(), anyText),
            message: fc.oneof(anyText, fc.jsonValue()),
            name: fc.oneof(anyText, fc.jsonValue()),
            email: fc.oneof(fc.emailAddress(), anyText),
            needs: fc.oneof(anyText, fc.jsonValue()),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
      fc.uint8Array({ maxLength: 300 }),
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('messages' as const, 'serviceRequests' as const),
        body,
        async (endpoint, payload) => {
          resetSubmissionLimiterForTests();
          const request = new Request(`http://localhost${ENDPOINTS[endpoint].path}`, {
            method: 'POST',
            headers: { ...validCsrf, 'content-type': 'application/json' },
            body: payload as BodyInit,
          });
          const response = await ENDPOINTS[endpoint].POST(request);
          seen.add(response.status);
          expect([201, 400, 413]).toContain(response.status);
          await expectWellFormedAnswer(response);
        },
      ),
      { numRuns: 300 },
    );
    expect(seen).toContain(201);
    expect(seen).toContain(400);
  });

  it('every stored resume has its row and every row its file', async () => {
    const rows = await listJobApplications(database.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(readdirSync(uploads).sort()).toEqual(rows.map((row) => row.resumeStoredName).sort());
  });
});
