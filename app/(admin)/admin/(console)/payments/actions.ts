'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { guard } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import type { SignedIn } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { acceptPayment, confirmPayments } from '@/lib/memberships/payment-confirmation';
import { flagPaymentProblem, recordPayment, reversePayment } from '@/lib/memberships/payments';
import { completeRefund, recordRefund, returnPayment, undoRefund } from '@/lib/memberships/refunds';
import { parseDollars } from '@/lib/memberships/price-input';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/memberships/statuses';
import type { MemberNotice } from '../members/notices';

/**
 * Finance's actions on memberships (payments.confirm: record, confirm, accept, flag, mark
 * reversed; payments.refund: refund, return, complete a refund). Each passes the guard
 * first; the work, its audit entry, the status history and the member's email are one
 * transaction in lib/memberships (payments.ts, payment-confirmation.ts, refunds.ts), which
 * answers refusals in words.
 */

export type MoneyActionState = { error?: string; done?: string };

const staffOf = (actor: SignedIn) => ({ id: actor.id, name: actor.name });

/**
 * After a change that takes the form off the page (a confirmed payment leaves the list, a
 * refunded membership has nothing more to refund): the member's page, which says what was done.
 */
function showMember(membershipId: number, notice: MemberNotice): never {
  redirect(`/admin/members/${membershipId}?done=${notice}`);
}

/** A whole number from the form, or null. */
function idOf(form: FormData, name: string): number | null {
  const raw = String(form.get(name) ?? '');
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The pages that show payments: they read the database again after a change. */
function refresh(membershipId?: number) {
  revalidatePath('/admin/payments');
  if (membershipId !== undefined) revalidatePath(`/admin/members/${membershipId}`);
  deliverSoon();
}

function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** Records what arrived for an application; a wrong amount or a reused reference is flagged. */
export async function recordMembershipPayment(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.confirm');
  if (!access.ok) return { error: access.message };
  const membershipId = idOf(form, 'membershipId');
  if (membershipId === null) return { error: 'This application no longer exists.' };
  const method = text(form, 'method');
  if (!isPaymentMethod(method)) return { error: 'Choose how the payment arrived.' };
  const amount = parseDollars(form.get('amount'), 'Amount');
  if (!amount.ok) return { error: amount.message };
  const outcome = await recordPayment(await getDb(), staffOf(access.actor), {
    membershipId,
    method,
    amountCents: amount.cents,
    receivedOn: text(form, 'receivedOn'),
    transactionReference: text(form, 'reference'),
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(membershipId);
  // A flagged payment is stored all the same: say so as a warning, not as a plain success.
  return outcome.flagged ? { error: outcome.message } : { done: outcome.message };
}

/**
 * Confirms a recorded payment, or several open payments of one membership together (a flagged
 * one and its top-up; the form repeats `paymentId`): the membership becomes active and gets its
 * member ID.
 */
export async function confirmMembershipPayment(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.confirm');
  if (!access.ok) return { error: access.message };
  const raw = form.getAll('paymentId').map(String);
  const paymentIds = raw.filter((value) => /^\d{1,9}$/.test(value)).map(Number);
  if (paymentIds.length === 0 || paymentIds.length !== raw.length) {
    return { error: 'This payment does not exist.' };
  }
  const outcome = await confirmPayments(await getDb(), staffOf(access.actor), { paymentIds });
  if (!outcome.ok) return { error: outcome.message };
  refresh(outcome.membership.id);
  if (outcome.alreadyConfirmed) return { done: outcome.message };
  showMember(outcome.membership.id, 'confirmed');
}

/** Puts a membership in payment review with what is wrong; the member is emailed. */
export async function flagMembershipPayment(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.confirm');
  if (!access.ok) return { error: access.message };
  const membershipId = idOf(form, 'membershipId');
  if (membershipId === null) return { error: 'This membership no longer exists.' };
  const outcome = await flagPaymentProblem(await getDb(), staffOf(access.actor), {
    membershipId,
    problem: text(form, 'problem'),
    paymentId: idOf(form, 'paymentId'),
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(membershipId);
  showMember(membershipId, 'flagged');
}

/** The member's page notice for a refund just recorded or completed. */
function refundNotice(refund: { state: string; endsMembership: boolean }): MemberNotice {
  if (refund.state !== 'done') return 'refundPending';
  return refund.endsMembership ? 'refunded' : 'refundedKept';
}

/**
 * Records a refund of one payment: sent (with its date) or pending. The membership ends with it
 * only when finance ticks 'End the membership'.
 */
export async function recordMembershipRefund(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.refund');
  if (!access.ok) return { error: access.message };
  const paymentId = idOf(form, 'paymentId');
  if (paymentId === null) return { error: 'Choose the payment the refund returns.' };
  const amount = parseDollars(form.get('amount'), 'Amount');
  if (!amount.ok) return { error: amount.message };
  const outcome = await recordRefund(await getDb(), staffOf(access.actor), {
    paymentId,
    amountCents: amount.cents,
    reason: text(form, 'reason'),
    refundedOn: text(form, 'refundedOn') || null,
    endsMembership: form.get('endsMembership') === 'on',
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(outcome.membership.id);
  showMember(outcome.membership.id, refundNotice(outcome.refund));
}

/**
 * Accepts a flagged payment after checking it, with a note; with `refundDifference`, an
 * overpayment's difference is refunded in the same step (which also needs payments.refund).
 */
export async function acceptMembershipPayment(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.confirm');
  if (!access.ok) return { error: access.message };
  const refundDifference = form.get('refundDifference') === 'on';
  if (refundDifference && !can(access.actor, 'payments.refund')) {
    return { error: 'Your role does not refund payments: accept it without the refund.' };
  }
  const paymentId = idOf(form, 'paymentId');
  if (paymentId === null) return { error: 'This payment does not exist.' };
  const outcome = await acceptPayment(await getDb(), staffOf(access.actor), {
    paymentId,
    note: text(form, 'note'),
    refundDifference: refundDifference ? { refundedOn: text(form, 'refundedOn') || null } : null,
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(outcome.membership.id);
  showMember(outcome.membership.id, outcome.refund ? 'acceptedRefunded' : 'accepted');
}

/** Returns the money of a payment that never counted (paid twice, underpaid, not recognised). */
export async function returnMembershipPayment(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.refund');
  if (!access.ok) return { error: access.message };
  const paymentId = idOf(form, 'paymentId');
  if (paymentId === null) return { error: 'This payment does not exist.' };
  const outcome = await returnPayment(await getDb(), staffOf(access.actor), {
    paymentId,
    refundedOn: text(form, 'refundedOn') || null,
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(outcome.membership.id);
  showMember(outcome.membership.id, outcome.refund.state === 'done' ? 'returned' : 'refundPending');
}

/** Marks a confirmed payment reversed by the bank: the membership goes to payment review. */
export async function reverseMembershipPayment(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.confirm');
  if (!access.ok) return { error: access.message };
  const paymentId = idOf(form, 'paymentId');
  if (paymentId === null) return { error: 'This payment does not exist.' };
  const outcome = await reversePayment(await getDb(), staffOf(access.actor), {
    paymentId,
    reason: text(form, 'reason'),
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(outcome.membership.id);
  showMember(outcome.membership.id, 'reversed');
}

/** Completes a pending refund once the money went back. */
export async function completeMembershipRefund(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.refund');
  if (!access.ok) return { error: access.message };
  const refundId = idOf(form, 'refundId');
  if (refundId === null) return { error: 'This refund does not exist.' };
  const outcome = await completeRefund(await getDb(), staffOf(access.actor), {
    refundId,
    refundedOn: text(form, 'refundedOn'),
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(outcome.membership.id);
  showMember(outcome.membership.id, refundNotice(outcome.refund));
}

/** Undoes a refund recorded by mistake, within minutes of recording it (nothing was sent). */
export async function undoMembershipRefund(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.refund');
  if (!access.ok) return { error: access.message };
  const refundId = idOf(form, 'refundId');
  if (refundId === null) return { error: 'This refund does not exist.' };
  const outcome = await undoRefund(await getDb(), staffOf(access.actor), { refundId });
  if (!outcome.ok) return { error: outcome.message };
  refresh(outcome.membership.id);
  return { done: outcome.message };
}
