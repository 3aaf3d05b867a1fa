import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import {
  type Membership,
  type MembershipPayment,
  type MembershipRefund,
  membershipPayments,
  memberships,
} from '@/lib/db/schema';
import { emailMembership, membershipActivatedEmail } from './emails';
import { formatAmount, formatDay } from './format';
import { moveMembershipStatus } from './history';
import { takeNextMemberId } from './member-id';
import {
  checkDay,
  cleanText,
  isAwaitingPayment,
  ledgerOf,
  lockMembership,
  membershipLabel,
  membershipOfPayment,
  type MembershipStaff,
  refuse,
  type Refusal,
  statusName,
  TEXT_LENGTH,
  type Transaction,
} from './payment-lock';
import { addRefund } from './refunds';
import type { MembershipStatus } from './statuses';

/**
 * Confirming payments, which activates the membership (club-operations.md, 'Payment'): the
 * payments that together make what is due are confirmed, or a flagged one accepted after
 * checking; see ./payments.ts for what every operation on a membership's money shares.
 */

/** The most payments confirmed together: a price and a few top-ups. */
const MOST_CONFIRMED_TOGETHER = 10;

export type ConfirmPaymentResult =
  | {
      ok: true;
      membership: Membership;
      payment: MembershipPayment;
      /** Every payment this call confirmed (or found confirmed), oldest first. */
      payments: MembershipPayment[];
      memberId: string;
      /** True when these payments had been confirmed before (a second click): nothing changed. */
      alreadyConfirmed: boolean;
      message: string;
    }
  | Refusal;

/**
 * Confirms `payments` (open payments of `membership`, checked by the caller) and activates the
 * membership: the payments become `confirmed` (with finance's note when they were accepted after
 * checking), the membership `active` (activatedAt set on its first activation), the member ID
 * given (the year's next, unless it has one), the status history and audit written, and the
 * activation email queued: once for the first activation, once more for an activation after the
 * bank took a payment back.
 */
async function activateWith(
  tx: Transaction,
  staff: MembershipStaff,
  membership: Membership,
  payments: MembershipPayment[],
  { note, now }: { note: string | null; now: Date },
) {
  const ids = payments.map((payment) => payment.id);
  const confirmed = await tx
    .update(membershipPayments)
    .set({
      state: 'confirmed',
      confirmedAt: now,
      confirmedByName: staff.name,
      ...(note === null ? {} : { note }),
    })
    .where(inArray(membershipPayments.id, ids))
    .returning();
  confirmed.sort((a, b) => a.id - b.id);
  const memberId = membership.memberId ?? (await takeNextMemberId(tx, membership.year));
  await tx
    .update(memberships)
    .set({ memberId, activatedAt: membership.activatedAt ?? now })
    .where(eq(memberships.id, membership.id));
  const together = payments.length > 1;
  await moveMembershipStatus(tx, {
    membershipId: membership.id,
    from: membership.status as MembershipStatus,
    to: 'active',
    actor: 'staff',
    staff,
    reason: note
      ? 'A flagged payment was accepted after checking.'
      : together
        ? 'Payments confirmed together.'
        : 'Payment confirmed.',
    action: 'membership.activate',
    summary: `Confirmed ${together ? 'the payments' : 'the payment'} of ${membership.legalName} and activated the membership ${memberId}`,
    before: {
      memberId: membership.memberId,
      payments: payments.map((payment) => ({ id: payment.id, state: payment.state })),
    },
    after: {
      memberId,
      paymentIds: ids,
      amountCents: payments.reduce((sum, payment) => sum + payment.amountCents, 0),
      transactionReferences: payments.map((payment) => payment.transactionReference),
      paymentState: 'confirmed',
      ...(note === null ? {} : { note }),
    },
    at: now,
  });
  await emailMembership(tx, membership.id, {
    dedupeKey:
      membership.activatedAt === null
        ? `membership-activated:${membership.id}`
        : `membership-activated:${membership.id}:again:${ids[0]}`,
    kind: 'membership_activated',
    write: membershipActivatedEmail,
  });
  const [activated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
  return { membership: activated!, payments: confirmed, memberId };
}

/** Why a payment in a state other than open cannot be confirmed or accepted, or null. */
function notOpen(payment: MembershipPayment): string | null {
  if (payment.state === 'returned') {
    return 'This payment was returned: it can no longer count for the membership.';
  }
  if (payment.state === 'reversed') {
    return 'This payment was taken back by the bank: record the new payment when it arrives.';
  }
  if (payment.state === 'confirmed') {
    return 'One of these payments is already confirmed: confirm the others on the member’s page.';
  }
  return null;
}

/** Why a membership not waiting for payment takes no more: the payment is to be returned. */
function nothingMoreDue(membership: Membership): string {
  return membership.status === 'active'
    ? `${membershipLabel(membership)} is already active: this payment is more than was owed. Return the money.`
    : `${membershipLabel(membership)} is ${statusName(membership.status).toLowerCase()}: only a pending application or one in payment review is activated by a payment. Return the money instead.`;
}

function validityEnded(membership: Membership, now: Date): string | null {
  return membership.validUntil < clubDate(now)
    ? `This membership's validity ended on ${formatDay(membership.validUntil)}: it can no longer be activated. Return the money instead.`
    : null;
}

/**
 * Confirms a recorded payment whose amount is what is due; see confirmPayments. A flagged
 * payment alone is not confirmed: it is accepted after checking (acceptPayment) or returned.
 */
export async function confirmPayment(
  db: Database,
  staff: MembershipStaff,
  { paymentId, now = new Date() }: { paymentId: number; now?: Date },
): Promise<ConfirmPaymentResult> {
  return confirmPayments(db, staff, { paymentIds: [paymentId], now });
}

/**
 * Confirms one or several open payments of one membership that together make what is due (the
 * price minus what confirmed payments keep): a CA$25.00 flagged payment and its CA$5.00 top-up
 * on a CA$30.00 type are confirmed together. In one transaction they become `confirmed` and the
 * membership `active` with its member ID and the activation email (activateWith). Confirming
 * them again changes nothing and says so.
 */
export async function confirmPayments(
  db: Database,
  staff: MembershipStaff,
  { paymentIds, now = new Date() }: { paymentIds: number[]; now?: Date },
): Promise<ConfirmPaymentResult> {
  const ids = [...new Set(paymentIds)];
  if (ids.length === 0 || ids.length > MOST_CONFIRMED_TOGETHER) {
    return refuse('Choose the payments to confirm.');
  }
  const membershipId = await membershipOfPayment(db, ids[0]!);
  if (membershipId === null) return refuse('This payment does not exist.');

  return db.transaction(async (tx): Promise<ConfirmPaymentResult> => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) return refuse('This payment does not exist.');
    const { payments: all, money } = await ledgerOf(tx, membership);
    const chosen = all.filter((payment) => ids.includes(payment.id));
    if (chosen.length !== ids.length) {
      return refuse(
        ids.length === 1
          ? 'This payment does not exist.'
          : 'These payments are not all of one membership.',
      );
    }
    const label = membershipLabel(membership);
    if (chosen.every((payment) => payment.state === 'confirmed')) {
      if (membership.status === 'active' && membership.memberId) {
        return {
          ok: true,
          membership,
          payment: chosen[0]!,
          payments: chosen,
          memberId: membership.memberId,
          alreadyConfirmed: true,
          message: `${chosen.length === 1 ? 'This payment was' : 'These payments were'} already confirmed: ${label} is active.`,
        };
      }
      return refuse(
        `${chosen.length === 1 ? 'This payment was' : 'These payments were'} confirmed before; the membership is now ${statusName(membership.status).toLowerCase()}.`,
      );
    }
    for (const payment of chosen) {
      const problem = notOpen(payment);
      if (problem) return refuse(problem);
    }
    if (!isAwaitingPayment(membership) || money.dueCents === 0) {
      return refuse(nothingMoreDue(membership));
    }
    const [only] = chosen;
    if (chosen.length === 1 && only!.state === 'flagged') {
      return refuse(
        `This payment is flagged (${only!.problem ?? 'a problem'}): accept it with a note after checking, confirm it together with its top-up, or return the money.`,
      );
    }
    const fmt = (cents: number) => formatAmount(cents, membership.currency);
    const total = chosen.reduce((sum, payment) => sum + (money.remaining.get(payment.id) ?? 0), 0);
    const what = chosen.length === 1 ? 'This payment is' : 'These payments make';
    if (total < money.dueCents) {
      return refuse(
        `${what} ${fmt(total)}, but ${fmt(money.dueCents)} is due: ${fmt(money.dueCents - total)} is missing. Record the top-up when it arrives, then confirm the payments together.`,
      );
    }
    if (total > money.dueCents) {
      return refuse(
        `${what} ${fmt(total)}, more than the ${fmt(money.dueCents)} due: accept the payment and refund the difference, or return the money.`,
      );
    }
    const ended = validityEnded(membership, now);
    if (ended) return refuse(ended);

    const activated = await activateWith(tx, staff, membership, chosen, { note: null, now });
    return {
      ok: true,
      membership: activated.membership,
      payment: activated.payments[0]!,
      payments: activated.payments,
      memberId: activated.memberId,
      alreadyConfirmed: false,
      message: `${chosen.length === 1 ? 'Payment' : 'Payments'} confirmed: ${membership.legalName} is an active member, ${activated.memberId}. The activation email is on its way.`,
    };
  });
}

export type AcceptPaymentInput = {
  paymentId: number;
  /** What finance checked, kept on the payment: required. */
  note: string;
  /**
   * Overpaid: refund what is more than due in the same step (a refund of this payment that keeps
   * the membership). `refundedOn` is the day it was sent; null: pending until completed.
   */
  refundDifference?: { refundedOn: string | null } | null;
  now?: Date;
};

export type AcceptPaymentResult =
  | {
      ok: true;
      membership: Membership;
      payment: MembershipPayment;
      memberId: string;
      /** The refund of the difference, when one was asked for. */
      refund: MembershipRefund | null;
      message: string;
    }
  | Refusal;

/**
 * Accepts a flagged payment after finance checked it (a reference used before or not
 * recognised, an amount more than due), with a note stored on the payment: it is confirmed and
 * the membership activated (activateWith). An amount short of what is due is not accepted: its
 * top-up is recorded and the two confirmed together, or the money returned. With
 * `refundDifference`, what is more than due is refunded in the same transaction, a refund of this
 * payment that keeps the membership active.
 */
export async function acceptPayment(
  db: Database,
  staff: MembershipStaff,
  input: AcceptPaymentInput,
): Promise<AcceptPaymentResult> {
  const now = input.now ?? new Date();
  const note = cleanText(input.note);
  if (!note) return refuse('Write what you checked: the note is kept with the payment.');
  if (note.length > TEXT_LENGTH) return refuse(`Keep the note to ${TEXT_LENGTH} characters.`);
  const refundedOn = input.refundDifference?.refundedOn || null;
  if (refundedOn !== null) {
    const dayProblem = checkDay(refundedOn, 'the day the difference was sent', clubDate(now));
    if (dayProblem) return refuse(dayProblem);
  }
  const membershipId = await membershipOfPayment(db, input.paymentId);
  if (membershipId === null) return refuse('This payment does not exist.');

  return db.transaction(async (tx): Promise<AcceptPaymentResult> => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) return refuse('This payment does not exist.');
    const { payments, money } = await ledgerOf(tx, membership);
    const payment = payments.find((row) => row.id === input.paymentId);
    if (!payment) return refuse('This payment does not exist.');
    if (payment.state === 'confirmed') {
      return refuse('This payment is already confirmed: there is nothing to accept.');
    }
    const problem = notOpen(payment);
    if (problem) return refuse(problem);
    if (payment.state !== 'flagged') {
      return refuse('This payment is not flagged: confirm it instead.');
    }
    if (!isAwaitingPayment(membership) || money.dueCents === 0) {
      return refuse(nothingMoreDue(membership));
    }
    const fmt = (cents: number) => formatAmount(cents, membership.currency);
    const remaining = money.remaining.get(payment.id) ?? 0;
    if (remaining < money.dueCents) {
      return refuse(
        `This payment is ${fmt(remaining)}, but ${fmt(money.dueCents)} is due: record the top-up when it arrives and confirm the two together, or return the money.`,
      );
    }
    const differenceCents = remaining - money.dueCents;
    if (input.refundDifference && differenceCents === 0) {
      return refuse('This payment is exactly what is due: there is no difference to refund.');
    }
    const ended = validityEnded(membership, now);
    if (ended) return refuse(ended);

    await recordChange(
      tx,
      staff,
      {
        action: 'membership.payment.accept',
        recordType: 'membership',
        recordId: membership.id,
        summary: `Accepted a flagged payment of ${membershipLabel(membership)} after checking it`,
        before: { paymentId: payment.id, state: payment.state, problem: payment.problem },
        after: {
          paymentId: payment.id,
          state: 'confirmed',
          note,
          amountCents: payment.amountCents,
          transactionReference: payment.transactionReference,
        },
      },
      now,
    );
    const activated = await activateWith(tx, staff, membership, [payment], { note, now });
    let refund: MembershipRefund | null = null;
    if (input.refundDifference) {
      refund = await addRefund(tx, staff, activated.membership, activated.payments[0]!, {
        amountCents: differenceCents,
        reason: 'Overpaid: the difference is returned.',
        refundedOn,
        endsMembership: false,
        now,
      });
    }
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      membership: updated!,
      payment: activated.payments[0]!,
      memberId: activated.memberId,
      refund,
      message: `Payment accepted: ${membership.legalName} is an active member, ${activated.memberId}. The activation email is on its way.${
        refund
          ? refund.state === 'done'
            ? ` The difference of ${fmt(differenceCents)} is refunded and the member was emailed.`
            : ` The refund of the difference, ${fmt(differenceCents)}, waits under 'Refunds to send'.`
          : ''
      }`,
    };
  });
}
