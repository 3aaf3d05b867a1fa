'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { guard } from '@/lib/auth/guard';
import type { SignedIn } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import {
  completeRefund,
  confirmPayment,
  flagPaymentProblem,
  recordPayment,
  recordRefund,
} from '@/lib/memberships/payments';
import { parseDollars } from '@/lib/memberships/price-input';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/memberships/statuses';
import type { MemberNotice } from '../members/notices';

/**
 * Finance's actions on memberships (payments.confirm, payments.refund). Each passes the guard
 * first; the work, its audit entry, the status history and the member's email are one
 * transaction in lib/memberships/payments.ts, which answers refusals in words.
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

/** Confirms a recorded payment: the membership becomes active and gets its member ID. */
export async function confirmMembershipPayment(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.confirm');
  if (!access.ok) return { error: access.message };
  const paymentId = idOf(form, 'paymentId');
  if (paymentId === null) return { error: 'This payment does not exist.' };
  const outcome = await confirmPayment(await getDb(), staffOf(access.actor), { paymentId });
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

/** Records a refund: sent (with its date: the membership is refunded) or pending. */
export async function recordMembershipRefund(
  _previous: MoneyActionState,
  form: FormData,
): Promise<MoneyActionState> {
  const access = await guard('payments.refund');
  if (!access.ok) return { error: access.message };
  const membershipId = idOf(form, 'membershipId');
  if (membershipId === null) return { error: 'This membership no longer exists.' };
  const amount = parseDollars(form.get('amount'), 'Amount');
  if (!amount.ok) return { error: amount.message };
  const outcome = await recordRefund(await getDb(), staffOf(access.actor), {
    membershipId,
    amountCents: amount.cents,
    reason: text(form, 'reason'),
    refundedOn: text(form, 'refundedOn') || null,
  });
  if (!outcome.ok) return { error: outcome.message };
  refresh(membershipId);
  showMember(membershipId, outcome.refund.state === 'done' ? 'refunded' : 'refundPending');
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
  showMember(outcome.membership.id, 'refunded');
}
