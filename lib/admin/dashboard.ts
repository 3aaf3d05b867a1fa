import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, notInArray } from 'drizzle-orm';
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
