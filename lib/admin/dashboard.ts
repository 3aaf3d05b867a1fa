import 'server-only';
import { and, asc, desc, gte, isNull, ne } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/permissions';
import { SIGN_IN_ACTION } from '@/lib/auth/server';
import type { Database } from '@/lib/db/client';
import { auditLog, events } from '@/lib/db/schema';
import { clubInstant, clubWallClock } from '@/lib/db/time';
import { auditEntryWithoutFinanceFacts, notFinanceAction } from '@/lib/memberships/finance-facts';
import type { RegistrationCounts } from '@/lib/registrations/counts';
import { eventsInScope, withCountsAndLeads } from './event-reads';

export type UpcomingEvent = {
  id: number;
  title: string;
  startsAt: Date | null;
  capacity: number | null;
  /** Places taken (`counts.placesTaken`). */
  registered: number;
  counts: RegistrationCounts;
  leadIds: string[];
};

/** Midnight of `now`'s date in the club's time zone. */
function startOfClubDay(now: Date): Date {
  const { year, month, day } = clubWallClock(now);
  return clubInstant({ year, month, day, hour: 0, minute: 0 });
}

/**
 * The next events the actor may see, soonest first, with their counts (lib/registrations/counts.ts).
 * Today's events stay on the list all day, started or not: their door is open.
 */
export async function upcomingEventsWithCounts(
  db: Database,
  actor: Actor,
  now = new Date(),
  limit = 8,
): Promise<UpcomingEvent[]> {
  const conditions = [gte(events.startsAt, startOfClubDay(now)), isNull(events.cancelledAt)];
  const scope = eventsInScope(db, actor);
  if (scope) conditions.push(scope);
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      capacity: events.capacity,
    })
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
  return withCountsAndLeads(db, rows);
}

/**
 * The latest entries of the audit log, newest first. Without `withMoney` (a role without
 * payments.read), finance's own entries are left out and the others read without amounts or
 * payment references (lib/memberships/finance-facts.ts).
 */
export async function recentChanges(db: Database, limit = 8, { withMoney = true } = {}) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorName: auditLog.actorName,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .where(
      and(
        ne(auditLog.action, SIGN_IN_ACTION),
        withMoney ? undefined : notFinanceAction(auditLog.action),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return withMoney ? rows : rows.map(auditEntryWithoutFinanceFacts);
}
