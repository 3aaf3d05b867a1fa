import 'server-only';
import { and, asc, count, desc, eq, inArray, type SQL, sql, sum } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { type CsvValue, toCsv } from '@/lib/db/csv';
import {
  membershipPayments,
  membershipRefunds,
  memberships,
  membershipTypes,
  membershipYears,
} from '@/lib/db/schema';
import { formatAmount, membershipYearName } from './format';

/**
 * Money at a glance for finance and the board: for one membership year, what was collected,
 * refunded and kept (net), in total, per membership type and per month, and what still waits
 * (payments to confirm, refunds to send, applications not paid yet). One set of definitions, used
 * by the page, the dashboard and the CSV alike:
 * - collected: confirmed payments, on the day they were received (a payment the bank took back,
 *   or one returned to its payer, was never the club's);
 * - refunded: refunds done, on the day the money went back;
 * - net: collected less refunded.
 * Amounts are integer cents of one currency; a year with payments in another currency gets a
 * line of its own for it, never a sum across currencies.
 */

export type MoneyLine = {
  currency: string;
  collectedCents: number;
  refundedCents: number;
  netCents: number;
  payments: number;
  refunds: number;
};

export type MoneyByType = MoneyLine & { typeId: number; typeName: string };
/** `month` is `YYYY-MM`. */
export type MoneyByMonth = MoneyLine & { month: string };

export type MoneyWaiting = {
  /** Payments recorded or flagged, not yet confirmed or returned. */
  paymentsToConfirm: number;
  paymentsToConfirmCents: Record<string, number>;
  /** Refunds recorded, the money not sent yet. */
  refundsToSend: number;
  refundsToSendCents: Record<string, number>;
  /** Applications whose address is confirmed and that wait for their payment. */
  applicationsUnpaid: number;
};

export type MoneyAtAGlance = {
  year: number;
  totals: MoneyLine[];
  byType: MoneyByType[];
  byMonth: MoneyByMonth[];
  waiting: MoneyWaiting;
};

/** The membership years there are, newest first: the years the page offers. */
export async function moneyYears(db: Pick<Database, 'select'>): Promise<number[]> {
  const rows = await db
    .select({ year: membershipYears.year })
    .from(membershipYears)
    .orderBy(desc(membershipYears.year));
  return rows.map((row) => row.year);
}

const cents = (value: string | number | null | undefined) => Number(value ?? 0);

type Flow = { key: string; currency: string; cents: number; rows: number };

function lines<K extends string>(
  collected: Flow[],
  refunded: Flow[],
  keyName: K,
): Array<MoneyLine & Record<K, string>> {
  const byKey = new Map<string, MoneyLine & Record<K, string>>();
  const lineOf = (flow: Flow) => {
    const id = `${flow.key}\u0000${flow.currency}`;
    let line = byKey.get(id);
    if (!line) {
      line = {
        [keyName]: flow.key,
        currency: flow.currency,
        collectedCents: 0,
        refundedCents: 0,
        netCents: 0,
        payments: 0,
        refunds: 0,
      } as MoneyLine & Record<K, string>;
      byKey.set(id, line);
    }
    return line;
  };
  for (const flow of collected) {
    const line = lineOf(flow);
    line.collectedCents += flow.cents;
    line.payments += flow.rows;
  }
  for (const flow of refunded) {
    const line = lineOf(flow);
    line.refundedCents += flow.cents;
    line.refunds += flow.rows;
  }
  for (const line of byKey.values()) line.netCents = line.collectedCents - line.refundedCents;
  return [...byKey.values()].sort(
    (a, b) => a[keyName].localeCompare(b[keyName]) || a.currency.localeCompare(b.currency),
  );
}

export async function moneyAtAGlance(
  db: Pick<Database, 'select'>,
  year: number,
): Promise<MoneyAtAGlance> {
  const ofYear = eq(memberships.year, year);
  const paymentMonth = sql`to_char(${membershipPayments.receivedOn}, 'YYYY-MM')`;
  const refundMonth = sql`to_char(${membershipRefunds.refundedOn}, 'YYYY-MM')`;
  const byType = sql`${memberships.typeId}`;
  /** Payments of the year in `states`, summed per currency and `key` (a month, a type) if any. */
  const payments = (states: string[], key?: SQL) =>
    db
      .select({
        key: key ? sql<string>`${key}::text` : sql<string>`'all'`,
        currency: membershipPayments.currency,
        cents: sum(membershipPayments.amountCents),
        rows: count(),
      })
      .from(membershipPayments)
      .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
      .where(and(ofYear, inArray(membershipPayments.state, states)))
      .groupBy(...(key ? [key] : []), membershipPayments.currency);
  const refunds = (states: string[], key?: SQL) =>
    db
      .select({
        key: key ? sql<string>`${key}::text` : sql<string>`'all'`,
        currency: membershipRefunds.currency,
        cents: sum(membershipRefunds.amountCents),
        rows: count(),
      })
      .from(membershipRefunds)
      .innerJoin(memberships, eq(memberships.id, membershipRefunds.membershipId))
      .where(and(ofYear, inArray(membershipRefunds.state, states)))
      .groupBy(...(key ? [key] : []), membershipRefunds.currency);
  const [
    collectedByMonth,
    refundedByMonth,
    collectedByType,
    refundedByType,
    types,
    waitingPayments,
    waitingRefunds,
    unpaid,
  ] = await Promise.all([
    payments(['confirmed'], paymentMonth),
    refunds(['done'], refundMonth),
    payments(['confirmed'], byType),
    refunds(['done'], byType),
    db
      .select({ id: membershipTypes.id, name: membershipTypes.name })
      .from(membershipTypes)
      .where(eq(membershipTypes.year, year))
      .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.id)),
    payments(['recorded', 'flagged']),
    refunds(['pending']),
    db
      .select({ rows: count() })
      .from(memberships)
      .where(
        and(
          ofYear,
          eq(memberships.status, 'pending'),
          sql`${memberships.emailConfirmedAt} is not null`,
        ),
      ),
  ]);
  const flows = (rows: Array<{ key: string; currency: string; cents: unknown; rows: number }>) =>
    rows.map((row) => ({
      key: row.key,
      currency: row.currency,
      cents: cents(row.cents as string | null),
      rows: row.rows,
    }));
  const typeName = new Map(types.map((type) => [String(type.id), type.name]));
  const typeOrder = new Map(types.map((type, index) => [String(type.id), index]));
  const typeLines = lines(flows(collectedByType), flows(refundedByType), 'typeId')
    .sort(
      (a, b) =>
        (typeOrder.get(a.typeId) ?? Number.MAX_SAFE_INTEGER) -
        (typeOrder.get(b.typeId) ?? Number.MAX_SAFE_INTEGER),
    )
    .map(({ typeId, ...line }) => ({
      ...line,
      typeId: Number(typeId),
      typeName: typeName.get(typeId) ?? 'A type of another year',
    }));
  const byMonth = lines(flows(collectedByMonth), flows(refundedByMonth), 'month');
  const totals: MoneyLine[] = lines(
    flows(collectedByType).map((flow) => ({ ...flow, key: 'all' })),
    flows(refundedByType).map((flow) => ({ ...flow, key: 'all' })),
    'all',
  ).map(({ currency, collectedCents, refundedCents, netCents, payments, refunds }) => ({
    currency,
    collectedCents,
    refundedCents,
    netCents,
    payments,
    refunds,
  }));
  const byCurrency = (rows: Array<{ currency: string; cents: unknown }>) =>
    Object.fromEntries(rows.map((row) => [row.currency, cents(row.cents as string | null)]));
  return {
    year,
    totals,
    byType: typeLines,
    byMonth,
    waiting: {
      paymentsToConfirm: waitingPayments.reduce((total, row) => total + row.rows, 0),
      paymentsToConfirmCents: byCurrency(waitingPayments),
      refundsToSend: waitingRefunds.reduce((total, row) => total + row.rows, 0),
      refundsToSendCents: byCurrency(waitingRefunds),
      applicationsUnpaid: unpaid[0]?.rows ?? 0,
    },
  };
}

/** The newest membership year's money (the dashboard's panel); null before any year exists. */
export async function latestYearMoney(
  db: Pick<Database, 'select'>,
): Promise<MoneyAtAGlance | null> {
  const [latest] = await moneyYears(db);
  return latest === undefined ? null : moneyAtAGlance(db, latest);
}

const monthFormatter = new Intl.DateTimeFormat('en-CA', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `November 2026` from `2026-11`. */
export function monthName(month: string): string {
  return monthFormatter.format(new Date(`${month}-01T00:00:00Z`));
}

export const MONEY_COLUMNS = [
  'Membership year',
  'Line',
  'Currency',
  'Collected',
  'Refunded',
  'Net',
  'Payments',
  'Refunds',
] as const;

/**
 * The year's money as a CSV: the total, then a line per type and per month, amounts in dollars
 * with two decimals (what a spreadsheet sums), their currency in a column of its own.
 */
export function moneyCsv(money: MoneyAtAGlance): string {
  const dollars = (value: number) => (value / 100).toFixed(2);
  const row = (label: string, line: MoneyLine): CsvValue[] => [
    membershipYearName(money.year),
    label,
    line.currency,
    dollars(line.collectedCents),
    dollars(line.refundedCents),
    dollars(line.netCents),
    line.payments,
    line.refunds,
  ];
  return toCsv(
    [...MONEY_COLUMNS],
    [
      ...money.totals.map((line) => row('Whole year', line)),
      ...money.byType.map((line) => row(`Type: ${line.typeName}`, line)),
      ...money.byMonth.map((line) => row(`Month: ${monthName(line.month)}`, line)),
    ],
  );
}

/** `CA$1,250.00`, or `CA$0.00` when nothing: the page's and the dashboard's amounts. */
export function amountOf(lines: MoneyLine[], pick: (line: MoneyLine) => number): string {
  if (lines.length === 0) return formatAmount(0);
  return lines.map((line) => formatAmount(pick(line), line.currency)).join(' + ');
}

/** The waiting amounts of one kind in words: `CA$60.00`, or nothing when none wait. */
export function waitingAmount(byCurrency: Record<string, number>): string {
  const entries = Object.entries(byCurrency);
  if (entries.length === 0) return formatAmount(0);
  return entries.map(([currency, value]) => formatAmount(value, currency)).join(' + ');
}
