import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { docxBytes, pdfBytes, pngBytes } from '../unit/api/support/resume-files';

/**
 * The submission endpoints through the production server: from a page in Chromium, as the
 * forms will call them (the csrftoken cookie the page handed out, the X-CSRFToken header, the
 * page's Origin), and with Playwright's request client for the refusals. The resume lands in the
 * server's uploads folder, byte for byte, and no URL serves it. API checks run once, in the
 * desktop project.
 */

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'API checks need no second viewport');
});

/** The uploads folder of the server the global set-up started (uploads beside its PGlite data). */
function uploadsFolder(): string | null {
  const dataDir = process.env.E2E_PGLITE_DATA_DIR;
  return dataDir ? path.join(path.dirname(dataDir), 'uploads') : null;
}

type Posted = { status: number; body: Record<string, unknown> };

/** POSTs from the page's own JavaScript, with the cookie's token in X-CSRFToken. */
async function postFromPage(
  page: Page,
  endpoint: string,
  payload:
    | { json: unknown }
    | {
        form: Record<string, string>;
        file?: { bytes: number[]; name: string; type: string; padTo?: number };
      },
  options: { csrf?: boolean } = {},
): Promise<Posted> {
  return page.evaluate(
    async ({ endpoint, payload, csrf }) => {
      const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const headers: Record<string, string> = csrf ? { 'X-CSRFToken': token } : {};
      let body: BodyInit;
      if ('json' in payload) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(payload.json);
      } else {
        const form = new FormData();
        for (const [name, value] of Object.entries(payload.form)) form.set(name, value);
        if (payload.file) {
          // Built here, not sent from the test: a 5 MB array would cross as 20 MB of JSON.
          const { bytes, name, type, padTo = 0 } = payload.file;
          const data = new Uint8Array(Math.max(bytes.length, padTo));
          data.set(bytes);
          form.set('resume_file', new File([data], name, { type }));
        }
        body = form;
      }
      const response = await fetch(endpoint, {
        method: 'POST',
        credentials: 'include',
        headers,
        body,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { endpoint, payload, csrf: options.csrf ?? true },
  );
}

const applicant = (tag: string) => ({
  applicant_name: 'Hao Zhou',
  applicant_email: `hao.${tag}.${Date.now()}@example.org`,
  position: 'Marketing Coordinator',
});

test('from a page: a message, a service request and an application are stored (201 with id)', async ({
  page,
}) => {
  await page.goto('/privacy-policy');

  const message = await postFromPage(page, '/api/messages/', {
    json: { sender_name: 'Ying Chen', sender_email: 'ying@example.org', message: 'Hello!\nBye.' },
  });
  expect(message).toEqual({
    status: 201,
    body: { id: expect.any(Number), message: 'Your message has been received.' },
  });

  const request = await postFromPage(page, '/api/serviceRequests/', {
    json: { name: 'Maple Leaf Bakery', email: 'orders@example.org', needs: 'A video.' },
  });
  expect(request).toEqual({
    status: 201,
    body: { id: expect.any(Number), message: 'Your request has been received.' },
  });

  const before = uploadsFolder() ? new Set(safeList(uploadsFolder()!)) : null;
  const resume = docxBytes('Hao Zhou, e2e');
  const application = await postFromPage(page, '/api/applications/', {
    form: applicant('docx'),
    file: { bytes: [...resume], name: 'Hao Zhou.docx', type: 'application/octet-stream' },
  });
  expect(application).toEqual({
    status: 201,
    body: { id: expect.any(Number), message: 'Your application has been received.' },
  });

  const folder = uploadsFolder();
  if (folder && before) {
    const added = safeList(folder).filter((name) => !before.has(name));
    const stored = added.find((name) =>
      Buffer.from(readFileSync(path.join(folder, name))).equals(Buffer.from(resume)),
    );
    expect(stored, `a new file in ${folder} with the uploaded bytes`).toMatch(
      /^[0-9a-f]{32}\.docx$/,
    );
    // Outside public/ and behind no route: no URL serves it.
    for (const url of [
      `/${stored}`,
      `/uploads/${stored}`,
      `/.data/uploads/${stored}`,
      `/media/${stored}`,
    ]) {
      expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(404);
    }
  }
});

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

test('from a page: a file named .pdf that is not a PDF is refused, and nothing is stored', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  const answer = await postFromPage(page, '/api/applications/', {
    form: applicant('png'),
    file: { bytes: [...pngBytes()], name: 'resume.pdf', type: 'application/pdf' },
  });
  const text =
    'The resume must be a PDF, DOC or DOCX document, and the file you chose is not one of these (whatever its name ends with).';
  expect(answer).toEqual({ status: 400, body: { error: text, fields: { resume_file: text } } });
  // Other tests upload at the same time: look for these bytes rather than count files.
  const folder = uploadsFolder();
  if (folder) {
    const png = Buffer.from(pngBytes());
    const stored = safeList(folder).filter((name) =>
      Buffer.from(readFileSync(path.join(folder, name))).equals(png),
    );
    expect(stored).toEqual([]);
  }
});

test('from a page: per-field errors, no CSRF header, and a resume over 5 MB', async ({ page }) => {
  await page.goto('/privacy-policy');
  const invalid = await postFromPage(page, '/api/messages/', {
    json: { sender_name: '', sender_email: 'nope', message: 'Hi' },
  });
  expect(invalid).toEqual({
    status: 400,
    body: {
      error: 'Name is required. Enter a valid email address.',
      fields: { sender_name: 'Name is required.', sender_email: 'Enter a valid email address.' },
    },
  });

  const forged = await postFromPage(
    page,
    '/api/serviceRequests/',
    { json: { name: 'N', email: 'n@example.org', needs: 'Video' } },
    { csrf: false },
  );
  expect(forged.status).toBe(403);
  expect(forged.body.error).toMatch(/X-CSRFToken header does not match/);

  const large = await postFromPage(page, '/api/applications/', {
    form: applicant('large'),
    file: {
      bytes: [...pdfBytes()],
      name: 'cv.pdf',
      type: 'application/pdf',
      padTo: 5 * 1024 * 1024 + 1,
    },
  });
  expect(large).toEqual({
    status: 413,
    body: {
      error: 'The resume file is too large: it must be at most 5 MB.',
      fields: { resume_file: 'The resume file is too large: it must be at most 5 MB.' },
    },
  });
});

test('through HTTP: another site’s origin is refused, and the 61st submission a minute is limited', async ({
  request,
  baseURL,
}) => {
  const token = ((await (await request.get('/api/csrf/')).json()) as { csrfToken: string })
    .csrfToken;
  // A client address of this test's own, so its count never limits the other tests.
  const client = `198.51.100.${1 + (Date.now() % 250)}`;
  const post = (headers: Record<string, string>) =>
    request.post('/api/messages/', {
      headers: { 'X-CSRFToken': token, Origin: baseURL!, 'X-Forwarded-For': client, ...headers },
      data: { sender_name: 'Ying', sender_email: 'ying@example.org', message: 'Hi' },
      maxRedirects: 0,
    });

  const foreign = await post({ Origin: 'https://evil.example' });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toEqual({
    error: 'CSRF verification failed: the request did not come from this site.',
  });

  for (let attempt = 2; attempt <= 60; attempt += 1) {
    expect((await post({ 'X-CSRFToken': 'wrong' })).status()).toBe(403);
  }
  const limited = await post({});
  expect(limited.status()).toBe(429);
  expect(await limited.json()).toEqual({
    error: 'Too many submissions from your network. Please wait a minute and try again.',
  });
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
});
