import { POST as postApplication } from '@/app/api/applications/route';
import { POST as postMessage } from '@/app/api/messages/route';
import { POST as postServiceRequest } from '@/app/api/serviceRequests/route';
import { TOKEN } from './register';
import { pdfBytes } from './resume-files';

export { TOKEN };

export const ENDPOINTS = {
  messages: { path: '/api/messages/', POST: postMessage },
  serviceRequests: { path: '/api/serviceRequests/', POST: postServiceRequest },
  applications: { path: '/api/applications/', POST: postApplication },
} as const;

export type Endpoint = keyof typeof ENDPOINTS;

let clientNumber = 0;

export type SubmitOptions = {
  /** Cookie header; default carries csrftoken=TOKEN. */
  cookie?: string | null;
  /** X-CSRFToken header; default TOKEN. */
  csrf?: string | null;
  origin?: string | null;
  /** The client address the rate limiter sees; default a fresh one per request. */
  ip?: string;
  headers?: Record<string, string>;
};

/**
 * A POST to one of the submission endpoints with a valid CSRF pair unless told otherwise. An
 * object body is sent as JSON, a FormData as multipart (its boundary in the Content-Type).
 */
export function submissionRequest(
  endpoint: Endpoint,
  body: unknown,
  options: SubmitOptions = {},
): Request {
  const headers = new Headers({ host: 'localhost' });
  const cookie = options.cookie === undefined ? `csrftoken=${TOKEN}` : options.cookie;
  const csrf = options.csrf === undefined ? TOKEN : options.csrf;
  const origin = options.origin === undefined ? 'http://localhost' : options.origin;
  if (cookie !== null) headers.set('cookie', cookie);
  if (csrf !== null) headers.set('x-csrftoken', csrf);
  if (origin !== null) headers.set('origin', origin);
  clientNumber += 1;
  headers.set(
    'x-tcsa-client-address',
    options.ip ?? `10.1.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
  );
  let payload: BodyInit;
  if (body instanceof FormData || body instanceof Uint8Array || typeof body === 'string') {
    payload = body as BodyInit;
  } else {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return new Request(`http://localhost${ENDPOINTS[endpoint].path}`, {
    method: 'POST',
    headers,
    body: payload,
  });
}

export type Answer = { status: number; body: Record<string, unknown>; response: Response };

export async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    response,
  };
}

export async function submit(
  endpoint: Endpoint,
  body: unknown,
  options: SubmitOptions = {},
): Promise<Answer> {
  return answerOf(await ENDPOINTS[endpoint].POST(submissionRequest(endpoint, body, options)));
}

let sequence = 0;

export function message(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    sender_name: 'Ying Chen',
    sender_email: `ying.${sequence}.${process.pid}@example.org`,
    message: `Hello, I would like to know more about the club (${sequence}).`,
    ...overrides,
  };
}

export function serviceRequest(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: 'Maple Leaf Bakery',
    email: `orders.${sequence}.${process.pid}@example.org`,
    needs: `A promotional video for our opening (${sequence}).`,
    ...overrides,
  };
}

export type ResumeUpload = { bytes: Uint8Array; name?: string; type?: string };

/**
 * The job application form as the browser sends it. `resume: null` leaves the file out; a string
 * sends the field as text.
 */
export function applicationForm(
  overrides: Record<string, string | undefined> = {},
  resume: ResumeUpload | string | null = { bytes: pdfBytes(), name: 'cv.pdf' },
): FormData {
  sequence += 1;
  const fields: Record<string, string | undefined> = {
    applicant_name: 'Hao Zhou',
    applicant_email: `hao.${sequence}.${process.pid}@example.org`,
    position: 'Marketing Coordinator',
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.set(name, value);
  }
  if (typeof resume === 'string') form.set('resume_file', resume);
  else if (resume) {
    form.set(
      'resume_file',
      new File([resume.bytes as BlobPart], resume.name ?? 'resume', {
        type: resume.type ?? 'application/octet-stream',
      }),
    );
  }
  return form;
}
