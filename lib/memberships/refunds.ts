import 'server-only';
import { eq } from 'drizzle-orm';
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
import { emailMembership, type RefundOutcome, refundDoneEmail } from './emails';
import { formatAmount } from './format';
import { moveMembershipStatus } from './history';
import {
  checkAmount,
  checkDay,
  cleanText,
  ledgerOf,
  lockMembership,
  membershipLabel,
  membershipOfPayment,
  type MembershipStaff,
  refuse,
  type Refusal,
  TEXT_LENGTH,
  type Transaction,
} from './payment-lock';
import { isOpenPayment, type MembershipMoney } from './settling';
import type { MembershipStatus } from './statuses';

/**
 * Refunds (club-operations.md, 'Payment'): recording one against the payment it returns,
 * returning a payment that never counted, and completing a refund once the money is sent; see
 * ./payments.ts for what every operation on a membership's money shares.
 */

/** What a refund does to the membership, as the member's email and finance's message say it. */
function refundOutcome(refund: MembershipRefund, payment: MembershipPayment | null): RefundOutcome {
  if (refund.endsMembership) return 'ended';
  return payment && (isOpenPayment(payment) || payment.state === 'returned')
    ? 'returned'
    : 'continues';
}

/**
 * The refund went out: a refund that ends the membership makes it `refunded` (the member ID
 * stays theirs); the member is told what was sent and what it means for the membership.
 */
async function refundSent(
  tx: Transaction,
  staff: MembershipStaff,
  membership: Membership,
  refund: MembershipRefund,
  outcome: RefundOutcome,
  now: Date,
) {
  if (outcome === 'ended' && membership.status !== 'refunded') {
    await moveMembershipStatus(tx, {
      membershipId: membership.id,
      from: membership.status as MembershipStatus,
      to: 'refunded',
      actor: 'staff',
      staff,
      reason: 'Refunded by finance; the membership ended with the refund.',
      action: 'membership.refund',
      summary: `Refunded ${membershipLabel(membership)}; the membership ended`,
      after: {
        refundId: refund.id,
        amountCents: refund.amountCents,
        refundedOn: refund.refundedOn,
        refundReason: refund.reason,
        memberId: membership.memberId,
      },
      at: now,
    });
  }
  await emailMembership(tx, membership.id, {
    dedupeKey: `membership-refund-done:${refund.id}`,
    kind: 'membership_refund_done',
    write: (context) =>
      refundDoneEmail(context, {
        amountCents: refund.amountCents,
        refundedOn: refund.refundedOn!,
        outcome,
      }),
  });
}

/**
 * Stores a refund of `payment` (checked by the caller against what remains of it) with its audit
 * entry. A payment that never counted (recorded or flagged) and is now given back in full
 * becomes `returned`, and a membership in payment review with nothing left to decide waits for a
 * payment again (pending). With `refundedOn`, the refund is done (refundSent).
 */
export async function addRefund(
  tx: Transaction,
  staff: MembershipStaff,
  membership: Membership,
  payment: MembershipPayment,
  {
    amountCents,
    reason,
    refundedOn,
    endsMembership,
    now,
  }: {
    amountCents: number;
    reason: string;
    refundedOn: string | null;
    endsMembership: boolean;
    now: Date;
  },
): Promise<MembershipRefund> {
  const neverCounted = isOpenPayment(payment);
  const [refund] = await tx
    .insert(membershipRefunds)
    .values({
      membershipId: membership.id,
      paymentId: payment.id,
      amountCents,
      currency: membership.currency,
      reason,
      state: refundedOn ? 'done' : 'pending',
      refundedOn,
      // Money that never counted ends nothing.
      endsMembership: neverCounted ? false : endsMembership,
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
      summary: `Recorded a refund for ${membershipLabel(membership)} (${refundedOn ? 'sent' : 'to send'}${refund!.endsMembership ? ', ending the membership' : ''})`,
      after: {
        refundId: refund!.id,
        paymentId: payment.id,
        amountCents,
        state: refund!.state,
        refundedOn,
        endsMembership: refund!.endsMembership,
        reason,
      },
    },
    now,
  );

  let current = membership;
  const ledger = await ledgerOf(tx, membership);
  if (neverCounted && (ledger.money.remaining.get(payment.id) ?? 0) === 0) {
    await tx
      .update(membershipPayments)
      .set({ state: 'returned' })
      .where(eq(membershipPayments.id, payment.id));
    const stillOpen = ledger.payments.some((row) => row.id !== payment.id && isOpenPayment(row));
    if (membership.status === 'payment_review' && !stillOpen && ledger.money.keptCents === 0) {
      await moveMembershipStatus(tx, {
        membershipId: membership.id,
        from: 'payment_review',
        to: 'pending',
        actor: 'staff',
        staff,
        reason: 'The payment under review was returned; a new payment is awaited.',
        action: 'membership.paymentSettled',
        summary: `The payment under review of ${membershipLabel(membership)} was returned; the application waits for a payment again`,
        after: { paymentId: payment.id },
        at: now,
      });
      current = { ...membership, status: 'pending' };
    }
  }
  if (refundedOn) {
    await refundSent(tx, staff, current, refund!, refundOutcome(refund!, payment), now);
  }
  return refund!;
}

export type RecordRefundInput = {
  /** The payment the money returns: every refund names one. */
  paymentId: number;
  amountCents: number;
  reason: string;
  /** The day the money went back; without it the refund is pending until completeRefund. */
  refundedOn?: string | null;
  /**
   * Whether the membership ends with this refund (finance's choice: a partial refund keeps it).
   * Ignored for a payment that never counted.
   */
  endsMembership: boolean;
  now?: Date;
};

export type RefundResult =
  { ok: true; refund: MembershipRefund; membership: Membership; message: string } | Refusal;

function refundMessage(
  refund: MembershipRefund,
  outcome: RefundOutcome,
  membership: Membership,
  verb: 'recorded' | 'completed',
): string {
  const amount = formatAmount(refund.amountCents, refund.currency);
  const label = membershipLabel(membership);
  if (refund.state !== 'done') {
    return `Refund of ${amount} recorded as pending: complete it once the money is sent.${
      outcome === 'ended' ? ' The membership ends when it is.' : ''
    }`;
  }
  if (outcome === 'ended') {
    return `Refund of ${amount} ${verb}: the membership has ended, ${label} is refunded and was emailed.`;
  }
  if (outcome === 'returned') {
    return `Refund of ${amount} ${verb}: the payment is returned to ${label}, who was emailed.`;
  }
  return `Refund of ${amount} ${verb}: ${label} was emailed; the membership continues.`;
}

/**
 * Records a refund of a payment: at most what was received with it and not yet returned (its
 * amount minus the refunds on it; nothing once the bank reversed it), whatever its state, so the
 * membership's ceiling is the sum over its payments. A payment never confirmed that is given back
 * in full becomes `returned`. A partial refund keeps the membership unless `endsMembership`; one
 * that gives back all the membership kept ends it in any case.
 * With `refundedOn` the money went back: the refund is `done`, the member emailed, and a refund
 * that ends the membership makes it `refunded` (the member ID stays theirs, never given again).
 * Without it the refund is `pending` (the dashboard's 'refunds pending') until completeRefund.
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
  const membershipId = await membershipOfPayment(db, input.paymentId);
  if (membershipId === null) return refuse('Choose the payment the refund returns.');

  return db.transaction(async (tx): Promise<RefundResult> => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) return refuse('This membership no longer exists.');
    const { payments, refunds, money } = await ledgerOf(tx, membership);
    const payment = payments.find((row) => row.id === input.paymentId);
    if (!payment) return refuse('Choose the payment the refund returns.');
    const refusal = refundCeiling(payment, refunds, money, membership, input.amountCents);
    if (refusal) return refuse(refusal);
    // A refund that gives back everything the membership kept ends it, ticked or not: an active
    // membership without its price is not one.
    const returnsAllKept =
      payment.state === 'confirmed' && money.keptCents > 0 && input.amountCents >= money.keptCents;
    const refund = await addRefund(tx, staff, membership, payment, {
      amountCents: input.amountCents,
      reason,
      refundedOn,
      endsMembership: input.endsMembership === true || returnsAllKept,
      now,
    });
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      refund,
      membership: updated!,
      message: refundMessage(refund, refundOutcome(refund, payment), membership, 'recorded'),
    };
  });
}

/** Why `amountCents` cannot be refunded of `payment`, or null when it can. */
function refundCeiling(
  payment: MembershipPayment,
  refunds: MembershipRefund[],
  money: MembershipMoney,
  membership: Membership,
  amountCents: number,
): string | null {
  const fmt = (cents: number) => formatAmount(cents, membership.currency);
  if (payment.state === 'reversed') {
    return 'This payment was taken back by the bank: nothing of it can be refunded.';
  }
  const left = money.remaining.get(payment.id) ?? 0;
  const before = refunds
    .filter((refund) => refund.paymentId === payment.id)
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  if (left === 0) {
    return `Everything received with this payment (${fmt(payment.amountCents)}) has been refunded already.`;
  }
  if (amountCents > left) {
    return `At most ${fmt(left)} can be refunded of this payment: ${fmt(payment.amountCents)} was received and ${fmt(before)} refunded before.`;
  }
  return null;
}

/**
 * Returns a payment that never counted (recorded or flagged: paid twice, underpaid and not
 * topped up, not recognised): a refund of all that remains of it, which makes it `returned` and
 * takes it off 'Payments to confirm'. See addRefund.
 */
export async function returnPayment(
  db: Database,
  staff: MembershipStaff,
  {
    paymentId,
    refundedOn = null,
    now = new Date(),
  }: { paymentId: number; refundedOn?: string | null; now?: Date },
): Promise<RefundResult> {
  const sentOn = refundedOn ? refundedOn : null;
  if (sentOn !== null) {
    const dayProblem = checkDay(sentOn, 'the day the money was sent back', clubDate(now));
    if (dayProblem) return refuse(dayProblem);
  }
  const membershipId = await membershipOfPayment(db, paymentId);
  if (membershipId === null) return refuse('This payment does not exist.');

  return db.transaction(async (tx): Promise<RefundResult> => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) return refuse('This payment does not exist.');
    const { payments, money } = await ledgerOf(tx, membership);
    const payment = payments.find((row) => row.id === paymentId);
    if (!payment) return refuse('This payment does not exist.');
    if (payment.state === 'returned') return refuse('This payment was returned already.');
    if (!isOpenPayment(payment)) {
      return refuse(
        payment.state === 'confirmed'
          ? 'This payment is confirmed: it counts for the membership. Record a refund of it instead.'
          : 'This payment was taken back by the bank: there is nothing to return.',
      );
    }
    const amountCents = money.remaining.get(payment.id) ?? 0;
    if (amountCents === 0) return refuse('This payment was returned already.');
    const refund = await addRefund(tx, staff, membership, payment, {
      amountCents,
      reason:
        membership.status === 'active'
          ? 'Paid twice: the membership was already active.'
          : 'Returned without counting for the membership.',
      refundedOn: sentOn,
      endsMembership: false,
      now,
    });
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      refund,
      membership: updated!,
      message: refundMessage(refund, 'returned', membership, 'recorded'),
    };
  });
}

/**
 * Runs `work` in a transaction on a refund, its membership locked first (as every operation on a
 * membership's money locks it) and the refund and the payment it returns read under that lock.
 */
async function withLockedRefund(
  db: Database,
  refundId: number,
  work: (locked: {
    tx: Transaction;
    membership: Membership;
    refund: MembershipRefund;
    payment: MembershipPayment | null;
  }) => Promise<RefundResult>,
): Promise<RefundResult> {
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
    const [payment] =
      refund.paymentId === null
        ? [null]
        : await tx
            .select()
            .from(membershipPayments)
            .where(eq(membershipPayments.id, refund.paymentId));
    return work({ tx, membership, refund, payment: payment ?? null });
  });
}

/**
 * Completes a pending refund once the money went back on `refundedOn`: the refund is `done`, the
 * member emailed, and the membership `refunded` if the refund ends it. Completing it again
 * changes nothing.
 */
export async function completeRefund(
  db: Database,
  staff: MembershipStaff,
  { refundId, refundedOn, now = new Date() }: { refundId: number; refundedOn: string; now?: Date },
): Promise<RefundResult> {
  const dayProblem = checkDay(refundedOn, 'the day the refund was sent', clubDate(now));
  if (dayProblem) return refuse(dayProblem);
  return withLockedRefund(db, refundId, async ({ tx, membership, refund, payment }) => {
    const amount = formatAmount(refund.amountCents, refund.currency);
    if (refund.state === 'done') {
      return {
        ok: true,
        refund,
        membership,
        message: `This refund of ${amount} was already completed (sent on ${refund.refundedOn}).`,
      };
    }
    if (refund.state === 'cancelled') {
      return refuse(
        'This refund was cancelled when the bank took its payment back: there is nothing to send.',
      );
    }
    if (refund.state === 'undone') {
      return refuse('This refund was undone as recorded by mistake: there is nothing to send.');
    }
    // The bank took the payment back after the refund was recorded: the club no longer holds
    // the money it would return, so sending it would refund more than was received.
    if (payment?.state === 'reversed') {
      return refuse(
        'The payment this refund returns was taken back by the bank since: nothing of it is left to refund. Do not send this refund.',
      );
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
        summary: `Completed a refund to ${membershipLabel(membership)}`,
        before: { refundId: refund.id, state: 'pending' },
        after: { refundId: refund.id, state: 'done', refundedOn, amountCents: refund.amountCents },
      },
      now,
    );
    const outcome = refundOutcome(done!, payment ?? null);
    await refundSent(tx, staff, membership, done!, outcome, now);
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      refund: done!,
      membership: updated!,
      message: refundMessage(done!, outcome, membership, 'completed'),
    };
  });
}

/** How long after recording it a refund recorded by mistake may be undone. */
export const REFUND_UNDO_MINUTES = 10;

/**
 * Whether finance may still undo `refund` at `now`: pending (nothing sent), recorded within
 * REFUND_UNDO_MINUTES, against a payment that counted (a refund of money that never counted
 * returned the payment itself, which its own undo would have to bring back: not offered).
 */
export function isRefundUndoable(
  refund: Pick<MembershipRefund, 'state' | 'recordedAt'>,
  payment: Pick<MembershipPayment, 'state'> | null,
  now: Date,
): boolean {
  return (
    refund.state === 'pending' &&
    payment?.state === 'confirmed' &&
    now.getTime() - refund.recordedAt.getTime() <= REFUND_UNDO_MINUTES * 60_000
  );
}

/**
 * Undoes a refund recorded by mistake: it becomes 'undone' (kept, as every refund is), the
 * membership is as it was (a pending refund changed nothing else), in one transaction with the
 * audit entry.
 */
export async function undoRefund(
  db: Database,
  staff: MembershipStaff,
  { refundId, now = new Date() }: { refundId: number; now?: Date },
): Promise<RefundResult> {
  return withLockedRefund(db, refundId, async ({ tx, membership, refund, payment }) => {
    if (!isRefundUndoable(refund, payment, now)) {
      return refuse(
        refund.state === 'pending'
          ? `This refund can no longer be undone (only within ${REFUND_UNDO_MINUTES} minutes of recording it). If it should not be sent, do not send it, and record the reason in the membership's notes.`
          : 'This refund is no longer waiting to be sent: it cannot be undone.',
      );
    }
    const [undone] = await tx
      .update(membershipRefunds)
      .set({ state: 'undone' })
      .where(eq(membershipRefunds.id, refund.id))
      .returning();
    await recordChange(
      tx,
      staff,
      {
        action: 'membership.refund.undo',
        recordType: 'membership',
        recordId: membership.id,
        summary: `Undid a refund recorded by mistake for ${membershipLabel(membership)}`,
        before: { refundId: refund.id, state: 'pending' },
        after: { refundId: refund.id, state: 'undone' },
      },
      now,
    );
    return {
      ok: true,
      refund: undone!,
      membership,
      message: `The refund of ${formatAmount(refund.amountCents, refund.currency)} is undone: nothing is to be sent.`,
    };
  });
}
