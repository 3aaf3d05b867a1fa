import 'server-only';
import type { z } from 'zod';
import { verifyCsrf } from '@/lib/http/csrf';
import { getServerEnv } from '@/lib/env/server';
import { NO_STORE, apiError } from '@/lib/http/api-errors';
import { clientKey, createRateLimiter, type RateLimiter } from '@/lib/http/rate-limit';

/**
 * The steps every state-changing endpoint takes, in this order, so they all refuse a request the
 * same way: the per-client rate limit (429), the CSRF pair and origin (403), then the body, read
 * up to a size limit (413) and validated by a zod schema whose per-field messages answer 400 as
 * `{"error": "...", "fields": {...}}`. The event registration and the three submission endpoints
 * (messages, service requests, job applications) are built from these.
 */

/** Attempts a client may make per minute on one family of endpoints unless configured. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;

/** Each family of endpoints counts its attempts on its own. */
export type LimiterName = 'registration' | 'submissions';

const store = globalThis as typeof globalThis & {
  __tcsaRateLimiters?: Map<LimiterName, RateLimiter>;
};

/**
 * The process's limiter of one family: `limit` attempts per client per minute, built on first use
 * (later calls return it as it is, whatever `limit` they pass) and kept on globalThis.
 */
export function namedLimiter(name: LimiterName, limit: number): RateLimiter {
  store.__tcsaRateLimiters ??= new Map();
  let limiter = store.__tcsaRateLimiters.get(name);
  if (!limiter) {
    limiter = createRateLimiter({ limit, windowMs: 60_000 });
    store.__tcsaRateLimiters.set(name, limiter);
  }
  return limiter;
}

/** Forgets a family's limiter (and its counts); the next request builds it again. */
export function forgetLimiter(name: LimiterName): void {
  store.__tcsaRateLimiters?.delete(name);
}

/**
 * Rate limit, then CSRF. Returns the refusal to send, or null when the request may proceed.
 * `rateLimitedMessage` names what was attempted ("Too many … attempts").
 */
export function guardPost(
  request: Request,
  options: { limiter: RateLimiter; rateLimitedMessage?: string },
): Response | null {
  const limited = options.limiter.hit(clientKey(request));
  if (!limited.ok) {
    return apiError('rate_limited', {
      message: options.rateLimitedMessage,
      headers: { 'Retry-After': String(limited.retryAfterSeconds) },
    });
  }
  const env = getServerEnv();
  const csrfFailure = verifyCsrf(request, {
    siteUrl: env.NEXT_PUBLIC_SITE_URL,
    trustedOrigins: env.CSRF_TRUSTED_ORIGINS,
  });
  return csrfFailure ? apiError(csrfFailure) : null;
}

export type BodyBytes =
  { ok: true; bytes: Uint8Array } | { ok: false; code: 'body_too_large' | 'client_aborted' };

/**
 * Reads at most `limit` bytes of the body (the route's limit, lib/http/body-limits.mjs). A
 * declared Content-Length over the limit is refused before anything is read; a body that streams
 * past it is refused as soon as it does. The server entry refuses both before Next.js reads
 * anything (lib/http/front-door.mjs); this is the same rule where the app is run without it. A client that goes away before its body has arrived is not
 * a failure of ours: it is logged as an aborted request, and nobody is there for the answer.
 */
export async function readLimitedBody(request: Request, limit: number): Promise<BodyBytes> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    return { ok: false, code: 'body_too_large' };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch (error) {
      logAbortedRequest(request, size, error);
      return { ok: false, code: 'client_aborted' };
    }
    const { done, value } = result;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false, code: 'body_too_large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * One line for a request whose client went away before its body had arrived (ECONNRESET
 * "aborted"): a visitor closing the tab mid-upload is not a failure of the server, so no trace.
 */
export function logAbortedRequest(request: Request, received: number, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(
    `Request aborted by the client: ${request.method} ${new URL(request.url).pathname} after ${received} bytes of its body (${reason}).`,
  );
}

/** The body as a JSON object, or null when it is not UTF-8, not JSON, or not an object. */
export function decodeJsonObject(bytes: Uint8Array): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The first message zod gives for each field. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** 400 with every field's message, and all of them in `error` for clients that read only that. */
export function invalidFields(fields: Record<string, string>): Response {
  return apiError('invalid_fields', { message: Object.values(fields).join(' '), fields });
}

export type JsonBodyOptions<Schema extends z.ZodType> = {
  maxBytes: number;
  schema: Schema;
  /** 400 text for a body that is not a JSON object, naming the expected fields (default: registration's). */
  invalidJsonMessage?: string;
  /** 413 text; the default says the body is too large. */
  tooLargeMessage?: string;
};

export type JsonBodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Reads, parses and validates a JSON object body: the data, or the 413 / 400 answer to send. */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  options: JsonBodyOptions<Schema>,
): Promise<JsonBodyResult<z.infer<Schema>>> {
  const body = await readLimitedBody(request, options.maxBytes);
  if (!body.ok) {
    return { ok: false, response: apiError(body.code, { message: options.tooLargeMessage }) };
  }
  const json = decodeJsonObject(body.bytes);
  if (!json) {
    return {
      ok: false,
      response: apiError('invalid_json', { message: options.invalidJsonMessage }),
    };
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) return { ok: false, response: invalidFields(fieldMessages(parsed.error)) };
  return { ok: true, data: parsed.data };
}

/** 201 with a JSON body, never cached. */
export function created(body: unknown): Response {
  return Response.json(body, { status: 201, headers: NO_STORE });
}
