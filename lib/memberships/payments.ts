import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
import {
  emailMembership,
  membershipActivatedEmail,
  paymentProblemEmail,
  paymentReversedEmail,
  type RefundOutcome,
  refundDoneEmail,
} from './emails';
import { formatAmount, formatDay, isCalendarDay } from './format';
import { moveMembershipStatus } from './history';
import { takeNextMemberId } from './member-id';
import { AWAITING_PAYMENT, isOpenPayment, type MembershipMoney, membershipMoney } from './settling';
import {
  MAX_AMOUNT_CENTS,
  MEMBERSHIP_STATUS_NAMES,
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
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The signed-in staff member who acts (their account id and name, as the audit log names them). */
export type MembershipStaff = { id: string | null; name: string };

export type Refusal = { ok: false; message: string };

const TEXT_LENGTH = 300;
/** The most payments confirmed together: a price and a few top-ups. */
const MOST_CONFIRMED_TOGETHER = 10;

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

const isAwaitingPayment = (membership: Membership) =>
  AWAITING_PAYMENT.includes(membership.status as MembershipStatus);

function notAwaitingPayment(membership: Membership): string {
  return `${membershipLabel(membership)} is ${statusName(membership.status).toLowerCase()}: a payment is recorded only for a pending application, one in payment review, or an active membership (to return it).`;
}

/** The problem a payment that arrived for an active membership is stored with. */
export const ALREADY_ACTIVE_PROBLEM = 'The membership is already active: return this payment.';

/** The membership's payments (oldest first), its refunds, and how its money stands. */
async function ledgerOf(tx: Transaction, membership: Membership) {
  const payments = await tx
    .select()
    .from(membershipPayments)
    .where(eq(membershipPayments.membershipId, membership.id))
    .orderBy(asc(membershipPayments.id));
  const refunds = await tx
    .select()
    .from(membershipRefunds)
    .where(eq(membershipRefunds.membershipId, membership.id))
    .orderBy(asc(membershipRefunds.id));
  return { payments, refunds, money: membershipMoney(membership.priceCents, payments, refunds) };
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
    after,
    now,
  }: {
    /** Why, for the status history: in words, without amounts or references. */
    reason: string;
    memberProblem: string;
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
    const memberProblems: string[] = [];
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
        memberProblems.push(`we received ${amount}, but your membership costs ${price}.`);
      } else if (money.owedCents === 0) {
        problems.push(
          `Received ${amount}, but nothing more is owed: ${fmt(arrived)} of the ${price} price has already arrived.`,
        );
        memberProblems.push(
          `we received ${amount}, but the full ${price} of your membership had already arrived, so this payment is more than you owe and we return it.`,
        );
      } else {
        problems.push(
          `Received ${amount}, but ${fmt(money.owedCents)} is still owed of the ${price} price.`,
        );
        memberProblems.push(
          `we received ${amount}, but ${fmt(money.owedCents)} of your ${price} membership was still owed.`,
        );
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
        memberProblem: `When we recorded your payment, ${memberProblems.join(' Also, ')}`,
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

/** The membership a payment belongs to, read before the lock (a payment never moves). */
async function membershipOfPayment(db: Database, paymentId: number): Promise<number | null> {
  if (!Number.isSafeInteger(paymentId)) return null;
  const [found] = await db
    .select({ membershipId: membershipPayments.membershipId })
    .from(membershipPayments)
    .where(eq(membershipPayments.id, paymentId));
  return found?.membershipId ?? null;
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
async function addRefund(
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
    if (refund.state === 'cancelled') {
      return refuse(
        'This refund was cancelled when the bank took its payment back: there is nothing to send.',
      );
    }
    const [payment] =
      refund.paymentId === null
        ? [null]
        : await tx
            .select()
            .from(membershipPayments)
            .where(eq(membershipPayments.id, refund.paymentId));
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
