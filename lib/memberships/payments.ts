import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { clubDate } from '@/lib/db/time';
import {
  type Membership,
  type MembershipPayment,
  membershipPayments,
  membershipRefunds,
  memberships,
} from '@/lib/db/schema';
import {
  emailMembership,
  type MemberPaymentProblem,
  paymentProblemEmail,
  paymentReversedEmail,
} from './emails';
import { formatAmount } from './format';
import { moveMembershipStatus } from './history';
import {
  checkAmount,
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
import {
  type MembershipStatus,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './statuses';

/**
 * Finance's work on memberships (club-operations.md, 'Payment'): record what arrived, confirm
 * it (alone or with its top-up: the membership becomes active and gets its member ID), accept a
 * flagged payment after checking it, return money that never counted, mark a payment the bank
 * took back, flag a problem, record and complete refunds. Each function runs in one transaction
 * that first locks the membership's row (SELECT … FOR UPDATE), so two clicks, two tabs or two
 * staff members acting on one membership take turns; the status history, the audit log and the
 * email are written by that transaction. What may be done with a payment is decided by
 * ./settling.ts, which the console's pages read too. Bad input and refused moves come back as
 * `{ ok: false, message }` in words a person reads; nothing here throws for them. Who may call
 * what is the caller's check (`can` in lib/auth/permissions.ts: payments.confirm,
 * payments.refund). Payment and refund rows are never deleted and their amounts never changed.
 *
 * Audit summaries and status-history reasons are read by coordinators, who see no money: they
 * say what happened in words; amounts and references go in the audit entry's before and after.
 *
 * Here: recording a payment, flagging a problem, marking a payment reversed. Confirming and
 * accepting payments are ./payment-confirmation.ts, refunds and returns ./refunds.ts, and the row
 * lock and the checks they all share ./payment-lock.ts.
 */

function notAwaitingPayment(membership: Membership): string {
  return `${membershipLabel(membership)} is ${statusName(membership.status).toLowerCase()}: a payment is recorded only for a pending application, one in payment review, or an active membership (to return it).`;
}

/** The problem a payment that arrived for an active membership is stored with. */
export const ALREADY_ACTIVE_PROBLEM = 'The membership is already active: return this payment.';

/** Puts the membership in payment review (if it is not there already) and queues the email. */
async function moveToReview(
  tx: Transaction,
  staff: MembershipStaff,
  membership: Membership,
  {
    reason,
    memberProblem,
    dedupeKey,
    after,
    now,
  }: {
    /** Why, for the status history: in words, without amounts or references. */
    reason: string;
    /** What the member is told was found: finance's words, or what recording it found. */
    memberProblem: string | MemberPaymentProblem[];
    dedupeKey: string;
    /** The facts behind it, for the audit entry. */
    after?: Record<string, unknown>;
    now: Date;
  },
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
      after,
      at: now,
    });
  }
  await emailMembership(tx, membership.id, {
    dedupeKey,
    kind: 'membership_payment_problem',
    write: (context) => paymentProblemEmail(context, { problem: memberProblem }),
  });
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
 * Records a payment that arrived for a pending application (or one in payment review), and
 * compares it with what is still owed: the price minus what confirmed payments keep and what
 * open payments (recorded or flagged) already bring. A top-up that makes up the exact difference
 * is `recorded` like any right payment, and confirmed together with the rest. A different
 * amount, or a transaction reference any payment used before (case-insensitive), is stored all
 * the same, as `flagged` with the problem in words: the membership moves to payment review and
 * the member gets the payment-problem email.
 *
 * A payment that arrives after the membership is active (a second e-Transfer) is recorded too,
 * so finance can return it (returnPayment): `flagged` with ALREADY_ACTIVE_PROBLEM, and nothing
 * else changes: the membership stays active and the member gets no payment-problem email, since
 * their membership is fine. The refund's email tells them when the money goes back.
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
    // An application counts once its address is confirmed: before that it is nobody's yet, and
    // applying again with the address replaces it, so no money may be tied to it.
    if (!membership.emailConfirmedAt) {
      return refuse(
        `${membershipLabel(membership)} has not confirmed the uOttawa address yet: a payment is recorded once the application is confirmed.`,
      );
    }
    const afterActivation = membership.status === 'active';
    if (!afterActivation && !isAwaitingPayment(membership)) {
      return refuse(notAwaitingPayment(membership));
    }

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
    const { money } = await ledgerOf(tx, membership);

    const fmt = (cents: number) => formatAmount(cents, membership.currency);
    const problems: string[] = [];
    const memberProblems: MemberPaymentProblem[] = [];
    const reasons: string[] = [];
    const amount = fmt(input.amountCents);
    const price = fmt(membership.priceCents);
    const arrived = money.keptCents + money.openCents;
    if (afterActivation) {
      reasons.push('the membership is already active');
      problems.push(ALREADY_ACTIVE_PROBLEM);
    } else if (input.amountCents !== money.owedCents) {
      reasons.push('the amount is not what is owed');
      if (arrived === 0) {
        problems.push(`Received ${amount}, but the membership costs ${price}.`);
        memberProblems.push({ kind: 'costs', amount, price });
      } else if (money.owedCents === 0) {
        problems.push(
          `Received ${amount}, but nothing more is owed: ${fmt(arrived)} of the ${price} price has already arrived.`,
        );
        memberProblems.push({ kind: 'alreadyPaid', amount, price });
      } else {
        problems.push(
          `Received ${amount}, but ${fmt(money.owedCents)} is still owed of the ${price} price.`,
        );
        memberProblems.push({ kind: 'stillOwed', amount, owed: fmt(money.owedCents), price });
      }
    }
    if (earlier) {
      reasons.push('its transaction reference was used before');
      const whose =
        earlier.membership.id === membership.id
          ? 'this membership'
          : `membership #${earlier.membership.id}, ${membershipLabel(earlier.membership)}`;
      problems.push(
        `The reference ${reference} was already used by payment #${earlier.id} (${whose}).`,
      );
      memberProblems.push({ kind: 'referenceUsed' });
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
        summary: `Recorded a payment (${PAYMENT_METHOD_NAMES[input.method]}) for ${membershipLabel(membership)}${flagged ? `, flagged: ${reasons.join(' and ')}` : ''}`,
        after: {
          paymentId: payment!.id,
          amountCents: input.amountCents,
          owedCents: money.owedCents,
          method: input.method,
          receivedOn: input.receivedOn,
          transactionReference: reference,
          state: payment!.state,
          problem,
        },
      },
      now,
    );
    if (flagged && !afterActivation) {
      await moveToReview(tx, staff, membership, {
        reason: `A payment was flagged: ${reasons.join(' and ')}.`,
        memberProblem: memberProblems,
        dedupeKey: `membership-payment-problem:payment:${payment!.id}`,
        after: { paymentId: payment!.id, problem },
        now,
      });
    }
    return {
      ok: true,
      payment: payment!,
      flagged,
      problems,
      message: afterActivation
        ? `Payment recorded and flagged: ${problems.join(' ')} ${membershipLabel(membership)} stays active and was not emailed; return the money from 'Payments to confirm' or the member's page.`
        : flagged
          ? `Payment recorded and flagged: ${problems.join(' ')} The membership is in payment review and the member was emailed.`
          : arrived > 0
            ? `Payment of ${amount} recorded for ${membershipLabel(membership)}: with the ${fmt(arrived)} that arrived before, it makes the ${price} price. Confirm the payments together to activate the membership.`
            : `Payment of ${amount} recorded for ${membershipLabel(membership)}. Confirm it to activate the membership.`,
    };
  });
}

export type FlagPaymentProblemResult =
  { ok: true; membership: Membership; message: string } | Refusal;

/** Statuses finance can put in payment review by hand: waiting for payment, or active. */
const REVIEWABLE: readonly string[] = ['pending', 'active'];

/**
 * Puts a membership in payment review with `problem`, which the member reads in the
 * payment-problem email (write it to them: 'we received CA$20.00 instead of CA$25.00'). With
 * `paymentId`, that payment (if still `recorded`) is stored as flagged with the same problem.
 * The status history says only that finance found a problem; the words are in the audit entry.
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
      reason: 'Finance found a problem with the payment; the member was emailed what it is.',
      memberProblem: text,
      dedupeKey: `membership-payment-problem:${membership.id}:${randomUUID()}`,
      after: { problem: text, paymentId: paymentId ?? null },
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

export type ReversePaymentResult =
  { ok: true; membership: Membership; payment: MembershipPayment; message: string } | Refusal;

/** Statuses a reversal puts (or keeps) in payment review: the membership counted on the money. */
const HELD_BY_PAYMENT: readonly string[] = ['pending', 'payment_review', 'active', 'suspended'];

/**
 * Marks a confirmed payment reversed: the bank took it back (a recalled e-Transfer, a bounced
 * cheque). The payment counts for nothing from then on (what the membership paid and what can
 * be refunded are recomputed without it); an active, suspended or pending membership goes to
 * payment review and the member is emailed. Paying again (record and confirm a new payment)
 * makes it active again with the same member ID.
 */
export async function reversePayment(
  db: Database,
  staff: MembershipStaff,
  { paymentId, reason, now = new Date() }: { paymentId: number; reason: string; now?: Date },
): Promise<ReversePaymentResult> {
  const why = cleanText(reason);
  if (!why)
    return refuse('Say why the payment was reversed (a recalled e-Transfer, a bounced cheque).');
  if (why.length > TEXT_LENGTH)
    return refuse(`Give the reason in at most ${TEXT_LENGTH} characters.`);
  const membershipId = await membershipOfPayment(db, paymentId);
  if (membershipId === null) return refuse('This payment does not exist.');

  return db.transaction(async (tx): Promise<ReversePaymentResult> => {
    const membership = await lockMembership(tx, membershipId);
    const [payment] = await tx
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.id, paymentId));
    if (!membership || !payment) return refuse('This payment does not exist.');
    if (payment.state === 'reversed') return refuse('This payment is already marked reversed.');
    if (payment.state !== 'confirmed') {
      return refuse(
        'Only a confirmed payment is marked reversed: a payment not confirmed yet is returned, or simply not accepted.',
      );
    }
    const [reversed] = await tx
      .update(membershipPayments)
      .set({ state: 'reversed', reversedAt: now, reversalReason: why })
      .where(eq(membershipPayments.id, payment.id))
      .returning();
    await recordChange(
      tx,
      staff,
      {
        action: 'membership.payment.reverse',
        recordType: 'membership',
        recordId: membership.id,
        summary: `Marked a payment of ${membershipLabel(membership)} as taken back by the bank`,
        before: { paymentId: payment.id, state: 'confirmed' },
        after: {
          paymentId: payment.id,
          state: 'reversed',
          amountCents: payment.amountCents,
          transactionReference: payment.transactionReference,
          reason: why,
        },
      },
      now,
    );
    // A refund of this payment still to send can no longer go: the bank has the money back.
    const cancelled = await tx
      .update(membershipRefunds)
      .set({ state: 'cancelled' })
      .where(
        and(eq(membershipRefunds.paymentId, payment.id), eq(membershipRefunds.state, 'pending')),
      )
      .returning();
    for (const refund of cancelled) {
      await recordChange(
        tx,
        staff,
        {
          action: 'membership.refund.cancel',
          recordType: 'membership',
          recordId: membership.id,
          summary: `Cancelled a refund to ${membershipLabel(membership)} still to send: the bank took its payment back`,
          before: { refundId: refund.id, state: 'pending', amountCents: refund.amountCents },
          after: { refundId: refund.id, state: 'cancelled' },
        },
        now,
      );
    }
    const held = HELD_BY_PAYMENT.includes(membership.status);
    if (held) {
      if (membership.status !== 'payment_review') {
        await moveMembershipStatus(tx, {
          membershipId: membership.id,
          from: membership.status as MembershipStatus,
          to: 'payment_review',
          actor: 'staff',
          staff,
          reason: 'The bank took back a confirmed payment.',
          action: 'membership.paymentReview',
          summary: `Put the membership of ${membershipLabel(membership)} in payment review: the bank took back a confirmed payment`,
          after: { paymentId: payment.id },
          at: now,
        });
      }
      await emailMembership(tx, membership.id, {
        dedupeKey: `membership-payment-reversed:${payment.id}`,
        kind: 'membership_payment_reversed',
        write: (context) =>
          paymentReversedEmail(context, {
            amountCents: payment.amountCents,
            receivedOn: payment.receivedOn,
          }),
      });
    }
    const [updated] = await tx.select().from(memberships).where(eq(memberships.id, membership.id));
    return {
      ok: true,
      membership: updated!,
      payment: reversed!,
      message: held
        ? `Payment marked reversed: ${membershipLabel(membership)} is in payment review and the member was emailed. Record the new payment when it arrives.`
        : `Payment marked reversed. ${membershipLabel(membership)} stays ${statusName(membership.status).toLowerCase()}.`,
    };
  });
}
