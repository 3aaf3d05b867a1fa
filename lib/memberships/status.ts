import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/queries';
import {
  type Membership,
  membershipPayments,
  membershipRefunds,
  memberships,
} from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { queueEmail } from '@/lib/mail/outbox';
import {
  activationEmailCopy,
  emailMembership,
  membershipMailContext,
  membershipSuspendedEmail,
  suspensionEndedEmail,
} from './emails';
import { formatDay, isCalendarDay } from './format';
import { moveMembershipStatus } from './history';
import {
  lockMembership,
  membershipLabel,
  type MembershipStaff,
  type Refusal,
} from './payment-lock';
import { AWAITING_PAYMENT, membershipMoney } from './settling';
import { MEMBERSHIP_STATUS_NAMES, MEMBERSHIP_STATUSES, type MembershipStatus } from './statuses';

/**
 * The coordinator's (and super admin's) changes of a membership's status, with a reason, in one
 * transaction under the membership's row lock: the row, its status history and the audit log
 * (moveMembershipStatus). Who may call them is the caller's check (`can`:
 * memberships.changeStatus, memberships.resendEmail).
 *
 * The moves staff may make (STAFF_STATUS_MOVES):
 * - pending → cancelled: the application is withdrawn, never paid, or was made in error. It frees
 *   the uOttawa address for the year (the unique index leaves cancelled applications out).
 * - payment_review → pending (the problem is settled, a correct payment is awaited) or cancelled.
 * - An application (pending, payment review) holding money is not cancelled: a confirmed payment
 *   is refunded instead (finance), and one still to settle is confirmed or returned first.
 * - active → suspended (a period: from today or earlier, until a day not past; it ends by itself
 *   on the day after `suspendedUntil`, see expiry.ts) or cancelled.
 * - suspended → active (the suspension is lifted early) or cancelled.
 * - cancelled → pending: an application cancelled by mistake is reopened, only if it never had a
 *   member ID and its address has no other application of the year meanwhile.
 * - expired and refunded are final.
 * Activation is not a status change: only finance activates a membership, by confirming its
 * payment (payments.ts). Payment review and refunds are finance's too. A cancelled or refunded
 * member keeps their member ID.
 */

export const STAFF_STATUS_MOVES: Readonly<Record<MembershipStatus, readonly MembershipStatus[]>> = {
  pending: ['cancelled'],
  payment_review: ['pending', 'cancelled'],
  active: ['suspended', 'cancelled'],
  suspended: ['active', 'cancelled'],
  expired: [],
  refunded: [],
  cancelled: ['pending'],
};

const REASON_LENGTH = 300;

const refuse = (message: string): Refusal => ({ ok: false, message });
const lower = (status: string) =>
  (MEMBERSHIP_STATUS_NAMES[status as MembershipStatus] ?? status).toLowerCase();

export type ChangeMembershipStatusInput = {
  membershipId: number;
  to: MembershipStatus;
  /** Why, in words: required (it is kept in the status history and the audit log). */
  reason: string;
  /** For `to: 'suspended'`: the first day (today or before; today when left out) … */
  suspendedFrom?: string | null;
  /** … and the last day of the suspension (today or later). */
  suspendedUntil?: string | null;
  now?: Date;
};

export type ChangeMembershipStatusResult =
  { ok: true; membership: Membership; message: string } | Refusal;

/** Whether staff may move a membership from `from` to `to` (the table above). */
export function canStaffMove(from: string, to: string): boolean {
  return (STAFF_STATUS_MOVES[from as MembershipStatus] ?? []).includes(to as MembershipStatus);
}

/** Changes a membership's status as staff, with a reason; see STAFF_STATUS_MOVES. */
export async function changeMembershipStatus(
  db: Database,
  staff: MembershipStaff,
  input: ChangeMembershipStatusInput,
): Promise<ChangeMembershipStatusResult> {
  const now = input.now ?? new Date();
  const today = clubDate(now);
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!(MEMBERSHIP_STATUSES as readonly unknown[]).includes(input.to)) {
    return refuse('Choose the new status.');
  }
  if (!reason) return refuse('Give the reason for the change: it is kept in the history.');
  if (reason.length > 200) return refuse('Give the reason in at most 200 characters.');

  let suspendedFrom: string | null = null;
  let suspendedUntil: string | null = null;
  if (input.to === 'suspended') {
    suspendedFrom = input.suspendedFrom ? input.suspendedFrom : today;
    suspendedUntil = input.suspendedUntil ?? null;
    if (!isCalendarDay(suspendedFrom)) return refuse('Enter the first day of the suspension.');
    if (!suspendedUntil || !isCalendarDay(suspendedUntil)) {
      return refuse('Enter the last day of the suspension.');
    }
    if (suspendedFrom > today) {
      return refuse('A suspension starts today or earlier: suspend the member on its first day.');
    }
    if (suspendedUntil < today) {
      return refuse('The last day of the suspension cannot be in the past.');
    }
    if (suspendedUntil < suspendedFrom) {
      return refuse('The last day of the suspension comes after its first day.');
    }
  }

  try {
    return await moveStatus(db, staff, input, {
      now,
      today,
      reason,
      suspendedFrom,
      suspendedUntil,
    });
  } catch (error) {
    // Reopening: meanwhile another application of the year confirmed the same address.
    if (!isUniqueViolation(error)) throw error;
    return refuse(
      'Another confirmed application of this membership year has the same uOttawa email: this one cannot be reopened. Cancel the other first if it was made in error.',
    );
  }
}

/**
 * Whether an application holds money that cancelling would leave behind: what to do instead, in
 * words that follow the membership's name, or null.
 */
async function moneyHeld(
  tx: Pick<Database, 'select'>,
  membership: Membership,
): Promise<string | null> {
  const [payments, refunds] = await Promise.all([
    tx
      .select({
        id: membershipPayments.id,
        state: membershipPayments.state,
        amountCents: membershipPayments.amountCents,
      })
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, membership.id)),
    tx
      .select({
        paymentId: membershipRefunds.paymentId,
        amountCents: membershipRefunds.amountCents,
      })
      .from(membershipRefunds)
      .where(eq(membershipRefunds.membershipId, membership.id)),
  ]);
  const money = membershipMoney(membership.priceCents, payments, refunds);
  if (money.keptCents > 0) {
    return 'has a confirmed payment: it is not cancelled this way. Finance refunds it instead (Payments), which ends the membership.';
  }
  if (money.openCents > 0) {
    return 'has a payment finance has not settled yet: finance confirms or returns it first (Payments).';
  }
  return null;
}

async function moveStatus(
  db: Database,
  staff: MembershipStaff,
  input: ChangeMembershipStatusInput,
  {
    now,
    today,
    reason,
    suspendedFrom,
    suspendedUntil,
  }: {
    now: Date;
    today: string;
    reason: string;
    suspendedFrom: string | null;
    suspendedUntil: string | null;
  },
): Promise<ChangeMembershipStatusResult> {
  return db.transaction(async (tx): Promise<ChangeMembershipStatusResult> => {
    const membership = await lockMembership(tx, input.membershipId);
    if (!membership) return refuse('This membership no longer exists.');
    const from = membership.status as MembershipStatus;
    const label = membershipLabel(membership);
    if (from === input.to) return refuse(`${label} is already ${lower(from)}.`);
    if (!canStaffMove(from, input.to)) {
      if (input.to === 'active') {
        return refuse(
          'A membership becomes active only when finance confirms its payment (Payments).',
        );
      }
      if (input.to === 'payment_review' || input.to === 'refunded') {
        return refuse(`Finance puts a membership in ${lower(input.to)} (Payments).`);
      }
      if (input.to === 'expired') {
        return refuse('A membership expires by itself at the end of its validity.');
      }
      const allowed = STAFF_STATUS_MOVES[from].map(lower);
      return refuse(
        allowed.length > 0
          ? `A ${lower(from)} membership can only become ${allowed.join(' or ')}.`
          : `A ${lower(from)} membership is final: its status no longer changes.`,
      );
    }
    if (from === 'cancelled' && membership.memberId) {
      return refuse(
        `${label} was a member: a cancelled membership with a member ID is not reopened. The person can apply again next year.`,
      );
    }
    if (input.to === 'cancelled' && AWAITING_PAYMENT.includes(from)) {
      const held = await moneyHeld(tx, membership);
      if (held) return refuse(`${label} ${held}`);
    }
    if (input.to === 'active' && membership.validUntil < today) {
      return refuse(
        `The membership's validity ended on ${formatDay(membership.validUntil)}: it expires instead.`,
      );
    }

    let historyReason = reason;
    if (input.to === 'suspended') {
      historyReason = `${reason} (suspended from ${suspendedFrom} until ${suspendedUntil})`;
      await tx
        .update(memberships)
        .set({ suspendedFrom, suspendedUntil, suspensionReason: reason })
        .where(eq(memberships.id, membership.id));
    }
    await moveMembershipStatus(tx, {
      membershipId: membership.id,
      from,
      to: input.to,
      actor: 'staff',
      staff,
      reason: historyReason.slice(0, REASON_LENGTH),
      action: input.to === 'suspended' ? 'membership.suspend' : 'membership.status',
      summary: `${label}: ${lower(from)} → ${lower(input.to)} (${reason})`,
      ...(input.to === 'suspended' ? { after: { suspendedFrom, suspendedUntil } } : {}),
      at: now,
    });
    // The member learns of it from the same transaction: the dates, the reason and whom to
    // write to, at their own uOttawa address only. A key of its own each time, since the same
    // dates may be given again after a suspension was lifted.
    if (input.to === 'suspended') {
      await emailMembership(tx, membership.id, {
        dedupeKey: `membership-suspended:${membership.id}:${randomUUID()}`,
        kind: 'membership_suspended',
        write: (context) =>
          membershipSuspendedEmail(context, {
            from: suspendedFrom!,
            until: suspendedUntil,
            reason,
          }),
      });
    } else if (from === 'suspended' && input.to === 'active') {
      await emailMembership(tx, membership.id, {
        dedupeKey: `membership-suspension-lifted:${membership.id}:${randomUUID()}`,
        kind: 'membership_suspension_ended',
        write: (context) => suspensionEndedEmail(context, { early: true, on: today }),
      });
    }
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      membership: updated!,
      message:
        input.to === 'suspended'
          ? `${label} is suspended from ${formatDay(suspendedFrom!)} until ${formatDay(suspendedUntil!)}. The member was emailed the dates and the reason.`
          : from === 'suspended' && input.to === 'active'
            ? `${label}'s suspension is lifted: the membership is active again, and the member was emailed.`
            : input.to === 'cancelled' && AWAITING_PAYMENT.includes(from)
              ? `${label} is now cancelled: the uOttawa email is free for the year again.`
              : `${label} is now ${lower(input.to)}.`,
    };
  });
}

export type ResendActivationResult = { ok: true; message: string } | Refusal;

/**
 * Staff resend the activation email (a copy, marked as such) of an active membership: queued
 * with a key of its own each time, and recorded in the audit log.
 */
export async function resendActivationEmail(
  db: Database,
  staff: MembershipStaff,
  membershipId: number,
  now: Date = new Date(),
): Promise<ResendActivationResult> {
  if (!Number.isSafeInteger(membershipId)) return refuse('This membership does not exist.');
  return db.transaction(async (tx): Promise<ResendActivationResult> => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) return refuse('This membership does not exist.');
    if (membership.status !== 'active' || !membership.memberId) {
      return refuse(
        `${membershipLabel(membership)} is ${lower(membership.status)}: the activation email is resent only for an active membership.`,
      );
    }
    const context = await membershipMailContext(tx, membership.id);
    if (!context) return refuse('This membership does not exist.');
    await queueEmail(tx, {
      dedupeKey: `membership-activated:${membership.id}:resend:${randomUUID()}`,
      kind: 'membership_activated_copy',
      to: context.to,
      email: await activationEmailCopy(context),
      membershipId: membership.id,
    });
    await recordChange(
      tx,
      staff,
      {
        action: 'membership.resendActivation',
        recordType: 'membership',
        recordId: membership.id,
        summary: `Resent the activation email to ${membershipLabel(membership)}`,
        after: { to: context.to },
      },
      now,
    );
    return { ok: true, message: `The activation email was sent again to ${context.to}.` };
  });
}
