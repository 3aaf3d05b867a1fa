import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { membershipPayments, memberships, membershipYears } from '@/lib/db/schema';
import { queueEmail } from '@/lib/mail/outbox';
import { membershipMailContext, unpaidCancelledEmail, unpaidReminderEmail } from './emails';
import { moveMembershipStatus } from './history';
import { lockMembership, type Transaction } from './payment-lock';

/**
 * Applications nobody pays (lib/jobs/tick.ts runs this every minute), so the roster does not fill
 * with ghosts. A confirmed application may wait `membership_years.unpaid_application_days` for
 * its payment, counted from the confirmation of its uOttawa address: the applicant is reminded
 * once before the end, and at the end the application is cancelled by the system, with an email
 * saying so. An application that has any payment still open or confirmed (recorded, flagged,
 * confirmed) is left to finance. An application whose address was never confirmed is cancelled
 * without an email (the address was never proven to be the applicant's) once its confirmation
 * link has been dead for the same period.
 *
 * Idempotent however often it runs and when two runs overlap: candidates are read in batches,
 * then each is decided again and changed in its own transaction under the membership's row lock,
 * and the reminder is claimed by its timestamp and deduplicated in the outbox.
 */

const DAY_MS = 24 * 3_600_000;

/** How long an application's confirmation link is valid (lib/memberships/apply.ts sends it). */
export const CONFIRMATION_LINK_HOURS = 48;

/** The reminder goes this many days before the end of the period … */
export const UNPAID_REMINDER_DAYS = 7;
/**
 * … when the period is at least this long. A shorter period is reminded halfway instead: a
 * reminder 7 days before the end of a 5-day period would come before the application, and one
 * of 10 days would be reminded 3 days in, before most people have had time to pay anyway.
 */
export const SHORT_PERIOD_DAYS = 14;

/** Memberships decided per read: each then gets its own short transaction. */
const BATCH = 50;

/** How long before the end of a `periodDays` period the reminder goes. */
export function unpaidReminderLeadMs(periodDays: number): number {
  return periodDays >= SHORT_PERIOD_DAYS
    ? UNPAID_REMINDER_DAYS * DAY_MS
    : (periodDays * DAY_MS) / 2;
}

type Candidate = Pick<
  typeof memberships.$inferSelect,
  'status' | 'createdAt' | 'emailConfirmedAt' | 'emailConfirmationSentAt' | 'unpaidReminderQueuedAt'
>;

/**
 * When a pending application is reminded and cancelled. The cancellation never comes sooner than
 * the reminder's lead after the reminder was queued, so a reminder that went late (the server was
 * down, the period was shortened) still gives the applicant the time it promised.
 */
export function unpaidSchedule(
  application: Pick<Candidate, 'emailConfirmedAt' | 'unpaidReminderQueuedAt'> & {
    emailConfirmedAt: Date;
  },
  periodDays: number,
): { remindAt: Date; cancelAt: Date } {
  const lead = unpaidReminderLeadMs(periodDays);
  const end = application.emailConfirmedAt.getTime() + periodDays * DAY_MS;
  const reminded = application.unpaidReminderQueuedAt?.getTime();
  return {
    remindAt: new Date(end - lead),
    cancelAt: new Date(Math.max(end, reminded === undefined ? end : reminded + lead)),
  };
}

/**
 * The moment an unconfirmed application is cancelled: its last confirmation link died
 * CONFIRMATION_LINK_HOURS after it was sent, then the period passed.
 */
export function unconfirmedCancelAt(
  application: Pick<Candidate, 'createdAt' | 'emailConfirmationSentAt'>,
  periodDays: number,
): Date {
  const lastLink = Math.max(
    application.createdAt.getTime(),
    application.emailConfirmationSentAt?.getTime() ?? 0,
  );
  return new Date(lastLink + CONFIRMATION_LINK_HOURS * 3_600_000 + periodDays * DAY_MS);
}

type Step = 'remind' | 'cancel' | 'discard';

/** What is due for `application` at `now`, or null (the one rule; batches only preselect). */
export function unpaidStepDue(
  application: Candidate,
  periodDays: number,
  now: Date,
  hasOpenPayment: boolean,
): Step | null {
  if (application.status !== 'pending' || hasOpenPayment) return null;
  if (application.emailConfirmedAt === null) {
    return unconfirmedCancelAt(application, periodDays) <= now ? 'discard' : null;
  }
  const { remindAt, cancelAt } = unpaidSchedule(
    { ...application, emailConfirmedAt: application.emailConfirmedAt },
    periodDays,
  );
  if (application.unpaidReminderQueuedAt === null) return remindAt <= now ? 'remind' : null;
  return cancelAt <= now ? 'cancel' : null;
}

/** A payment still with finance or counted: the application is not left unpaid. */
const OPEN_PAYMENT_STATES = ['recorded', 'flagged', 'confirmed'];

const hasOpenPayment = sql`exists (select 1 from ${membershipPayments} where ${membershipPayments.membershipId} = ${memberships.id} and ${inArray(membershipPayments.state, OPEN_PAYMENT_STATES)})`;

export type UnpaidApplicationsReport = {
  /** Reminders queued in this run. */
  reminders: number;
  /** Confirmed applications cancelled (and emailed) in this run. */
  cancelled: number;
  /** Unconfirmed applications cancelled without an email in this run. */
  discarded: number;
};

async function yieldToResponses() {
  // The embedded database runs transactions one at a time in this process: let finished
  // responses go out first.
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The pending applications of `year` that are due at `now` by the schedule above, in SQL terms
 * (unpaidStepDue decides again under the lock), read `BATCH` at a time after `afterId`.
 */
async function candidates(
  db: Database,
  year: number,
  periodDays: number,
  now: Date,
  afterId: number,
): Promise<number[]> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const lead = unpaidReminderLeadMs(periodDays);
  const remindIfConfirmedBy = before(periodDays * DAY_MS - lead);
  const cancelIfConfirmedBy = before(periodDays * DAY_MS);
  const cancelIfRemindedBy = before(lead);
  const unconfirmedBefore = before(CONFIRMATION_LINK_HOURS * 3_600_000 + periodDays * DAY_MS);
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.year, year),
        eq(memberships.status, 'pending'),
        gt(memberships.id, afterId),
        or(
          and(
            isNull(memberships.unpaidReminderQueuedAt),
            lte(memberships.emailConfirmedAt, remindIfConfirmedBy),
          ),
          and(
            lte(memberships.unpaidReminderQueuedAt, cancelIfRemindedBy),
            lte(memberships.emailConfirmedAt, cancelIfConfirmedBy),
          ),
          and(
            isNull(memberships.emailConfirmedAt),
            lte(memberships.createdAt, unconfirmedBefore),
            or(
              isNull(memberships.emailConfirmationSentAt),
              lte(memberships.emailConfirmationSentAt, unconfirmedBefore),
            ),
          ),
        ),
        sql`not ${hasOpenPayment}`,
      ),
    )
    .orderBy(asc(memberships.id))
    .limit(BATCH);
  return rows.map((row) => row.id);
}

/** Decides `membershipId` again under its lock and does what is due; answers what it did. */
async function settle(
  tx: Transaction,
  membershipId: number,
  periodDays: number,
  now: Date,
): Promise<Step | null> {
  const application = await lockMembership(tx, membershipId);
  if (!application) return null;
  const [open] = await tx
    .select({ id: membershipPayments.id })
    .from(membershipPayments)
    .where(
      and(
        eq(membershipPayments.membershipId, membershipId),
        inArray(membershipPayments.state, OPEN_PAYMENT_STATES),
      ),
    )
    .limit(1);
  const step = unpaidStepDue(application, periodDays, now, open !== undefined);
  if (step === 'remind') {
    await tx
      .update(memberships)
      .set({ unpaidReminderQueuedAt: now })
      .where(eq(memberships.id, membershipId));
    const context = await membershipMailContext(tx, membershipId);
    const { cancelAt } = unpaidSchedule(
      { emailConfirmedAt: application.emailConfirmedAt!, unpaidReminderQueuedAt: now },
      periodDays,
    );
    if (context) {
      await queueEmail(tx, {
        dedupeKey: `membership-unpaid-reminder:${membershipId}`,
        kind: 'membership_unpaid_reminder',
        to: context.to,
        email: await unpaidReminderEmail(context, { cancelAt }),
        membershipId,
      });
    }
  } else if (step === 'cancel') {
    await moveMembershipStatus(tx, {
      membershipId,
      from: 'pending',
      to: 'cancelled',
      actor: 'system',
      reason: `No payment arrived within ${periodDays} days of the confirmed application; the applicant was reminded first.`,
      action: 'membership.cancelUnpaid',
      summary: `The application of ${application.legalName} was cancelled: not paid within ${periodDays} days`,
      at: now,
    });
    const context = await membershipMailContext(tx, membershipId);
    if (context) {
      await queueEmail(tx, {
        dedupeKey: `membership-unpaid-cancelled:${membershipId}`,
        kind: 'membership_unpaid_cancelled',
        to: context.to,
        email: await unpaidCancelledEmail(context, { periodDays }),
        membershipId,
      });
    }
  } else if (step === 'discard') {
    await moveMembershipStatus(tx, {
      membershipId,
      from: 'pending',
      to: 'cancelled',
      actor: 'system',
      reason: `The uOttawa address was never confirmed: its last link expired ${periodDays} days ago.`,
      action: 'membership.cancelUnconfirmed',
      summary: `The unconfirmed application of ${application.legalName} was cancelled`,
      at: now,
    });
  }
  return step;
}

/** Reminds, cancels and discards the unpaid applications of every membership year at `now`. */
export async function runUnpaidApplications(
  db: Database,
  now: Date = new Date(),
): Promise<UnpaidApplicationsReport> {
  const report: UnpaidApplicationsReport = { reminders: 0, cancelled: 0, discarded: 0 };
  const years = await db
    .select({ year: membershipYears.year, periodDays: membershipYears.unpaidApplicationDays })
    .from(membershipYears)
    .orderBy(asc(membershipYears.year));
  for (const { year, periodDays } of years) {
    let afterId = 0;
    for (;;) {
      const ids = await candidates(db, year, periodDays, now, afterId);
      for (const id of ids) {
        await yieldToResponses();
        const step = await db.transaction((tx) => settle(tx, id, periodDays, now));
        if (step === 'remind') report.reminders += 1;
        else if (step === 'cancel') report.cancelled += 1;
        else if (step === 'discard') report.discarded += 1;
      }
      if (ids.length < BATCH) break;
      afterId = ids[ids.length - 1]!;
    }
  }
  return report;
}
