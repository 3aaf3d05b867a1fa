import { CSRF_HEADER, getCsrfToken } from '@/lib/http/csrf';
import { MAX_RESUME_BYTES, RESUME_TOO_LARGE_MESSAGE } from '@/lib/submissions/resume-type';

/*
 * The answers are checked by hand rather than with the contract's zod schemas: this module runs in
 * the browser, where zod would add about 110 kB and probe for eval, which the CSP refuses.
 */
function createdAnswer(body: unknown): { id: number; message: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { id, message } = body as { id?: unknown; message?: unknown };
  return Number.isInteger(id) && (id as number) > 0 && typeof message === 'string'
    ? { id: id as number, message }
    : null;
}

function errorAnswer(body: unknown): { error: string; fields: Record<string, string> } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, fields } = body as { error?: unknown; fields?: unknown };
  if (typeof error !== 'string') return null;
  const named: Record<string, string> = {};
  if (typeof fields === 'object' && fields !== null) {
    for (const [name, text] of Object.entries(fields)) {
      if (typeof text === 'string') named[name] = text;
    }
  }
  return { error, fields: named };
}

/**
 * In the browser: sends a visitor's submission to the server, which stores it before any email
 * goes out. Each call sends the cookies and the X-CSRFToken header, and resolves to a result the
 * form can show as it is; it never rejects, except with an AbortError when `signal` aborts it.
 *
 *   const result = await submitMessage({ sender_name, sender_email, message });
 *   if (result.ok) … (then send the EmailJS emails)
 *   else show result.message, and result.fieldErrors[name] beside each field; keep what was typed.
 */

export type SubmissionResult =
  | {
      ok: true;
      /** The id of the stored record. */
      id: number;
      /** The server's receipt, e.g. 'Your message has been received.' */
      message: string;
    }
  | {
      ok: false;
      /** The HTTP status (400, 403, 413, 429, 500…), or 0 when the server could not be reached. */
      status: number;
      /** A sentence for the visitor: the server's `error`, or what went wrong on the way. */
      message: string;
      /** Per-field messages by field name (empty when the problem is not one field's). */
      fieldErrors: Record<string, string>;
    };

export type MessageInput = { sender_name: string; sender_email: string; message: string };
export type ServiceRequestInput = { name: string; email: string; needs: string };
export type ApplicationInput = {
  applicant_name: string;
  applicant_email: string;
  position: string;
  /** The chosen file (the file input's `files[0]`); null when none was chosen. */
  resume_file: Blob | null;
};

export type SubmitOptions = { signal?: AbortSignal };

export const UNREACHABLE_MESSAGE =
  'The server could not be reached. Check your connection and try again.';

function unexpectedAnswer(status: number): string {
  return `The server could not take your submission (error ${status}). Please try again later.`;
}

async function readResult(response: Response): Promise<SubmissionResult> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, say): answered below by status alone.
  }
  if (response.ok) {
    const created = createdAnswer(body);
    if (created) return { ok: true, ...created };
    return {
      ok: false,
      status: response.status,
      message: unexpectedAnswer(response.status),
      fieldErrors: {},
    };
  }
  const failure = errorAnswer(body);
  return {
    ok: false,
    status: response.status,
    message: failure ? failure.error : unexpectedAnswer(response.status),
    fieldErrors: failure ? failure.fields : {},
  };
}

async function post(
  path: string,
  body: { json: unknown } | { form: FormData },
  options: SubmitOptions,
): Promise<SubmissionResult> {
  try {
    const token = await getCsrfToken();
    const headers: Record<string, string> = { [CSRF_HEADER]: token, Accept: 'application/json' };
    // A FormData body sets its own multipart Content-Type, boundary included.
    if ('json' in body) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers,
      body: 'json' in body ? JSON.stringify(body.json) : body.form,
      signal: options.signal,
    });
    return await readResult(response);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, status: 0, message: UNREACHABLE_MESSAGE, fieldErrors: {} };
  }
}

/** POST /api/messages/: the home page contact form. */
export function submitMessage(
  input: MessageInput,
  options: SubmitOptions = {},
): Promise<SubmissionResult> {
  const { sender_name, sender_email, message } = input;
  return post('/api/messages/', { json: { sender_name, sender_email, message } }, options);
}

/** POST /api/serviceRequests/: the services page form. */
export function submitServiceRequest(
  input: ServiceRequestInput,
  options: SubmitOptions = {},
): Promise<SubmissionResult> {
  const { name, email, needs } = input;
  return post('/api/serviceRequests/', { json: { name, email, needs } }, options);
}

/**
 * POST /api/applications/: the job application, as multipart/form-data. Takes the fields, or
 * the form's own FormData (`new FormData(formElement)`: its inputs are named like the fields).
 * A resume over 5 MB is refused here, before it is uploaded, with the server's own words.
 */
export function submitApplication(
  input: ApplicationInput | FormData,
  options: SubmitOptions = {},
): Promise<SubmissionResult> {
  let form: FormData;
  if (input instanceof FormData) form = input;
  else {
    form = new FormData();
    form.set('applicant_name', input.applicant_name);
    form.set('applicant_email', input.applicant_email);
    form.set('position', input.position);
    if (input.resume_file) form.set('resume_file', input.resume_file);
  }
  const resume = form.get('resume_file');
  if (resume instanceof Blob && resume.size > MAX_RESUME_BYTES) {
    return Promise.resolve({
      ok: false,
      status: 413,
      message: RESUME_TOO_LARGE_MESSAGE,
      fieldErrors: { resume_file: RESUME_TOO_LARGE_MESSAGE },
    });
  }
  return post('/api/applications/', { form }, options);
}
