import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import {
  type Membership,
  membershipPayments,
  membershipRefunds,
  memberships,
} from '@/lib/db/schema';
import { formatAmount, isCalendarDay } from './format';
import { AWAITING_PAYMENT, membershipMoney } from './settling';
import { MAX_AMOUNT_CENTS, MEMBERSHIP_STATUS_NAMES, type MembershipStatus } from './statuses';

/**
 * What finance's operations on a membership share (./payments.ts, ./payment-confirmation.ts,
 * ./refunds.ts), and the other membership writes that take the same row lock: the lock itself,
 * the membership's ledger as read under it, and the checks of staff's input, which answer in
 * words rather than throw.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The signed-in staff member who acts (their account id and name, as the audit log names them). */
export type MembershipStaff = { id: string | null; name: string };

export type Refusal = { ok: false; message: string };

export const TEXT_LENGTH = 300;

export const refuse = (message: string): Refusal => ({ ok: false, message });

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

export const statusName = (status: string) =>
  MEMBERSHIP_STATUS_NAMES[status as MembershipStatus] ?? status;

/** `Wei Zhang (TCSA-26-0004)`, or the name alone before activation. */
export function membershipLabel(membership: Pick<Membership, 'legalName' | 'memberId'>): string {
  return membership.memberId
    ? `${membership.legalName} (${membership.memberId})`
    : membership.legalName;
}

export function checkAmount(amountCents: unknown): string | null {
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return 'Enter the amount in dollars and cents, more than zero.';
  }
  if (amountCents > MAX_AMOUNT_CENTS) {
    return `The amount cannot be more than ${formatAmount(MAX_AMOUNT_CENTS)}.`;
  }
  return null;
}

/** A past or present day, `YYYY-MM-DD`; null when fine, else what is wrong. */
export function checkDay(day: unknown, what: string, today: string): string | null {
  if (typeof day !== 'string' || !isCalendarDay(day)) return `Enter ${what} as a date.`;
  if (day > today) return `${what[0]!.toUpperCase()}${what.slice(1)} cannot be in the future.`;
  return null;
}

export function cleanText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export const isAwaitingPayment = (membership: Membership) =>
  AWAITING_PAYMENT.includes(membership.status as MembershipStatus);

/** The membership's payments (oldest first), its refunds, and how its money stands. */
export async function ledgerOf(tx: Transaction, membership: Membership) {
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

/** The membership a payment belongs to, read before the lock (a payment never moves). */
export async function membershipOfPayment(db: Database, paymentId: number): Promise<number | null> {
  if (!Number.isSafeInteger(paymentId)) return null;
  const [found] = await db
    .select({ membershipId: membershipPayments.membershipId })
    .from(membershipPayments)
    .where(eq(membershipPayments.id, paymentId));
  return found?.membershipId ?? null;
}
