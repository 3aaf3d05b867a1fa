import 'server-only';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, eventsInView } from '@/lib/auth/permissions';
import type { Database } from '@/lib/db/client';
import { adminUsers, eventLeads, events, type Event } from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import {
  emptyCounts,
  type RegistrationCounts,
  registrationCounts,
  registrationCountsByEvent,
} from '@/lib/registrations/counts';
import { containsPattern } from './search';

/**
 * Events as the console reads them: the list an account may see, one event with its counts and
 * leads, and the accounts that may lead one.
 */

export const EVENTS_PAGE_SIZE = 20;

/**
 * The condition that keeps an account to the events it may see: an event lead's own events, or
 * none for the roles that see every event. Every list of events in the console goes through it.
 */
export function eventsInScope(db: Pick<Database, 'select'>, actor: Actor): SQL | undefined {
  if (eventsInView(actor) !== 'led') return undefined;
  return inArray(
    events.id,
    db.select({ id: eventLeads.eventId }).from(eventLeads).where(eq(eventLeads.userId, actor.id)),
  );
}

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
  const scope = eventsInScope(db, actor);
  if (scope) conditions.push(scope);
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

/** The accounts that can be made leads of an event: active event leads. */
export function leadChoices(db: Database) {
  return db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'event_lead'), isNull(adminUsers.deactivatedAt)))
    .orderBy(asc(adminUsers.name));
}
