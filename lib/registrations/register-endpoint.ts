import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { getDb } from '@/lib/db/client';
import { deliverSoon, noteRequest } from '@/lib/jobs/tick';
import { publishChange } from '@/lib/publish/publish';
import { registerForEvent } from '@/lib/registrations/intake';
import { emailManageLinkAgain } from '@/lib/registrations/manage';
import { manageUrl } from '@/lib/registrations/manage-token';
import { formatClubDateTime } from '@/lib/registrations/window';
import { getServerEnv } from '@/lib/env/server';
import { apiError } from '@/lib/http/api-errors';
import { routeBodyLimit } from '@/lib/http/body-limits.mjs';
import { clientKey, createRateLimiter, type RateLimiter } from '@/lib/http/rate-limit';
import { uottawaEmailKey } from '@/lib/memberships/application-schema';
import {
  REGISTRATION_SUCCESS_MESSAGE,
  SUBMITTED_MESSAGE,
  type RegistrationCreatedDto,
  registrationRequestSchema,
  waitlistedMessage,
} from '../api/contract';
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  created,
  forgetLimiter,
  guardPost,
  invalidFields,
  namedLimiter,
  readJsonBody,
} from '../api/guarded-post';
import { parseEventId } from '../api/reads';
import { toRegistrationDto } from '../api/serialize';

/**
 * POST /api/events/{id}/register/ — every answer of the registration endpoint:
 * 429 rate limited · 403 CSRF · 404 unknown event · 413 body too large · 400 not JSON, invalid
 * fields or answers to the event's questions missing or wrong · 409 already registered (the manage link emailed again), full, not open yet or
 * closed · 201 registered (confirmed, waitlisted or awaiting review, with the person's manage
 * link).
 */

/** A registration body is a few short fields and the answers; anything larger is refused unread. */
export const MAX_REGISTRATION_BODY_BYTES = routeBodyLimit('registration').bytes;
export const DEFAULT_REGISTRATION_RATE_LIMIT = DEFAULT_RATE_LIMIT_PER_MINUTE;

/** The process's limiter: REGISTRATION_RATE_LIMIT_PER_MINUTE attempts per client per minute. */
export function registrationLimiter(): RateLimiter {
  return namedLimiter(
    'registration',
    getServerEnv().REGISTRATION_RATE_LIMIT_PER_MINUTE ?? DEFAULT_REGISTRATION_RATE_LIMIT,
  );
}

/** Forgets the limiter (and its counts); the next request builds it again from the environment. */
export function resetRegistrationLimiterForTests(): void {
  forgetLimiter('registration');
}

/**
 * Member IDs refused per uOttawa email and per client, in a window of MEMBER_CHECK_WINDOW_MS:
 * enough for a member's typos, too few to try the sequential IDs against a student's address.
 * Every refusal counts (a wrong pair and a membership without a member place alike), so the
 * count itself tells nothing either.
 */
export const MEMBER_CHECK_REFUSALS_PER_EMAIL = 5;
export const MEMBER_CHECK_REFUSALS_PER_CLIENT = 20;
export const MEMBER_CHECK_WINDOW_MS = 15 * 60_000;

export const MEMBER_CHECK_RATE_LIMITED_MESSAGE =
  'Too many member IDs that did not match. Please wait 15 minutes and try again, or use ‘I forgot my member ID’ on the membership page.';

/**
 * A refused member check answers no sooner than this after the request arrived: a wrong pair
 * and a suspended member's right pair (whose notice is queued) take the same time.
 */
export const MEMBER_CHECK_ANSWER_MS = 400;

export type MemberCheckLimiters = { byEmail: RateLimiter; byClient: RateLimiter };

const limiterStore = globalThis as typeof globalThis & {
  __tcsaMemberCheckLimiters?: MemberCheckLimiters;
};

/** The process's limiters of refused member IDs, built on first use. */
export function memberCheckLimiters(): MemberCheckLimiters {
  limiterStore.__tcsaMemberCheckLimiters ??= {
    byEmail: createRateLimiter({
      limit: MEMBER_CHECK_REFUSALS_PER_EMAIL,
      windowMs: MEMBER_CHECK_WINDOW_MS,
    }),
    byClient: createRateLimiter({
      limit: MEMBER_CHECK_REFUSALS_PER_CLIENT,
      windowMs: MEMBER_CHECK_WINDOW_MS,
    }),
  };
  return limiterStore.__tcsaMemberCheckLimiters;
}

export type RegistrationOptions = {
  /** The time registrations are judged at (tests pass a fixed one). */
  now?: Date;
  limiter?: RateLimiter;
  memberCheckLimiters?: MemberCheckLimiters;
  /** The floor of a refused member check's answer (MEMBER_CHECK_ANSWER_MS). */
  memberRefusedAfterMs?: number;
};

export async function handleRegistration(
  request: Request,
  rawEventId: string,
  options: RegistrationOptions = {},
): Promise<Response> {
  const started = performance.now();
  try {
    const refused = guardPost(request, { limiter: options.limiter ?? registrationLimiter() });
    if (refused) return refused;
    // A gala's tickets opening: the minute's scheduled work waits until the burst has passed.
    noteRequest();

    const eventId = parseEventId(rawEventId);
    if (eventId === null) return apiError('event_not_found');

    const parsed = await readJsonBody(request, {
      maxBytes: MAX_REGISTRATION_BODY_BYTES,
      schema: registrationRequestSchema,
      tooLargeMessage: routeBodyLimit('registration').message,
    });
    if (!parsed.ok) return parsed.response;

    // Refused member IDs are counted per address (by its key: a `+tag` is no fresh count) and
    // per client (its address as the server entry set it).
    const memberKeys = parsed.data.member_id
      ? { email: uottawaEmailKey(parsed.data.email), client: clientKey(request) }
      : null;
    const limiters = memberKeys ? (options.memberCheckLimiters ?? memberCheckLimiters()) : null;
    if (
      memberKeys &&
      limiters &&
      (!limiters.byEmail.peek(memberKeys.email).ok || !limiters.byClient.peek(memberKeys.client).ok)
    ) {
      return apiError('rate_limited', { message: MEMBER_CHECK_RATE_LIMITED_MESSAGE });
    }

    const outcome = await registerForEvent(
      await getDb(),
      eventId,
      {
        firstName: parsed.data.first_name,
        lastName: parsed.data.last_name,
        email: parsed.data.email,
        memberId: parsed.data.member_id ?? null,
        answers: parsed.data.answers,
      },
      options.now,
    );
    switch (outcome.kind) {
      case 'not_found':
        return apiError('event_not_found');
      case 'closed':
        return apiError('registration_closed');
      case 'not_open':
        return apiError('registration_not_open', {
          message: outcome.membersFirst
            ? `Members only until ${formatClubDateTime(outcome.opensAt)}: registration opens to everyone then. Members register with their member ID.`
            : `Registration for this event opens on ${formatClubDateTime(outcome.opensAt)}.`,
        });
      case 'members_only':
        return apiError('registration_not_open', {
          message:
            'This event is for members only: register with your member ID and the uOttawa email of your membership.',
        });
      case 'invalid_answers':
        // A message per question (`answers.<id>`), and all of them in `error`.
        return invalidFields(outcome.fields);
      case 'member_refused': {
        const overEmail = memberKeys && !limiters?.byEmail.hit(memberKeys.email).ok;
        const overClient = memberKeys && !limiters?.byClient.hit(memberKeys.client).ok;
        // The member's notice, if one was queued, goes out now; asked either way.
        deliverSoon();
        const wait =
          (options.memberRefusedAfterMs ?? MEMBER_CHECK_ANSWER_MS) - (performance.now() - started);
        // A little noise on top, so the few milliseconds a notice costs cannot be averaged out.
        if (wait > 0) await sleep(wait + Math.random() * 50);
        if (overEmail || overClient) {
          return apiError('rate_limited', { message: MEMBER_CHECK_RATE_LIMITED_MESSAGE });
        }
        return apiError('member_not_verified', { message: outcome.message });
      }
      case 'duplicate':
        // Their link goes to their address again (at most once an hour), never in this answer.
        if (await emailManageLinkAgain(await getDb(), eventId, parsed.data.email, options.now)) {
          deliverSoon();
        }
        return apiError('already_registered', { withCode: true });
      case 'full':
        return apiError('event_full', {
          message: `This event is full: all ${outcome.capacity} places have been taken.`,
        });
      case 'created': {
        const status = outcome.registration
          .status as RegistrationCreatedDto['registration']['status'];
        const body: RegistrationCreatedDto = {
          message:
            status === 'waitlisted'
              ? waitlistedMessage(outcome.waitlistPosition)
              : status === 'submitted'
                ? SUBMITTED_MESSAGE
                : REGISTRATION_SUCCESS_MESSAGE,
          registration: {
            ...toRegistrationDto(outcome.registration),
            status,
            manage_url: manageUrl(outcome.manageToken),
            waitlist_position: outcome.waitlistPosition,
          },
        };
        // The last place taken (or the first one on the waitlist): the status the cards and
        // pages say changed, and they are published again.
        if (outcome.roomChanged) await publishChange(['db:events']);
        deliverSoon();
        return created(body);
      }
    }
  } catch (error) {
    console.error('Event registration failed:', error);
    return apiError('server_error', {
      message: 'Registration could not be saved because of a server error. Please try again later.',
    });
  }
}
