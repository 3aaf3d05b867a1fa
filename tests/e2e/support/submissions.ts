import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/**
 * The forms' traffic in the order the page saw it: each answer of a submission endpoint
 * ('201 /api/messages/') and each request to EmailJS ('emailjs send-form'), so a test can show
 * that the server stored the submission before any email was asked for.
 */
export function recordSubmissionTraffic(page: Page): string[] {
  const events: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname === 'api.emailjs.com') events.push(`emailjs ${url.pathname.split('/').pop()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    const ours = url.hostname !== 'api.emailjs.com';
    if (ours && response.request().method() === 'POST' && url.pathname.startsWith('/api/')) {
      events.push(`${response.status()} ${url.pathname}`);
    }
  });
  return events;
}

/** The next answer of a submission endpoint, with its JSON body. */
export async function nextSubmission(
  page: Page,
  endpoint: '/api/messages/' | '/api/serviceRequests/' | '/api/applications/',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await page.waitForResponse(
    (candidate) =>
      candidate.request().method() === 'POST' && new URL(candidate.url()).pathname === endpoint,
  );
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/**
 * Gives this test its own client address. The server limits submissions per address (60 a
 * minute, the three endpoints together, keyed on the last X-Forwarded-For entry: lib/http/rate-limit.ts),
 * and every test talks to it from 127.0.0.1, so without this the whole run would share one budget.
 */
export async function ownClientAddress(page: Page, testInfo: TestInfo): Promise<void> {
  const digest = createHash('sha256')
    .update(
      `${testInfo.testId} ${testInfo.project.name} ${testInfo.retry} ${testInfo.repeatEachIndex}`,
    )
    .digest();
  // 198.18.0.0/15 is reserved for network testing: never a real visitor's address.
  const address = `198.${18 + (digest[0]! & 1)}.${digest[1]!}.${digest[2]!}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
}

/** Whether the test server's uploads folder holds a stored resume with exactly these bytes. */
export function storedResumeWith(bytes: Buffer): boolean {
  const dataDir = process.env.E2E_PGLITE_DATA_DIR;
  if (!dataDir) throw new Error('E2E_PGLITE_DATA_DIR is not set: run through the global set-up.');
  const folder = path.join(path.dirname(dataDir), 'uploads');
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return false;
  }
  return names.some((name) => readFileSync(path.join(folder, name)).equals(bytes));
}
