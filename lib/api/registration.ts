import 'server-only';
import { getDb } from '@/lib/db/client';
import { registerForEvent } from '@/lib/db/queries';
import { getServerEnv } from '@/lib/env';
import { NO_STORE, apiError } from '@/lib/http';
import { verifyCsrf } from '@/lib/csrf';
import { clientKey, createRateLimiter, type RateLimiter } from '@/lib/rate-limit';
import {
  REGISTRATION_SUCCESS_MESSAGE,
  type RegistrationCreatedDto,
  registrationRequestSchema,
} from './contract';
import { parseEventId } from './reads';
import { toRegistrationDto } from './serialize';

/**
 * POST /api/events/{id}/register/ — every answer of the registration endpoint:
 * 429 rate limited · 403 CSRF · 404 unknown event · 413 body too large · 400 not JSON or invalid
 * fields · 409 already registered, full or closed · 201 registered.
 */

/** A registration body is three short fields; anything larger is refused unread. */
export const MAX_REGISTRATION_BODY_BYTES = 4 * 1024;
export const DEFAULT_REGISTRATION_RATE_LIMIT = 60;

const store = globalThis as typeof globalThis & { __tcsaRegistrationLimiter?: RateLimiter };

/** The process's limiter: REGISTRATION_RATE_LIMIT_PER_MINUTE attempts per client per minute. */
export function registrationLimiter(): RateLimiter {
  store.__tcsaRegistrationLimiter ??= createRateLimiter({
    limit: getServerEnv().REGISTRATION_RATE_LIMIT_PER_MINUTE ?? DEFAULT_REGISTRATION_RATE_LIMIT,
    windowMs: 60_000,
  });
  return store.__tcsaRegistrationLimiter;
}

/** Forgets the limiter (and its counts); the next request builds it again from the environment. */
export function resetRegistrationLimiterForTests(): void {
  store.__tcsaRegistrationLimiter = undefined;
}

type BodyResult =
  { ok: true; text: string } | { ok: false; code: 'body_too_large' | 'invalid_json' };

/** Reads at most `limit` bytes of the body; a larger body is refused without reading the rest. */
async function readBody(request: Request, limit: number): Promise<BodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    return { ok: false, code: 'body_too_large' };
  }
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
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
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, code: 'invalid_json' };
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export type RegistrationOptions = {
  /** The time registrations are judged at (tests pass a fixed one). */
  now?: Date;
  limiter?: RateLimiter;
};

export async function handleRegistration(
  request: Request,
  rawEventId: string,
  options: RegistrationOptions = {},
): Promise<Response> {
  try {
    const limited = (options.limiter ?? registrationLimiter()).hit(clientKey(request));
    if (!limited.ok) {
      return apiError('rate_limited', {
        headers: { 'Retry-After': String(limited.retryAfterSeconds) },
      });
    }

    const csrfFailure = verifyCsrf(request, { siteUrl: getServerEnv().NEXT_PUBLIC_SITE_URL });
    if (csrfFailure) return apiError(csrfFailure);

    const eventId = parseEventId(rawEventId);
    if (eventId === null) return apiError('event_not_found');

    const body = await readBody(request, MAX_REGISTRATION_BODY_BYTES);
    if (!body.ok) return apiError(body.code);
    const json = parseJson(body.text);
    if (
      !json.ok ||
      typeof json.value !== 'object' ||
      json.value === null ||
      Array.isArray(json.value)
    ) {
      return apiError('invalid_json');
    }

    const parsed = registrationRequestSchema.safeParse(json.value);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'body');
        fields[field] ??= issue.message;
      }
      return apiError('invalid_fields', { message: Object.values(fields).join(' '), fields });
    }

    const outcome = await registerForEvent(
      await getDb(),
      eventId,
      {
        firstName: parsed.data.first_name,
        lastName: parsed.data.last_name,
        email: parsed.data.email,
      },
      options.now,
    );
    switch (outcome.kind) {
      case 'not_found':
        return apiError('event_not_found');
      case 'closed':
        return apiError('registration_closed');
      case 'duplicate':
        return apiError('already_registered');
      case 'full':
        return apiError('event_full', {
          message: `This event is full: all ${outcome.capacity} places have been taken.`,
        });
      case 'created': {
        const body: RegistrationCreatedDto = {
          message: REGISTRATION_SUCCESS_MESSAGE,
          registration: toRegistrationDto(outcome.registration),
        };
        return Response.json(body, { status: 201, headers: NO_STORE });
      }
    }
  } catch (error) {
    console.error('Event registration failed:', error);
    return apiError('server_error', {
      message: 'Registration could not be saved because of a server error. Please try again later.',
    });
  }
}
