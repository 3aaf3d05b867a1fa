import 'server-only';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { apiError, NO_STORE } from '@/lib/http/api-errors';
import { publishChange } from '@/lib/publish/publish';
import { cancelByToken } from '@/lib/registrations/transitions';
import { registrationAvailability } from '@/lib/registrations/reads';
import { STATUS_LABELS } from '@/lib/registrations/statuses';
import type { AvailabilityDto } from '../api/contract';
import { guardPost } from '../api/guarded-post';
import { parseEventId } from '../api/reads';
import { registrationLimiter } from './register-endpoint';

/** GET /api/events/{id}/availability/: places left, waitlist, opening time or closed. */
export async function serveAvailability(rawId: string, now: Date = new Date()): Promise<Response> {
  const eventId = parseEventId(rawId);
  if (eventId === null) return apiError('event_not_found');
  try {
    const availability = await registrationAvailability(await getDb(), eventId, now);
    if (!availability) return apiError('event_not_found');
    const instant = (value: Date | null) => value?.toISOString() ?? null;
    const body: AvailabilityDto = {
      state: availability.state,
      capacity: availability.capacity,
      places_left: availability.placesLeft,
      member_places_left: availability.memberPlacesLeft,
      public_places_left: availability.publicPlacesLeft,
      member_registration_opens_at: instant(availability.memberOpensAt),
      opens_at: instant(availability.opensAt),
      closes_at: instant(availability.closesAt),
      members_only: availability.membersOnly,
      requires_review: availability.requiresReview,
      waitlist_enabled: availability.waitlistEnabled,
      asks_member_id: availability.asksMemberId,
      open_to_everyone: availability.openToEveryone,
    };
    return Response.json(body, { headers: NO_STORE });
  } catch (error) {
    console.error('Reading an event availability failed:', error);
    return apiError('server_error');
  }
}

export const CANCELLED_MESSAGE =
  'Your registration is cancelled. We have sent you an email to confirm.';
export const LATE_CANCELLED_MESSAGE =
  'Your registration is cancelled. It was less than the cut-off before the event, so it is recorded as a late cancellation. We have sent you an email to confirm.';

/**
 * POST /api/registrations/{token}/cancel/: the person cancels through their manage link. Rate
 * limited and CSRF-checked like the registration itself; a GET of the manage page never gets here.
 */
export async function handleSelfCancel(
  request: Request,
  token: string,
  now: Date = new Date(),
): Promise<Response> {
  try {
    const refused = guardPost(request, { limiter: registrationLimiter() });
    if (refused) return refused;
    const outcome = await cancelByToken(await getDb(), token, now);
    switch (outcome.kind) {
      case 'not_found':
        return apiError('registration_not_found');
      case 'started':
        return apiError('registration_not_cancellable', {
          message: 'The event has already started, so the registration can no longer be cancelled.',
        });
      case 'not_cancellable':
        return apiError('registration_not_cancellable', {
          message: `This registration can no longer be cancelled: it is ${STATUS_LABELS[outcome.status].toLowerCase()}.`,
        });
      case 'cancelled':
        if (outcome.roomChanged) await publishChange(['db:events']);
        deliverSoon();
        return Response.json(
          {
            message: outcome.late ? LATE_CANCELLED_MESSAGE : CANCELLED_MESSAGE,
            status: 'cancelled',
            late: outcome.late,
          },
          { headers: NO_STORE },
        );
    }
  } catch (error) {
    console.error('Cancelling a registration failed:', error);
    return apiError('server_error', {
      message:
        'The cancellation could not be saved because of a server error. Please try again later.',
    });
  }
}
