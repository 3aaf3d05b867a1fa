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
import type { MembershipStatus } from './statuses';

/**
 * Finance's reads (payments.read): the applications waiting for their money, the payments to
 * confirm or sort out, the refunds still to send. The writes are lib/memberships/payments.ts.
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
 * Pending applications and those in payment review, oldest first (the longest waiting on top);
 * with `text`, only those whose payment reference, name or email contains it.
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

/** Payments recorded and not yet confirmed, and the flagged ones, oldest first. */
export async function paymentsToSettle(db: Database) {
  const rows = await db
    .select({ payment: membershipPayments, ...membershipColumns })
    .from(membershipPayments)
    .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
    .where(inArray(membershipPayments.state, ['recorded', 'flagged']))
    .orderBy(asc(membershipPayments.recordedAt), asc(membershipPayments.id))
    .limit(LEDGER_LIST_SIZE);
  return rows.map((row) => ({ ...row, status: row.status as MembershipStatus }));
}

/** Refunds recorded and not yet sent, oldest first. */
export async function pendingRefunds(db: Database) {
  const rows = await db
    .select({ refund: membershipRefunds, ...membershipColumns })
    .from(membershipRefunds)
    .innerJoin(memberships, eq(memberships.id, membershipRefunds.membershipId))
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
