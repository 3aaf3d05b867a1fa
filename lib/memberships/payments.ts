import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import {
  type Membership,
  type MembershipPayment,
  type MembershipRefund,
  membershipPayments,
  membershipRefunds,
  memberships,
} from '@/lib/db/schema';
import { queueEmail } from '@/lib/mail/outbox';
import {
  membershipActivatedEmail,
  membershipMailContext,
  paymentProblemEmail,
  refundDoneEmail,
} from './emails';
import { formatAmount, formatDay, isCalendarDay } from './format';
import { moveMembershipStatus } from './history';
import { takeNextMemberId } from './member-id';
import {
  MEMBERSHIP_STATUS_NAMES,
  type MembershipStatus,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './statuses';

/**
 * Finance's work on memberships (club-operations.md, 'Payment'): record what arrived, confirm
 * it (the membership becomes active and gets its member ID), flag a problem, record and complete
 * refunds. Each function runs in one transaction that first locks the membership's row
 * (SELECT … FOR UPDATE), so two clicks, two tabs or two staff members acting on one membership
 * take turns; the status history, the audit log and the email are written by that transaction.
 * Bad input and refused moves come back as `{ ok: false, message }` in words a person reads;
 * nothing here throws for them. Who may call what is the caller's check (`can` in
 * lib/auth/permissions.ts: payments.confirm, payments.refund). Payment and refund rows are never
 * deleted and their amounts never changed.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The signed-in staff member who acts (their account id and name, as the audit log names them). */
export type MembershipStaff = { id: string | null; name: string };

export type Refusal = { ok: false; message: string };

/** The most one payment or refund can be: far above any price, below any typing slip of 100×. */
export const MAX_AMOUNT_CENTS = 100_000;
const TEXT_LENGTH = 300;

const refuse = (message: string): Refusal => ({ ok: false, message });

/**
 * Locks the membership's row for the rest of the transaction. On the embedded database, which
 * runs transactions one at a time in this process, it first lets finished responses go out.
 */
export async function lockMembership(
  tx: Transaction,
  membershipId: number,
): Promise<Membership | undefined> {
  await new Promise((resolve) => setImmediate(resolve));
  const [row] = await tx
    .select()
    .from(memberships)
    .where(eq(memberships.id, membershipId))
    .for('update');
  return row;
}

const statusName = (status: string) =>
  MEMBERSHIP_STATUS_NAMES[status as MembershipStatus] ?? status;

/** `Wei Zhang (TCSA-26-0004)`, or the name alone before activation. */
export function membershipLabel(membership: Pick<Membership, 'legalName' | 'memberId'>): string {
  return membership.memberId
    ? `${membership.legalName} (${membership.memberId})`
    : membership.legalName;
}

function checkAmount(amountCents: unknown): string | null {
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return 'Enter the amount in dollars and cents, more than zero.';
  }
  if (amountCents > MAX_AMOUNT_CENTS) {
    return `The amount cannot be more than ${formatAmount(MAX_AMOUNT_CENTS)}.`;
  }
  return null;
}

/** A past or present day, `YYYY-MM-DD`; null when fine, else what is wrong. */
function checkDay(day: unknown, what: string, today: string): string | null {
  if (typeof day !== 'string' || !isCalendarDay(day)) return `Enter ${what} as a date.`;
  if (day > today) return `${what[0]!.toUpperCase()}${what.slice(1)} cannot be in the future.`;
  return null;
}

function cleanText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Statuses a payment can be recorded and confirmed for: not yet active, or in review. */
const AWAITING_PAYMENT: readonly string[] = ['pending', 'payment_review'];

function notAwaitingPayment(membership: Membership): string {
  return membership.status === 'active'
    ? `${membershipLabel(membership)} is already active: a payment is recorded only for a pending application or one in payment review.`
    : `${membershipLabel(membership)} is ${statusName(membership.status).toLowerCase()}: a payment is recorded only for a pending application or one in payment review.`;
}

/** Puts the membership in payment review (if it is not there already) and queues the email. */
async function moveToReview(
  tx: Transaction,
  staff: MembershipStaff,
  membership: Membership,
  {
    reason,
    memberProblem,
    dedupeKey,
    now,
  }: { reason: string; memberProblem: string; dedupeKey: string; now: Date },
) {
  if (membership.status !== 'payment_review') {
    await moveMembershipStatus(tx, {
      membershipId: membership.id,
      from: membership.status as MembershipStatus,
      to: 'payment_review',
      actor: 'staff',
      staff,
      reason: reason.slice(0, TEXT_LENGTH),
      action: 'membership.paymentReview',
      summary: `Put the membership of ${membershipLabel(membership)} in payment review: ${reason}`,
      at: now,
    });
  }
  const context = await membershipMailContext(tx, membership.id);
  if (context) {
    await queueEmail(tx, {
      dedupeKey,
      kind: 'membership_payment_problem',
      to: context.to,
      email: paymentProblemEmail(context, { problem: memberProblem }),
      membershipId: membership.id,
    });
  }
}

export type RecordPaymentInput = {
  membershipId: number;
  method: PaymentMethod;
  /** What arrived, in cents of the membership's currency. */
  amountCents: number;
  /** The day the money arrived, `YYYY-MM-DD` (today or before). */
  receivedOn: string;
  /** The e-Transfer's or bank's reference (for cash, the receipt number). */
  transactionReference: string;
  now?: Date;
};

export type RecordPaymentResult =
  | {
      ok: true;
      payment: MembershipPayment;
      /** True when the payment was stored as `flagged` and the membership put in review. */
      flagged: boolean;
      /** What was wrong, one sentence each, for staff (empty when not flagged). */
      problems: string[];
      message: string;
    }
  | Refusal;

/**
 * Records a payment that arrived for a pending application (or one in payment review). A wrong
 * amount, or a transaction reference any payment used before (case-insensitive), is stored all
 * the same, as `flagged` with the problem in words: the membership moves to payment review and
 * the member gets the payment-problem email. Otherwise the payment is `recorded`, waiting for
 * confirmPayment.
 */
export async function recordPayment(
  db: Database,
  staff: MembershipStaff,
  input: RecordPaymentInput,
): Promise<RecordPaymentResult> {
  const now = input.now ?? new Date();
  const reference = cleanText(input.transactionReference);
  if (!(PAYMENT_METHODS as readonly unknown[]).includes(input.method)) {
    return refuse('Choose how the payment arrived.');
  }
  const amountProblem = checkAmount(input.amountCents);
  if (amountProblem) return refuse(amountProblem);
  const dayProblem = checkDay(input.receivedOn, 'the day the payment arrived', clubDate(now));
  if (dayProblem) return refuse(dayProblem);
  if (!reference) {
    return refuse('Enter the transaction reference (for cash, the receipt number).');
  }
  if (reference.length > 100) return refuse('The reference can be at most 100 characters.');

  return db.transaction(async (tx): Promise<RecordPaymentResult> => {
    const membership = await lockMembership(tx, input.membershipId);
    if (!membership) return refuse('This application no longer exists.');
    if (!AWAITING_PAYMENT.includes(membership.status))
      return refuse(notAwaitingPayment(membership));

    // References are compared across every membership: two payments recorded at once with the
    // same reference (for two memberships, so under two different row locks) take turns here.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`membership-payment-reference:${reference.toLowerCase()}`}))`,
    );
    const [earlier] = await tx
      .select({ id: membershipPayments.id, membership: memberships })
      .from(membershipPayments)
      .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
      .where(sql`lower(${membershipPayments.transactionReference}) = ${reference.toLowerCase()}`)
      .orderBy(membershipPayments.id)
      .limit(1);

    const problems: string[] = [];
    const memberProblems: string[] = [];
    const amount = formatAmount(input.amountCents, membership.currency);
    const price = formatAmount(membership.priceCents, membership.currency);
    if (input.amountCents !== membership.priceCents) {
      problems.push(`Received ${amount}, but the membership costs ${price}.`);
      memberProblems.push(`we received ${amount}, but your membership costs ${price}.`);
    }
    if (earlier) {
      const whose =
        earlier.membership.id === membership.id
          ? 'this membership'
          : `membership #${earlier.membership.id}, ${membershipLabel(earlier.membership)}`;
      problems.push(
        `The reference ${reference} was already used by payment #${earlier.id} (${whose}).`,
      );
      memberProblems.push(
        'the e-Transfer reference of your payment was already recorded for another payment, so we need to match it by hand.',
      );
    }
    const flagged = problems.length > 0;
    const problem = flagged ? problems.join(' ').slice(0, TEXT_LENGTH) : null;

    const [payment] = await tx
      .insert(membershipPayments)
      .values({
        membershipId: membership.id,
        method: input.method,
        amountCents: input.amountCents,
        currency: membership.currency,
        receivedOn: input.receivedOn,
        transactionReference: reference,
        state: flagged ? 'flagged' : 'recorded',
        problem,
        recordedAt: now,
        recordedBy: staff.id,
        recordedByName: staff.name,
      })
      .returning();
    await recordChange(
      tx,
      staff,
      {
        action: flagged ? 'membership.payment.flag' : 'membership.payment.record',
        recordType: 'membership',
        recordId: membership.id,
        summary: `Recorded a payment of ${amount} (${PAYMENT_METHOD_NAMES[input.method]}, ${reference}) for ${membershipLabel(membership)}${flagged ? `, flagged: ${problem}` : ''}`,
        after: {
          paymentId: payment!.id,
          amountCents: input.amountCents,
          method: input.method,
          receivedOn: input.receivedOn,
          transactionReference: reference,
          state: payment!.state,
          problem,
        },
      },
      now,
    );
    if (flagged) {
      await moveToReview(tx, staff, membership, {
        reason: `Payment #${payment!.id} flagged: ${problem}`,
        memberProblem: `When we recorded your payment, ${memberProblems.join(' Also, ')}`,
        dedupeKey: `membership-payment-problem:payment:${payment!.id}`,
        now,
      });
    }
    return {
      ok: true,
      payment: payment!,
      flagged,
      problems,
      message: flagged
        ? `Payment recorded and flagged: ${problems.join(' ')} The membership is in payment review and the member was emailed.`
        : `Payment of ${amount} recorded for ${membershipLabel(membership)}. Confirm it to activate the membership.`,
    };
  });
}

export type ConfirmPaymentResult =
  | {
      ok: true;
      membership: Membership;
      payment: MembershipPayment;
      memberId: string;
      /** True when this payment had been confirmed before (a second click): nothing changed. */
      alreadyConfirmed: boolean;
      message: string;
    }
  | Refusal;

/**
 * Confirms a recorded payment whose amount is the membership's price: in one transaction the
 * payment becomes `confirmed`, the membership `active` (activatedAt set on its first
 * activation), the member ID given (the year's next, unless it has one), and the activation
 * email queued (once per membership: a second click sends nothing more). A flagged payment is
 * never confirmed; a membership in payment review is confirmed through a correct payment
 * recorded after the flagged one.
 */
export async function confirmPayment(
  db: Database,
  staff: MembershipStaff,
  { paymentId, now = new Date() }: { paymentId: number; now?: Date },
): Promise<ConfirmPaymentResult> {
  if (!Number.isSafeInteger(paymentId)) return refuse('This payment does not exist.');
  const [found] = await db
    .select({ membershipId: membershipPayments.membershipId })
    .from(membershipPayments)
    .where(eq(membershipPayments.id, paymentId));
  if (!found) return refuse('This payment does not exist.');

  return db.transaction(async (tx): Promise<ConfirmPaymentResult> => {
    const membership = await lockMembership(tx, found.membershipId);
    const [payment] = await tx
      .select()
      .from(membershipPayments)
      .where(
        and(
          eq(membershipPayments.id, paymentId),
          eq(membershipPayments.membershipId, found.membershipId),
        ),
      );
    if (!membership || !payment) return refuse('This payment does not exist.');
    const label = membershipLabel(membership);
    if (payment.state === 'confirmed') {
      if (membership.status === 'active' && membership.memberId) {
        return {
          ok: true,
          membership,
          payment,
          memberId: membership.memberId,
          alreadyConfirmed: true,
          message: `This payment was already confirmed: ${label} is active.`,
        };
      }
      return refuse(
        `This payment was confirmed before; the membership is now ${statusName(membership.status).toLowerCase()}.`,
      );
    }
    if (payment.state === 'flagged') {
      return refuse(
        `This payment is flagged (${payment.problem ?? 'a problem'}) and cannot be confirmed. Record the correct payment when it arrives, then confirm that one.`,
      );
    }
    if (payment.amountCents !== membership.priceCents) {
      return refuse(
        `This payment is ${formatAmount(payment.amountCents, payment.currency)} but the membership costs ${formatAmount(membership.priceCents, membership.currency)}: it cannot be confirmed.`,
      );
    }
    if (!AWAITING_PAYMENT.includes(membership.status)) {
      return refuse(
        membership.status === 'active'
          ? `${label} is already active: another payment was confirmed.`
          : `${label} is ${statusName(membership.status).toLowerCase()}: only a pending application or one in payment review is activated by a payment.`,
      );
    }
    const today = clubDate(now);
    if (membership.validUntil < today) {
      return refuse(
        `This membership's validity ended on ${formatDay(membership.validUntil)}: it can no longer be activated. Record a refund instead.`,
      );
    }

    const [confirmed] = await tx
      .update(membershipPayments)
      .set({ state: 'confirmed', confirmedAt: now, confirmedByName: staff.name })
      .where(eq(membershipPayments.id, payment.id))
      .returning();
    const memberId = membership.memberId ?? (await takeNextMemberId(tx, membership.year));
    await tx
      .update(memberships)
      .set({ memberId, activatedAt: membership.activatedAt ?? now })
      .where(eq(memberships.id, membership.id));
    const amount = formatAmount(payment.amountCents, payment.currency);
    await moveMembershipStatus(tx, {
      membershipId: membership.id,
      from: membership.status as MembershipStatus,
      to: 'active',
      actor: 'staff',
      staff,
      reason: `Payment #${payment.id} confirmed (${amount}, ${payment.transactionReference}).`,
      action: 'membership.activate',
      summary: `Confirmed the payment of ${amount} from ${membership.legalName} and activated the membership ${memberId}`,
      before: { memberId: membership.memberId, paymentState: payment.state },
      after: { memberId, paymentId: payment.id, paymentState: 'confirmed' },
      at: now,
    });
    const context = await membershipMailContext(tx, membership.id);
    if (context) {
      await queueEmail(tx, {
        dedupeKey: `membership-activated:${membership.id}`,
        kind: 'membership_activated',
        to: context.to,
        email: membershipActivatedEmail(context),
        membershipId: membership.id,
      });
    }
    const [activated] = await tx
      .select()
      .from(memberships)
      .where(eq(memberships.id, membership.id));
    return {
      ok: true,
      membership: activated!,
      payment: confirmed!,
      memberId,
      alreadyConfirmed: false,
      message: `Payment confirmed: ${membership.legalName} is an active member, ${memberId}. The activation email is on its way.`,
    };
  });
}

export type FlagPaymentProblemResult =
  { ok: true; membership: Membership; message: string } | Refusal;

/** Statuses finance can put in payment review: waiting for payment, or active (a reversed payment). */
const REVIEWABLE: readonly string[] = ['pending', 'active'];

/**
 * Puts a membership in payment review with `problem`, which the member reads in the
 * payment-problem email (write it to them: 'we received CA$20.00 instead of CA$25.00'). With
 * `paymentId`, that payment (if still `recorded`) is stored as flagged with the same problem.
 */
export async function flagPaymentProblem(
  db: Database,
  staff: MembershipStaff,
  {
    membershipId,
    problem,
    paymentId,
    now = new Date(),
  }: { membershipId: number; problem: string; paymentId?: number | null; now?: Date },
): Promise<FlagPaymentProblemResult> {
  const text = cleanText(problem);
  if (!text) return refuse('Say what is wrong with the payment: the member reads it in the email.');
  if (text.length > TEXT_LENGTH) {
    return refuse(`Describe the problem in at most ${TEXT_LENGTH} characters.`);
  }
  return db.transaction(async (tx): Promise<FlagPaymentProblemResult> => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) return refuse('This membership no longer exists.');
    if (membership.status === 'payment_review') {
      return refuse(`${membershipLabel(membership)} is already in payment review.`);
    }
    if (!REVIEWABLE.includes(membership.status)) {
      return refuse(
        `${membershipLabel(membership)} is ${statusName(membership.status).toLowerCase()}: only a pending or active membership can be put in payment review.`,
      );
    }
    if (paymentId !== undefined && paymentId !== null) {
      const [payment] = await tx
        .select()
        .from(membershipPayments)
        .where(
          and(
            eq(membershipPayments.id, paymentId),
            eq(membershipPayments.membershipId, membership.id),
          ),
        );
      if (!payment) return refuse('This payment is not one of this membership.');
      if (payment.state === 'recorded') {
        await tx
          .update(membershipPayments)
          .set({ state: 'flagged', problem: text })
          .where(eq(membershipPayments.id, payment.id));
      }
    }
    await moveToReview(tx, staff, membership, {
      reason: text,
      memberProblem: text,
      dedupeKey: `membership-payment-problem:${membership.id}:${randomUUID()}`,
      now,
    });
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      membership: updated!,
      message: `${membershipLabel(membership)} is in payment review; the member was emailed.`,
    };
  });
}

/** What a membership paid (confirmed payments) and what was given back (every refund). */
async function moneyOf(tx: Transaction, membershipId: number) {
  const [paid] = await tx
    .select({
      cents: sql<number>`coalesce(sum(${membershipPayments.amountCents}), 0)`.mapWith(Number),
      lastPaymentId: sql<number | null>`max(${membershipPayments.id})`,
    })
    .from(membershipPayments)
    .where(
      and(
        eq(membershipPayments.membershipId, membershipId),
        eq(membershipPayments.state, 'confirmed'),
      ),
    );
  const [refunded] = await tx
    .select({
      cents: sql<number>`coalesce(sum(${membershipRefunds.amountCents}), 0)`.mapWith(Number),
    })
    .from(membershipRefunds)
    .where(eq(membershipRefunds.membershipId, membershipId));
  return {
    confirmedCents: paid?.cents ?? 0,
    refundedCents: refunded?.cents ?? 0,
    lastPaymentId: paid?.lastPaymentId === null || !paid ? null : Number(paid.lastPaymentId),
  };
}

/** The refund went out: the membership ends (status refunded, ID kept) and the member is told. */
async function refundSent(
  tx: Transaction,
  staff: MembershipStaff,
  membership: Membership,
  refund: MembershipRefund,
  now: Date,
) {
  const amount = formatAmount(refund.amountCents, refund.currency);
  if (membership.status !== 'refunded') {
    await moveMembershipStatus(tx, {
      membershipId: membership.id,
      from: membership.status as MembershipStatus,
      to: 'refunded',
      actor: 'staff',
      staff,
      reason: `Refund of ${amount} sent on ${refund.refundedOn}: ${refund.reason}`.slice(
        0,
        TEXT_LENGTH,
      ),
      action: 'membership.refund',
      summary: `Refunded ${amount} to ${membershipLabel(membership)}; the membership ended`,
      after: {
        refundId: refund.id,
        amountCents: refund.amountCents,
        memberId: membership.memberId,
      },
      at: now,
    });
  }
  const context = await membershipMailContext(tx, membership.id);
  if (context) {
    await queueEmail(tx, {
      dedupeKey: `membership-refund-done:${refund.id}`,
      kind: 'membership_refund_done',
      to: context.to,
      email: refundDoneEmail(context, {
        amountCents: refund.amountCents,
        refundedOn: refund.refundedOn!,
      }),
      membershipId: membership.id,
    });
  }
}

export type RecordRefundInput = {
  membershipId: number;
  amountCents: number;
  reason: string;
  /** The day the money went back; without it the refund is pending until completeRefund. */
  refundedOn?: string | null;
  now?: Date;
};

export type RefundResult =
  { ok: true; refund: MembershipRefund; membership: Membership; message: string } | Refusal;

/**
 * Records a refund of at most what the membership paid (confirmed payments) minus the refunds
 * before. With `refundedOn` the money went back: the refund is `done`, the membership becomes
 * `refunded` (the member ID stays theirs, never given again) and the member gets the refund
 * email. Without it the refund is `pending` (the dashboard's 'refunds pending') and the
 * membership is unchanged until completeRefund.
 */
export async function recordRefund(
  db: Database,
  staff: MembershipStaff,
  input: RecordRefundInput,
): Promise<RefundResult> {
  const now = input.now ?? new Date();
  const reason = cleanText(input.reason);
  const amountProblem = checkAmount(input.amountCents);
  if (amountProblem) return refuse(amountProblem);
  if (!reason) return refuse('Give the reason for the refund.');
  if (reason.length > TEXT_LENGTH)
    return refuse(`Give the reason in at most ${TEXT_LENGTH} characters.`);
  const refundedOn = input.refundedOn ? input.refundedOn : null;
  if (refundedOn !== null) {
    const dayProblem = checkDay(refundedOn, 'the day the refund was sent', clubDate(now));
    if (dayProblem) return refuse(dayProblem);
  }

  return db.transaction(async (tx): Promise<RefundResult> => {
    const membership = await lockMembership(tx, input.membershipId);
    if (!membership) return refuse('This membership no longer exists.');
    const money = await moneyOf(tx, membership.id);
    const left = money.confirmedCents - money.refundedCents;
    const fmt = (cents: number) => formatAmount(cents, membership.currency);
    if (left <= 0) {
      return refuse(
        money.confirmedCents === 0
          ? `${membershipLabel(membership)} has no confirmed payment to refund.`
          : `Everything ${membershipLabel(membership)} paid (${fmt(money.confirmedCents)}) has been refunded already.`,
      );
    }
    if (input.amountCents > left) {
      return refuse(
        `At most ${fmt(left)} can be refunded: ${fmt(money.confirmedCents)} was confirmed and ${fmt(money.refundedCents)} refunded before.`,
      );
    }
    const [refund] = await tx
      .insert(membershipRefunds)
      .values({
        membershipId: membership.id,
        paymentId: money.lastPaymentId,
        amountCents: input.amountCents,
        currency: membership.currency,
        reason,
        state: refundedOn ? 'done' : 'pending',
        refundedOn,
        recordedAt: now,
        recordedBy: staff.id,
        recordedByName: staff.name,
      })
      .returning();
    await recordChange(
      tx,
      staff,
      {
        action: 'membership.refund.record',
        recordType: 'membership',
        recordId: membership.id,
        summary: `Recorded a refund of ${fmt(input.amountCents)} for ${membershipLabel(membership)} (${refundedOn ? `sent on ${refundedOn}` : 'pending'}): ${reason}`,
        after: {
          refundId: refund!.id,
          amountCents: input.amountCents,
          state: refund!.state,
          refundedOn,
          reason,
        },
      },
      now,
    );
    if (refundedOn) await refundSent(tx, staff, membership, refund!, now);
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      refund: refund!,
      membership: updated!,
      message: refundedOn
        ? `Refund of ${fmt(input.amountCents)} recorded: ${membershipLabel(membership)} is refunded and was emailed.`
        : `Refund of ${fmt(input.amountCents)} recorded as pending: complete it once the money is sent.`,
    };
  });
}

/**
 * Completes a pending refund once the money went back on `refundedOn`: the refund is `done`, the
 * membership `refunded`, the member emailed. Completing it again changes nothing.
 */
export async function completeRefund(
  db: Database,
  staff: MembershipStaff,
  { refundId, refundedOn, now = new Date() }: { refundId: number; refundedOn: string; now?: Date },
): Promise<RefundResult> {
  const dayProblem = checkDay(refundedOn, 'the day the refund was sent', clubDate(now));
  if (dayProblem) return refuse(dayProblem);
  if (!Number.isSafeInteger(refundId)) return refuse('This refund does not exist.');
  const [found] = await db
    .select({ membershipId: membershipRefunds.membershipId })
    .from(membershipRefunds)
    .where(eq(membershipRefunds.id, refundId));
  if (!found) return refuse('This refund does not exist.');

  return db.transaction(async (tx): Promise<RefundResult> => {
    const membership = await lockMembership(tx, found.membershipId);
    const [refund] = await tx
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.id, refundId));
    if (!membership || !refund) return refuse('This refund does not exist.');
    const amount = formatAmount(refund.amountCents, refund.currency);
    if (refund.state === 'done') {
      return {
        ok: true,
        refund,
        membership,
        message: `This refund of ${amount} was already completed (sent on ${refund.refundedOn}).`,
      };
    }
    const [done] = await tx
      .update(membershipRefunds)
      .set({ state: 'done', refundedOn })
      .where(eq(membershipRefunds.id, refund.id))
      .returning();
    await recordChange(
      tx,
      staff,
      {
        action: 'membership.refund.complete',
        recordType: 'membership',
        recordId: membership.id,
        summary: `Completed the refund of ${amount} to ${membershipLabel(membership)}, sent on ${refundedOn}`,
        before: { refundId: refund.id, state: 'pending' },
        after: { refundId: refund.id, state: 'done', refundedOn },
      },
      now,
    );
    await refundSent(tx, staff, membership, done!, now);
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      refund: done!,
      membership: updated!,
      message: `Refund of ${amount} completed: ${membershipLabel(membership)} is refunded and was emailed.`,
    };
  });
}
