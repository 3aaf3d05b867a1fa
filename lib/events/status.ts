import type { EventDto } from '@/lib/api/contract';
import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import type { EVENT_STATUS_COPY_KEYS } from '@/lib/copy/client-keys';
import { registrationState, type RegistrationState } from '@/lib/registrations/pools';

/** The fields of an event its status is computed from (all in `/api/events/`). */
export type EventStatusFields = Pick<
  EventDto,
  | 'capacity'
  | 'member_places'
  | 'staff_places'
  | 'members_only'
  | 'member_registration_opens_at'
  | 'registration_opens_at'
  | 'registration_closes_at'
  | 'starts_at'
  | 'waitlist_enabled'
  | 'requires_selection'
  | 'member_places_available'
  | 'public_places_available'
>;

/** Only the status fields (what a client component receives), with missing ones as 'not set'. */
export function statusFields(event: Partial<EventStatusFields>): EventStatusFields {
  return {
    capacity: event.capacity ?? null,
    member_places: event.member_places ?? 0,
    staff_places: event.staff_places ?? 0,
    members_only: event.members_only ?? false,
    member_registration_opens_at: event.member_registration_opens_at ?? null,
    registration_opens_at: event.registration_opens_at ?? null,
    registration_closes_at: event.registration_closes_at ?? null,
    starts_at: event.starts_at ?? null,
    waitlist_enabled: event.waitlist_enabled ?? false,
    requires_selection: event.requires_selection ?? false,
    // An answer without them (an older cached page) reads as an event with room.
    member_places_available: event.member_places_available ?? true,
    public_places_available: event.public_places_available ?? true,
  };
}

export type EventStatusCopy = Pick<Copy<'event'>, (typeof EVENT_STATUS_COPY_KEYS)[number]>;

const instant = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * The event's status at `now`: the opening times against the clock, and whether each pool has
 * room as the answer was read (a registration that fills or frees the last place publishes the
 * events again, lib/registrations/room-changes.ts). The same rule as the availability's.
 */
export function eventStatusAt(event: EventStatusFields, now: Date): RegistrationState {
  return registrationState(
    {
      capacity: event.capacity,
      memberPlaces: event.member_places,
      staffPlaces: event.staff_places,
      membersOnly: event.members_only,
      memberRegistrationOpensAt: instant(event.member_registration_opens_at),
      registrationOpensAt: instant(event.registration_opens_at),
      registrationClosesAt: instant(event.registration_closes_at),
      startsAt: instant(event.starts_at),
      // Cancelled events are not listed.
      cancelledAt: null,
      waitlistEnabled: event.waitlist_enabled,
      requiresReview: event.requires_selection,
    },
    { member: event.member_places_available, public: event.public_places_available },
    now,
  );
}

export function statusName(state: RegistrationState, copy: EventStatusCopy): string {
  switch (state) {
    case 'coming_soon':
      return copy.stateComingSoon;
    case 'member_registration_open':
      return copy.stateMemberOpen;
    case 'general_registration_open':
      return copy.stateGeneralOpen;
    case 'waitlist_only':
      return copy.stateWaitlistOnly;
    case 'registration_closed':
      return copy.stateClosed;
    case 'completed':
      return copy.stateCompleted;
    case 'cancelled':
      return copy.stateCancelled;
  }
}

/** 'Sat, Nov 28, 6:00 PM' in the club's time zone. */
export function shortClubDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/Toronto',
  });
}

/**
 * The status line: the spec's name and, while only members may register, 'Members only until
 * <public opening>'.
 */
export function eventStatusLine(
  event: EventStatusFields,
  copy: EventStatusCopy,
  now: Date,
  formatDate: (iso: string) => string = shortClubDateTime,
): { state: RegistrationState; name: string; membersOnlyUntil: string | null } {
  const state = eventStatusAt(event, now);
  const membersOnlyUntil =
    state === 'member_registration_open' && event.registration_opens_at && !event.members_only
      ? fillCopy(copy.membersOnlyUntil, { date: formatDate(event.registration_opens_at) })
      : null;
  return { state, name: statusName(state, copy), membersOnlyUntil };
}
