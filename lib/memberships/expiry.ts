import 'server-only';
import { and, asc, eq, gte, inArray, isNull, isNotNull, lt, lte } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { memberships } from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { queueEmail } from '@/lib/mail/outbox';
import {
  emailMembership,
  expiryReminderEmail,
  membershipMailContext,
  suspensionEndedEmail,
} from './emails';
import { addDays } from './format';
import { moveMembershipStatus } from './history';
import { membershipLabel } from './payment-lock';

/**
 * The membership part of the scheduled work (lib/jobs/tick.ts), recorded as done by the system:
 * memberships past their validity expire, suspensions past their last day end (the member is
 * emailed that the membership is active again), and the expiry reminder goes out 14 days before
 * the end. Days are the club's (America/Toronto); validity and suspension days are inclusive.
 * Idempotent however often it runs, and when two runs overlap (two instances): each change is
 * made under the membership's row lock by one run only (the others skip locked rows and find
 * nothing left), and each reminder is claimed by one UPDATE.
 */

export const EXPIRY_REMINDER_DAYS = 14;

/** Statuses whose membership is still running (and so expires, or is reminded). */
const RUNNING = ['active', 'suspended'];

export type MembershipExpiryReport = {
  /** Memberships that expired in this run. */
  expired: number;
  /** Suspensions that ended in this run (the membership is active again). */
  suspensionsEnded: number;
  /** Expiry reminders queued in this run. */
  reminders: number;
};

async function yieldToResponses() {
  // The embedded database runs transactions one at a time in this process: let finished
  // responses go out first.
  await new Promise((resolve) => setImmediate(resolve));
}

/** Moves every running membership whose last valid day is before `today` to expired. */
async function expireEnded(db: Database, now: Date, today: string): Promise<number> {
  await yieldToResponses();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(memberships)
      .where(and(inArray(memberships.status, RUNNING), lt(memberships.validUntil, today)))
      .orderBy(asc(memberships.id))
      .for('update', { skipLocked: true });
    for (const membership of due) {
      await moveMembershipStatus(tx, {
        membershipId: membership.id,
        from: membership.status as 'active' | 'suspended',
        to: 'expired',
        actor: 'system',
        reason: `The membership was valid until ${membership.validUntil}.`,
        action: 'membership.expire',
        summary: `The membership of ${membershipLabel(membership)} expired (valid until ${membership.validUntil})`,
        at: now,
      });
    }
    return due.length;
  });
}

/** Ends every suspension whose last day is before `today`, within the membership's validity. */
async function endSuspensions(db: Database, now: Date, today: string): Promise<number> {
  await yieldToResponses();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.status, 'suspended'),
          isNotNull(memberships.suspendedUntil),
          lt(memberships.suspendedUntil, today),
          gte(memberships.validUntil, today),
        ),
      )
      .orderBy(asc(memberships.id))
      .for('update', { skipLocked: true });
    for (const membership of due) {
      await moveMembershipStatus(tx, {
        membershipId: membership.id,
        from: 'suspended',
        to: 'active',
        actor: 'system',
        reason: `The suspension ended: its last day was ${membership.suspendedUntil}.`,
        action: 'membership.suspensionEnd',
        summary: `The suspension of ${membershipLabel(membership)} ended (last day ${membership.suspendedUntil})`,
        at: now,
      });
      // The member was told the last day when suspended; this says the member places are back.
      // One per suspension's last day, however often the job runs.
      await emailMembership(tx, membership.id, {
        dedupeKey: `membership-suspension-ended:${membership.id}:${membership.suspendedUntil}`,
        kind: 'membership_suspension_ended',
        write: (context) =>
          suspensionEndedEmail(context, { early: false, lastDay: membership.suspendedUntil! }),
      });
    }
    return due.length;
  });
}

/**
 * Queues the reminder of every running membership that ends within EXPIRY_REMINDER_DAYS and was
 * not reminded: the UPDATE that sets expiryReminderQueuedAt claims it, so one run queues it.
 */
async function queueExpiryReminders(db: Database, now: Date, today: string): Promise<number> {
  await yieldToResponses();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(memberships)
      .set({ expiryReminderQueuedAt: now })
      .where(
        and(
          inArray(memberships.status, RUNNING),
          isNull(memberships.expiryReminderQueuedAt),
          gte(memberships.validUntil, today),
          lte(memberships.validUntil, addDays(today, EXPIRY_REMINDER_DAYS)),
        ),
      )
      .returning({ id: memberships.id, validUntil: memberships.validUntil });
    let queued = 0;
    for (const { id, validUntil } of claimed.sort((a, b) => a.id - b.id)) {
      const context = await membershipMailContext(tx, id);
      if (!context) continue;
      const added = await queueEmail(tx, {
        dedupeKey: `membership-expiry-reminder:${id}:${validUntil}`,
        kind: 'membership_expiry_reminder',
        to: context.to,
        email: await expiryReminderEmail(context),
        membershipId: id,
      });
      if (added) queued += 1;
    }
    return queued;
  });
}

/**
 * Runs the membership's scheduled work at `now`: expiry first (an ended membership is not
 * reactivated by the end of its suspension, nor reminded), then suspensions, then reminders.
 */
export async function runMembershipExpiry(
  db: Database,
  now: Date = new Date(),
): Promise<MembershipExpiryReport> {
  const today = clubDate(now);
  const expired = await expireEnded(db, now, today);
  const suspensionsEnded = await endSuspensions(db, now, today);
  const reminders = await queueExpiryReminders(db, now, today);
  return { expired, suspensionsEnded, reminders };
}
