import 'server-only';
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { type Database, getDb } from '@/lib/db/client';
import { insertContactMessage, insertJobApplication, insertServiceRequest } from '@/lib/db/queries';
import { getServerEnv } from '@/lib/env/server';
import { apiError } from '@/lib/http/api-errors';
import { setApiHeaders } from '@/lib/http/api-headers';
import { routeBodyLimit } from '@/lib/http/body-limits.mjs';
import { discardReceivedFile, receiveMultipart } from '@/lib/http/multipart';
import type { RateLimiter } from '@/lib/http/rate-limit';
import { MAX_RESUME_BYTES, RESUME_KINDS, detectResumeKind } from '@/lib/submissions/resume-type';
import { objectStore } from '@/lib/storage/store';
import { cleanOriginalName, removeUpload, storeUpload } from '@/lib/submissions/uploads';
import {
  APPLICATION_RECEIVED,
  MESSAGE_RECEIVED,
  RESUME_EMPTY_MESSAGE,
  RESUME_MISSING_MESSAGE,
  RESUME_WRONG_TYPE_MESSAGE,
  SERVICE_REQUEST_RECEIVED,
  type SubmissionCreatedDto,
  applicationFieldsSchema,
  messageRequestSchema,
  serviceRequestSchema,
} from '../api/contract';
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  created,
  fieldMessages,
  forgetLimiter,
  guardPost,
  invalidFields,
  namedLimiter,
  readJsonBody,
} from '../api/guarded-post';

/**
 * The three endpoints that store what visitors submit, before any email is sent:
 *
 * - POST /api/messages/        JSON {sender_name, sender_email, message}      (home contact form)
 * - POST /api/serviceRequests/ JSON {name, email, needs}                      (services form)
 * - POST /api/applications/    multipart/form-data applicant_name, applicant_email, position,
 *                              resume_file                                    (job application)
 *
 * Each answers, in this order: 429 rate limited · 403 CSRF · 413 too large · 400 not a JSON
 * object / not multipart, or invalid fields (per-field messages) · 201 `{id, message}`.
 * Nothing is stored for a refused request.
 */

/**
 * The routes' body limits (lib/http/body-limits.mjs, where the server entry reads them too): a
 * message of 5000 characters is at most 30 KB of JSON even when every character is escaped
 * (\uXXXX), within 32 KB; an application is the resume plus the three short fields and the
 * multipart boundaries and headers.
 */
export const MAX_TEXT_SUBMISSION_BYTES = routeBodyLimit('message').bytes;
export const MAX_APPLICATION_BODY_BYTES = routeBodyLimit('application').bytes;

const RATE_LIMITED_MESSAGE =
  'Too many submissions from your network. Please wait a minute and try again.';

/** The process's limiter, shared by the three endpoints: SUBMISSION_RATE_LIMIT_PER_MINUTE. */
export function submissionLimiter(): RateLimiter {
  return namedLimiter(
    'submissions',
    getServerEnv().SUBMISSION_RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
  );
}

export function resetSubmissionLimiterForTests(): void {
  forgetLimiter('submissions');
}

export type SubmissionOptions = { limiter?: RateLimiter };

/** Runs a handler; an unexpected failure (database, disk) is logged and answered 500. */
async function answering(what: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    console.error(`Storing a ${what} failed:`, error);
    return apiError('server_error', {
      message: `Your ${what} could not be saved because of a server error. Please try again later.`,
    });
  }
}

type JsonSubmission<Schema extends z.ZodType> = {
  what: string;
  schema: Schema;
  invalidJsonMessage: string;
  tooLargeMessage: string;
  received: string;
  store: (db: Database, data: z.infer<Schema>) => Promise<{ id: number }>;
};

async function handleJsonSubmission<Schema extends z.ZodType>(
  request: Request,
  submission: JsonSubmission<Schema>,
  options: SubmissionOptions,
): Promise<Response> {
  return answering(submission.what, async () => {
    const refused = guardPost(request, {
      limiter: options.limiter ?? submissionLimiter(),
      rateLimitedMessage: RATE_LIMITED_MESSAGE,
    });
    if (refused) return refused;
    const parsed = await readJsonBody(request, {
      maxBytes: MAX_TEXT_SUBMISSION_BYTES,
      schema: submission.schema,
      invalidJsonMessage: submission.invalidJsonMessage,
      tooLargeMessage: submission.tooLargeMessage,
    });
    if (!parsed.ok) return parsed.response;
    const row = await submission.store(await getDb(), parsed.data);
    const body: SubmissionCreatedDto = { id: row.id, message: submission.received };
    return created(body);
  });
}

export function handleMessage(request: Request, options: SubmissionOptions = {}) {
  return handleJsonSubmission(
    request,
    {
      what: 'message',
      schema: messageRequestSchema,
      invalidJsonMessage:
        'The request body must be a JSON object with sender_name, sender_email and message.',
      tooLargeMessage: routeBodyLimit('message').message,
      received: MESSAGE_RECEIVED,
      store: (db, data) =>
        insertContactMessage(db, {
          senderName: data.sender_name,
          senderEmail: data.sender_email,
          message: data.message,
        }),
    },
    options,
  );
}

export function handleServiceRequest(request: Request, options: SubmissionOptions = {}) {
  return handleJsonSubmission(
    request,
    {
      what: 'request',
      schema: serviceRequestSchema,
      invalidJsonMessage: 'The request body must be a JSON object with name, email and needs.',
      tooLargeMessage: routeBodyLimit('serviceRequest').message,
      received: SERVICE_REQUEST_RECEIVED,
      store: (db, data) =>
        insertServiceRequest(db, { name: data.name, email: data.email, needs: data.needs }),
    },
    options,
  );
}

const INVALID_MULTIPART_MESSAGE =
  'The application must be sent as a form (multipart/form-data) with applicant_name, applicant_email, position and resume_file.';

function isMultipart(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return /^multipart\/form-data\s*;/i.test(type) && /boundary=/i.test(type);
}

/** 413 naming the file, so a form can show it beside the file input too. */
function resumeTooLarge(): Response {
  const limit = routeBodyLimit('application');
  return apiError('file_too_large', { message: limit.message, fields: limit.fields });
}

/**
 * At most this many applications are checked and stored at once. Their resumes arrive on disk,
 * however many there are; checking one reads it into memory (its kind is judged by its content,
 * a DOCX's directory sits at its end), so the others wait their turn for a moment.
 */
const CHECKS_AT_ONCE = 2;
const checking = createGate(CHECKS_AT_ONCE);

/** A queue that lets `size` tasks run at once. */
function createGate(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * POST /api/applications/. proxy.ts does not run on its posts (Next.js would hold the whole body
 * in memory for it): the body is read here as it arrives, the resume written to a file of its own
 * (lib/http/multipart.ts), and the answers carry the API's headers themselves.
 */
export async function handleApplication(
  request: Request,
  options: SubmissionOptions = {},
): Promise<Response> {
  const response = await answerApplication(request, options);
  setApiHeaders(response.headers, request, getServerEnv().CSRF_TRUSTED_ORIGINS);
  return response;
}

function answerApplication(request: Request, options: SubmissionOptions): Promise<Response> {
  return answering('application', async () => {
    const refused = guardPost(request, {
      limiter: options.limiter ?? submissionLimiter(),
      rateLimitedMessage: RATE_LIMITED_MESSAGE,
    });
    if (refused) return refused;
    if (!isMultipart(request)) {
      return apiError('invalid_form', { message: INVALID_MULTIPART_MESSAGE });
    }

    const received = await receiveMultipart(request, {
      fileField: 'resume_file',
      maxFileBytes: MAX_RESUME_BYTES,
      maxBodyBytes: MAX_APPLICATION_BODY_BYTES,
    });
    if (!received.ok) {
      if (received.code === 'client_aborted') return apiError('client_aborted');
      if (received.code === 'invalid_form') {
        return apiError('invalid_form', { message: INVALID_MULTIPART_MESSAGE });
      }
      return resumeTooLarge();
    }
    const { fields: form, file: resume } = received.form;
    try {
      const parsed = applicationFieldsSchema.safeParse({
        applicant_name: form.get('applicant_name'),
        applicant_email: form.get('applicant_email'),
        position: form.get('position'),
      });
      const fields: Record<string, string> = parsed.success ? {} : fieldMessages(parsed.error);
      // An empty file input still sends its field: a nameless, empty file.
      if (!resume || (resume.size === 0 && resume.filename === '')) {
        fields.resume_file = RESUME_MISSING_MESSAGE;
      } else if (resume.size === 0) fields.resume_file = RESUME_EMPTY_MESSAGE;
      if (!resume || fields.resume_file) return invalidFields(fields);

      return await checking(async () => {
        const bytes = new Uint8Array(await readFile(resume.path));
        const kind = detectResumeKind(bytes);
        if (!kind) fields.resume_file = RESUME_WRONG_TYPE_MESSAGE;
        if (!parsed.success || !kind) return invalidFields(fields);
        const store = objectStore();
        const storedName = await storeUpload(bytes, kind, store);
        try {
          const row = await insertJobApplication(await getDb(), {
            applicantName: parsed.data.applicant_name,
            applicantEmail: parsed.data.applicant_email,
            position: parsed.data.position,
            resumeStoredName: storedName,
            resumeOriginalName: cleanOriginalName(resume.filename, kind),
            resumeContentType: RESUME_KINDS[kind].contentType,
            resumeSize: bytes.byteLength,
          });
          const answer: SubmissionCreatedDto = { id: row.id, message: APPLICATION_RECEIVED };
          return created(answer);
        } catch (error) {
          // No row points at the file: remove it rather than keep an orphan.
          await removeUpload(storedName, store).catch(() => {});
          throw error;
        }
      });
    } finally {
      await discardReceivedFile(resume);
    }
  });
}
