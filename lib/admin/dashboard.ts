import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { type Actor, eventsInView } from '@/lib/auth/permissions';
import { SIGN_IN_ACTION } from '@/lib/auth/server';
import type { Database } from '@/lib/db/client';
import { auditLog, eventLeads, eventRegistrations, events } from '@/lib/db/schema';
import { PLACE_HOLDING_STATUSES } from '@/lib/registrations/statuses';

export type UpcomingEvent = {
  id: number;
  title: string;
  startsAt: Date | null;
  capacity: number | null;
  registered: number;
};

/** The next events the actor may see, soonest first, with how many people registered for each. */
export async function upcomingEventsWithCounts(
  db: Database,
  actor: Actor,
  now = new Date(),
  limit = 8,
): Promise<UpcomingEvent[]> {
  const conditions = [gt(events.startsAt, now), isNull(events.cancelledAt)];
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
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      capacity: events.capacity,
      registered: count(eventRegistrations.id),
    })
    .from(events)
    .leftJoin(
      eventRegistrations,
      and(
        eq(eventRegistrations.eventId, events.id),
        inArray(eventRegistrations.status, [...PLACE_HOLDING_STATUSES]),
      ),
    )
    .where(and(...conditions))
    .groupBy(events.id)
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
}

/** The latest entries of the audit log, newest first. */
export function recentChanges(db: Database, limit = 8) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorName: auditLog.actorName,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .where(ne(auditLog.action, SIGN_IN_ACTION))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
