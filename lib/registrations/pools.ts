import type { Event } from '@/lib/db/schema';
import type { PlacePool } from './statuses';

/**
 * An event's places divided into pools, and what registering looks like at a moment
 * (club-operations.md, 'Member events'). Pure: the registration's transaction passes the counts it
 * read under the event's lock, and the pages pass the counts they read.
 */

export type PoolEvent = Pick<
  Event,
  | 'capacity'
  | 'memberPlaces'
  | 'staffPlaces'
  | 'membersOnly'
  | 'memberRegistrationOpensAt'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
  | 'startsAt'
  | 'cancelledAt'
  | 'waitlistEnabled'
  | 'requiresReview'
>;

/** Places per pool; null: no limit (an event without a capacity). */
export type PoolSizes = Record<PlacePool, number | null>;

/** Places held per pool (the place-holding statuses), and how many wait. */
export type PoolCounts = Record<PlacePool, number> & { waitlisted: number };

/** The spec's statuses of an event's registration, as `/api/events/{id}/availability/` says them. */
export const REGISTRATION_STATES = [
  'coming_soon',
  'member_registration_open',
  'general_registration_open',
  'waitlist_only',
  'registration_closed',
  'completed',
  'cancelled',
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const REGISTRATION_STATE_NAMES: Record<RegistrationState, string> = {
  coming_soon: 'Coming soon',
  member_registration_open: 'Member registration open',
  general_registration_open: 'General registration open',
  waitlist_only: 'Waitlist only',
  registration_closed: 'Registration closed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function poolSizes(event: PoolEvent): PoolSizes {
  if (event.capacity === null) {
    return { member: null, staff: null, public: event.membersOnly ? 0 : null };
  }
  const staff = event.staffPlaces;
  if (event.membersOnly) return { member: event.capacity - staff, staff, public: 0 };
  const member = event.memberPlaces;
  return { member, staff, public: event.capacity - member - staff };
}

/** Whether the event keeps places for members at all (member places, or members only). */
export function hasMemberPlaces(event: PoolEvent): boolean {
  return event.membersOnly || event.memberPlaces > 0 || event.capacity === null;
}

/**
 * When members may register: their own opening time, else with everyone. Null: from
 * publication.
 */
export function memberOpensAt(event: PoolEvent): Date | null {
  return event.memberRegistrationOpensAt ?? event.registrationOpensAt;
}

/** When everyone may register; null for a members-only event (never) or from publication. */
export function publicOpensAt(event: PoolEvent): Date | null {
  return event.registrationOpensAt;
}

/** The deadline: the event's own, else its start; null for an undated event without one. */
export function closesAt(event: PoolEvent): Date | null {
  return event.registrationClosesAt ?? event.startsAt;
}

function reached(instant: Date | null, now: Date): boolean {
  return instant === null || now.getTime() >= instant.getTime();
}

function left(size: number | null, taken: number): number | null {
  return size === null ? null : Math.max(0, size - taken);
}

/** Places left per pool; null: no limit. */
export function placesLeft(event: PoolEvent, counts: PoolCounts): PoolSizes {
  const sizes = poolSizes(event);
  return {
    member: left(sizes.member, counts.member),
    staff: left(sizes.staff, counts.staff),
    public: left(sizes.public, counts.public),
  };
}

const hasRoom = (places: number | null) => places === null || places > 0;

/** Which windows are open at `now`: members', everyone's. */
export function openWindows(event: PoolEvent, now: Date): { member: boolean; public: boolean } {
  if (event.cancelledAt || (event.startsAt && reached(event.startsAt, now))) {
    return { member: false, public: false };
  }
  const deadline = closesAt(event);
  if (deadline && reached(deadline, now)) return { member: false, public: false };
  return {
    member: hasMemberPlaces(event) && reached(memberOpensAt(event), now),
    public: !event.membersOnly && reached(publicOpensAt(event), now),
  };
}

/**
 * Whether a newcomer can take a place of each pool now that the places and the line are known: a
 * place is left in the pool and nobody waits ahead for it (a member place: no member waits; a
 * public place: nobody waits, as `placeFor`'s caller makes newcomers queue behind the line).
 * What the lists and pages carry to say an event's status; the opening times are the browser's.
 */
export type PoolRoom = { member: boolean; public: boolean };

export function poolRoom(
  event: PoolEvent,
  counts: PoolCounts,
  line: { waiting: number; waitingMembers: number },
): PoolRoom {
  const free = placesLeft(event, counts);
  return {
    member: hasMemberPlaces(event) && hasRoom(free.member) && line.waitingMembers === 0,
    public: !event.membersOnly && hasRoom(free.public) && line.waiting === 0,
  };
}

/** The room of an event nobody has registered for yet. */
export function emptyEventRoom(event: PoolEvent): PoolRoom {
  return poolRoom(
    event,
    { member: 0, public: 0, staff: 0, waitlisted: 0 },
    { waiting: 0, waitingMembers: 0 },
  );
}

/**
 * The event's registration status at `now`: the one rule behind the cards, the event page, the
 * member events page and `/api/events/{id}/availability/`. An event without member places goes
 * from `coming_soon` to `general_registration_open`; a selection takes applications whatever the
 * places; elsewhere an event whose open windows have no room is `waitlist_only` (with a
 * waitlist) or `registration_closed`.
 */
export function registrationState(event: PoolEvent, room: PoolRoom, now: Date): RegistrationState {
  if (event.cancelledAt) return 'cancelled';
  if (event.startsAt && reached(event.startsAt, now)) return 'completed';
  const deadline = closesAt(event);
  if (deadline && reached(deadline, now)) return 'registration_closed';
  const open = openWindows(event, now);
  if (!open.member && !open.public) return 'coming_soon';
  const takesRegistrations =
    event.requiresReview || (open.member && room.member) || (open.public && room.public);
  if (!takesRegistrations) return event.waitlistEnabled ? 'waitlist_only' : 'registration_closed';
  return open.public ? 'general_registration_open' : 'member_registration_open';
}

/**
 * What the registration form offers at `now` (the availability's `asks_member_id`,
 * `open_to_everyone` and `places_left`), from the same windows and places as `placeFor`:
 * - `asksMemberId`: whether a member ID changes where a registration goes, so the form asks for
 *   it: in the member window always (only members may register or wait then), and once everyone
 *   may register while a member place is left or, with every open place taken, while a member
 *   waits for a member place ahead of the line for public ones.
 * - `openToEveryone`: whether anyone may register (or wait) now, not only members.
 * - `placesOpenNow`: the places that can be taken now, in the windows open now (member places in
 *   the member window, and the public places once everyone may register); null: no limit.
 */
export type RegistrationOffer = {
  asksMemberId: boolean;
  openToEveryone: boolean;
  placesOpenNow: number | null;
};

export function registrationOffer(
  event: PoolEvent,
  counts: PoolCounts,
  now: Date,
): RegistrationOffer {
  const open = openWindows(event, now);
  const free = placesLeft(event, counts);
  const memberPlacesOpen = open.member ? free.member : 0;
  const publicPlacesOpen = open.public ? free.public : 0;
  const placesOpenNow =
    memberPlacesOpen === null || publicPlacesOpen === null
      ? null
      : memberPlacesOpen + publicPlacesOpen;
  const asksMemberId =
    open.member &&
    (event.membersOnly ||
      !open.public ||
      hasRoom(free.member) ||
      (event.waitlistEnabled && !hasRoom(free.public)));
  return { asksMemberId, openToEveryone: open.public, placesOpenNow };
}

/**
 * Where a new registration goes. A member takes a member place while there is one, else a
 * public place once everyone may register; anyone else only a public place. `wait` names the
 * pool the person waits for when the event has a waitlist; `refused` says why not.
 */
export type Placement =
  | { outcome: 'place'; pool: PlacePool }
  | { outcome: 'wait'; pool: PlacePool }
  | { outcome: 'refused'; reason: 'not_open' | 'members_only' | 'closed' | 'full' };

export function placeFor(
  event: PoolEvent,
  counts: PoolCounts,
  now: Date,
  asMember: boolean,
): Placement {
  const open = openWindows(event, now);
  if (event.cancelledAt || (event.startsAt && reached(event.startsAt, now))) {
    return { outcome: 'refused', reason: 'closed' };
  }
  const deadline = closesAt(event);
  if (deadline && reached(deadline, now)) return { outcome: 'refused', reason: 'closed' };
  const free = placesLeft(event, counts);
  if (asMember && open.member && hasRoom(free.member)) return { outcome: 'place', pool: 'member' };
  if (open.public && hasRoom(free.public)) return { outcome: 'place', pool: 'public' };
  if (!open.member && !open.public) return { outcome: 'refused', reason: 'not_open' };
  if (!asMember && !open.public) {
    return { outcome: 'refused', reason: event.membersOnly ? 'members_only' : 'not_open' };
  }
  if (!event.waitlistEnabled) return { outcome: 'refused', reason: 'full' };
  return { outcome: 'wait', pool: asMember && open.member ? 'member' : 'public' };
}

/**
 * Who on the waitlist gets the free places, in line order: a free member place goes to the first
 * waitlisted member, a free public place to the first in line, member or not (club-operations.md).
 * Public places are given only once everyone may register; staff places are staff's to give.
 */
export function promotions(
  event: PoolEvent,
  counts: PoolCounts,
  now: Date,
  waiting: ReadonlyArray<{ id: number; member: boolean }>,
): Array<{ id: number; pool: PlacePool }> {
  const free = placesLeft(event, counts);
  let member = free.member;
  let everyone = !event.membersOnly && reached(publicOpensAt(event), now) ? free.public : 0;
  const given: Array<{ id: number; pool: PlacePool }> = [];
  for (const person of waiting) {
    if (person.member && hasRoom(member)) {
      given.push({ id: person.id, pool: 'member' });
      if (member !== null) member -= 1;
    } else if (hasRoom(everyone)) {
      given.push({ id: person.id, pool: 'public' });
      if (everyone !== null) everyone -= 1;
    } else if (!hasRoom(member)) {
      break;
    }
  }
  return given;
}
