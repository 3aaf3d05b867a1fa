import 'server-only';
import { and, asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { containsPattern } from '@/lib/admin/search';
import type { Database } from '@/lib/db/client';
import {
  membershipPayments,
  membershipRefunds,
  memberships,
  membershipTypes,
} from '@/lib/db/schema';
import { confirmedApplication } from './roster';
import { membershipMoney } from './settling';
import type { MembershipStatus } from './statuses';

/**
 * Finance's reads (payments.read): the applications waiting for their money, the payments to
 * confirm or sort out, the refunds still to send. The writes are lib/memberships/payments.ts,
 * payment-confirmation.ts and refunds.ts.
 */

export const LEDGER_LIST_SIZE = 50;

const membershipColumns = {
  membershipId: memberships.id,
  legalName: memberships.legalName,
  uottawaEmail: memberships.uottawaEmail,
  memberId: memberships.memberId,
  paymentReference: memberships.paymentReference,
  status: memberships.status,
  priceCents: memberships.priceCents,
  currency: memberships.currency,
};

/**
 * Pending applications and those in payment review (confirmed ones only), oldest first (the
 * longest waiting on top); with `text`, only those whose payment reference, name or email
 * contains it.
 */
export async function applicationsAwaitingPayment(db: Database, text = '') {
  const pattern = containsPattern(text);
  const rows = await db
    .select({
      ...membershipColumns,
      typeName: membershipTypes.name,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.typeId))
    .where(
      and(
        inArray(memberships.status, ['pending', 'payment_review']),
        confirmedApplication,
        pattern
          ? or(
              ilike(memberships.paymentReference, pattern),
              ilike(memberships.legalName, pattern),
              ilike(memberships.preferredName, pattern),
              ilike(memberships.uottawaEmail, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(LEDGER_LIST_SIZE + 1);
  return {
    rows: rows
      .slice(0, LEDGER_LIST_SIZE)
      .map((row) => ({ ...row, status: row.status as MembershipStatus })),
    hasMore: rows.length > LEDGER_LIST_SIZE,
  };
}

/**
 * The payments still needing a decision (recorded or flagged; a payment returned in full is
 * `returned` and leaves), of confirmed applications only, oldest first; each with how its
 * membership's money stands, from which the page offers exactly the actions valid for it
 * (./settling.ts).
 */
export async function paymentsToSettle(db: Database) {
  const rows = await db
    .select({ payment: membershipPayments, ...membershipColumns })
    .from(membershipPayments)
    .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
    .where(and(inArray(membershipPayments.state, ['recorded', 'flagged']), confirmedApplication))
    .orderBy(asc(membershipPayments.recordedAt), asc(membershipPayments.id))
    .limit(LEDGER_LIST_SIZE);
  const ids = [...new Set(rows.map((row) => row.membershipId))];
  const [payments, refunds] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              id: membershipPayments.id,
              membershipId: membershipPayments.membershipId,
              state: membershipPayments.state,
              amountCents: membershipPayments.amountCents,
              transactionReference: membershipPayments.transactionReference,
            })
            .from(membershipPayments)
            .where(inArray(membershipPayments.membershipId, ids))
            .orderBy(asc(membershipPayments.id)),
          db
            .select({
              membershipId: membershipRefunds.membershipId,
              paymentId: membershipRefunds.paymentId,
              amountCents: membershipRefunds.amountCents,
            })
            .from(membershipRefunds)
            .where(inArray(membershipRefunds.membershipId, ids)),
        ]);
  return rows.map((row) => {
    const own = payments.filter((payment) => payment.membershipId === row.membershipId);
    return {
      ...row,
      status: row.status as MembershipStatus,
      money: membershipMoney(
        row.priceCents,
        own,
        refunds.filter((refund) => refund.membershipId === row.membershipId),
      ),
      /** The bank's reference of each payment of the membership, by id (to name them together). */
      references: new Map(own.map((payment) => [payment.id, payment.transactionReference])),
    };
  });
}

/** Refunds recorded and not yet sent, oldest first. */
export async function pendingRefunds(db: Database) {
  const rows = await db
    .select({
      refund: membershipRefunds,
      paymentState: membershipPayments.state,
      ...membershipColumns,
    })
    .from(membershipRefunds)
    .innerJoin(memberships, eq(memberships.id, membershipRefunds.membershipId))
    .leftJoin(membershipPayments, eq(membershipPayments.id, membershipRefunds.paymentId))
    .where(eq(membershipRefunds.state, 'pending'))
    .orderBy(asc(membershipRefunds.recordedAt), asc(membershipRefunds.id))
    .limit(LEDGER_LIST_SIZE);
  return rows.map((row) => ({ ...row, status: row.status as MembershipStatus }));
}

/** The latest confirmed payments, newest first: what finance checks after a busy week. */
export async function recentConfirmedPayments(db: Database, limit = 10) {
  const rows = await db
    .select({ payment: membershipPayments, ...membershipColumns })
    .from(membershipPayments)
    .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
    .where(eq(membershipPayments.state, 'confirmed'))
    .orderBy(desc(membershipPayments.confirmedAt), desc(membershipPayments.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, status: row.status as MembershipStatus }));
}
