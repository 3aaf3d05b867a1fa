import 'server-only';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { type CsvValue, toCsv } from '@/lib/db/csv';
import {
  membershipPayments,
  membershipRefunds,
  memberships,
  membershipTypes,
} from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { paidRefundedKept, paymentWordsOf } from './payment-words';
import { rosterConditions, type RosterFilter } from './roster';
import {
  CLUB_CURRENCY,
  MEMBERSHIP_STATUS_NAMES,
  type MembershipStatus,
  PAYMENT_METHOD_NAMES,
} from './statuses';

/**
 * The membership CSVs, Excel-safe like the registrants' export (lib/db/csv.ts: byte order mark,
 * formulas neutralised). The members' file says in words whether each membership is paid; its
 * finance columns (what was paid, refunded and kept, references, refunds) are there only for a
 * caller with payments.read (the coordinator's file has no amount). The finance file lists every
 * payment and refund.
 */

export const MEMBER_COLUMNS = [
  'Member ID',
  'Status',
  'Payment',
  'Legal name',
  'Preferred name',
  'uOttawa email',
  'Personal email',
  'Program',
  'Year of study',
  'Expected graduation',
  'Membership type',
  'Membership year',
  'Valid from',
  'Valid until',
  'Applied at',
  'Activated at',
  'Industries of interest',
  'Preferred events',
  'WeChat ID',
  'LinkedIn',
  'Consent to notifications',
] as const;

export const FINANCE_MEMBER_COLUMNS = [
  'Payment reference',
  `Price (${CLUB_CURRENCY})`,
  `Paid (${CLUB_CURRENCY})`,
  `Refunded (${CLUB_CURRENCY})`,
  `Kept (${CLUB_CURRENCY})`,
  'Transaction references',
  'Refunds',
] as const;

/** The members' file's header: the finance columns only with payments.read. */
export function memberCsvHeader(withMoney: boolean): readonly string[] {
  return withMoney ? [...MEMBER_COLUMNS, ...FINANCE_MEMBER_COLUMNS] : MEMBER_COLUMNS;
}

/** Dollars with two decimals, as a spreadsheet reads a number: 2500 cents → "25.00". */
const dollars = (cents: number) => (cents / 100).toFixed(2);

export async function membersCsv(
  db: Database,
  filter: RosterFilter,
  { withMoney, now = new Date() }: { withMoney: boolean; now?: Date },
): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select({ membership: memberships, typeName: membershipTypes.name })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.typeId))
    .where(rosterConditions(filter, now, { byPaymentReference: withMoney }))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  const ids = rows.map((row) => row.membership.id);
  const [payments, refunds] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(membershipPayments)
            .where(inArray(membershipPayments.membershipId, ids))
            .orderBy(asc(membershipPayments.id)),
          db
            .select()
            .from(membershipRefunds)
            .where(inArray(membershipRefunds.membershipId, ids))
            .orderBy(asc(membershipRefunds.id)),
        ]);
  const lines = rows.map(({ membership: m, typeName }) => {
    const received = payments.filter((p) => p.membershipId === m.id);
    const confirmed = received.filter((p) => p.state === 'confirmed');
    const given = refunds.filter((r) => r.membershipId === m.id);
    const money = paidRefundedKept(received, given);
    const line: CsvValue[] = [
      m.memberId ?? '',
      MEMBERSHIP_STATUS_NAMES[m.status as MembershipStatus] ?? m.status,
      paymentWordsOf(money),
      m.legalName,
      m.preferredName,
      m.uottawaEmail,
      m.personalEmail ?? '',
      m.program,
      m.yearOfStudy,
      m.expectedGraduationYear,
      typeName,
      `${m.year}–${String((m.year + 1) % 100).padStart(2, '0')}`,
      m.validFrom,
      m.validUntil,
      clubDate(m.createdAt),
      m.activatedAt ? clubDate(m.activatedAt) : '',
      m.industries.join('; '),
      m.preferredEventKinds.join('; '),
      m.wechatId ?? '',
      m.linkedinUrl ?? '',
      m.notificationConsent ? 'yes' : 'no',
    ];
    if (withMoney) {
      line.push(
        m.paymentReference,
        dollars(m.priceCents),
        dollars(money.paidCents),
        dollars(money.refundedCents),
        dollars(money.keptCents),
        confirmed.map((p) => p.transactionReference).join('; '),
        given
          .map(
            (r) =>
              `${dollars(r.amountCents)} ${r.state === 'done' ? `sent ${r.refundedOn}` : r.state}: ${r.reason}`,
          )
          .join('; '),
      );
    }
    return line;
  });
  return { csv: toCsv(memberCsvHeader(withMoney), lines, { bom: true }), rows: lines.length };
}

export const FINANCE_COLUMNS = [
  'Record',
  'Number',
  'State',
  'Date',
  'Amount',
  'Currency',
  'Method',
  'Transaction reference',
  'Problem or reason',
  'Accept note',
  'Reversed on',
  'Reversal reason',
  'Refund of payment',
  'Ends the membership',
  'Payment reference',
  'Member ID',
  'Legal name',
  'uOttawa email',
  'Membership status',
  'Recorded at',
  'Recorded by',
  'Confirmed by',
] as const;

type PaymentRow = typeof membershipPayments.$inferSelect;

/** A payment's state in words: what finance reads in the file. */
export function paymentStateWords(payment: Pick<PaymentRow, 'state' | 'note'>): string {
  switch (payment.state) {
    case 'recorded':
      return 'Recorded, to confirm';
    case 'flagged':
      return 'Flagged, to settle';
    case 'confirmed':
      return payment.note ? 'Accepted after checking' : 'Confirmed';
    case 'returned':
      return 'Returned (given back without counting)';
    case 'reversed':
      return 'Reversed (taken back by the bank)';
    default:
      return payment.state;
  }
}

/** A refund's state in words. */
export function refundStateWords(refund: { state: string }): string {
  if (refund.state === 'cancelled') return 'Cancelled (the bank took its payment back)';
  if (refund.state === 'undone') return 'Undone (recorded by mistake, never sent)';
  return refund.state === 'done' ? 'Sent' : 'Pending, to send';
}

/**
 * Every payment and refund ever recorded, newest first (payments.export): each payment's state in
 * words (returned and reversed included, with the reversal's day and reason) and its accept note;
 * each refund with the payment it returns and whether it ended the membership.
 */
export async function financeCsv(db: Database): Promise<{ csv: string; rows: number }> {
  const [payments, refunds] = await Promise.all([
    db
      .select({ payment: membershipPayments, membership: memberships })
      .from(membershipPayments)
      .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
      .orderBy(desc(membershipPayments.recordedAt), desc(membershipPayments.id)),
    db
      .select({ refund: membershipRefunds, membership: memberships })
      .from(membershipRefunds)
      .innerJoin(memberships, eq(memberships.id, membershipRefunds.membershipId))
      .orderBy(desc(membershipRefunds.recordedAt), desc(membershipRefunds.id)),
  ]);
  const paymentsById = new Map(payments.map(({ payment }) => [payment.id, payment]));
  const whose = (m: typeof memberships.$inferSelect): CsvValue[] => [
    m.paymentReference,
    m.memberId ?? '',
    m.legalName,
    m.uottawaEmail,
    MEMBERSHIP_STATUS_NAMES[m.status as MembershipStatus] ?? m.status,
  ];
  const refundOf = (paymentId: number | null): string => {
    if (paymentId === null) return '';
    const payment = paymentsById.get(paymentId);
    return payment
      ? `Payment ${payment.id} (${payment.transactionReference})`
      : `Payment ${paymentId}`;
  };
  const lines: { at: Date; line: CsvValue[] }[] = [
    ...payments.map(({ payment: p, membership }) => ({
      at: p.recordedAt,
      line: [
        'Payment',
        p.id,
        paymentStateWords(p),
        p.receivedOn,
        dollars(p.amountCents),
        p.currency,
        PAYMENT_METHOD_NAMES[p.method as keyof typeof PAYMENT_METHOD_NAMES] ?? p.method,
        p.transactionReference,
        p.problem ?? '',
        p.note ?? '',
        p.reversedAt ? clubDate(p.reversedAt) : '',
        p.reversalReason ?? '',
        '',
        '',
        ...whose(membership),
        p.recordedAt,
        p.recordedByName,
        p.confirmedByName ?? '',
      ],
    })),
    ...refunds.map(({ refund: r, membership }) => ({
      at: r.recordedAt,
      line: [
        'Refund',
        r.id,
        refundStateWords(r),
        r.refundedOn ?? '',
        dollars(r.amountCents),
        r.currency,
        '',
        '',
        r.reason,
        '',
        '',
        '',
        refundOf(r.paymentId),
        r.endsMembership && r.state !== 'cancelled'
          ? r.state === 'done'
            ? 'yes'
            : 'yes, once sent'
          : 'no',
        ...whose(membership),
        r.recordedAt,
        r.recordedByName,
        '',
      ],
    })),
  ];
  lines.sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    csv: toCsv(
      FINANCE_COLUMNS,
      lines.map((entry) => entry.line),
      { bom: true },
    ),
    rows: lines.length,
  };
}
