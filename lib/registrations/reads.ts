import 'server-only';
import { and, asc, count, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { normalizeEmail } from '@/lib/db/queries';
import {
  type EventRegistration,
  eventRegistrations,
  events,
  registrationStatusChanges,
} from '@/lib/db/schema';
import type { Queryable } from '@/lib/mail/outbox';
import { isVisibleToVisitors } from '@/lib/events/visibility';
import { PLACE_HOLDING_STATUSES, type PlacePool, type RegistrationStatus } from './statuses';
import {
  type PoolCounts,
  memberOpensAt,
  placesLeft,
  poolRoom,
  publicOpensAt,
  registrationOffer,
  registrationState,
  type RegistrationState,
} from './pools';

/** 1 for the next person to get a place; null when the registration is not waitlisted. */
export async function waitlistPosition(
  db: Queryable,
  registration: Pick<EventRegistration, 'eventId' | 'status' | 'queuedAt'>,
): Promise<number | null> {
  if (registration.status !== 'waitlisted' || registration.queuedAt === null) return null;
  const [row] = await db
    .select({ ahead: count() })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, registration.eventId),
        eq(eventRegistrations.status, 'waitlisted'),
        lte(eventRegistrations.queuedAt, registration.queuedAt),
      ),
    );
  return row?.ahead ?? null;
}

/**
 * One read of an event's registrations for a new one: places taken, waitlisted (all, and those
 * with a place in the queue), and the person's earlier registration by email (none asked for
 * when `email` is null).
 */
export async function tallyForRegistration(
  tx: Pick<Database, 'select'>,
  eventId: number,
  email: string | null,
) {
  const holding = inArray(eventRegistrations.status, [...PLACE_HOLDING_STATUSES]);
  const waitlisted = eq(eventRegistrations.status, 'waitlisted');
  // The earlier registration through the (event, email) unique index; filtering every row of
  // the event by email instead costs three times as much on the embedded database.
  const earlier = (column: 'id' | 'status') =>
    email === null
      ? sql`null`
      : sql`${sql.raw(`(select earlier.${column} from event_registrations earlier where earlier.event_id = `)}${eventId} and lower(trim(earlier.email)) = ${email} limit 1)`;
  const inPool = (pool: PlacePool) => sql`${holding} and ${eventRegistrations.pool} = ${pool}`;
  const [row] = await tx
    .select({
      taken: sql<number>`count(*) filter (where ${holding})`.mapWith(Number),
      takenMember: sql<number>`count(*) filter (where ${inPool('member')})`.mapWith(Number),
      takenPublic: sql<number>`count(*) filter (where ${inPool('public')})`.mapWith(Number),
      takenStaff: sql<number>`count(*) filter (where ${inPool('staff')})`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${waitlisted})`.mapWith(Number),
      waitingMembers:
        sql<number>`count(*) filter (where ${waitlisted} and ${eventRegistrations.membershipId} is not null)`.mapWith(
          Number,
        ),
      queued:
        sql<number>`count(*) filter (where ${waitlisted} and ${eventRegistrations.queuedAt} is not null)`.mapWith(
          Number,
        ),
      existingId: sql<number | null>`${earlier('id')}`,
      existingStatus: sql<string | null>`${earlier('status')}`,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  const existingId = row?.existingId;
  return {
    taken: row?.taken ?? 0,
    byPool: {
      member: row?.takenMember ?? 0,
      public: row?.takenPublic ?? 0,
      staff: row?.takenStaff ?? 0,
      waitlisted: row?.waiting ?? 0,
    } satisfies PoolCounts,
    waiting: row?.waiting ?? 0,
    waitingMembers: row?.waitingMembers ?? 0,
    queued: row?.queued ?? 0,
    existing:
      existingId !== null && existingId !== undefined
        ? { id: Number(existingId), status: row!.existingStatus as RegistrationStatus }
        : null,
  };
}

export type AttendanceRecord = {
  registrationId: number;
  eventId: number;
  eventTitle: string;
  startsAt: Date | null;
  status: RegistrationStatus;
  lateCancellation: boolean;
  /** Registered as a member (their member ID checked). */
  asMember: boolean;
};

/** A person's registrations across events (by email), newest event first, for staff. */
export function attendanceHistory(db: Database, email: string) {
  return attendanceWhere(db, sql`lower(${eventRegistrations.email}) = ${normalizeEmail(email)}`);
}

/**
 * A member's registrations across events, newest event first: those made as a member (their ID
 * checked), and any other under their uOttawa or personal email.
 */
export function attendanceOfMembership(
  db: Database,
  membership: { id: number; uottawaEmail: string; personalEmail: string | null },
) {
  const emails = [membership.uottawaEmail, membership.personalEmail]
    .filter((email): email is string => Boolean(email))
    .map(normalizeEmail);
  return attendanceWhere(
    db,
    or(
      eq(eventRegistrations.membershipId, membership.id),
      inArray(sql`lower(${eventRegistrations.email})`, emails),
    )!,
  );
}

async function attendanceWhere(db: Database, where: SQL) {
  const rows = await db
    .select({
      registrationId: eventRegistrations.id,
      eventId: events.id,
      eventTitle: events.title,
      startsAt: events.startsAt,
      status: eventRegistrations.status,
      lateCancellation: eventRegistrations.lateCancellation,
      asMember: sql<boolean>`${eventRegistrations.membershipId} is not null`,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(where)
    .orderBy(desc(events.startsAt), desc(eventRegistrations.id));
  const records = rows as AttendanceRecord[];
  return {
    records,
    attended: records.filter((row) => row.status === 'attended').length,
    noShows: records.filter((row) => row.status === 'no_show').length,
    lateCancellations: records.filter((row) => row.status === 'cancelled' && row.lateCancellation)
      .length,
  };
}

export type AttendanceHistory = Awaited<ReturnType<typeof attendanceWhere>>;

/** Every status change of a registration, oldest first. */
export function statusHistory(db: Database, registrationId: number) {
  return db
    .select()
    .from(registrationStatusChanges)
    .where(eq(registrationStatusChanges.registrationId, registrationId))
    .orderBy(asc(registrationStatusChanges.id));
}

export type Availability = {
  /** The spec's status of the event's registration (pools.ts). */
  state: RegistrationState;
  capacity: number | null;
  /**
   * Places that can be taken now, in the windows open now (member places in the member window,
   * and the public places once everyone may register); null: no limit.
   */
  placesLeft: number | null;
  /** Per pool; null without a capacity. */
  memberPlacesLeft: number | null;
  publicPlacesLeft: number | null;
  /** When members may register (null: with everyone), and everyone (null: from publication). */
  memberOpensAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
  membersOnly: boolean;
  requiresReview: boolean;
  waitlistEnabled: boolean;
  /** Whether the form asks for a member ID, and whether anyone may register now (pools.ts). */
  asksMemberId: boolean;
  openToEveryone: boolean;
};

/**
 * What the event page says about registering: its status, places left per pool, when members
 * and everyone may register. Read afresh on each visit (the page itself may come from the page
 * cache).
 */
export async function registrationAvailability(
  db: Database,
  eventId: number,
  now: Date = new Date(),
): Promise<Availability | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  // On the site by the clock, as the page that asks (`now` is the registration windows' time).
  if (!event || !isVisibleToVisitors(event)) return null;
  const tally = await tallyForRegistration(db, eventId, null);
  const free = placesLeft(event, tally.byPool);
  const state = registrationState(event, poolRoom(event, tally.byPool, tally), now);
  const offer = registrationOffer(event, tally.byPool, now);
  return {
    state,
    capacity: event.capacity,
    placesLeft: offer.placesOpenNow,
    memberPlacesLeft: free.member,
    publicPlacesLeft: free.public,
    memberOpensAt: event.memberPlaces > 0 || event.membersOnly ? memberOpensAt(event) : null,
    opensAt: event.membersOnly ? null : publicOpensAt(event),
    closesAt: event.registrationClosesAt ?? event.startsAt,
    membersOnly: event.membersOnly,
    requiresReview: event.requiresReview,
    waitlistEnabled: event.waitlistEnabled,
    asksMemberId: offer.asksMemberId,
    openToEveryone: offer.openToEveryone,
  };
}
