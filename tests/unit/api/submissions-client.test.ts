import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getCsrf } from '@/app/api/csrf/route';
import { resetSubmissionLimiterForTests } from '@/lib/submissions/endpoints';
import { findJobApplication, listContactMessages } from '@/lib/db/queries';
import { resetServerEnvForTests } from '@/lib/env/server';
import { MAX_RESUME_BYTES } from '@/lib/submissions/resume-type';
import {
  UNREACHABLE_MESSAGE,
  submitApplication,
  submitMessage,
  submitServiceRequest,
} from '@/lib/submissions/client';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from '../db/support/test-database';
import { docxBytes, pdfBytes } from './support/resume-files';
import { ENDPOINTS } from './support/submissions';

vi.mock('next/cache', () => import('./support/next-cache'));

/**
 * The browser helper against the real route handlers: fetch is a small browser of its own that
 * keeps cookies (the csrftoken from /api/csrf/), sends them with credentialed requests and adds
 * the page's Origin to POSTs, as Chromium does.
 */

let database: TestDatabase;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'tcsa-client-uploads-'));
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
  vi.unstubAllGlobals();
  resetSubmissionLimiterForTests();
});

type Sent = { url: string; init: RequestInit; request: Request };

function browser(options: { cookies?: boolean } = {}) {
  const jar = new Map<string, string>();
  const sent: Sent[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    init.signal?.throwIfAborted();
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    if (init.credentials !== 'omit' && jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    if ((init.method ?? 'GET') !== 'GET') headers.set('origin', 'http://localhost');
    headers.set('x-tcsa-client-address', '192.0.2.44');
    const request = new Request(url, { ...init, headers });
    sent.push({ url: url.pathname, init, request: request.clone() });
    let response: Response;
    if (url.pathname === '/api/csrf/') response = getCsrf(new NextRequest(request));
    else {
      const endpoint = Object.values(ENDPOINTS).find((entry) => entry.path === url.pathname);
      if (!endpoint) return new Response('Not found', { status: 404 });
      response = await endpoint.POST(request);
    }
    if (options.cookies ?? true) {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, value] = pair!.split('=');
        jar.set(name!, value!);
      }
    }
    return response;
  });
  vi.stubGlobal('fetch', fetchStub);
  return { sent, fetchStub };
}

describe(`lib/submissions/client (${DATABASE_UNDER_TEST})`, () => {
  it('submitMessage: credentials and the X-CSRFToken header matching the cookie, then {ok, id}', async () => {
    const { sent } = browser();
    const result = await submitMessage({
      sender_name: 'Ying Chen',
      sender_email: 'ying@example.org',
      message: 'Hello from the home page.',
    });
    expect(result).toEqual({
      ok: true,
      id: expect.any(Number),
      message: 'Your message has been received.',
    });
    const post = sent.find((entry) => entry.url === '/api/messages/')!;
    expect(post.init.credentials).toBe('include');
    const token = post.request.headers.get('x-csrftoken');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(post.request.headers.get('cookie')).toBe(`csrftoken=${token}`);
    const rows = await listContactMessages(database.db);
    expect(rows.find((row) => result.ok && row.id === result.id)?.message).toBe(
      'Hello from the home page.',
    );
  });

  it('submitServiceRequest: per-field errors of a 400', async () => {
    browser();
    const result = await submitServiceRequest({ name: '', email: 'nope', needs: 'A video' });
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: 'Name or organization name is required. Enter a valid email address.',
      fieldErrors: {
        name: 'Name or organization name is required.',
        email: 'Enter a valid email address.',
      },
    });
  });

  it('submitApplication with fields or with the form’s FormData: stored with its resume', async () => {
    browser();
    const fromFields = await submitApplication({
      applicant_name: 'Hao Zhou',
      applicant_email: 'hao@example.org',
      position: 'Designer',
      resume_file: new File([docxBytes() as BlobPart], 'Hao.docx'),
    });
    expect(fromFields).toMatchObject({ ok: true, message: 'Your application has been received.' });
    const row = await findJobApplication(database.db, fromFields.ok ? fromFields.id : -1);
    expect(row).toMatchObject({ position: 'Designer', resumeOriginalName: 'Hao.docx' });

    const form = new FormData();
    form.set('applicant_name', 'Li Na');
    form.set('applicant_email', 'li@example.org');
    form.set('position', 'Treasurer');
    form.set('resume_file', new File([pdfBytes() as BlobPart], 'li.pdf'));
    expect(await submitApplication(form)).toMatchObject({ ok: true });
  });

  it('submitApplication without a file: the server names the field', async () => {
    browser();
    const result = await submitApplication({
      applicant_name: 'Hao Zhou',
      applicant_email: 'hao@example.org',
      position: 'Designer',
      resume_file: null,
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { resume_file: 'Choose your resume file (PDF, DOC or DOCX) to upload.' },
    });
  });

  it('a resume over 5 MB is refused before anything is uploaded', async () => {
    const { fetchStub } = browser();
    const result = await submitApplication({
      applicant_name: 'Hao Zhou',
      applicant_email: 'hao@example.org',
      position: 'Designer',
      resume_file: new Blob([new Uint8Array(MAX_RESUME_BYTES + 1)]),
    });
    expect(result).toEqual({
      ok: false,
      status: 413,
      message: 'The resume file is too large: it must be at most 5 MB.',
      fieldErrors: { resume_file: 'The resume file is too large: it must be at most 5 MB.' },
    });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('a browser that keeps no cookies gets the server’s CSRF message', async () => {
    browser({ cookies: false });
    const result = await submitMessage({
      sender_name: 'A',
      sender_email: 'a@example.org',
      message: 'Hi',
    });
    expect(result).toEqual({
      ok: false,
      status: 403,
      message:
        'CSRF verification failed: the csrftoken cookie is missing. Reload the page and try again.',
      fieldErrors: {},
    });
  });

  it('the rate limit’s message', async () => {
    process.env.SUBMISSION_RATE_LIMIT_PER_MINUTE = '1';
    resetServerEnvForTests();
    try {
      browser();
      const input = { sender_name: 'A', sender_email: 'a@example.org', message: 'Hi' };
      expect((await submitMessage(input)).ok).toBe(true);
      expect(await submitMessage(input)).toMatchObject({
        ok: false,
        status: 429,
        message: 'Too many submissions from your network. Please wait a minute and try again.',
      });
    } finally {
      delete process.env.SUBMISSION_RATE_LIMIT_PER_MINUTE;
      resetServerEnvForTests();
    }
  });

  it('no server, or an answer that is not the API’s: a sentence, never an exception', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(
      await submitServiceRequest({ name: 'N', email: 'n@example.org', needs: 'Video' }),
    ).toEqual({ ok: false, status: 0, message: UNREACHABLE_MESSAGE, fieldErrors: {} });

    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/csrf/')
          ? Response.json({ csrfToken: 'c'.repeat(64) })
          : new Response('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    expect(
      await submitServiceRequest({ name: 'N', email: 'n@example.org', needs: 'Video' }),
    ).toEqual({
      ok: false,
      status: 502,
      message: 'The server could not take your submission (error 502). Please try again later.',
      fieldErrors: {},
    });
  });

  it('an aborted submission rejects with the AbortError', async () => {
    browser();
    const controller = new AbortController();
    controller.abort();
    await expect(
      submitMessage(
        { sender_name: 'A', sender_email: 'a@example.org', message: 'Hi' },
        { signal: controller.signal },
      ),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
