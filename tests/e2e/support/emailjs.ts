import type { Page, Request } from '@playwright/test';

export const EMAILJS_SEND = 'https://api.emailjs.com/api/v1.0/email/send';
export const EMAILJS_SEND_FORM = 'https://api.emailjs.com/api/v1.0/email/send-form';

/** What the page asked EmailJS to send, in order. */
export type EmailJsCall =
  { kind: 'send'; body: Record<string, unknown> } | { kind: 'send-form'; fields: FormData };

type Answer = { status: number; body?: string };

async function multipartFields(request: Request): Promise<FormData> {
  const contentType = request.headers()['content-type'] ?? '';
  const body = request.postDataBuffer() ?? Buffer.alloc(0);
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': contentType },
  }).formData();
}

/**
 * Answers EmailJS's two endpoints in the page (nothing leaves the machine) and records what was
 * posted. `send` and `sendForm` are the answers, 200 'OK' unless a test asks for a failure.
 */
export async function interceptEmailJs(
  page: Page,
  answers: { send?: Answer; sendForm?: Answer } = {},
): Promise<EmailJsCall[]> {
  const calls: EmailJsCall[] = [];
  await page.route(EMAILJS_SEND, async (route) => {
    calls.push({ kind: 'send', body: route.request().postDataJSON() as Record<string, unknown> });
    const answer = answers.send ?? { status: 200, body: 'OK' };
    await route.fulfill({ status: answer.status, body: answer.body ?? 'Error' });
  });
  await page.route(EMAILJS_SEND_FORM, async (route) => {
    calls.push({ kind: 'send-form', fields: await multipartFields(route.request()) });
    const answer = answers.sendForm ?? { status: 200, body: 'OK' };
    await route.fulfill({ status: answer.status, body: answer.body ?? 'Error' });
  });
  return calls;
}

/** Accepts every window.alert and records its text. */
export function recordAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  return alerts;
}

/** The text fields of a multipart body (files are listed by name). */
export function formFields(fields: FormData): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of fields.entries()) {
    result[name] = typeof value === 'string' ? value : `file:${value.name}`;
  }
  return result;
}
