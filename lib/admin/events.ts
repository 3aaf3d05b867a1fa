import 'server-only';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordChange } from '@/lib/audit/record';
import { type Actor, eventsInView } from '@/lib/auth/permissions';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import { toCsv } from '@/lib/db/csv';
import {
  adminUsers,
  eventLeads,
  eventRegistrations,
  events,
  memberships,
  type Event,
} from '@/lib/db/schema';
import { clubDate, clubInstant, clubTime } from '@/lib/db/time';
import { requiredLine } from '@/lib/api/contract';
import { EVENT_CATEGORIES } from '@/lib/events/categories';
import {
  emptyCounts,
  type RegistrationCounts,
  registrationCounts,
  registrationCountsByEvent,
} from '@/lib/registrations/counts';
import { deleteRegistrations, promoteAfterEventChange } from '@/lib/registrations/transitions';
import { type RegistrationStatus, STATUS_LABELS } from '@/lib/registrations/statuses';
import { manageLinkKey } from '@/lib/registrations/manage-token';
import { answerColumns } from '@/lib/registrations/event-questions';
import {
  checkbox,
  countWithDefault,
  mediaValue,
  optionalCount,
  optionalDateTime,
  optionalDate,
  optionalLine,
  optionalText,
  optionalTime,
} from './fields';
import { containsPattern } from './search';
import { countOf } from '@/lib/site/plural';

/**
 * Events as the console edits them: the list an account may see, the form's rules, creation and
 * changes with their audit entries, cancelling, the registrants and their export.
 */

export const EVENTS_PAGE_SIZE = 20;
export const REGISTRANTS_PAGE_SIZE = 50;

export type ConsoleEventRow = {
  id: number;
  title: string;
  startsAt: Date | null;
  location: string | null;
  capacity: number | null;
  cancelledAt: Date | null;
  /** Places taken (`counts.placesTaken`), what the capacity counts. */
  registered: number;
  counts: RegistrationCounts;
  leadIds: string[];
};

/** The leads of each of several events, in one query. */
async function leadsByEvent(db: Database, eventIds: readonly number[]) {
  const leads = new Map<number, string[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return leads;
  const rows = await db
    .select({ eventId: eventLeads.eventId, userId: eventLeads.userId })
    .from(eventLeads)
    .where(inArray(eventLeads.eventId, [...eventIds]));
  for (const row of rows) leads.get(row.eventId)?.push(row.userId);
  return leads;
}

/**
 * The rows of a list of events (the events page, the dashboard) with their counts and leads,
 * each read once for the whole list.
 */
export async function withCountsAndLeads<Row extends { id: number; capacity: number | null }>(
  db: Database,
  rows: readonly Row[],
) {
  const ids = rows.map((row) => row.id);
  const [counts, leads] = await Promise.all([
    registrationCountsByEvent(db, ids),
    leadsByEvent(db, ids),
  ]);
  return rows.map((row) => {
    const eventCounts = counts.get(row.id) ?? emptyCounts();
    return {
      ...row,
      registered: eventCounts.placesTaken,
      counts: eventCounts,
      leadIds: leads.get(row.id) ?? [],
    };
  });
}

/** Whether the event starts on today's date in the club's time zone: its door may open today. */
export function happensToday(event: { startsAt: Date | null }, now: Date = new Date()): boolean {
  return event.startsAt !== null && clubDate(event.startsAt) === clubDate(now);
}

/** One page of the events the account may see (an event lead: the ones they lead), newest first. */
export async function listConsoleEvents(
  db: Database,
  actor: Actor,
  { text, page }: { text?: string; page: number },
): Promise<{ rows: ConsoleEventRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  const pattern = containsPattern(text);
  if (pattern) {
    conditions.push(
      or(
        ilike(events.title, pattern),
        ilike(events.location, pattern),
        ilike(events.organizer, pattern),
      )!,
    );
  }
  if (eventsInView(actor) === 'led') {
    conditions.push(
      inArray(
        events.id,
        db
          .select({ id: eventLeads.eventId })
          .from(eventLeads)
          .where(eq(eventLeads.userId, actor.id)),
      ),
    );
  }
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      location: events.location,
      capacity: events.capacity,
      cancelledAt: events.cancelledAt,
    })
    .from(events)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(sql`${events.startsAt} desc nulls first`, desc(events.id))
    .limit(EVENTS_PAGE_SIZE + 1)
    .offset((page - 1) * EVENTS_PAGE_SIZE);
  return {
    rows: await withCountsAndLeads(db, rows.slice(0, EVENTS_PAGE_SIZE)),
    hasMore: rows.length > EVENTS_PAGE_SIZE,
  };
}

export type ConsoleEvent = Event & {
  leadIds: string[];
  /** Places taken (`counts.placesTaken`), what the capacity counts. */
  registered: number;
  /** Every count of its registrations (lib/registrations/counts.ts). */
  counts: RegistrationCounts;
  /** Whether the event had started when it was read: no-shows can be marked. */
  started: boolean;
};

export async function findConsoleEvent(
  db: Database,
  id: number,
  now: Date = new Date(),
): Promise<ConsoleEvent | null> {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) return null;
  const [leads, counts] = await Promise.all([
    db.select({ id: eventLeads.userId }).from(eventLeads).where(eq(eventLeads.eventId, id)),
    registrationCounts(db, id),
  ]);
  return {
    ...event,
    leadIds: leads.map((lead) => lead.id),
    registered: counts.placesTaken,
    counts,
    started: event.startsAt !== null && event.startsAt.getTime() <= now.getTime(),
  };
}

/** Places taken (confirmed, and what confirmed becomes): what capacity counts. */
async function registrationCount(db: Pick<Database, 'select'>, eventId: number): Promise<number> {
  return (await registrationCounts(db, eventId)).placesTaken;
}

/** The accounts that can be made leads of an event: active event leads. */
export function leadChoices(db: Database) {
  return db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'event_lead'), isNull(adminUsers.deactivatedAt)))
    .orderBy(asc(adminUsers.name));
}

/** The form's fields, by the names its inputs post. */
export function eventFormSchema(current: Pick<Event, 'posterImg' | 'thumbnailLink'> | null) {
  return z
    .object({
      title: requiredLine('Title', 200),
      description: optionalText('Description', 5000),
      date: optionalDate('Date'),
      startTime: optionalTime('Start time'),
      duration: optionalLine('Duration', 60),
      location: optionalLine('Location', 200),
      organizer: optionalLine('Organizer', 200),
      posterImg: mediaValue('Poster', current?.posterImg ?? null),
      thumbnailLink: mediaValue('Thumbnail', current?.thumbnailLink ?? null),
      capacity: optionalCount('Capacity'),
      memberPlaces: countWithDefault('Member places', 0, 100_000),
      staffPlaces: countWithDefault('Staff places', 0, 100_000),
      membersOnly: checkbox(),
      memberRegistrationOpensAt: optionalDateTime('Member registration opens'),
      requiresDeposit: checkbox(),
      category: z.preprocess(
        (value) => (value === '' ? null : value),
        z.enum(EVENT_CATEGORIES, { error: 'Choose a category from the list.' }).nullable(),
      ),
      registrationOpensAt: optionalDateTime('Public registration opens'),
      registrationClosesAt: optionalDateTime('Registration deadline'),
      waitlistEnabled: checkbox(),
      autoPromote: z.preprocess(
        (value) => (value === '' || value === undefined ? 'auto' : value),
        z.enum(['auto', 'manual'], { error: 'Choose what happens when a place frees up.' }),
      ),
      requiresReview: checkbox(),
      cancellationCutoffHours: countWithDefault('Late cancellation cut-off', 24, 720),
    })
    .superRefine((value, context) => {
      const reserved = value.memberPlaces + value.staffPlaces;
      if (reserved > 0 && value.capacity === null) {
        context.addIssue({
          code: 'custom',
          path: [value.memberPlaces > 0 ? 'memberPlaces' : 'staffPlaces'],
          message: 'Set a capacity to keep places for members or staff.',
        });
      } else if (value.capacity !== null && reserved > value.capacity) {
        context.addIssue({
          code: 'custom',
          path: [value.memberPlaces > 0 ? 'memberPlaces' : 'staffPlaces'],
          message: `Member and staff places (${reserved}) cannot be more than the capacity (${value.capacity}).`,
        });
      }
      if (value.memberRegistrationOpensAt && value.memberPlaces === 0 && !value.membersOnly) {
        context.addIssue({
          code: 'custom',
          path: ['memberRegistrationOpensAt'],
          message:
            'Keep some member places (or make the event members only) to open it to members first.',
        });
      }
      if (
        value.memberRegistrationOpensAt &&
        value.registrationOpensAt &&
        value.registrationOpensAt < value.memberRegistrationOpensAt
      ) {
        context.addIssue({
          code: 'custom',
          path: ['registrationOpensAt'],
          message: 'Public registration cannot open before member registration.',
        });
      }
      if (
        value.memberRegistrationOpensAt &&
        value.registrationClosesAt &&
        value.registrationClosesAt <= value.memberRegistrationOpensAt
      ) {
        context.addIssue({
          code: 'custom',
          path: ['registrationClosesAt'],
          message: 'The registration deadline must come after member registration opens.',
        });
      }
      if (value.date && value.startTime && value.memberRegistrationOpensAt) {
        if (value.memberRegistrationOpensAt >= `${value.date}T${value.startTime}`) {
          context.addIssue({
            code: 'custom',
            path: ['memberRegistrationOpensAt'],
            message: 'Member registration must open before the event starts.',
          });
        }
      }
      if (
        value.registrationOpensAt &&
        value.registrationClosesAt &&
        value.registrationClosesAt <= value.registrationOpensAt
      ) {
        context.addIssue({
          code: 'custom',
          path: ['registrationClosesAt'],
          message: 'The registration deadline must come after registration opens.',
        });
      }
      if (value.date && value.startTime && value.registrationClosesAt) {
        if (value.registrationClosesAt > `${value.date}T${value.startTime}`) {
          context.addIssue({
            code: 'custom',
            path: ['registrationClosesAt'],
            message: 'The registration deadline must be before the event starts.',
          });
        }
      }
      if (value.date && !value.startTime) {
        context.addIssue({
          code: 'custom',
          path: ['startTime'],
          message: 'Start time is required when the event has a date.',
        });
      }
      if (value.startTime && !value.date) {
        context.addIssue({
          code: 'custom',
          path: ['date'],
          message: 'Date is required when the event has a start time.',
        });
      }
    });
}

export type EventFormValues = z.infer<ReturnType<typeof eventFormSchema>>;

/** The form's values of a stored event, as its inputs show them. */
export function formValuesOf(event: Event | null): Record<string, string> {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    date: event?.startsAt ? clubDate(event.startsAt) : '',
    startTime: event?.startsAt ? clubTime(event.startsAt) : '',
    duration: event?.duration ?? '',
    location: event?.location ?? '',
    organizer: event?.organizer ?? '',
    posterImg: event?.posterImg ?? '',
    thumbnailLink: event?.thumbnailLink ?? '',
    capacity:
      event?.capacity === null || event?.capacity === undefined ? '' : String(event.capacity),
    memberPlaces: event?.memberPlaces ? String(event.memberPlaces) : '',
    staffPlaces: event?.staffPlaces ? String(event.staffPlaces) : '',
    membersOnly: event?.membersOnly ? 'on' : '',
    memberRegistrationOpensAt: event?.memberRegistrationOpensAt
      ? clubDateTimeValue(event.memberRegistrationOpensAt)
      : '',
    requiresDeposit: event?.requiresDeposit ? 'on' : '',
    category: event?.category ?? '',
    registrationOpensAt: event?.registrationOpensAt
      ? clubDateTimeValue(event.registrationOpensAt)
      : '',
    registrationClosesAt: event?.registrationClosesAt
      ? clubDateTimeValue(event.registrationClosesAt)
      : '',
    waitlistEnabled: event?.waitlistEnabled ? 'on' : '',
    autoPromote: event?.autoPromote === false ? 'manual' : 'auto',
    requiresReview: event?.requiresReview ? 'on' : '',
    cancellationCutoffHours: String(event?.cancellationCutoffHours ?? 24),
    // Shown by the form (its state in words and the time of a schedule); never read back.
    publishedAt: event?.publishedAt?.toISOString() ?? '',
    publishAt:
      event?.publishedAt && event.publishedAt.getTime() > Date.now()
        ? clubDateTimeValue(event.publishedAt)
        : '',
  };
}

/** 'YYYY-MM-DDTHH:MM' on the club's wall clock, as a date-and-time input shows it. */
function clubDateTimeValue(instant: Date): string {
  return `${clubDate(instant)}T${clubTime(instant)}`;
}

function instantOf(value: string | null): Date | null {
  if (!value) return null;
  const [date, time] = value.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return clubInstant({ year, month, day, hour, minute });
}

function columnsOf(values: EventFormValues) {
  let startsAt: Date | null = null;
  if (values.date && values.startTime) {
    const [year, month, day] = values.date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = values.startTime.split(':').map(Number) as [number, number];
    startsAt = clubInstant({ year, month, day, hour, minute });
  }
  return {
    title: values.title,
    description: values.description,
    startsAt,
    duration: values.duration,
    location: values.location,
    organizer: values.organizer,
    posterImg: values.posterImg,
    thumbnailLink: values.thumbnailLink,
    capacity: values.capacity,
    memberPlaces: values.memberPlaces,
    staffPlaces: values.staffPlaces,
    membersOnly: values.membersOnly,
    memberRegistrationOpensAt: instantOf(values.memberRegistrationOpensAt),
    requiresDeposit: values.requiresDeposit,
    category: values.category,
    registrationOpensAt: instantOf(values.registrationOpensAt),
    registrationClosesAt: instantOf(values.registrationClosesAt),
    waitlistEnabled: values.waitlistEnabled,
    autoPromote: values.autoPromote === 'auto',
    requiresReview: values.requiresReview,
    cancellationCutoffHours: values.cancellationCutoffHours,
  };
}

/** What the audit log keeps of an event: enough to see what changed. */
function snapshot(event: Omit<Event, 'id' | 'createdAt' | 'cancelledAt'> & { leadIds?: string[] }) {
  return {
    title: event.title,
    startsAt: event.startsAt?.toISOString() ?? null,
    duration: event.duration,
    location: event.location,
    organizer: event.organizer,
    posterImg: event.posterImg,
    thumbnailLink: event.thumbnailLink,
    capacity: event.capacity,
    memberPlaces: event.memberPlaces,
    staffPlaces: event.staffPlaces,
    membersOnly: event.membersOnly,
    memberRegistrationOpensAt: event.memberRegistrationOpensAt?.toISOString() ?? null,
    requiresDeposit: event.requiresDeposit,
    category: event.category,
    registrationOpensAt: event.registrationOpensAt?.toISOString() ?? null,
    registrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
    waitlistEnabled: event.waitlistEnabled,
    autoPromote: event.autoPromote,
    requiresReview: event.requiresReview,
    cancellationCutoffHours: event.cancellationCutoffHours,
    publishedAt: event.publishedAt?.toISOString() ?? null,
    descriptionLength: event.description?.length ?? 0,
    ...(event.leadIds ? { leadIds: event.leadIds } : {}),
  };
}

export type EventChangeOutcome =
  { ok: true; id: number } | { ok: false; field?: string; message: string };

async function validLeadIds(db: Pick<Database, 'select'>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(
      and(
        inArray(adminUsers.id, [...ids]),
        eq(adminUsers.role, 'event_lead'),
        isNull(adminUsers.deactivatedAt),
      ),
    );
  return rows.map((row) => row.id).sort();
}

export async function createEvent(
  db: Database,
  actor: SignedIn,
  values: EventFormValues,
  leadIds: readonly string[],
  /** When it appears on the site: null for a draft; left out, at once. */
  publishedAt?: Date | null,
): Promise<EventChangeOutcome> {
  return db.transaction(async (tx) => {
    const leads = await validLeadIds(tx, leadIds);
    if (leads.length !== new Set(leadIds).size) {
      return { ok: false, field: 'leads', message: 'Choose event leads from the list.' };
    }
    const [created] = await tx
      .insert(events)
      .values({ ...columnsOf(values), ...(publishedAt === undefined ? {} : { publishedAt }) })
      .returning();
    const event = created!;
    if (leads.length > 0) {
      await tx.insert(eventLeads).values(leads.map((userId) => ({ eventId: event.id, userId })));
    }
    await recordChange(tx, actor, {
      action: 'event.create',
      recordType: 'event',
      recordId: event.id,
      summary: `Created the event "${event.title}"${event.publishedAt === null ? ' as a draft' : event.publishedAt.getTime() > Date.now() ? ', scheduled' : ''}`,
      after: snapshot({ ...event, leadIds: leads }),
    });
    return { ok: true, id: event.id };
  });
}

/**
 * Saves the form over the event. `leadIds` is undefined when the account may not assign leads
 * (they stay as they are). Capacity cannot fall below the people already registered.
 */
export async function updateEvent(
  db: Database,
  actor: SignedIn,
  id: number,
  values: EventFormValues,
  leadIds: readonly string[] | undefined,
  now: Date = new Date(),
): Promise<EventChangeOutcome> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!before) return { ok: false, message: 'This event no longer exists.' };
    const registered = await registrationCount(tx, id);
    if (values.capacity !== null && values.capacity < registered) {
      return {
        ok: false,
        field: 'capacity',
        message: `Capacity cannot be lower than the ${countOf(registered, 'place')} already taken.`,
      };
    }
    const previousLeads = (
      await tx.select({ id: eventLeads.userId }).from(eventLeads).where(eq(eventLeads.eventId, id))
    )
      .map((lead) => lead.id)
      .sort();
    let leads = previousLeads;
    if (leadIds) {
      leads = await validLeadIds(tx, leadIds);
      if (leads.length !== new Set(leadIds).size) {
        return { ok: false, field: 'leads', message: 'Choose event leads from the list.' };
      }
      await tx.delete(eventLeads).where(eq(eventLeads.eventId, id));
      if (leads.length > 0) {
        await tx.insert(eventLeads).values(leads.map((userId) => ({ eventId: id, userId })));
      }
    }
    const [after] = await tx
      .update(events)
      .set(columnsOf(values))
      .where(eq(events.id, id))
      .returning();
    await recordChange(tx, actor, {
      action: 'event.update',
      recordType: 'event',
      recordId: id,
      summary: `Changed the event "${after!.title}"`,
      before: snapshot({ ...before, leadIds: previousLeads }),
      after: snapshot({ ...after!, leadIds: leads }),
    });
    // A raised capacity (or promotion turned on) gives the freed places to the waitlist now.
    await promoteAfterEventChange(tx, id, key, now);
    return { ok: true, id };
  });
}

export type RemovalOutcome =
  { ok: true; outcome: 'deleted' | 'cancelled' | 'restored' } | { ok: false; message: string };

/**
 * Deletes an event nobody registered for. One with registrations is cancelled instead: visitors
 * no longer find it and its registrants stay on record.
 */
export async function deleteOrCancelEvent(
  db: Database,
  actor: SignedIn,
  id: number,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!event) return { ok: false, message: 'This event no longer exists.' };
    const registered = await registrationCount(tx, id);
    if (registered === 0) {
      await tx.delete(events).where(eq(events.id, id));
      await recordChange(tx, actor, {
        action: 'event.delete',
        recordType: 'event',
        recordId: id,
        summary: `Deleted the event "${event.title}"`,
        before: snapshot(event),
      });
      return { ok: true, outcome: 'deleted' };
    }
    if (event.cancelledAt) return { ok: false, message: 'This event is already cancelled.' };
    await tx.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, id));
    await recordChange(tx, actor, {
      action: 'event.cancel',
      recordType: 'event',
      recordId: id,
      summary: `Cancelled the event "${event.title}" (${registered} registered)`,
      before: { cancelled: false },
      after: { cancelled: true },
    });
    return { ok: true, outcome: 'cancelled' };
  });
}

/** Shows a cancelled event to visitors again. */
export async function restoreEvent(
  db: Database,
  actor: SignedIn,
  id: number,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ cancelledAt: null })
      .where(eq(events.id, id))
      .returning();
    if (!event) return { ok: false, message: 'This event no longer exists.' };
    await recordChange(tx, actor, {
      action: 'event.restore',
      recordType: 'event',
      recordId: id,
      summary: `Restored the cancelled event "${event.title}"`,
      before: { cancelled: true },
      after: { cancelled: false },
    });
    return { ok: true, outcome: 'restored' };
  });
}

export type Registrant = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
  status: RegistrationStatus;
  lateCancellation: boolean;
  checkedInAt: Date | null;
  /** Set when the person registered as a member (their ID was checked). */
  membershipId: number | null;
  memberId: string | null;
};

/**
 * The event's registrants filtered by name or email and by status: in the order they
 * registered, the waitlist in its own order.
 */
export async function listRegistrants(
  db: Database,
  eventId: number,
  { text, page, status }: { text?: string; page: number; status?: RegistrationStatus | null },
): Promise<{ rows: Registrant[]; hasMore: boolean; matching: number }> {
  const conditions: SQL[] = [eq(eventRegistrations.eventId, eventId)];
  if (status) conditions.push(eq(eventRegistrations.status, status));
  const pattern = containsPattern(text);
  if (pattern) {
    conditions.push(
      or(
        ilike(eventRegistrations.firstName, pattern),
        ilike(eventRegistrations.lastName, pattern),
        ilike(eventRegistrations.email, pattern),
        ilike(
          sql`${eventRegistrations.firstName} || ' ' || ${eventRegistrations.lastName}`,
          pattern,
        ),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: eventRegistrations.id,
        firstName: eventRegistrations.firstName,
        lastName: eventRegistrations.lastName,
        email: eventRegistrations.email,
        createdAt: eventRegistrations.createdAt,
        status: eventRegistrations.status,
        lateCancellation: eventRegistrations.lateCancellation,
        checkedInAt: eventRegistrations.checkedInAt,
        membershipId: eventRegistrations.membershipId,
        memberId: memberships.memberId,
      })
      .from(eventRegistrations)
      .leftJoin(memberships, eq(memberships.id, eventRegistrations.membershipId))
      .where(where)
      .orderBy(
        ...(status === 'waitlisted'
          ? [asc(eventRegistrations.queuedAt), asc(eventRegistrations.id)]
          : [asc(eventRegistrations.createdAt), asc(eventRegistrations.id)]),
      )
      .limit(REGISTRANTS_PAGE_SIZE + 1)
      .offset((page - 1) * REGISTRANTS_PAGE_SIZE),
    db.select({ rows: count() }).from(eventRegistrations).where(where),
  ]);
  return {
    rows: rows.slice(0, REGISTRANTS_PAGE_SIZE) as Registrant[],
    hasMore: rows.length > REGISTRANTS_PAGE_SIZE,
    matching: total?.rows ?? 0,
  };
}

/**
 * Removes one registration, with the reason in the audit log. The place it held goes to the
 * waitlist when the event promotes by itself.
 */
export async function removeRegistration(
  db: Database,
  actor: SignedIn,
  eventId: number,
  registrationId: number,
  reason: string,
): Promise<{ ok: true; name: string; promoted: number } | { ok: false; message: string }> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx) => {
    const {
      deleted: [removed],
      promoted,
    } = await deleteRegistrations(
      tx,
      and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId))!,
      key,
    );
    if (!removed) return { ok: false, message: 'This registration was already removed.' };
    const name = `${removed.firstName} ${removed.lastName}`;
    await recordChange(tx, actor, {
      action: 'registration.remove',
      recordType: 'event',
      recordId: eventId,
      summary: `Removed ${name}'s registration: ${reason}`,
      before: { registrationId, name, email: removed.email, status: removed.status },
      after: { reason },
    });
    return { ok: true, name, promoted };
  });
}

/** The registrants as a CSV file that Excel opens correctly (lib/db/csv.ts), Chinese names included. */
export async function registrantsCsv(db: Database, eventId: number): Promise<string> {
  return (await registrantsFile(db, eventId)).csv;
}

/** The registrants' CSV and the number of registrants written to it. */
async function registrantsFile(
  db: Database,
  eventId: number,
): Promise<{ csv: string; rowsWritten: number }> {
  const rows = await db
    .select({ registration: eventRegistrations, memberId: memberships.memberId })
    .from(eventRegistrations)
    .leftJoin(memberships, eq(memberships.id, eventRegistrations.membershipId))
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  // One column per question of the event, answered or not (removed ones with their answers).
  const answers = await answerColumns(db, eventId);
  const csv = toCsv(
    [
      'First name',
      'Last name',
      'Email',
      'Registered at (Ottawa time)',
      'Status',
      'Late cancellation',
      'Checked in at (Ottawa time)',
      'Member ID',
      ...answers.header,
    ],
    rows.map(({ registration: row, memberId }) => [
      row.firstName,
      row.lastName,
      row.email,
      `${clubDate(row.createdAt)} ${clubTime(row.createdAt)}`,
      STATUS_LABELS[row.status as RegistrationStatus] ?? row.status,
      row.status === 'cancelled' ? (row.lateCancellation ? 'yes' : 'no') : '',
      row.checkedInAt ? `${clubDate(row.checkedInAt)} ${clubTime(row.checkedInAt)}` : '',
      memberId ?? '',
      ...answers.cells(row.answers),
    ]),
    { bom: true },
  );
  return { csv, rowsWritten: rows.length };
}

/**
 * The registrants' CSV with its audit entry, which counts the rows written to the file (every
 * status, not only the places taken), since the entry records what left the site.
 */
export async function exportRegistrants(
  db: Database,
  actor: SignedIn,
  event: Pick<Event, 'id' | 'title'>,
): Promise<string> {
  const { csv, rowsWritten } = await registrantsFile(db, event.id);
  await recordChange(db, actor, {
    action: 'registration.export',
    recordType: 'event',
    recordId: event.id,
    summary: `Exported ${rowsWritten === 1 ? '1 registrant' : `${rowsWritten} registrants`} of "${event.title}"`,
  });
  return csv;
}

/** The export's file name: the event's title in safe characters and its date. */
export function registrantsFileName(event: Pick<Event, 'id' | 'title' | 'startsAt'>): string {
  const slug = event.title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .toLowerCase();
  const date = event.startsAt ? `-${clubDate(event.startsAt)}` : '';
  return `registrants-${slug || `event-${event.id}`}${date}.csv`;
}

export type DoorPerson = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  status: RegistrationStatus;
  checkedInAt: string | null;
};

/** Everyone the door may check in (confirmed, and those already checked in or marked). */
export async function doorList(db: Database, eventId: number, registrationId?: number) {
  const rows = await db
    .select({
      id: eventRegistrations.id,
      firstName: eventRegistrations.firstName,
      lastName: eventRegistrations.lastName,
      email: eventRegistrations.email,
      status: eventRegistrations.status,
      checkedInAt: eventRegistrations.checkedInAt,
    })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, ['confirmed', 'attended', 'no_show', 'excused']),
        ...(registrationId === undefined ? [] : [eq(eventRegistrations.id, registrationId)]),
      ),
    )
    .orderBy(asc(eventRegistrations.lastName), asc(eventRegistrations.firstName))
    .limit(5000);
  return rows.map((row): DoorPerson => ({
    ...row,
    status: row.status as RegistrationStatus,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  }));
}

/** The event of a registration, for the door QR code's link. */
export async function eventOfRegistration(db: Database, registrationId: number) {
  const [row] = await db
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  return row?.eventId ?? null;
}
