import 'server-only';
import type { z } from 'zod';
import { type Database, getDb } from '@/lib/db/client';
import { insertContactMessage, insertJobApplication, insertServiceRequest } from '@/lib/db/queries';
import { getServerEnv } from '@/lib/env/server';
import { apiError } from '@/lib/http';
import type { RateLimiter } from '@/lib/rate-limit';
import {
  MAX_RESUME_BYTES,
  RESUME_KINDS,
  type ResumeKind,
  detectResumeKind,
} from '@/lib/resume-type';
import { cleanOriginalName, removeUpload, storeUpload, uploadsDir } from '@/lib/uploads';
import {
  APPLICATION_RECEIVED,
  MESSAGE_RECEIVED,
  RESUME_EMPTY_MESSAGE,
  RESUME_MISSING_MESSAGE,
  RESUME_TOO_LARGE_MESSAGE,
  RESUME_WRONG_TYPE_MESSAGE,
  SERVICE_REQUEST_RECEIVED,
  type SubmissionCreatedDto,
  applicationFieldsSchema,
  messageRequestSchema,
  serviceRequestSchema,
} from './contract';
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  created,
  fieldMessages,
  forgetLimiter,
  guardPost,
  invalidFields,
  namedLimiter,
  readJsonBody,
  readLimitedBody,
} from './guarded-post';

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
 * A message of 5000 characters is at most 30 KB of JSON even when every character is escaped
 * (\uXXXX); the two short fields and the braces fit in the rest of 32 KB.
 */
export const MAX_TEXT_SUBMISSION_BYTES = 32 * 1024;
/** The resume plus the three short fields and the multipart boundaries and headers. */
export const MAX_APPLICATION_BODY_BYTES = MAX_RESUME_BYTES + 64 * 1024;

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
      tooLargeMessage: 'The message is too long to send: it must be at most 5000 characters.',
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
      tooLargeMessage:
        'The request is too long to send: the description of your needs must be at most 5000 characters.',
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

/** Parses the multipart body read so far; null when it is not a well-formed form. */
async function parseForm(bytes: Uint8Array, contentType: string): Promise<FormData | null> {
  try {
    return await new Response(bytes as BodyInit, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    return null;
  }
}

/** A text field's value; a file sent in place of text counts as missing. */
function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** 413 naming the file, so a form can show it beside the file input too. */
function resumeTooLarge(): Response {
  return apiError('file_too_large', {
    message: RESUME_TOO_LARGE_MESSAGE,
    fields: { resume_file: RESUME_TOO_LARGE_MESSAGE },
  });
}

/** A file input left empty still sends its field: a nameless, empty file. */
function isUnchosenFile(file: Blob): boolean {
  return file.size === 0 && file instanceof File && file.name === '';
}

export function handleApplication(
  request: Request,
  options: SubmissionOptions = {},
): Promise<Response> {
  return answering('application', async () => {
    const refused = guardPost(request, {
      limiter: options.limiter ?? submissionLimiter(),
      rateLimitedMessage: RATE_LIMITED_MESSAGE,
    });
    if (refused) return refused;
    if (!isMultipart(request)) {
      return apiError('invalid_form', { message: INVALID_MULTIPART_MESSAGE });
    }

    const body = await readLimitedBody(request, MAX_APPLICATION_BODY_BYTES);
    if (!body.ok) return body.code === 'client_aborted' ? apiError(body.code) : resumeTooLarge();
    const form = await parseForm(body.bytes, request.headers.get('content-type')!);
    if (!form) return apiError('invalid_form', { message: INVALID_MULTIPART_MESSAGE });

    const resume = form.get('resume_file');
    if (resume instanceof Blob && resume.size > MAX_RESUME_BYTES) return resumeTooLarge();

    const parsed = applicationFieldsSchema.safeParse({
      applicant_name: textField(form, 'applicant_name'),
      applicant_email: textField(form, 'applicant_email'),
      position: textField(form, 'position'),
    });
    const fields: Record<string, string> = parsed.success ? {} : fieldMessages(parsed.error);

    let bytes: Uint8Array | null = null;
    let kind: ResumeKind | null = null;
    if (!(resume instanceof Blob) || isUnchosenFile(resume)) {
      fields.resume_file = RESUME_MISSING_MESSAGE;
    } else if (resume.size === 0) fields.resume_file = RESUME_EMPTY_MESSAGE;
    else {
      bytes = new Uint8Array(await resume.arrayBuffer());
      kind = detectResumeKind(bytes);
      if (!kind) fields.resume_file = RESUME_WRONG_TYPE_MESSAGE;
    }
    if (!parsed.success || !bytes || !kind) return invalidFields(fields);

    const folder = uploadsDir();
    const storedName = await storeUpload(bytes, kind, folder);
    try {
      const row = await insertJobApplication(await getDb(), {
        applicantName: parsed.data.applicant_name,
        applicantEmail: parsed.data.applicant_email,
        position: parsed.data.position,
        resumeStoredName: storedName,
        resumeOriginalName: cleanOriginalName(resume instanceof File ? resume.name : '', kind),
        resumeContentType: RESUME_KINDS[kind].contentType,
        resumeSize: bytes.byteLength,
      });
      const answer: SubmissionCreatedDto = { id: row.id, message: APPLICATION_RECEIVED };
      return created(answer);
    } catch (error) {
      // No row points at the file: remove it rather than keep an orphan.
      await removeUpload(storedName, folder).catch(() => {});
      throw error;
    }
  });
}
