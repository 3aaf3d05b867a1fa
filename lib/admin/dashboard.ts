import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import { type Actor, eventsInView } from '@/lib/auth/permissions';
import { SIGN_IN_ACTION } from '@/lib/auth/server';
import type { Database } from '@/lib/db/client';
import { auditLog, eventLeads, events } from '@/lib/db/schema';
import { clubInstant, clubWallClock } from '@/lib/db/time';
import type { RegistrationCounts } from '@/lib/registrations/counts';
import { withCountsAndLeads } from './events';

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
      capacity: events.capacity,
    })
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
  return withCountsAndLeads(db, rows);
}

/**
 * The audit entries of finance's work on memberships: their summaries name amounts and
 * references, which only roles with payments.read may read (club-operations.md, 'Roles for
 * membership').
 */
const MONEY_ACTIONS = [
  'membership.payment.record',
  'membership.payment.flag',
  'membership.activate',
  'membership.paymentReview',
  'membership.refund',
  'membership.refund.record',
  'membership.refund.complete',
  'payment.export',
];

/** The latest entries of the audit log, newest first; finance's only `withMoney`. */
export function recentChanges(db: Database, limit = 8, { withMoney = true } = {}) {
  return db
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
        withMoney ? undefined : notInArray(auditLog.action, MONEY_ACTIONS),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
